package visualizer

import (
	"errors"
	"reflect"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestPartitionsDataOfMatchesTheEngine: read from a snapshot's collections,
// the partitions data is what Database.Partitions gives for every table of
// every pattern, on demand and provisioned, and the what-if on it is the
// what-if on the snapshot.
func TestPartitionsDataOfMatchesTheEngine(t *testing.T) {
	checked := 0
	for _, p := range patterns.Catalog() {
		m := p.Model()
		if m.Dataset == nil || m.Dataset.Generator == nil {
			continue
		}
		_, db := partitionsLoad(t, p.Name, 400)
		for _, tbl := range m.Tables {
			name := tbl.TableName
			check := func(what string) {
				t.Helper()
				checked++
				want, err := db.Partitions(name, 3)
				if err != nil {
					t.Fatalf("%s %s: %v", p.Name, name, err)
				}
				ts := db.Snapshot().Table(name)
				got, err := PartitionsDataOf(ts, 3, nil)
				if err != nil {
					t.Fatalf("%s %s %s: %v", p.Name, name, what, err)
				}
				if !reflect.DeepEqual(PartitionsView(got.View), PartitionsView(want)) {
					t.Errorf("%s %s %s: the view from the snapshot differs from the engine's:\n got %+v\nwant %+v",
						p.Name, name, what, got.View.Partitions, want.Partitions)
				}
				in := PartitionsInputOf(want)
				in.SizeGB *= 40
				in.PeakWRU = 9000
				wi, err1 := PartitionsWhatIfOf(got, in)
				ww, err2 := PartitionsWhatIf(want, ts, in)
				if (err1 == nil) != (err2 == nil) || (err1 == nil && !reflect.DeepEqual(wi, ww)) {
					t.Errorf("%s %s %s: the what-if differs: %v %v", p.Name, name, what, err1, err2)
				}
			}
			check("as designed")
			// Provisioned past one partition's throughput.
			rcu, wcu := int64(7000), int64(2500)
			if _, err := db.UpdateTable(&engine.UpdateTableInput{TableName: &name, BillingMode: schema.BillingProvisioned,
				ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: &rcu, WriteCapacityUnits: &wcu}}); err != nil {
				t.Logf("%s %s: UpdateTable: %v", p.Name, name, err)
				continue
			}
			check("provisioned")
		}
	}
	if checked < 10 {
		t.Fatalf("%d tables checked", checked)
	}
	t.Logf("%d tables checked", checked)
}

// TestPartitionsDataOfSteps: the walk calls step once per item collection,
// and an error from step stops it with that error.
func TestPartitionsDataOfSteps(t *testing.T) {
	_, db := partitionsLoad(t, "multi-tenancy", 300)
	ts := db.Snapshot().Table(db.Snapshot().Tables[0].Description.TableName)
	steps := 0
	d, err := PartitionsDataOf(ts, 3, func() error { steps++; return nil })
	if err != nil {
		t.Fatal(err)
	}
	if steps != len(d.Collections) || steps < 2 {
		t.Fatalf("%d steps for %d collections", steps, len(d.Collections))
	}
	stop := errors.New("stopped")
	n := 0
	if _, err := PartitionsDataOf(ts, 3, func() error {
		if n++; n == 2 {
			return stop
		}
		return nil
	}); err != stop || n != 2 {
		t.Fatalf("stopped at step %d with %v; want step 2 and its error", n, err)
	}
}
