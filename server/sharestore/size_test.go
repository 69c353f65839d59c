package sharestore

import (
	"path/filepath"
	"testing"
)

// TestSize: both stores report their real size: the bolt file's pages in
// use, and the DynamoDB table's TableSizeBytes, which another store on the
// same table (another server) sees too.
func TestSize(t *testing.T) {
	b, err := OpenBolt(filepath.Join(t.TempDir(), BoltFile))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	before, ok := b.Size(ctx)
	if !ok || before <= 0 {
		t.Fatalf("bolt Size: %d %v", before, ok)
	}
	doc := patternDoc(t, "write-sharding")
	if _, err := b.Put(ctx, doc); err != nil {
		t.Fatal(err)
	}
	if after, _ := b.Size(ctx); after < before+int64(len(doc))/2 {
		t.Errorf("bolt Size %d after a %d-byte share, %d before", after, len(doc), before)
	}

	url := dynamoEndpoint(t)
	d, err := OpenDynamoDB(ctx, "shares", url, "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Put(ctx, doc); err != nil {
		t.Fatal(err)
	}
	other, err := OpenDynamoDB(ctx, "shares", url, "")
	if err != nil {
		t.Fatal(err)
	}
	n, ok := other.Size(ctx)
	if !ok || n <= 0 {
		t.Errorf("another server's DynamoDB store: Size %d %v, want the table's size", n, ok)
	}
}
