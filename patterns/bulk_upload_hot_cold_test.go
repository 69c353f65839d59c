package patterns

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// batchSpread returns, over the BatchWriteItem batches of 25 the loader
// makes from the messages, the average number of distinct partition keys
// per batch.
func batchSpread(recs []record) float64 {
	var msgs []string
	for _, r := range recs {
		if r.table == "UserMessages" {
			msgs = append(msgs, valueText(r.item["UserID"]))
		}
	}
	batches, distinct := 0, 0
	for i := 0; i < len(msgs); i += 25 {
		seen := map[string]bool{}
		for _, u := range msgs[i:min(i+25, len(msgs))] {
			seen[u] = true
		}
		batches++
		distinct += len(seen)
	}
	return float64(distinct) / float64(batches)
}

// TestBulkUploadOrder: the sequential and the round-robin uploads write the
// same items (same sorted bytes, same table contents); the round-robin one
// spreads each batch of 25 over every user with messages left (15 users at
// size 5,000: about 12 partition keys per batch on average), the sequential
// one over a single user.
func TestBulkUploadOrder(t *testing.T) {
	const size = 5000
	seq := collect(t, bulkUploadHotCold, DefaultSeed, size, map[string]string{"order": OrderSequential})
	rr := collect(t, bulkUploadHotCold, DefaultSeed, size, map[string]string{"order": OrderRoundRobin})
	lines := func(recs []record) []string {
		out := make([]string, len(recs))
		for i, r := range recs {
			out[i] = string(appendPutRequest(nil, r.table, attr.FieldsOf(r.item)))
		}
		sort.Strings(out)
		return out
	}
	if !slices.Equal(lines(seq), lines(rr)) {
		t.Fatal("the two upload orders write different items")
	}
	s, r := batchSpread(seq), batchSpread(rr)
	if s > 1.2 || r < 9 {
		t.Errorf("distinct partition keys per batch of 25: sequential %.2f, round-robin %.2f", s, r)
	}
	t.Logf("distinct partition keys per batch of 25: sequential %.2f, round-robin %.2f", s, r)
	if got := keys([]attr.Item{seq[0].item, seq[1].item, rr[0].item, rr[1].item, rr[2].item}, "UserID", "MessageID"); !slices.Equal(got,
		[]string{"U1|1", "U1|2", "U1|1", "U2|1", "U3|1"}) {
		t.Errorf("first uploads: %v", got)
	}

	a := load(t, bulkUploadHotCold, size, "order", OrderSequential)
	b := load(t, bulkUploadHotCold, size, "order", OrderRoundRobin)
	for _, u := range []string{"U1", "U2", "U7", "U10"} {
		x := a.run(t, "User's messages", model.Params{"userId": u}).Items
		y := b.run(t, "User's messages", model.Params{"userId": u}).Items
		if len(x) == 0 || len(x) != len(y) {
			t.Fatalf("%s: %d and %d messages", u, len(x), len(y))
		}
		for i := range x {
			if !x[i].Equal(y[i]) {
				t.Fatalf("%s message %d differs between the uploads", u, i)
			}
		}
	}
}

// TestHotColdTables: U1's messages are 1..100; the current month's table is
// provisioned high and the older ones low; a customer's clicks come from
// the month's table; retiring January is one DeleteTable that leaves the
// other months alone.
func TestHotColdTables(t *testing.T) {
	l := load(t, bulkUploadHotCold, bulkUploadHotCold.DefaultSize)
	msgs := l.run(t, "User's messages", nil).Items
	var want []string
	for i := 1; i <= 100; i++ {
		want = append(want, fmt.Sprint(i))
	}
	wantKeys(t, "U1's messages", msgs, want, "MessageID")

	var wcu []int64
	for _, c := range clickMonths {
		name := c.table
		d, err := l.db.DescribeTable(&engine.DescribeTableInput{TableName: &name})
		if err != nil {
			t.Fatal(err)
		}
		wcu = append(wcu, d.Table.ProvisionedThroughput.WriteCapacityUnits)
	}
	if !(wcu[0] == 1000 && wcu[1] < wcu[0] && wcu[2] < wcu[1]) {
		t.Errorf("write capacity by month, newest first: %v; want hot to cold", wcu)
	}

	var march, feb []string
	for _, r := range collect(t, bulkUploadHotCold, DefaultSeed, bulkUploadHotCold.DefaultSize, nil) {
		if valueText(r.item["CustomerID"]) != "C0007" {
			continue
		}
		dt := valueText(r.item["DateTime"])
		switch r.table {
		case "Clicks_2026_03":
			if dt >= "2026-03-01T06:00:00.000Z" {
				march = append(march, dt)
			}
		case "Clicks_2026_02":
			feb = append(feb, dt)
		}
	}
	sort.Strings(march)
	sort.Strings(feb)
	wantKeys(t, "C0007's clicks since 06:00", l.run(t, "Clicks this month", nil).Items, march, "DateTime")
	wantKeys(t, "C0007's clicks last month", l.run(t, "Clicks last month", nil).Items, feb, "DateTime")

	l.run(t, "Record a click", nil)
	wantKeys(t, "C0007's clicks since 06:00 after one more", l.run(t, "Clicks this month", nil).Items,
		append(march, "2026-03-01T12:00:00.000Z"), "DateTime")

	jan := l.itemCount(t, "Clicks_2026_01", "")
	if jan == 0 {
		t.Fatal("January is empty")
	}
	l.run(t, "Retire the oldest month", nil)
	tables, err := l.db.ListTables(&engine.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(tables.TableNames, ","); got != "Clicks_2026_02,Clicks_2026_03,UserMessages" {
		t.Errorf("tables after retiring January: %s", got)
	}
	t.Logf("retired %d January clicks with one DeleteTable", jan)
}
