package engine

import (
	"fmt"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

func TestPartitionsFollowTheData(t *testing.T) {
	db, _ := newTestDB(t)
	in := compositeTable("Orders", schema.TypeN)
	in.BillingMode = schema.BillingProvisioned
	in.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(5000)), WriteCapacityUnits: ptr(int64(2000))}
	mustCreate(t, db, in)
	for u := 0; u < 40; u++ {
		for i := 0; i <= u%5; i++ {
			mustPut(t, db, "Orders", attr.Item{"pk": s(fmt.Sprintf("USER#%02d", u)), "sk": n(fmt.Sprint(i))})
		}
	}
	view, err := db.Partitions("Orders", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(view.Partitions) != 4 { // ceil(5,000/3,000 + 2,000/1,000) = 4 (seed 003)
		t.Fatalf("%d partitions, want 4", len(view.Partitions))
	}
	items, cols := 0, 0
	for _, p := range view.Partitions {
		items += p.Items
		cols += p.Collections
		for _, c := range p.Largest {
			// Each collection sits in the partition its key hashes to, by the
			// same hash the partition model uses.
			var key string
			fmt.Sscanf(c.Key, "{S:%s", &key)
			key = key[:len(key)-1]
			if got := view.Layout.Locate(partition.HashKey(attr.String(key))); got != p.Index {
				t.Fatalf("collection %s reported in partition %d, hashes to %d", c.Key, p.Index, got)
			}
		}
	}
	if items != 120 || cols != 40 {
		t.Fatalf("partitions hold %d items in %d collections, want 120 in 40", items, cols)
	}
	if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Orders"), Key: attr.Item{"pk": s("USER#04"), "sk": n("0")}}); err != nil {
		t.Fatal(err)
	}
	view, _ = db.Partitions("Orders", 3)
	items = 0
	for _, p := range view.Partitions {
		items += p.Items
	}
	if items != 119 {
		t.Fatalf("after a delete the partitions hold %d items", items)
	}
}
