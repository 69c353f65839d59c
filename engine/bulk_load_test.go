package engine

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// bulkTable has everything a load feeds: an LSI (limited item
// collections), two GSIs (INCLUDE and KEYS_ONLY), TTL, a stream with both
// images and point-in-time recovery.
func bulkTable(t testing.TB, db *Database) { bulkTableWith(t, db, true) }

// bulkTableWith is bulkTable with or without its stream.
func bulkTableWith(t testing.TB, db *Database, stream bool) {
	t.Helper()
	in := &CreateTableInput{
		TableName: "Bulk",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "pk", AttributeType: schema.TypeS},
			{AttributeName: "sk", AttributeType: schema.TypeN},
			{AttributeName: "gk", AttributeType: schema.TypeS},
			{AttributeName: "gs", AttributeType: schema.TypeN},
			{AttributeName: "ls", AttributeType: schema.TypeS},
		},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "pk", KeyType: schema.KeyTypeHash},
			{AttributeName: "sk", KeyType: schema.KeyTypeRange},
		},
		BillingMode: schema.BillingPayPerRequest,
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{
			{IndexName: "gsi1", KeySchema: []schema.KeySchemaElement{
				{AttributeName: "gk", KeyType: schema.KeyTypeHash}, {AttributeName: "gs", KeyType: schema.KeyTypeRange}},
				Projection: schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"a"}}},
			{IndexName: "gsi2", KeySchema: []schema.KeySchemaElement{{AttributeName: "gk", KeyType: schema.KeyTypeHash}},
				Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}},
		},
		LocalSecondaryIndexes: []schema.LocalSecondaryIndex{
			{IndexName: "lsi1", KeySchema: []schema.KeySchemaElement{
				{AttributeName: "pk", KeyType: schema.KeyTypeHash}, {AttributeName: "ls", KeyType: schema.KeyTypeRange}},
				Projection: schema.Projection{ProjectionType: schema.ProjectAll}},
		},
		StreamSpecification: &schema.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"},
	}
	if !stream {
		in.StreamSpecification = nil
	}
	mustCreate(t, db, in)
	on := true
	if _, err := db.UpdateTimeToLive(&UpdateTimeToLiveInput{TableName: ptr("Bulk"),
		TimeToLiveSpecification: &TimeToLiveSpecification{AttributeName: ptr("exp"), Enabled: &on}}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateContinuousBackups(&UpdateContinuousBackupsInput{TableName: ptr("Bulk"),
		PointInTimeRecoverySpecification: &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true}}); err != nil {
		t.Fatal(err)
	}
}

// randomLoadItem draws an item for bulkTable: keys from a small space (so
// items replace each other), and now and then one that a PutItem refuses
// (missing or mistyped key, an empty or mistyped index key, too large).
func randomLoadItem(r *rand.Rand) attr.Item {
	it := attr.Item{
		"pk": s(fmt.Sprintf("p%d", r.IntN(30))),
		"sk": attr.NumberFromInt64(int64(r.IntN(12))),
	}
	if r.IntN(3) > 0 {
		it["a"] = s(strings.Repeat("x", r.IntN(200)))
	}
	if r.IntN(2) == 0 {
		it["b"] = attr.Map{"n": attr.NumberFromInt64(r.Int64N(1000)), "l": attr.List{s("q"), attr.Bool(r.IntN(2) == 0), attr.Null{}}}
	}
	if r.IntN(4) == 0 {
		it["ss"] = attr.StringSet{"u", "v"}
	}
	if r.IntN(3) > 0 {
		it["gk"] = s(fmt.Sprintf("g%d", r.IntN(6)))
		if r.IntN(2) == 0 {
			it["gs"] = attr.NumberFromInt64(int64(r.IntN(50)))
		}
	}
	if r.IntN(2) == 0 {
		it["ls"] = s(fmt.Sprintf("l%d", r.IntN(9)))
	}
	switch r.IntN(4) {
	case 0: // an expiry in the future (the clock does not move)
		it["exp"] = attr.NumberFromInt64(epoch0.Add(time.Duration(1+r.IntN(1000)) * time.Hour).Unix())
	case 1: // not a number: not an expiry
		it["exp"] = s("soon")
	}
	switch r.IntN(40) {
	case 0:
		delete(it, "sk")
	case 1:
		it["pk"] = attr.NumberFromInt64(1)
	case 2:
		it["gk"] = s("")
	case 3:
		it["gs"] = s("not a number")
	case 4:
		it["a"] = s(strings.Repeat("y", schema.MaxItemSizeBytes))
	case 5:
		it["ls"] = s("")
	case 6:
		it["pk"] = s("")
	case 7: // an empty attribute name
		it[""] = s("nameless")
	case 8: // an empty name inside a map
		it["b"] = attr.Map{"n": attr.NumberFromInt64(1), "": s("nameless")}
	case 9: // and inside a list's map
		it["c"] = attr.List{s("q"), attr.Map{"": attr.Bool(true)}}
	}
	return it
}

// TestBulkLoadMatchesBatchWrite loads the same random items into two
// databases, one with BatchWriteItem PutRequests (25 at a time, a batch
// cut where it would repeat a partition key; a refused batch's items
// retried one per batch) and one with a BulkLoader fed from one reused
// map, and requires the same errors, item by item, and the same state:
// items, indexes, sizes, item collections, TTL expiries, stream records,
// the PITR log, the partition view and what observers saw.
func TestBulkLoadMatchesBatchWrite(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			n := 700
			if testing.Short() {
				n = 250
			}
			limit := WithItemCollectionLimit(4000)
			dbA := New(WithClock(NewManualClock(epoch0)), limit)
			dbB := New(WithClock(NewManualClock(epoch0)), limit)
			// The observers keep the changes, items included, as the
			// page's does: rendered only at the end.
			var seenA, seenB []Change
			dbA.Observe(func(c Change) { seenA = append(seenA, c) })
			dbB.Observe(func(c Change) { seenB = append(seenB, c) })
			bulkTable(t, dbA)
			bulkTable(t, dbB)

			// Two generators from one seed: each database gets items of
			// its own (the BatchWriteItem path keeps its items).
			ra, rb := rand.New(rand.NewPCG(seed, 7)), rand.New(rand.NewPCG(seed, 7))
			errsA := make([]string, n)
			var batch []attr.Item
			var first int
			flush := func() {
				if len(batch) == 0 {
					return
				}
				reqs := make([]WriteRequest, len(batch))
				for i, it := range batch {
					reqs[i] = WriteRequest{PutRequest: &PutRequest{Item: it}}
				}
				if _, err := dbA.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"Bulk": reqs}}); err != nil {
					for i, it := range batch {
						_, err := dbA.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"Bulk": {{PutRequest: &PutRequest{Item: it}}}}})
						errsA[first+i] = errString(err)
					}
				}
				first += len(batch)
				batch = batch[:0]
			}
			for i := 0; i < n; i++ {
				it := randomLoadItem(ra)
				if len(batch) == 25 || slices.ContainsFunc(batch, func(b attr.Item) bool { return attr.Equal(b["pk"], it["pk"]) }) {
					flush()
				}
				if first+len(batch) != i {
					t.Fatal("batch bookkeeping")
				}
				batch = append(batch, it)
			}
			flush()

			l, err := dbB.NewBulkLoader("Bulk")
			if err != nil {
				t.Fatal(err)
			}
			if seed%3 == 0 {
				l.Reserve(n) // room made ahead changes nothing but speed
			}
			if seed%2 == 1 {
				// One reused map, one Put per item.
				m := attr.Item{}
				for i := 0; i < n; i++ {
					clear(m)
					for k, v := range randomLoadItem(rb) {
						m[k] = v
					}
					if got := errString(l.Put(m)); got != errsA[i] {
						t.Fatalf("item %d: bulk load error %q, BatchWriteItem %q", i, got, errsA[i])
					}
					clear(m)
					m["pk"], m["junk"] = s("reused"), s("the caller's map, reused")
				}
			} else {
				// PutBatch over batches of random sizes (repeating keys
				// within a batch), from a ring of maps reused across
				// batches; a refused item's batch goes on after it.
				rs := rand.New(rand.NewPCG(seed, 8))
				ring := make([]attr.Item, 40)
				for i := range ring {
					ring[i] = attr.Item{}
				}
				var buf []attr.Item
				for i := 0; i < n; {
					size := min(1+rs.IntN(len(ring)), n-i)
					buf = append(buf[:0], ring[:size]...)
					for j, m := range buf {
						clear(m)
						for k, v := range randomLoadItem(rb) {
							m[k] = v
						}
						if j > 0 && rs.IntN(50) == 0 {
							buf[j] = nil // refused: 'item' must not be null
						}
					}
					for off := 0; off < size; {
						done, err := l.PutBatch(buf[off:])
						for j := 0; j < done; j++ {
							if errsA[i+j] != "" {
								t.Fatalf("item %d: stored by PutBatch, BatchWriteItem said %q", i+j, errsA[i+j])
							}
						}
						i, off = i+done, off+done
						if err == nil {
							break
						}
						want := errsA[i]
						if buf[off] == nil {
							want = "ValidationException: 1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null"
						}
						if got := errString(err); got != want {
							t.Fatalf("item %d: PutBatch error %q, want %q", i, got, want)
						}
						if buf[off] == nil {
							// Not in the other database's run: put the
							// item it stood for.
							buf[off] = ring[off]
							continue
						}
						i, off = i+1, off+1
					}
					for _, m := range ring {
						clear(m)
						m["pk"] = s("reused")
					}
				}
			}
			if err := l.Close(); err != nil {
				t.Fatal(err)
			}
			refused := 0
			for _, e := range errsA {
				if e != "" {
					refused++
				}
			}
			if refused == 0 || refused == n {
				t.Fatalf("%d of %d items refused: the test exercises nothing", refused, n)
			}

			a, b := dumpState(t, dbA), dumpState(t, dbB)
			if a != b {
				t.Fatalf("states differ:\n%s", firstDiff(a, b))
			}
			if got, want := changesString(seenB), changesString(seenA); got != want {
				t.Fatalf("observers saw different changes:\n%s", firstDiff(want, got))
			}
		})
	}
}

// TestBulkLoaderErrors: a nil item, a table that is gone, a table that
// was never there.
func TestBulkLoaderErrors(t *testing.T) {
	db, _ := newTestDB(t)
	if _, err := db.NewBulkLoader("Nope"); err == nil {
		t.Fatal("a loader into a missing table")
	} else {
		wantError(t, err, CodeResourceNotFound, "Requested resource not found")
	}
	mustCreate(t, db, hashTable("Hash"))
	l, err := db.NewBulkLoader("Hash")
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, l.Put(nil), CodeValidation, "'item' failed to satisfy constraint: Member must not be null")
	if err := l.Put(attr.Item{"id": s("1")}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.DeleteTable(&DeleteTableInput{TableName: ptr("Hash")}); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, db, hashTable("Hash"))
	wantError(t, l.Put(attr.Item{"id": s("2")}), CodeResourceNotFound, "Requested resource not found")
	wantError(t, l.PutFields(attr.Fields{{Name: "id", Value: s("3")}}), CodeResourceNotFound, "Requested resource not found")
	// A closed loader refuses, as a dropped table's does.
	l2, err := db.NewBulkLoader("Hash")
	if err != nil {
		t.Fatal(err)
	}
	if err := l2.Close(); err != nil {
		t.Fatal(err)
	}
	wantError(t, l2.PutFields(attr.Fields{{Name: "id", Value: s("4")}}), CodeResourceNotFound, "Requested resource not found")
	wantError(t, l2.Put(attr.Item{"id": s("4")}), CodeResourceNotFound, "Requested resource not found")
	if out, err := db.Scan(&ScanInput{TableName: ptr("Hash")}); err != nil || out.Count != 0 {
		t.Fatalf("the new table holds %v (%v), want nothing", out, err)
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	if e, ok := err.(*Error); ok {
		return string(e.Code) + ": " + e.Message
	}
	return err.Error()
}

func changesString(cs []Change) string {
	var sb strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&sb, "%s %s %s -> %s %d %s\n", c.Table, c.Index, attr.AppendItem(nil, c.Before), attr.AppendItem(nil, c.After), c.Cause, c.Time.Format(time.RFC3339Nano))
	}
	return sb.String()
}

// firstDiff shows the first differing line of two dumps.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < min(len(la), len(lb)); i++ {
		if la[i] != lb[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i, la[i], lb[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(la), len(lb))
}

// storedString renders a stored item canonically (names sorted; the stored
// bytes follow map order).
func storedString(data string) string {
	if data == "" {
		return "-"
	}
	return string(attr.AppendItem(nil, decodeItem(data)))
}

// dumpState renders everything a database holds for its tables, in a
// canonical order: two databases that went through equivalent writes give
// the same text.
func dumpState(t testing.TB, d *Database) string {
	t.Helper()
	d.mu.Lock()
	defer d.mu.Unlock()
	var sb strings.Builder
	names := sortedKeys(d.tables)
	dumpTree := func(label string, items *itemTree) {
		fmt.Fprintf(&sb, "%s:\n", label)
		items.Ascend(func(e entry) bool {
			fmt.Fprintf(&sb, "  %016x %s %d %s\n", e.hash, hex.EncodeToString([]byte(e.rest())), e.size, entryString(e))
			return true
		})
	}
	for _, name := range names {
		tb := d.tables[name]
		desc, _ := json.Marshal(d.describeWithStream(tb))
		fmt.Fprintf(&sb, "table %s bytes=%d len=%d\n%s\n", name, tb.bytes, tb.items.Len(), desc)
		dumpTree("items", tb.items)
		for _, ix := range tb.indexOrder {
			fmt.Fprintf(&sb, "index %s bytes=%d len=%d pending=%d\n", ix.name, ix.bytes, ix.tree.Len(), len(ix.pending))
			dumpTree("entries", ix.tree)
		}
		for _, k := range sortedKeys(tb.collections) {
			fmt.Fprintf(&sb, "collection %x %d\n", k, tb.collections[k])
		}
		if tb.ttl != nil {
			tb.ttl.expiries.Ascend(func(e expiry) bool {
				fmt.Fprintf(&sb, "expiry %d %x\n", e.at, tb.ttl.key(e))
				return true
			})
		}
		if p := tb.pitr; p != nil {
			fmt.Fprintf(&sb, "pitr since=%v head=%d\n", p.since, p.head)
			dumpTree("pitr base", p.base)
			for _, w := range p.log {
				fmt.Fprintf(&sb, "  log %v del=%v %016x %x %d %s\n", w.at, w.del, w.e.hash, w.e.rest(), w.e.size, entryString(w.e))
			}
		}
		if d.streams != nil {
			if st := d.streams.latest[tb]; st != nil {
				fmt.Fprintf(&sb, "stream %s %v last=%d\n", st.arn, st.open, st.lastSeq)
				for _, r := range st.records {
					fmt.Fprintf(&sb, "  %d %v %s %v keys=%s new=%s old=%s size=%d\n", r.seq, r.at, r.event, r.service,
						storedString(r.keys), storedString(r.newImage), storedString(r.oldImage), r.size)
				}
			}
		}
	}
	if d.streams != nil {
		fmt.Fprintf(&sb, "stream bytes=%d seq=%d\n", d.streams.bytes, d.streams.seq)
	}
	d.mu.Unlock()
	for _, name := range names {
		pv, err := d.Partitions(name, 5)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(pv.Partitions)
		fmt.Fprintf(&sb, "partitions %s %s\n", name, b)
	}
	d.mu.Lock()
	return sb.String()
}

// TestPutBatchIsWholeToReaders: while batches of 37 new items are put,
// snapshots taken by other goroutines hold a whole number of batches, each
// item with the value it was put with (the batch holds the writer lock
// throughout; under -race, the readers' and the loader's accesses are
// checked).
func TestPutBatchIsWholeToReaders(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Hash"))
	l, err := db.NewBulkLoader("Hash")
	if err != nil {
		t.Fatal(err)
	}
	const batch, batches = 37, 60
	done := make(chan struct{})
	errs := make(chan error, 2)
	for r := 0; r < 2; r++ {
		go func() {
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				ts := db.Snapshot().Table("Hash")
				if n := ts.Len(); n%batch != 0 {
					errs <- fmt.Errorf("a snapshot holds %d items: not whole batches of %d", n, batch)
					return
				}
				var bad error
				ts.Items(func(it attr.Item) bool {
					if id, v := string(it["id"].(attr.String)), it["v"]; !attr.Equal(v, s("v"+id)) {
						bad = fmt.Errorf("item %s holds %v", id, v)
					}
					return bad == nil
				})
				if bad != nil {
					errs <- bad
					return
				}
			}
		}()
	}
	items := make([]attr.Item, batch)
	for i := range items {
		items[i] = attr.Item{}
	}
	for b := 0; b < batches; b++ {
		for i, it := range items {
			id := fmt.Sprint(b*batch + i)
			it["id"], it["v"] = s(id), s("v"+id)
		}
		if n, err := l.PutBatch(items); n != batch || err != nil {
			t.Fatalf("batch %d: %d stored, %v", b, n, err)
		}
	}
	close(done)
	for r := 0; r < 2; r++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if n := db.Snapshot().Table("Hash").Len(); n != batch*batches {
		t.Fatalf("the table holds %d items, want %d", n, batch*batches)
	}
}
