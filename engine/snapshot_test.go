package engine

import (
	"fmt"
	"sync"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestSnapshotIsImmutable(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, statusTable())
	mustCreate(t, db, hashTable("Alpha"))
	for i := 0; i < 10; i++ {
		item := attr.Item{"DeviceId": s(fmt.Sprintf("d%d", i%3)), "Timestamp": s(fmt.Sprintf("t%02d", i))}
		if i%2 == 0 {
			item["EscalatedTo"] = s("ops")
		}
		mustPut(t, db, "DeviceStatus", item)
	}
	snap := db.Snapshot()
	if len(snap.Tables) != 2 || snap.Tables[0].Description.TableName != "Alpha" {
		t.Fatalf("snapshot tables %d, first %s", len(snap.Tables), snap.Tables[0].Description.TableName)
	}
	ds := snap.Table("DeviceStatus")
	// Writes after the snapshot, concurrently with reads of it.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 10; i < 200; i++ {
			mustPut(t, db, "DeviceStatus", attr.Item{"DeviceId": s("d9"), "Timestamp": s(fmt.Sprintf("t%03d", i)), "EscalatedTo": s("ops")})
		}
		if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("DeviceStatus"), Key: attr.Item{"DeviceId": s("d0"), "Timestamp": s("t00")}}); err != nil {
			t.Error(err)
		}
	}()
	for round := 0; round < 20; round++ {
		n := 0
		var lastPK, lastSK string
		ds.Items(func(it attr.Item) bool {
			n++
			// Within one item collection, items come in sort-key order.
			pk, sk := string(it["DeviceId"].(attr.String)), string(it["Timestamp"].(attr.String))
			if pk == lastPK && sk <= lastSK {
				t.Errorf("order: %s/%s after %s", pk, sk, lastSK)
			}
			lastPK, lastSK = pk, sk
			return true
		})
		entries := 0
		ds.IndexItems("Escalations", func(attr.Item) bool { entries++; return true })
		if n != 10 || entries != 5 || ds.Len() != 10 || ds.Description.ItemCount != 10 {
			t.Fatalf("snapshot changed under writes: %d items, %d index entries", n, entries)
		}
	}
	wg.Wait()
	if now := db.Snapshot().Table("DeviceStatus"); now.Len() != 199 {
		t.Fatalf("a new snapshot holds %d items, want 199", now.Len())
	}
	if ds.IndexItems("Nope", func(attr.Item) bool { return true }) {
		t.Fatal("an unknown index reported as present")
	}
}

// TestSnapshotVersion: the version moves with every write to a table's
// items and only then, so the views may cache what they derive from them.
func TestSnapshotVersion(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Alpha"))
	mustCreate(t, db, statusTable())
	v0 := db.Snapshot().Table("DeviceStatus").Version()
	if v := db.Snapshot().Table("DeviceStatus").Version(); v != v0 {
		t.Fatalf("version moved without a write: %d then %d", v0, v)
	}
	if a := db.Snapshot().Table("Alpha").Version(); a == v0 {
		t.Fatalf("two tables share version %d", a)
	}
	item := attr.Item{"DeviceId": s("d1"), "Timestamp": s("t1")}
	mustPut(t, db, "DeviceStatus", item)
	v1 := db.Snapshot().Table("DeviceStatus").Version()
	if v1 == v0 {
		t.Fatal("a put left the version unchanged")
	}
	alpha := db.Snapshot().Table("Alpha").Version()
	mustPut(t, db, "DeviceStatus", attr.Item{"DeviceId": s("d1"), "Timestamp": s("t1"), "x": s("y")})
	v2 := db.Snapshot().Table("DeviceStatus").Version()
	if v2 == v1 {
		t.Fatal("a replacing put left the version unchanged")
	}
	if db.Snapshot().Table("Alpha").Version() != alpha {
		t.Fatal("a write to another table moved Alpha's version")
	}
	// A delete of a missing item changes nothing.
	if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("DeviceStatus"), Key: attr.Item{"DeviceId": s("none"), "Timestamp": s("t")}}); err != nil {
		t.Fatal(err)
	}
	if v := db.Snapshot().Table("DeviceStatus").Version(); v != v2 {
		t.Fatalf("deleting a missing item moved the version: %d then %d", v2, v)
	}
	if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("DeviceStatus"), Key: item}); err != nil {
		t.Fatal(err)
	}
	if v := db.Snapshot().Table("DeviceStatus").Version(); v == v2 {
		t.Fatal("a delete left the version unchanged")
	}
}

// TestStoredEntryCompareAndSameItem: Compare orders entries as the walk
// does, and SameItem tells an untouched item from a rewritten one across
// snapshots.
func TestStoredEntryCompareAndSameItem(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, statusTable())
	for i := 0; i < 50; i++ {
		mustPut(t, db, "DeviceStatus", attr.Item{"DeviceId": s(fmt.Sprintf("d%d", i%7)), "Timestamp": s(fmt.Sprintf("t%02d", i))})
	}
	entries := func() []StoredEntry {
		var out []StoredEntry
		db.Snapshot().Table("DeviceStatus").Entries("", func(e StoredEntry) bool { out = append(out, e); return true })
		return out
	}
	before := entries()
	for i := 1; i < len(before); i++ {
		if before[i-1].Compare(before[i]) >= 0 || before[i].Compare(before[i-1]) <= 0 || before[i].Compare(before[i]) != 0 {
			t.Fatalf("entries %d and %d out of Compare's order", i-1, i)
		}
		if (before[i-1].Key() < before[i].Key()) != (before[i-1].Compare(before[i]) < 0) {
			t.Fatalf("Compare disagrees with Key at %d", i)
		}
	}
	changed := attr.Item{"DeviceId": s("d3"), "Timestamp": s("t10"), "x": s("y")}
	mustPut(t, db, "DeviceStatus", changed)
	after := entries()
	for i := range after {
		same := after[i].SameItem(before[i])
		isChanged := after[i].Item()["x"] != nil
		if same == isChanged {
			t.Errorf("entry %d: SameItem %v, changed %v", i, same, isChanged)
		}
	}
}
