package engine

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// churn puts and deletes n items of about 1 KB each on table.
func churn(t *testing.T, db *Database, table string, n int, check func(i int)) {
	t.Helper()
	pad := s(strings.Repeat("x", 1000))
	for i := range n {
		key := attr.Item{"id": s(fmt.Sprintf("k%d", i%50))}
		mustPut(t, db, table, attr.Item{"id": key["id"], "pad": pad, "n": n2(i)})
		if i%3 == 0 {
			deleteItem(t, db, table, key)
		}
		if check != nil {
			check(i)
		}
	}
}

func n2(i int) attr.Value { return n(fmt.Sprint(i)) }

// recountStreamBytes adds up what the stored records hold, independently of
// the registry's running count.
func recountStreamBytes(db *Database) int64 {
	db.mu.RLock()
	defer db.mu.RUnlock()
	var total int64
	for _, st := range db.streams.byArn {
		for i := range st.records {
			total += st.records[i].retained()
		}
	}
	return total
}

// TestStreamByteBudget: under churn on a NEW_AND_OLD_IMAGES table the
// records never hold more than the budget, the running count matches the
// records, the newest records survive, and positions before the trim get
// DynamoDB's TrimmedDataAccessException.
func TestStreamByteBudget(t *testing.T) {
	const budget = 256 << 10
	clk := NewManualClock(epoch0)
	db := New(WithClock(clk), WithStreamRetentionBytes(budget))
	mustCreate(t, db, withStream(hashTable("Tbl"), "NEW_AND_OLD_IMAGES"))
	arn := latestStream(t, db, "Tbl")
	mustPut(t, db, "Tbl", attr.Item{"id": s("first")})
	first := readAll(t, db, arn)[0].Dynamodb.SequenceNumber
	horizon := iterator(t, db, arn, "TRIM_HORIZON", "")

	// 3000 writes of two ~1 KB images each: about 6 MB written, 24 times
	// the budget.
	churn(t, db, "Tbl", 3000, func(i int) {
		if got := db.retainedStreamBytes(); got > budget {
			t.Fatalf("write %d: streams hold %d bytes, budget %d", i, got, budget)
		}
	})
	if got, want := db.retainedStreamBytes(), recountStreamBytes(db); got != want {
		t.Fatalf("running count %d, records hold %d", got, want)
	}
	if got := db.retainedStreamBytes(); got < budget/2 {
		t.Fatalf("streams hold %d bytes: trimmed far below the budget %d", got, budget)
	}

	_, err := db.GetRecords(&GetRecordsInput{ShardIterator: &horizon})
	wantError(t, err, CodeTrimmedDataAccess, "The data you are trying to access has been trimmed.")
	shard := shardOf(t, db, arn).ShardId
	for _, typ := range []string{"AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"} {
		_, err := db.GetShardIterator(&GetShardIteratorInput{StreamArn: &arn, ShardId: &shard, ShardIteratorType: ptr(typ), SequenceNumber: &first})
		wantError(t, err, CodeTrimmedDataAccess, "The data you are trying to access has been trimmed.")
	}
	// TRIM_HORIZON now starts after the trim and reads up to the last
	// write, in order.
	recs := readAll(t, db, arn)
	if len(recs) == 0 || len(recs) > budget/1000 {
		t.Fatalf("TRIM_HORIZON read %d records", len(recs))
	}
	last := recs[len(recs)-1].Dynamodb
	if !attr.Equal(last.Keys["id"], s("k49")) || !attr.Equal(last.NewImage["n"], n("2999")) {
		t.Fatalf("the last record is not the last write (k49's put of n=2999): %v %v", last.Keys, last.NewImage["n"])
	}
	for i := 1; i < len(recs); i++ {
		if recs[i].Dynamodb.SequenceNumber <= recs[i-1].Dynamodb.SequenceNumber {
			t.Fatalf("records out of order at %d", i)
		}
	}
}

// TestStreamBudgetAcrossStreams: the budget is the database's; the oldest
// records go first whichever stream holds them.
func TestStreamBudgetAcrossStreams(t *testing.T) {
	const budget = 64 << 10
	clk := NewManualClock(epoch0)
	db := New(WithClock(clk), WithStreamRetentionBytes(budget))
	mustCreate(t, db, withStream(hashTable("Alpha"), "NEW_IMAGE"))
	mustCreate(t, db, withStream(hashTable("Beta"), "NEW_IMAGE"))
	churn(t, db, "Alpha", 40, nil)
	arnA := latestStream(t, db, "Alpha")
	before := len(readAll(t, db, arnA))
	churn(t, db, "Beta", 500, nil)
	if got := db.retainedStreamBytes(); got > budget {
		t.Fatalf("streams hold %d bytes, budget %d", got, budget)
	}
	if got := len(readAll(t, db, arnA)); got != 0 {
		t.Fatalf("A's older records survived B's newer ones: %d of %d left", got, before)
	}
	if got := len(readAll(t, db, latestStream(t, db, "Beta"))); got == 0 {
		t.Fatal("B's newest records were trimmed")
	}
}

// TestDeleteTableFreesStream: DeleteTable releases the stream's records and
// the table itself; the Go heap comes back down (measured after GC, with
// margins wide enough for a busy test binary).
func TestDeleteTableFreesStream(t *testing.T) {
	heap := func() int64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	clk := NewManualClock(epoch0)
	db := New(WithClock(clk), WithStreamRetentionBytes(4<<20))
	base := heap()
	mustCreate(t, db, withStream(hashTable("Tbl"), "NEW_AND_OLD_IMAGES"))
	arn := latestStream(t, db, "Tbl")
	horizon := iterator(t, db, arn, "TRIM_HORIZON", "")
	// About 40 MB of images written; the budget keeps 4 MB of them.
	churn(t, db, "Tbl", 20000, nil)
	held := heap() - base
	if held > 24<<20 {
		t.Fatalf("the heap grew by %d MB under a 4 MB stream budget", held>>20)
	}
	if _, err := db.DeleteTable(&DeleteTableInput{TableName: ptr("Tbl")}); err != nil {
		t.Fatal(err)
	}
	if got := db.retainedStreamBytes(); got != 0 {
		t.Fatalf("a deleted table's stream holds %d bytes", got)
	}
	if after := heap() - base; after > 2<<20 {
		t.Fatalf("after DeleteTable the heap is still %d KB above its start (was %d KB)", after>>10, held>>10)
	}
	// The stream stays describable, DISABLED; what it held is trimmed.
	if d := describeStream(t, db, arn); d.StreamStatus != "DISABLED" {
		t.Fatalf("status %s", d.StreamStatus)
	}
	_, err := db.GetRecords(&GetRecordsInput{ShardIterator: &horizon})
	wantError(t, err, CodeTrimmedDataAccess, "The data you are trying to access has been trimmed.")
	out := getRecords(t, db, iterator(t, db, arn, "TRIM_HORIZON", ""), 0)
	if len(out.Records) != 0 || out.NextShardIterator != "" {
		t.Fatalf("the deleted table's shard reads %d records, next %q", len(out.Records), out.NextShardIterator)
	}
	db.mu.RLock()
	for _, st := range db.streams.byArn {
		if st.table != nil {
			t.Errorf("stream %s still holds its deleted table", st.arn)
		}
	}
	db.mu.RUnlock()
}

// TestClosedStreamsBounded: a loop of CreateTable and DeleteTable keeps at
// most maxClosedStreams disabled streams.
func TestClosedStreamsBounded(t *testing.T) {
	db, _ := newTestDB(t)
	for range maxClosedStreams + 20 {
		mustCreate(t, db, withStream(hashTable("Tbl"), "KEYS_ONLY"))
		if _, err := db.DeleteTable(&DeleteTableInput{TableName: ptr("Tbl")}); err != nil {
			t.Fatal(err)
		}
	}
	out, err := db.ListStreams(&ListStreamsInput{})
	if err != nil {
		t.Fatal(err)
	}
	db.mu.RLock()
	kept := len(db.streams.byArn)
	db.mu.RUnlock()
	if kept != maxClosedStreams || len(out.Streams) != 100 || out.LastEvaluatedStreamArn == "" {
		t.Fatalf("kept %d streams, listed %d", kept, len(out.Streams))
	}
}

// BenchmarkStreamChurn: puts and deletes of 1 KB items on a
// NEW_AND_OLD_IMAGES table with the default budget; reports what the
// streams hold and the live heap after GC at the end.
func BenchmarkStreamChurn(b *testing.B) {
	db := New(WithClock(NewManualClock(epoch0)))
	if _, err := db.CreateTable(withStream(hashTable("Tbl"), "NEW_AND_OLD_IMAGES")); err != nil {
		b.Fatal(err)
	}
	table := "Tbl"
	pad := s(strings.Repeat("x", 1000))
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		key := s(fmt.Sprintf("k%d", i%1000))
		if _, err := db.PutItem(&PutItemInput{TableName: &table, Item: attr.Item{"id": key, "pad": pad, "n": n2(i)}}); err != nil {
			b.Fatal(err)
		}
		if i%3 == 0 {
			if _, err := db.DeleteItem(&DeleteItemInput{TableName: &table, Key: attr.Item{"id": key}}); err != nil {
				b.Fatal(err)
			}
		}
		i++
	}
	b.StopTimer()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	b.ReportMetric(float64(db.retainedStreamBytes())/(1<<20), "stream-MB")
	b.ReportMetric(float64(m.HeapAlloc)/(1<<20), "heap-MB")
}
