package engine

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// The storage's model-based test: random writes (PutItem, UpdateItem,
// DeleteItem) and reads (GetItem, Query on the table and a GSI, paged
// Scan) against a plain map as the reference, with compaction at its
// lowest floor (it runs whenever dead records outweigh live ones), and
// snapshots, backups and point-in-time instants taken along the way and
// checked after many more writes and compactions have gone by. Items carry
// attribute names never seen before (short, long, beyond a dictionary
// that half the seeds keep small), and key values with zero bytes, which
// the stored form keeps in the data rather than leaving to the key
// (codec.go); backups and snapshots taken before names were added are
// read and restored after.

type modelRef map[string]attr.Item // by pk|sk

func refKey(pk string, sk int64) string { return fmt.Sprintf("%s|%d", pk, sk) }

func (m modelRef) clone() modelRef {
	out := make(modelRef, len(m))
	for k, v := range m {
		out[k] = v.Clone()
	}
	return out
}

// sortedJSON renders items as a sorted list of canonical JSON objects.
func sortedJSON(items []attr.Item) string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = string(attr.AppendItem(nil, it))
	}
	slices.Sort(out)
	return strings.Join(out, "\n")
}

func (m modelRef) json(keep func(attr.Item) bool) string {
	var items []attr.Item
	for _, it := range m {
		if keep == nil || keep(it) {
			items = append(items, it)
		}
	}
	return sortedJSON(items)
}

func modelTable(db *Database, t testing.TB) {
	t.Helper()
	mustCreate(t, db, &CreateTableInput{
		TableName: "Model",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "pk", AttributeType: schema.TypeS},
			{AttributeName: "sk", AttributeType: schema.TypeN},
			{AttributeName: "gk", AttributeType: schema.TypeS},
		},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "pk", KeyType: schema.KeyTypeHash},
			{AttributeName: "sk", KeyType: schema.KeyTypeRange},
		},
		BillingMode: schema.BillingPayPerRequest,
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{IndexName: "ByG",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "gk", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll}}},
	})
	if _, err := db.UpdateContinuousBackups(&UpdateContinuousBackupsInput{TableName: ptr("Model"),
		PointInTimeRecoverySpecification: &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true}}); err != nil {
		t.Fatal(err)
	}
}

// scanAll pages through a table with a small Limit.
func scanAll(t testing.TB, db *Database, table string, r *rand.Rand) []attr.Item {
	t.Helper()
	var items []attr.Item
	in := &ScanInput{TableName: &table, Limit: ptr(int64(1 + r.IntN(40)))}
	for {
		out, err := db.Scan(in)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, out.Items...)
		if out.LastEvaluatedKey == nil {
			return items
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}

func TestStorageModel(t *testing.T) {
	first, seeds, steps := 1, 8, 3000
	if testing.Short() {
		// Seed 1 compacts the index once in its first 2,000 steps: too
		// little for the check at the end.
		first, seeds, steps = 2, 3, 1500
	}
	for seed := first; seed <= seeds; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { runStorageModel(t, uint64(seed), steps) })
	}
}

func runStorageModel(t *testing.T, seed uint64, steps int) {
	if seed%2 == 0 {
		defer func(n int) { maxDictNames = n }(maxDictNames)
		maxDictNames = 8 + int(seed) // full early: later names go inline
	}
	r := rand.New(rand.NewPCG(seed, 28))
	clk := NewManualClock(epoch0)
	db := New(WithClock(clk))
	db.compactMin = 0 // compact whenever dead records outweigh live ones
	modelTable(db, t)
	name := "Model"
	ref := modelRef{}
	type saved struct {
		snap   *Snapshot
		backup string
		at     time.Time
		ref    modelRef
	}
	var saves []saved
	arenas := map[*arena]bool{}
	indexArenas := map[*arena]bool{}
	pks := 8 + r.IntN(12)
	// Every third partition key and one GSI key hold a zero byte.
	randKey := func() (string, int64) {
		i := r.IntN(pks)
		if i%3 == 0 {
			return fmt.Sprintf("P\x00%02d", i), int64(r.IntN(15))
		}
		return fmt.Sprintf("P%02d", i), int64(r.IntN(15))
	}
	randG := func() attr.Value { return s(fmt.Sprintf("G%d", r.IntN(5))[:2] + strings.Repeat("\x00", r.IntN(2))) }
	fresh := 0 // attribute names used so far
	freshName := func() string {
		fresh++
		switch r.IntN(4) {
		case 0:
			return fmt.Sprintf("%s%d", strings.Repeat("long", 16+r.IntN(40)), fresh) // past maxDictNameLen
		case 1:
			return fmt.Sprintf("名前 %d", fresh)
		}
		return fmt.Sprintf("a%d", fresh)
	}
	randItem := func(pk string, sk int64) attr.Item {
		it := attr.Item{"pk": s(pk), "sk": attr.NumberFromInt64(sk), "v": attr.NumberFromInt64(r.Int64N(1e6))}
		if r.IntN(3) > 0 {
			it["gk"] = randG()
		}
		if r.IntN(5) == 0 {
			it["pad"] = s(strings.Repeat("z", r.IntN(3000)))
		}
		for range max(0, r.IntN(5)-2) {
			it[freshName()] = attr.Map{"k": s(pk), fmt.Sprint(fresh): attr.NumberFromInt64(int64(fresh))}
		}
		if r.IntN(4) == 0 {
			it["bin"] = attr.Binary{0, byte(fresh)}
		}
		return it
	}
	key := func(pk string, sk int64) attr.Item { return attr.Item{"pk": s(pk), "sk": attr.NumberFromInt64(sk)} }

	for step := 0; step < steps; step++ {
		clk.Advance(time.Second)
		pk, sk := randKey()
		switch op := r.IntN(100); {
		case op < 35: // put
			it := randItem(pk, sk)
			mustPut(t, db, name, it)
			ref[refKey(pk, sk)] = it.Clone()
		case op < 50: // update: set v, and set or remove gk
			v := attr.NumberFromInt64(r.Int64N(1e6))
			expr := "SET v = :v"
			vals := attr.Values{":v": v}
			var g attr.Value
			if r.IntN(2) == 0 {
				g = randG()
				expr += ", gk = :g"
				vals[":g"] = g
			}
			var names map[string]string
			if r.IntN(5) == 0 {
				names = map[string]string{"#f": freshName()}
				expr += ", #f = :v"
			}
			if g == nil {
				expr += " REMOVE gk"
			}
			if _, err := db.UpdateItem(&UpdateItemInput{TableName: &name, Key: key(pk, sk), UpdateExpression: &expr, ExpressionAttributeValues: vals, ExpressionAttributeNames: names}); err != nil {
				t.Fatal(err)
			}
			it, ok := ref[refKey(pk, sk)]
			if !ok {
				it = key(pk, sk)
				ref[refKey(pk, sk)] = it
			}
			it["v"] = v
			if names != nil {
				it[names["#f"]] = v
			}
			if g != nil {
				it["gk"] = g
			} else {
				delete(it, "gk")
			}
		case op < 65: // delete
			if _, err := db.DeleteItem(&DeleteItemInput{TableName: &name, Key: key(pk, sk)}); err != nil {
				t.Fatal(err)
			}
			delete(ref, refKey(pk, sk))
		case op < 80: // get
			out, err := db.GetItem(&GetItemInput{TableName: &name, Key: key(pk, sk)})
			if err != nil {
				t.Fatal(err)
			}
			want, ok := ref[refKey(pk, sk)]
			if got := string(attr.AppendItem(nil, out.Item)); ok != (out.Item != nil) || ok && got != string(attr.AppendItem(nil, want)) {
				t.Fatalf("step %d: GetItem %s/%d = %s, want %v", step, pk, sk, got, want)
			}
		case op < 88: // query the partition, in sort-key order
			cond := "pk = :p"
			out, err := db.Query(&QueryInput{TableName: &name, KeyConditionExpression: &cond, ExpressionAttributeValues: attr.Values{":p": s(pk)}})
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for i := int64(0); i < 15; i++ {
				if it, ok := ref[refKey(pk, i)]; ok {
					want = append(want, string(attr.AppendItem(nil, it)))
				}
			}
			var got []string
			for _, it := range out.Items {
				got = append(got, string(attr.AppendItem(nil, it)))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("step %d: Query %s:\n%s\nwant\n%s", step, pk, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		case op < 92: // query the GSI
			g := randG()
			cond, ix := "gk = :g", "ByG"
			out, err := db.Query(&QueryInput{TableName: &name, IndexName: &ix, KeyConditionExpression: &cond, ExpressionAttributeValues: attr.Values{":g": g}})
			if err != nil {
				t.Fatal(err)
			}
			want := ref.json(func(it attr.Item) bool { return attr.Equal(it["gk"], g) })
			if got := sortedJSON(out.Items); got != want {
				t.Fatalf("step %d: Query ByG %s:\n%s\nwant\n%s", step, g, got, want)
			}
		case op < 94: // scan
			if got, want := sortedJSON(scanAll(t, db, name, r)), ref.json(nil); got != want {
				t.Fatalf("step %d: Scan:\n%s\nwant\n%s", step, got, want)
			}
			if r.IntN(3) == 0 {
				checkEntries(t, db.Snapshot().Table(name), ref)
			}
		case op < 97: // save a snapshot, a backup and the instant
			out, err := db.CreateBackup(&CreateBackupInput{TableName: &name, BackupName: ptr(fmt.Sprintf("backup%d", step))})
			if err != nil {
				t.Fatal(err)
			}
			saves = append(saves, saved{snap: db.Snapshot(), backup: out.BackupDetails.BackupArn, at: clk.Now(), ref: ref.clone()})
		default: // check a saved state: the snapshot, a restore of the backup, one to the instant
			if len(saves) == 0 {
				continue
			}
			sv := saves[r.IntN(len(saves))]
			checkSaved(t, db, step, sv.snap, sv.backup, sv.at, sv.ref, r)
		}
		db.mu.RLock()
		tb := db.tables[name]
		arenas[tb.items.ar] = true
		indexArenas[tb.indexes["ByG"].tree.ar] = true
		db.mu.RUnlock()
	}
	for _, sv := range saves {
		checkSaved(t, db, steps, sv.snap, sv.backup, sv.at, sv.ref, r)
	}
	t.Logf("compactions %d %d", len(arenas)-1, len(indexArenas)-1)
	if len(arenas) < 3 || len(indexArenas) < 3 {
		t.Fatalf("the table was compacted %d times, its index %d: the test exercises too little", len(arenas)-1, len(indexArenas)-1)
	}
	checkDescribe(t, db, name, ref)
}

// checkEntries reads every entry of the table and its index attribute by
// attribute (StoredEntry.Lookup, Peek), the reads that find key attributes
// in the key and names in the dictionary without decoding the item.
func checkEntries(t *testing.T, ts *TableSnapshot, ref modelRef) {
	t.Helper()
	for _, index := range []string{"", "ByG"} {
		n := 0
		ts.Entries(index, func(e StoredEntry) bool {
			n++
			it := e.Item()
			sk, _ := it["sk"].(attr.Number).Int64()
			want := ref[refKey(string(it["pk"].(attr.String)), sk)]
			if !attr.Equal(attr.Map(it), attr.Map(want)) {
				t.Fatalf("index %q: entry %v, want %v", index, it, want)
			}
			names := append(slices.Sorted(maps.Keys(want)), "absent")
			out := make([]attr.Value, len(names))
			infos := make([]AttrInfo, len(names))
			e.Lookup(names, out)
			e.Peek(names, infos)
			for i, name := range names {
				v, has := want[name]
				if (out[i] != nil) != has || has && !attr.Equal(out[i], v) {
					t.Fatalf("index %q: Lookup %q = %v, want %v", index, name, out[i], v)
				}
				if (infos[i].Type != 0) != has || has && infos[i].Type != v.Type() {
					t.Fatalf("index %q: Peek %q = %v, want %v", index, name, infos[i], v)
				}
				switch x := v.(type) {
				case attr.String:
					if infos[i].Text != string(x) {
						t.Fatalf("index %q: Peek %q text %q, want %q", index, name, infos[i].Text, x)
					}
				case attr.Binary:
					if infos[i].Text != string(x) {
						t.Fatalf("index %q: Peek %q text %q, want %q", index, name, infos[i].Text, x)
					}
				}
			}
			return true
		})
		if want := len(ref); index == "" && n != want {
			t.Fatalf("%d entries, want %d", n, want)
		}
	}
}

// checkSaved compares a snapshot, a restore of a backup and a restore to
// a point in time with the reference saved with them.
func checkSaved(t *testing.T, db *Database, step int, snap *Snapshot, backup string, at time.Time, ref modelRef, r *rand.Rand) {
	t.Helper()
	var items []attr.Item
	snap.Table("Model").Items(func(it attr.Item) bool { items = append(items, it); return true })
	if got, want := sortedJSON(items), ref.json(nil); got != want {
		t.Fatalf("step %d: snapshot of %v holds\n%s\nwant\n%s", step, at, got, want)
	}
	items = items[:0]
	snap.Table("Model").IndexItems("ByG", func(it attr.Item) bool { items = append(items, it); return true })
	if got, want := sortedJSON(items), ref.json(func(it attr.Item) bool { return it["gk"] != nil }); got != want {
		t.Fatalf("step %d: snapshot index of %v holds\n%s\nwant\n%s", step, at, got, want)
	}
	restore := func(what string, call func(target string) error) {
		target := fmt.Sprintf("Restored%d", step)
		if err := call(target); err != nil {
			t.Fatalf("step %d: %s: %v", step, what, err)
		}
		if got, want := sortedJSON(scanAll(t, db, target, r)), ref.json(nil); got != want {
			t.Fatalf("step %d: %s of %v holds\n%s\nwant\n%s", step, what, at, got, want)
		}
		checkDescribe(t, db, target, ref)
		if _, err := db.DeleteTable(&DeleteTableInput{TableName: &target}); err != nil {
			t.Fatal(err)
		}
	}
	restore("restore from backup", func(target string) error {
		_, err := db.RestoreTableFromBackup(&RestoreTableFromBackupInput{TargetTableName: &target, BackupArn: &backup})
		return err
	})
	restore("restore to a point in time", func(target string) error {
		when := float64(at.UnixNano()) / 1e9
		_, err := db.RestoreTableToPointInTime(&RestoreTableToPointInTimeInput{SourceTableName: ptr("Model"), TargetTableName: &target, RestoreDateTime: &when})
		return err
	})
}

// checkDescribe compares the table's item count and size with the
// reference's.
func checkDescribe(t *testing.T, db *Database, name string, ref modelRef) {
	t.Helper()
	out, err := db.DescribeTable(&DescribeTableInput{TableName: &name})
	if err != nil {
		t.Fatal(err)
	}
	var size int64
	for _, it := range ref {
		size += int64(attr.ItemSize(it))
	}
	if d := out.Table; d.ItemCount != int64(len(ref)) || d.TableSizeBytes != size {
		t.Fatalf("%s: %d items of %d bytes, want %d of %d", name, d.ItemCount, d.TableSizeBytes, len(ref), size)
	}
}

// TestStorageConcurrentReaders writes (overwrites and deletes, compacting
// often) while other goroutines read the live table and snapshots: under
// -race it checks that records are published safely and that a snapshot's
// arena is never changed under it.
func TestStorageConcurrentReaders(t *testing.T) {
	db, _ := newTestDB(t)
	db.compactMin = 0
	modelTable(db, t)
	name := "Model"
	writes := 4000
	if testing.Short() {
		writes = 1000
	}
	done := make(chan struct{})
	errs := make(chan error, 4)
	for g := 0; g < 3; g++ {
		go func(g int) {
			r := rand.New(rand.NewPCG(uint64(g), 3))
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				snap := db.Snapshot()
				want := snap.Table(name).Len()
				n := 0
				var bad attr.Item
				snap.Table(name).Items(func(it attr.Item) bool {
					if it["pk"] == nil || it["v"] == nil {
						bad = it
					}
					n++
					return true
				})
				if n != want || bad != nil {
					errs <- fmt.Errorf("snapshot of %d items visited %d (item %v)", want, n, bad)
					return
				}
				snap.Table(name).Entries("ByG", func(e StoredEntry) bool {
					var out [2]attr.Value
					if e.Lookup([]string{"pk", "v"}, out[:]); out[0] == nil || out[1] == nil {
						bad = e.Item()
					}
					return bad == nil
				})
				if bad != nil {
					errs <- fmt.Errorf("index entry %v read without pk or v", bad)
					return
				}
				pk := fmt.Sprintf("P%02d", r.IntN(10))
				cond := "pk = :p"
				if _, err := db.Query(&QueryInput{TableName: &name, KeyConditionExpression: &cond, ExpressionAttributeValues: attr.Values{":p": s(pk)}}); err != nil {
					errs <- err
					return
				}
				if _, err := db.GetItem(&GetItemInput{TableName: &name, Key: attr.Item{"pk": s(pk), "sk": attr.NumberFromInt64(int64(r.IntN(15)))}}); err != nil {
					errs <- err
					return
				}
			}
		}(g)
	}
	r := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < writes; i++ {
		k := attr.Item{"pk": s(fmt.Sprintf("P%02d", r.IntN(10))), "sk": attr.NumberFromInt64(int64(r.IntN(15)))}
		if r.IntN(4) == 0 {
			if _, err := db.DeleteItem(&DeleteItemInput{TableName: &name, Key: k}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		k["v"] = attr.NumberFromInt64(int64(i))
		k["gk"] = s(fmt.Sprintf("G%d", i%3))
		k["pad"] = s(strings.Repeat("p", r.IntN(500)))
		k[fmt.Sprintf("f%d", i)] = attr.NumberFromInt64(int64(i)) // a name the dictionary adds as readers read it
		mustPut(t, db, name, k)
	}
	close(done)
	for g := 0; g < 3; g++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
