package patterns

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

// TestSparseIndexStory: ana's escalations of the last five minutes are
// pump-7's two faults, newest first; fan-9's older fault appears only
// without the time bound; the index holds exactly the escalated reports,
// a routine report does not enter it and resolving one takes it out.
func TestSparseIndexStory(t *testing.T) {
	l := load(t, sparseIndex, sparseIndex.DefaultSize)
	wantKeys(t, "ana's recent escalations", l.run(t, "Recent escalations", nil).Items,
		[]string{"pump-7|2026-03-01T11:58:00Z|FAULT", "pump-7|2026-03-01T11:56:00Z|FAULT"}, "DeviceId", "Timestamp", "Status")
	wantKeys(t, "ana's escalations", l.run(t, "All escalations", nil).Items,
		[]string{"pump-7|2026-03-01T11:58:00Z", "pump-7|2026-03-01T11:56:00Z", "fan-9|2026-03-01T11:40:00Z"}, "DeviceId", "Timestamp")
	wantKeys(t, "ben's recent escalations", l.run(t, "Recent escalations", model.Params{"technician": "ben", "since": "2026-03-01T11:55:00Z"}).Items,
		[]string{"valve-2|2026-03-01T11:57:00Z|pressure drop"}, "DeviceId", "Timestamp", "Detail")

	wantKeys(t, "pump-7's history", l.run(t, "Device history", nil).Items, []string{
		"2026-03-01T11:59:00Z|WARN|<none>", "2026-03-01T11:58:00Z|FAULT|ana",
		"2026-03-01T11:56:00Z|FAULT|ana", "2026-03-01T11:54:00Z|OK|<none>",
	}, "Timestamp", "Status", "EscalatedTo")

	escalated := 0
	for _, r := range collect(t, sparseIndex, DefaultSeed, sparseIndex.DefaultSize, nil) {
		if _, ok := r.item["EscalatedTo"]; ok {
			escalated++
		}
	}
	table, index := l.itemCount(t, "DeviceStatus", ""), l.itemCount(t, "DeviceStatus", "EscalationIndex")
	if index != int64(escalated) || index*10 > table {
		t.Fatalf("index holds %d of %d items, want exactly the %d escalated ones (a small share)", index, table, escalated)
	}
	t.Logf("EscalationIndex holds %d of %d reports", index, table)

	l.run(t, "Report status", nil)
	if got := l.itemCount(t, "DeviceStatus", "EscalationIndex"); got != index {
		t.Errorf("a routine report changed the index: %d items, want %d", got, index)
	}
	l.run(t, "Resolve escalation", nil)
	if got := l.itemCount(t, "DeviceStatus", "EscalationIndex"); got != index-1 {
		t.Errorf("after resolving: %d index items, want %d", got, index-1)
	}
	wantKeys(t, "ana's recent escalations after resolving one", l.run(t, "Recent escalations", nil).Items,
		[]string{"pump-7|2026-03-01T11:58:00Z"}, "DeviceId", "Timestamp")
}

// TestSparseIndexReference: every filler technician's escalations, read
// from the index, are exactly the escalated reports the generator made.
func TestSparseIndexReference(t *testing.T) {
	const size = 5000
	l := load(t, sparseIndex, size)
	want := map[string]int{}
	for _, r := range collect(t, sparseIndex, DefaultSeed, size, nil) {
		if v, ok := r.item["EscalatedTo"]; ok {
			want[valueText(v)]++
		}
	}
	for tech, n := range want {
		res := l.run(t, "All escalations", model.Params{"technician": tech})
		if len(res.Items) != n {
			t.Errorf("%s: %d escalations in the index, want %d", tech, len(res.Items), n)
		}
	}
}
