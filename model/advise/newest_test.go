package advise

import (
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// shopOrders lists a customer's orders newest first, without a range.
const shopOrders = `
name Shop
Customer: customerId, name
Order of Customer 2-9: orderId, customerId, status, placedAt, total
list Orders by customerId newest first, 40/s "Recent orders"
create Order, 10/s "Place an order"
`

// TestNewestFirstIsByTime: a list read newest first without a range is
// ordered by its entity's timestamp: the sort key puts placedAt before
// the id, and the Query returns every order of the customer, latest
// placedAt first, against a brute-force sort of the loaded items. Keyed
// ORDER#{orderId}, "newest first" returned the highest order id first,
// whatever the order's time.
func TestNewestFirstIsByTime(t *testing.T) {
	p, db := loadedText(t, shopOrders, 0)
	m := p.Model
	order := m.Entity("Order")
	if sk := order.Keys["SK"]; !strings.Contains(sk, "{placedAt}#{orderId}") {
		t.Fatalf("Order's sort key %q does not order by placedAt", sk)
	}
	byCustomer := map[string][]string{}
	scanAll(t, db, m.Tables[0].TableName, func(it attr.Item) {
		if it["orderId"] == nil {
			return
		}
		c := string(it["customerId"].(attr.String))
		byCustomer[c] = append(byCustomer[c], string(it["placedAt"].(attr.String)))
	})
	ap := m.AccessPattern("Recent orders")
	checked := 0
	for c, want := range byCustomer {
		sort.Sort(sort.Reverse(sort.StringSlice(want)))
		res, err := ap.Run(db, model.Params{"customerId": c})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, it := range res.Items {
			got = append(got, string(it["placedAt"].(attr.String)))
		}
		if !slices.Equal(got, want) {
			t.Fatalf("customer %s: orders placed %v, want %v (newest first)", c, got, want)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d customers checked", checked)
	}
	if !hasReason(p, "newest first is an order in time") {
		t.Error("no reason says the list is ordered by placedAt")
	}
}

// TestNewestFirstWithoutATimeCautions: an entity with no timestamp keeps
// its id in the sort key, and the reason says newest first is then the
// id's order.
func TestNewestFirstWithoutATimeCautions(t *testing.T) {
	in, err := Parse("Customer: customerId, name\nNote: noteId, customerId, text\nlist Notes by customerId newest first, 10/s \"Notes\"")
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	if sk := p.Model.Entity("Note").Keys["SK"]; !strings.HasSuffix(sk, "{noteId}") {
		t.Fatalf("Note's sort key %q", sk)
	}
	if !hasReason(p, "caution: newest first reads the sort key (NOTE#{noteId}) backwards") {
		t.Errorf("no caution: %v", p.Reasons)
	}
}

func hasReason(p *Proposal, text string) bool {
	for _, r := range p.Reasons {
		if strings.Contains(r.Text, text) {
			return true
		}
	}
	return false
}
