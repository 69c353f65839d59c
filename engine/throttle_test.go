package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

const throttledMsg = "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."

func newThrottledDB(t testing.TB) (*Database, *ManualClock) {
	t.Helper()
	clk := NewManualClock(epoch0)
	return New(WithClock(clk), WithThrottling(true)), clk
}

func provisionedTable(name string, rcu, wcu int64) *CreateTableInput {
	in := hashTable(name)
	in.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(rcu), WriteCapacityUnits: ptr(wcu)}
	return in
}

func tryPut(db *Database, table, id string) error {
	_, err := db.PutItem(&PutItemInput{TableName: &table, Item: attr.Item{"id": s(id)}})
	return err
}

// putUntilThrottled writes small items (1 WCU each) until one is
// throttled, and returns how many were written.
func putUntilThrottled(t *testing.T, db *Database, table string, key func(i int) string) int {
	t.Helper()
	for i := 0; i < 100000; i++ {
		if err := tryPut(db, table, key(i)); err != nil {
			wantError(t, err, CodeProvisionedThroughputExceeded, throttledMsg)
			return i
		}
	}
	t.Fatal("never throttled")
	return 0
}

func distinct(i int) string { return fmt.Sprintf("item-%d", i) }

// A 5 WCU table: a second's share at creation; after five idle minutes its
// 300 s of burst (1,500 units), served at most 1,000 WCU in one
// second (the partition ceiling); then 5 WCU a second again.
func TestThrottlePutItemShareAndBurst(t *testing.T) {
	db, clk := newThrottledDB(t)
	mustCreate(t, db, provisionedTable("tbl", 5, 5))
	if got := putUntilThrottled(t, db, "tbl", distinct); got != 5 {
		t.Fatalf("at creation wrote %d, want 5", got)
	}
	clk.Advance(300 * time.Second)
	if got := putUntilThrottled(t, db, "tbl", distinct); got != 1000 {
		t.Fatalf("after 300 s idle wrote %d in one instant, want 1,000 (the partition ceiling)", got)
	}
	clk.Advance(time.Second)
	if got := putUntilThrottled(t, db, "tbl", distinct); got != 1500-1000+5 {
		t.Fatalf("one second later wrote %d, want the rest of the bank plus a second's share, 505", got)
	}
	clk.Advance(time.Second)
	if got := putUntilThrottled(t, db, "tbl", distinct); got != 5 {
		t.Fatalf("next second wrote %d, want 5", got)
	}
	// A throttled request changes nothing.
	id := "never"
	if err := tryPut(db, "tbl", id); err == nil {
		t.Fatal("want throttled")
	}
	out, err := db.GetItem(&GetItemInput{TableName: ptr("tbl"), Key: attr.Item{"id": s(id)}})
	if err != nil || out.Item != nil {
		t.Fatalf("throttled put wrote something: %v %v", out, err)
	}
	// Reads are limited independently: their bucket banked its own burst,
	// 1,505 units, less the 0.5 of the eventually consistent read above.
	for i := 0; i < 1504; i++ {
		if _, err := db.GetItem(&GetItemInput{TableName: ptr("tbl"), Key: attr.Item{"id": s("x")}, ConsistentRead: ptr(true)}); err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
	}
	_, err = db.GetItem(&GetItemInput{TableName: ptr("tbl"), Key: attr.Item{"id": s("x")}, ConsistentRead: ptr(true)})
	wantError(t, err, CodeProvisionedThroughputExceeded, throttledMsg)
}

func batchPuts(table string, from, n int) map[string][]WriteRequest {
	reqs := make([]WriteRequest, n)
	for i := range reqs {
		reqs[i] = WriteRequest{PutRequest: &PutRequest{Item: attr.Item{"id": s(distinct(from + i))}}}
	}
	return map[string][]WriteRequest{table: reqs}
}

// A batch that partly exceeds the capacity returns the rest as
// UnprocessedItems; a client retrying them with exponential backoff on the
// clock eventually writes everything (seed 001). A batch of which nothing
// fits raises the exception.
func TestThrottleBatchWriteUnprocessed(t *testing.T) {
	db, clk := newThrottledDB(t)
	mustCreate(t, db, provisionedTable("tbl", 5, 5))
	out, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: batchPuts("tbl", 0, 25), ReturnConsumedCapacity: "TOTAL"})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(out.UnprocessedItems["tbl"]); got != 20 {
		t.Fatalf("unprocessed %d, want 20", got)
	}
	if len(out.ConsumedCapacity) != 1 || out.ConsumedCapacity[0].CapacityUnits != 5 {
		t.Fatalf("consumed %+v, want 5 units", out.ConsumedCapacity)
	}
	_, err = db.BatchWriteItem(&BatchWriteItemInput{RequestItems: out.UnprocessedItems})
	wantError(t, err, CodeProvisionedThroughputExceeded, throttledMsg)

	pending := out.UnprocessedItems
	delay := 50 * time.Millisecond
	attempts := 0
	for len(pending) > 0 && len(pending["tbl"]) > 0 {
		attempts++
		if attempts > 20 {
			t.Fatalf("still %d unprocessed after %d attempts", len(pending["tbl"]), attempts)
		}
		clk.Advance(delay)
		delay = min(2*delay, 5*time.Second)
		out, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: pending})
		if err != nil {
			wantError(t, err, CodeProvisionedThroughputExceeded, throttledMsg)
			continue // nothing fitted: back off and retry the same
		}
		pending = out.UnprocessedItems
	}
	for i := range 25 {
		got, err := db.GetItem(&GetItemInput{TableName: ptr("tbl"), Key: attr.Item{"id": s(distinct(i))}})
		if err != nil {
			clk.Advance(time.Second)
			got, err = db.GetItem(&GetItemInput{TableName: ptr("tbl"), Key: attr.Item{"id": s(distinct(i))}})
		}
		if err != nil || got.Item == nil {
			t.Fatalf("item %d missing after retries: %v", i, err)
		}
	}
}

// BatchGetItem returns throttled keys as UnprocessedKeys.
func TestThrottleBatchGetUnprocessed(t *testing.T) {
	db, _ := newThrottledDB(t)
	mustCreate(t, db, provisionedTable("tbl", 2, 5))
	keys := make([]attr.Item, 10)
	for i := range keys {
		keys[i] = attr.Item{"id": s(distinct(i))}
	}
	// 2 RCU: four eventually consistent reads of 0.5.
	out, err := db.BatchGetItem(&BatchGetItemInput{RequestItems: map[string]KeysAndAttributes{"tbl": {Keys: keys}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(out.UnprocessedKeys["tbl"].Keys); got != 6 {
		t.Fatalf("unprocessed keys %d, want 6", got)
	}
	_, err = db.BatchGetItem(&BatchGetItemInput{RequestItems: map[string]KeysAndAttributes{"tbl": out.UnprocessedKeys["tbl"]}})
	wantError(t, err, CodeProvisionedThroughputExceeded, throttledMsg)
}

// 3,000 RCU + 1,000 WCU make 2 partitions of 500 WCU: one hot key is
// throttled at 500 WCU while the table as a whole is under its 1,000;
// keys spread over both partitions get more.
func TestThrottleHotKeyVersusSpread(t *testing.T) {
	db, _ := newThrottledDB(t)
	mustCreate(t, db, provisionedTable("hot", 3000, 1000))
	mustCreate(t, db, provisionedTable("spread", 3000, 1000))
	if got := putUntilThrottled(t, db, "hot", func(int) string { return "celebrity" }); got != 500 {
		t.Fatalf("hot key wrote %d, want 500 (one partition's share)", got)
	}
	got := putUntilThrottled(t, db, "spread", distinct)
	if got <= 500 || got > 1000 {
		t.Fatalf("spread keys wrote %d, want more than one partition's 500 and at most the table's 1,000", got)
	}
}

// Raising the throughput doubles the partitions; every partition gets its
// new share at once.
func TestThrottleUpdateTableRaise(t *testing.T) {
	db, clk := newThrottledDB(t)
	mustCreate(t, db, provisionedTable("tbl", 5, 5))
	putUntilThrottled(t, db, "tbl", distinct)
	if _, err := db.UpdateTable(&UpdateTableInput{TableName: ptr("tbl"), ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(5)), WriteCapacityUnits: ptr(int64(2000))}}); err != nil {
		t.Fatal(err)
	}
	clk.Advance(time.Second)
	// ceil(5/3,000 + 2,000/1,000) = 3 partitions needed: 1 doubles to 2, then 4, of 500 WCU each.
	if got := putUntilThrottled(t, db, "tbl", func(int) string { return "hot" }); got != 500 {
		t.Fatalf("hot key after the raise wrote %d, want 500", got)
	}
}

// Throttling is off by default, and SetThrottling turns it on.
func TestThrottleOffByDefault(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, provisionedTable("tbl", 5, 5))
	for i := range 3000 {
		if err := tryPut(db, "tbl", distinct(i)); err != nil {
			t.Fatalf("put %d with throttling off: %v", i, err)
		}
	}
	if db.Throttling() {
		t.Fatal("throttling on by default")
	}
	db.SetThrottling(true)
	putUntilThrottled(t, db, "tbl", func(i int) string { return distinct(10000 + i) })
}

// With throttling off, an on-demand hot key is never throttled.
func TestThrottleOnDemandOff(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, onDemandTable("ondemand"))
	for i := range 3000 {
		if err := tryPut(db, "ondemand", "celebrity"); err != nil {
			t.Fatalf("on-demand put %d with throttling off: %v", i, err)
		}
	}
}

// TestThrottleTransaction: a transaction draws twice its writes' units, all
// or nothing, and a throttled one is cancelled with the action that did not
// fit marked ProvisionedThroughputExceeded.
func TestThrottleTransaction(t *testing.T) {
	db, clk := newThrottledDB(t)
	mustCreate(t, db, provisionedTable("Ledger", 5, 5))
	tx := func(ids ...string) error {
		var items []TransactWriteItem
		for _, id := range ids {
			items = append(items, TransactWriteItem{Put: &TransactPut{TableName: ptr("Ledger"), Item: attr.Item{"id": s(id)}}})
		}
		_, err := db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: items})
		return err
	}
	// The first second's share (5 WCU) pays for two transactional writes (4).
	if err := tx("a", "b"); err != nil {
		t.Fatal(err)
	}
	err := tx("c", "d")
	wantError(t, err, CodeTransactionCanceled, "[ProvisionedThroughputExceeded, None]") // 1 unit left: the first put (2) does not fit
	if got, _ := db.GetItem(&GetItemInput{TableName: ptr("Ledger"), Key: attr.Item{"id": s("c")}}); got.Item != nil {
		t.Fatal("a throttled transaction wrote an item")
	}
	clk.Advance(time.Second)
	if err := tx("c", "d"); err != nil {
		t.Fatalf("a second later: %v", err)
	}
}

const onDemandThrottledMsg = "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html"

func onDemandTable(name string) *CreateTableInput {
	in := hashTable(name)
	in.ProvisionedThroughput = nil
	in.BillingMode = schema.BillingPayPerRequest
	return in
}

// balancedKeys returns n distinct keys, at most perPartition on each
// partition of l (by the engine's hash).
func balancedKeys(l *partition.Layout, prefix string, n int, perPartition int) []string {
	count := make([]int, l.Len())
	var keys []string
	for i := 0; len(keys) < n; i++ {
		k := fmt.Sprintf("%s-%d", prefix, i)
		if p := l.Locate(partition.HashString(k)); count[p] < perPartition {
			count[p]++
			keys = append(keys, k)
		}
	}
	return keys
}

// A hot key on an on-demand table is throttled at its partition's 1,000
// WRU (and 3,000 RRU) a second with ThrottlingException, though the table
// serves 4,000 WRU at once.
func TestThrottleOnDemandHotKey(t *testing.T) {
	db, clk := newThrottledDB(t)
	mustCreate(t, db, onDemandTable("odt"))
	for i := range 1000 {
		if err := tryPut(db, "odt", "celebrity"); err != nil {
			t.Fatalf("put %d: %v", i, err)
		}
	}
	err := tryPut(db, "odt", "celebrity")
	wantError(t, err, CodeThrottling, onDemandThrottledMsg)
	// Reads are limited independently, at 3,000 RRU.
	for i := range 3000 {
		if _, err := db.GetItem(&GetItemInput{TableName: ptr("odt"), Key: attr.Item{"id": s("celebrity")}, ConsistentRead: ptr(true)}); err != nil {
			t.Fatalf("read %d: %v", i, err)
		}
	}
	_, err = db.GetItem(&GetItemInput{TableName: ptr("odt"), Key: attr.Item{"id": s("celebrity")}, ConsistentRead: ptr(true)})
	wantError(t, err, CodeThrottling, onDemandThrottledMsg)
	// A second later the partition serves its 1,000 WRU again.
	clk.Advance(time.Second)
	for i := range 1000 {
		if err := tryPut(db, "odt", "celebrity"); err != nil {
			t.Fatalf("a second later, put %d: %v", i, err)
		}
	}
	wantError(t, tryPut(db, "odt", "celebrity"), CodeThrottling, onDemandThrottledMsg)
}

// Writes spread over the 4 partitions pass up to the table's 4,000 WRU (2 ×
// the 2,000 WRU previous peak of a new table); that second's 4,000 WRU
// become the peak, so the table then serves 8,000 WRU at once on 8
// partitions. Reads keep their own peak: 12,000 RRU, though 8 partitions
// could carry 24,000.
func TestThrottleOnDemandSpreadAndPeak(t *testing.T) {
	db, clk := newThrottledDB(t)
	mustCreate(t, db, onDemandTable("odt"))
	l := partition.NewOnDemand()
	for i, k := range balancedKeys(l, "a", 4000, 1000) {
		if err := tryPut(db, "odt", k); err != nil {
			t.Fatalf("spread put %d: %v", i, err)
		}
	}
	wantError(t, tryPut(db, "odt", "one-more"), CodeThrottling, onDemandThrottledMsg)

	clk.Advance(time.Second)
	if _, rose := l.ObservePeak(0, 4000); !rose || l.Len() != 8 {
		t.Fatalf("model: peak did not rise to 8 partitions (%d)", l.Len())
	}
	for i, k := range balancedKeys(l, "b", 8000, 1000) {
		if err := tryPut(db, "odt", k); err != nil {
			t.Fatalf("after the new peak, spread put %d: %v", i, err)
		}
	}
	wantError(t, tryPut(db, "odt", "one-more"), CodeThrottling, onDemandThrottledMsg)

	clk.Advance(time.Second)
	keys := balancedKeys(l, "c", 12001, 2000)
	for i, k := range keys[:12000] {
		if _, err := db.GetItem(&GetItemInput{TableName: ptr("odt"), Key: attr.Item{"id": s(k)}, ConsistentRead: ptr(true)}); err != nil {
			t.Fatalf("spread read %d: %v", i, err)
		}
	}
	_, err := db.GetItem(&GetItemInput{TableName: ptr("odt"), Key: attr.Item{"id": s(keys[12000])}, ConsistentRead: ptr(true)})
	wantError(t, err, CodeThrottling, onDemandThrottledMsg)
}

// On demand, a batch returns its throttled writes as UnprocessedItems.
func TestThrottleOnDemandBatchWrite(t *testing.T) {
	db, _ := newThrottledDB(t)
	mustCreate(t, db, compositeTable("odt", schema.TypeS))
	put := func(sk string) error {
		_, err := db.PutItem(&PutItemInput{TableName: ptr("odt"), Item: attr.Item{"pk": s("p"), "sk": s(sk)}})
		return err
	}
	for i := range 990 {
		if err := put(distinct(i)); err != nil {
			t.Fatalf("put %d: %v", i, err)
		}
	}
	reqs := make([]WriteRequest, 25)
	for i := range reqs {
		reqs[i] = WriteRequest{PutRequest: &PutRequest{Item: attr.Item{"pk": s("p"), "sk": s(distinct(1000 + i))}}}
	}
	out, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"odt": reqs}})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(out.UnprocessedItems["odt"]); got != 15 {
		t.Fatalf("unprocessed %d, want 15", got)
	}
	wantError(t, put("x"), CodeThrottling, onDemandThrottledMsg)
}

// TestThrottleOnDemandNothingFits: an on-demand batch none of whose writes
// fit raises ThrottlingException, and a transaction is cancelled with
// reason ThrottlingError.
func TestThrottleOnDemandNothingFits(t *testing.T) {
	db, _ := newThrottledDB(t)
	mustCreate(t, db, onDemandTable("odt"))
	for i := range 1000 {
		if err := tryPut(db, "odt", "celebrity"); err != nil {
			t.Fatalf("put %d: %v", i, err)
		}
	}
	_, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"odt": {
		{PutRequest: &PutRequest{Item: attr.Item{"id": s("celebrity")}}},
	}}})
	wantError(t, err, CodeThrottling, onDemandThrottledMsg)
	_, err = db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: []TransactWriteItem{
		{Put: &TransactPut{TableName: ptr("odt"), Item: attr.Item{"id": s("celebrity")}}},
	}})
	wantError(t, err, CodeTransactionCanceled, "[ThrottlingError]")
	if r := err.(*Error).CancellationReasons[0]; r.Message != onDemandThrottledMsg {
		t.Fatalf("reason %+v", r)
	}
}
