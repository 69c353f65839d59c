package patterns

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// document merges a product's parts into the single item a document
// database would hold.
func document(pk attr.Value, parts []attr.Item) attr.Item {
	doc := attr.Map{}
	for _, p := range parts {
		m := attr.Map{}
		for k, v := range p {
			if k != "PK" && k != "SK" {
				m[k] = v
			}
		}
		doc[valueText(p["SK"])] = m
	}
	return attr.Item{"PK": pk, "SK": attr.String("DOCUMENT"), "Document": doc}
}

// TestVerticalPartitioningStory: P-100's ten parts come back with one
// Query, the reviews alone with begins_with REVIEW#, a stock update costs
// 1 WCU where rewriting the merged document would cost several; P-BEST's
// 601 parts rebuild a document that no single item could hold.
func TestVerticalPartitioningStory(t *testing.T) {
	l := load(t, verticalPartitioning, verticalPartitioning.DefaultSize)
	whole := l.run(t, "Whole document", nil)
	wantKeys(t, "P-100's parts", whole.Items, []string{
		"IMAGE#1", "IMAGE#2", "META", "REVIEW#2026-01-30T12:00:00Z#r-1", "REVIEW#2026-02-17T12:00:00Z#r-2",
		"REVIEW#2026-02-28T12:00:00Z#r-3", "SPEC#dimensions", "SPEC#electrical", "STOCK#eu-west", "STOCK#us-east",
	}, "SK")
	wantKeys(t, "P-100's latest reviews", l.run(t, "Latest reviews", nil).Items,
		[]string{"REVIEW#2026-02-28T12:00:00Z#r-3|2|chen", "REVIEW#2026-02-17T12:00:00Z#r-2|4|ben.r",
			"REVIEW#2026-01-30T12:00:00Z#r-1|5|ana_k"}, "SK", "Rating", "Author")
	wantKeys(t, "P-100's header", l.run(t, "Product header", nil).Items, []string{"Barista Pro 2|499"}, "Name", "Price")

	doc := document(attr.String("PRODUCT#P-100"), whole.Items)
	docUnits := (attr.ItemSize(doc) + 1023) / 1024
	upd := l.run(t, "Update stock", nil).Outputs[0].(*engine.UpdateItemOutput)
	if upd.ConsumedCapacity == nil || upd.ConsumedCapacity.CapacityUnits != 1 {
		t.Fatalf("stock update consumed %+v, want 1 WCU", upd.ConsumedCapacity)
	}
	if docUnits < 3 {
		t.Errorf("the merged document is %d bytes (%d WCU to rewrite); the story wants it several KB", attr.ItemSize(doc), docUnits)
	}
	t.Logf("P-100: 1 WCU per part update vs %d WCU to rewrite the %d-byte document", docUnits, attr.ItemSize(doc))
	wantKeys(t, "P-100's stock after the update", l.run(t, "Whole document", nil).Items[8:9], []string{"STOCK#eu-west|41"}, "SK", "Quantity")

	best := l.run(t, "Whole document", model.Params{"productId": "P-BEST"})
	if len(best.Items) != 601 {
		t.Fatalf("P-BEST has %d parts, want 601", len(best.Items))
	}
	merged := document(attr.String("PRODUCT#P-BEST"), best.Items)
	table := "Products"
	_, err := l.db.PutItem(&engine.PutItemInput{TableName: &table, Item: merged})
	if err == nil || !strings.Contains(err.Error(), "Item size has exceeded the maximum allowed size") {
		t.Fatalf("PutItem of P-BEST as one %d-byte item: %v; want the 400 KB limit", attr.ItemSize(merged), err)
	}
}

// TestVerticalPartitioningItemsUnder1KB: every generated item is smaller
// than one write unit.
func TestVerticalPartitioningItemsUnder1KB(t *testing.T) {
	largest := 0
	for _, r := range collect(t, verticalPartitioning, DefaultSeed, 5000, nil) {
		if n := attr.ItemSize(r.item); n >= 1024 {
			t.Fatalf("item %v is %d bytes", r.item["SK"], n)
		} else if n > largest {
			largest = n
		}
	}
	t.Logf("largest item: %d bytes", largest)
}
