package engine

import "testing"

// BenchmarkBatchWriteItem writes batches of 25 puts of benchItem's
// ~200-byte items over a pool of 51,200 (one op is one batch): the cost of
// the batch's validation before any table is looked up is in the figure.
func BenchmarkBatchWriteItem(b *testing.B) {
	db, _ := newTestDB(b)
	benchTable(b, db)
	const pool = 25 << 11
	items := make([]WriteRequest, pool)
	for i := range items {
		items[i] = WriteRequest{PutRequest: &PutRequest{Item: benchItem(i)}}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		at := i * 25 % pool
		batch := items[at : at+25]
		if _, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"Bench": batch}}); err != nil {
			b.Fatal(err)
		}
	}
}
