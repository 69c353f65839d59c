package patterns

import (
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestCompositeSortKeyStory: alice's full cart is her three active and two
// saved items, never her wish list; checkout reads the three active ones
// and nothing else (ScannedCount 3); saving an item for later moves it.
func TestCompositeSortKeyStory(t *testing.T) {
	l := load(t, compositeSortKey, compositeSortKey.DefaultSize)
	full := l.run(t, "Full cart", nil)
	wantKeys(t, "Full cart", full.Items, []string{
		"CART#ACTIVE#P-1001", "CART#ACTIVE#P-1002", "CART#ACTIVE#P-1003", "CART#SAVED#P-2001", "CART#SAVED#P-2002",
	}, "SK")
	checkout := l.run(t, "Checkout", nil)
	wantKeys(t, "Checkout", checkout.Items, []string{
		"CART#ACTIVE#P-1001|Espresso beans 1kg", "CART#ACTIVE#P-1002|Milk frother", "CART#ACTIVE#P-1003|Tamper",
	}, "SK", "ProductName")
	if q := checkout.Outputs[0].(*engine.QueryOutput); q.ScannedCount != 3 {
		t.Errorf("checkout scanned %d items, want 3: the key condition reads only the active items", q.ScannedCount)
	}
	wantKeys(t, "Saved for later", l.run(t, "Saved for later", nil).Items, []string{"CART#SAVED#P-2001", "CART#SAVED#P-2002"}, "SK")
	wantKeys(t, "Wish list", l.run(t, "Wish list", nil).Items, []string{"WISHLIST#birthday#P-3001", "WISHLIST#birthday#P-3002"}, "SK")
	wantKeys(t, "bob's checkout", l.run(t, "Checkout", model.Params{"userId": "bob"}).Items, []string{"USER#bob|CART#ACTIVE#P-1001"}, "PK", "SK")

	l.run(t, "Save for later", nil) // P-1003 moves
	wantKeys(t, "Checkout after saving P-1003", l.run(t, "Checkout", nil).Items, []string{"CART#ACTIVE#P-1001", "CART#ACTIVE#P-1002"}, "SK")
	wantKeys(t, "Saved after saving P-1003", l.run(t, "Saved for later", nil).Items,
		[]string{"CART#SAVED#P-1003", "CART#SAVED#P-2001", "CART#SAVED#P-2002"}, "SK")
	// A second move fails its condition and changes nothing.
	if _, err := l.m.AccessPattern("Save for later").Run(l.db, l.m.AccessPattern("Save for later").Examples()); err == nil ||
		!strings.Contains(err.Error(), "TransactionCanceledException") {
		t.Errorf("moving P-1003 again: %v", err)
	}
}

// TestCompositeSortKeyReference: for every user of a 3,000-item dataset,
// Checkout returns exactly the user's ACTIVE cart items, as a scan of the
// generated items finds them.
func TestCompositeSortKeyReference(t *testing.T) {
	const size = 3000
	l := load(t, compositeSortKey, size)
	active := map[string][]string{}
	for _, r := range collect(t, compositeSortKey, DefaultSeed, size, nil) {
		sk := string(r.item["SK"].(attr.String))
		if strings.HasPrefix(sk, "CART#ACTIVE#") {
			pk := string(r.item["PK"].(attr.String))
			active[pk] = append(active[pk], sk)
		}
	}
	users := 0
	for pk, want := range active {
		sort.Strings(want)
		got := l.run(t, "Checkout", model.Params{"userId": strings.TrimPrefix(pk, "USER#")})
		wantKeys(t, "Checkout of "+pk, got.Items, want, "SK")
		users++
	}
	if users < 100 {
		t.Errorf("only %d users with an active cart", users)
	}
}
