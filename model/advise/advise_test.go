package advise

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// shop is a five-entity design in plain words.
func shop() Input {
	return Input{Name: "Shop",
		Entities: []Entity{
			{Name: "Customer", Attributes: []model.Attribute{{Name: "email"}, {Name: "name"}, {Name: "tenant", Generator: "hot(0.4,1,company)"}}},
			{Name: "Order", Parent: "Customer", Min: 1, Max: 12, Attributes: []model.Attribute{{Name: "total", Type: "N"}}},
			{Name: "OrderLine", ID: "lineId", Parent: "Order", Min: 1, Max: 4, Attributes: []model.Attribute{{Name: "productId"}, {Name: "quantity", Type: "N"}}},
			{Name: "Product", Attributes: []model.Attribute{{Name: "category", Generator: "enum(BOOKS:5,GAMES:2,TOOLS:1)"}, {Name: "price", Type: "N"}}},
			{Name: "Session", Attributes: []model.Attribute{{Name: "customerId"}, {Name: "expiresAt", Type: "N"}}},
		},
		Patterns: []Pattern{
			{Name: "Customer profile", Entity: "Customer", By: []string{"customerId"}, Rate: 100},
			{Name: "Customer by email", Entity: "Customer", By: []string{"email"}, Rate: 5},
			{Name: "Orders of a customer", Entity: "Order", By: []string{"customerId"}, Range: "createdAt", Rate: 50},
			{Name: "Order by id", Entity: "Order", By: []string{"orderId"}, Rate: 20},
			{Name: "Orders by status", Entity: "Order", By: []string{"status"}, Rate: 20},
			{Name: "Returned orders", Entity: "Order", By: []string{"returnedAt"}, Rare: true, Rate: 1},
			{Name: "Lines of an order", Entity: "OrderLine", By: []string{"orderId"}, Rate: 20},
			{Name: "Place an order", Entity: "Order", Action: Create, Rate: 10},
			{Name: "Ship an order", Entity: "Order", Action: Update, Set: []string{"status"}, Rate: 10},
			{Name: "Cancel an order", Entity: "Order", Action: Delete, Rate: 1},
			{Name: "Product", Entity: "Product", By: []string{"productId"}, Rate: 80},
			{Name: "Products of a category", Entity: "Product", By: []string{"category"}, Range: "price", Rate: 30},
			{Name: "All products", Entity: "Product", Rate: 0.01},
			{Name: "Session", Entity: "Session", By: []string{"sessionId"}, Rate: 200},
			{Name: "Customers of a tenant", Entity: "Customer", By: []string{"tenant"}, Rate: 30},
		},
	}
}

func propose(t *testing.T, in Input) *Proposal {
	t.Helper()
	p, err := Propose(in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func reasonsAbout(p *Proposal, pred func(Location) bool) []string {
	var out []string
	for _, r := range p.Reasons {
		if pred(r.Where) {
			out = append(out, r.Text)
		}
	}
	return out
}

// TestProposeShop checks the seeds' rules on the shop: one table, keys of
// many values, item collections under the owner, composite sort keys,
// indexes only where needed (overloaded), sparse and sharded where the
// patterns ask, TTL, and a reason for each.
func TestProposeShop(t *testing.T) {
	p := propose(t, shop())
	m := p.Model
	if len(m.Tables) != 1 || m.Tables[0].TableName != "Shop" {
		t.Fatalf("tables: %+v", m.Tables)
	}
	keys := func(e string) map[string]string { return m.Entity(e).Keys }
	for e, want := range map[string]map[string]string{
		"Customer":  {"PK": "CUSTOMER#{customerId}", "SK": "#CUSTOMER", "GSI1PK": "CUSTOMER#EMAIL#{email}", "GSI1SK": "CUSTOMER#{customerId}"},
		"Order":     {"PK": "CUSTOMER#{customerId}", "SK": "ORDER#{createdAt}#{orderId}", "GSI1PK": "ORDER#{orderId}", "GSI1SK": "#ORDER", "GSI2PK": "ORDER#STATUS#{status}#{shard}", "GSI3PK": "ORDER#RETURNEDAT#{returnedAt}"},
		"OrderLine": {"PK": "ORDER#{orderId}", "SK": "ORDERLINE#{lineId}"},
		// A range of price, a Number: the index's sort key is the number
		// itself (inside "PRODUCT#{price}#{productId}", 100 sorted before
		// 43), so Product does not share the other entities' string-keyed
		// GSI1 and has an index of its own.
		"Product": {"PK": "PRODUCT#{productId}", "SK": "#PRODUCT", "GSI4PK": "PRODUCT#CATEGORY#{category}#{shard}", "GSI4SK": "{price}"},
		"Session": {"PK": "SESSION#{sessionId}", "SK": "#SESSION"},
	} {
		for k, v := range want {
			if got := keys(e)[k]; got != v {
				t.Errorf("%s.%s = %q, want %q", e, k, got, v)
			}
		}
	}
	if n := len(m.Tables[0].GlobalSecondaryIndexes); n != 4 {
		t.Errorf("%d GSIs, want 4 (three overloaded across entities, one with a Number sort key)", n)
	}
	if d := m.Tables[0].TableDefinition.AttributeType("GSI4SK"); d != "N" {
		t.Errorf("GSI4SK is of type %q, want N", d)
	}
	if ttl := m.Tables[0].TimeToLiveSpecification; ttl == nil || ttl.AttributeName != "expiresAt" {
		t.Errorf("TTL = %+v, want on expiresAt", ttl)
	}
	ops := map[string]string{}
	for _, ap := range m.AccessPatterns {
		ops[ap.Name] = ap.Operation
	}
	for name, op := range map[string]string{"Customer profile": "GetItem", "Customer by email": "Query", "Orders of a customer": "Query",
		"Place an order": "PutItem", "Ship an order": "UpdateItem", "Cancel an order": "DeleteItem", "All products": "Scan", "Session": "GetItem"} {
		if ops[name] != op {
			t.Errorf("%s is a %s, want %s", name, ops[name], op)
		}
	}
	for _, r := range m.Workload.Requests {
		if len(r.Keys) != 1 && r.AccessPattern != "All products" {
			t.Errorf("workload %s: %d key distributions, want its partition key's", r.AccessPattern, len(r.Keys))
		}
	}
	if m.Workload.Requests[0].Keys[0].Parameter != "customerId" {
		t.Errorf("workload of Customer profile: %+v", m.Workload.Requests[0].Keys)
	}
	if f := m.AccessPattern("Orders by status").FanOut; f == nil || f.Parameter != "shard" || f.To != MaxShards-1 {
		t.Errorf("Orders by status fan-out = %+v, want over the shards", f)
	}
	for _, want := range []struct {
		loc  func(Location) bool
		text string
	}{
		{func(l Location) bool { return l.Entity == "Order" && l.Index == "" && l.Pattern == "" }, "composite sort key"},
		{func(l Location) bool { return l.Index == "GSI3" && l.Pattern == "Returned orders" }, "sparse"},
		{func(l Location) bool { return l.Index == "GSI2" && l.Pattern == "Orders by status" }, "write sharding"},
		{func(l Location) bool { return l.Attribute == "expiresAt" }, "time to live"},
		{func(l Location) bool { return l.Pattern == "All products" }, "Scan"},
		{func(l Location) bool { return l.Pattern == "Customers of a tenant" && l.Attribute == "tenant" }, "40% of the requests go to one tenant"},
		{func(l Location) bool { return l.Table == "Shop" && l.Entity == "" }, "one table"},
	} {
		texts := reasonsAbout(p, want.loc)
		if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, want.text) }) {
			t.Errorf("no reason mentioning %q at the expected location; reasons there: %q", want.text, texts)
		}
	}
	for _, r := range p.Reasons {
		if r.Where.String() == "" || r.Text == "" {
			t.Errorf("reason without a location or text: %+v", r)
		}
	}
}

// TestProposalRuns loads the proposal's own dataset at two sizes and runs
// every access pattern with examples taken from the data: each read
// returns items and each write succeeds; generated items match their
// entity's templates.
func TestProposalRuns(t *testing.T) {
	p := propose(t, shop())
	for _, size := range []int{200, 10_000} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			m := p.Model
			m.Dataset.Generator.Size = size
			db, _ := m.NewDatabase()
			st, err := m.Load(db, nil)
			if err != nil {
				t.Fatal(err)
			}
			if st.Items < size/2 {
				t.Fatalf("loaded %d distinct items of %d generated", st.Items, size)
			}
			rec, err := m.NewRecognizer()
			if err != nil {
				t.Fatal(err)
			}
			plan, keys, err := m.GenPlan()
			if err != nil {
				t.Fatal(err)
			}
			counts := map[string]int{}
			_ = plan.Run(m.Dataset.Generator.Seed, size, func(i int, lent attr.Fields) error {
				it := lent.Item() // lent by the source
				it, err := keys[i].Item(nil, it)
				if err != nil {
					t.Fatal(err)
				}
				e, _ := rec.EntityOf(keys[i].Entity.Table, it)
				if e != keys[i].Entity {
					t.Fatalf("a generated %s item %v is recognised as %v", keys[i].Entity.Name, it, e)
				}
				counts[e.Name]++
				return nil
			})
			for _, e := range m.Entities {
				if counts[e.Name] == 0 {
					t.Errorf("no %s generated", e.Name)
				}
			}
			ex := m.FindExamples(db)
			for i, x := range ex {
				ap := &m.AccessPatterns[i]
				if x.Items == 0 {
					t.Errorf("%s: nothing found with %v", ap.Name, x.Params)
				}
			}
			m2 := *m
			m2.AccessPatterns = slices.Clone(m.AccessPatterns)
			for i := range m2.AccessPatterns {
				m2.AccessPatterns[i].Parameters = slices.Clone(m.AccessPatterns[i].Parameters)
			}
			m2.SetExamples(ex)
			for _, ap := range m2.AccessPatterns {
				if ap.Operation == "PutItem" {
					continue // its examples are an existing item's: the proposal's own examples create one
				}
				if _, err := ap.Run(db, ap.Examples()); err != nil {
					t.Errorf("%s: %v", ap.Name, err)
				}
			}
		})
	}
	// The proposal's own examples: the create adds a new order.
	m := p.Model
	m.Dataset.Generator.Size = 200
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	for _, ap := range m.AccessPatterns {
		res, err := ap.Run(db, ap.Examples())
		if err != nil {
			t.Errorf("%s with its own examples: %v", ap.Name, err)
		} else if ap.Operation != "PutItem" && ap.Operation != "UpdateItem" && ap.Operation != "DeleteItem" && len(res.Items) == 0 {
			t.Errorf("%s with its own examples %v returns nothing", ap.Name, ap.Examples())
		}
	}
}

func TestProposeTablePerEntity(t *testing.T) {
	in := shop()
	in.TablePerEntity = true
	p := propose(t, in)
	if len(p.Model.Tables) != 5 {
		t.Fatalf("%d tables, want one per entity", len(p.Model.Tables))
	}
	for _, e := range p.Model.Entities {
		if e.Table != e.Name {
			t.Errorf("entity %s in table %s", e.Name, e.Table)
		}
	}
}

func TestProposeErrors(t *testing.T) {
	for _, tt := range []struct {
		in   Input
		want string
	}{
		{Input{}, "at least one entity"},
		{Input{Entities: []Entity{{Name: "A"}, {Name: "A"}}}, "entity A: the entity is listed twice"},
		{Input{Entities: []Entity{{Name: "A", Parent: "B"}}}, "entity A: parent B is not an entity"},
		{Input{Entities: []Entity{{Name: "A b"}}}, "a letter followed by letters and digits"},
		{Input{Entities: []Entity{{Name: "A"}}, Patterns: []Pattern{{Name: "p", Entity: "B"}}}, `access pattern p: entity "B" is not in the design`},
		{Input{Entities: []Entity{{Name: "A"}}, Patterns: []Pattern{{Name: "p", Entity: "A", Action: "fetch"}}}, `action "fetch" is not one of`},
		{Input{Entities: []Entity{{Name: "A"}}, Patterns: []Pattern{{Name: "p", Entity: "A", Rare: true}}}, "a rare subset is told apart by an attribute"},
		{Input{Entities: []Entity{{Name: "A"}}, Patterns: []Pattern{{Name: "p", Entity: "A", By: []string{"x"}, Range: "x"}}}, "x is both a lookup attribute and the range"},
		{Input{Entities: []Entity{{Name: "A"}}, Patterns: []Pattern{{Name: "p", Entity: "A", Action: Update, Set: []string{"aId"}}}}, "aId is part of the table's key"},
		{Input{Entities: []Entity{{Name: "A", Attributes: []model.Attribute{{Name: "tags", Type: "SS"}}}}, Patterns: []Pattern{{Name: "p", Entity: "A", By: []string{"tags"}}}}, "tags is of type SS"},
	} {
		_, err := Propose(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Propose(%+v) = %v, want an error containing %q", tt.in, err, tt.want)
		}
	}
}

// BenchmarkSynthesizeProposal generates the proposal's five-entity dataset
// with its key templates filled: one op is 100,000 items.
func BenchmarkSynthesizeProposal(b *testing.B) {
	p, err := Propose(shop())
	if err != nil {
		b.Fatal(err)
	}
	const size = 100_000
	for i := 0; i < b.N; i++ {
		src, err := p.Model.Synthesize(model.GeneratorSpec{Pattern: model.EntitiesGenerator, Seed: int64(i), Size: size})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		if err := src(func(string, attr.Fields) error { n++; return nil }); err != nil || n != size {
			b.Fatalf("%d items, %v", n, err)
		}
	}
	b.ReportMetric(float64(size*b.N)/b.Elapsed().Seconds(), "items/s")
}

func TestParse(t *testing.T) {
	in, err := Parse(`
name My shop
# entities
Customer: email, name, tier enum(FREE:8,PRO:2)
Order of Customer 1-12: total N price(5,500), status
OrderLine of Order 1-4, id lineId: productId, quantity N zipf(1.5,20)
Session: expiresAt N

get Customer by customerId, 100/s
list Customers by email "Customer by email"
list Orders by customerId range createdAt, 50/s
list Orders by status rare
list OrderLines by orderId
create Order, 10/s
update Order set status and total, 5/s
delete Order
scan Sessions
`)
	if err != nil {
		t.Fatal(err)
	}
	if in.Name != "My shop" || len(in.Entities) != 4 || len(in.Patterns) != 9 {
		t.Fatalf("parsed %+v", in)
	}
	o := in.Entities[1]
	if o.Parent != "Customer" || o.Min != 1 || o.Max != 12 || o.Attributes[0] != (model.Attribute{Name: "total", Type: "N", Generator: "price(5,500)"}) {
		t.Errorf("Order = %+v", o)
	}
	if in.Entities[2].ID != "lineId" || in.Entities[2].Attributes[1].Generator != "zipf(1.5,20)" {
		t.Errorf("OrderLine = %+v", in.Entities[2])
	}
	p := in.Patterns
	if p[1].Name != "Customer by email" || p[1].Entity != "Customer" || p[2].Range != "createdAt" || p[2].Rate != 50 ||
		!p[3].Rare || p[4].Entity != "OrderLine" || p[5].Action != Create || strings.Join(p[6].Set, ",") != "status,total" || p[8].Entity != "Session" {
		t.Errorf("patterns = %+v", p)
	}
	if _, err := Propose(in); err != nil {
		t.Fatalf("Propose(parsed) = %v", err)
	}
	for text, want := range map[string]string{
		"Customer":                   "line 1 (Customer): not an entity",
		"Order of: total":            "after the entity's name",
		"Order of Customer x: total": `"x" is not a count range`,
		"get Order fast":             `"fast": expected by, range`,
		"list Orders range":          "range of which attribute?",
		"scan Orders by status":      "a scan reads by no key",
		"get Order \"unclosed":       "unclosed",
	} {
		if _, err := Parse(text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want an error containing %q", text, err, want)
		}
	}
}

// TestProposeHierarchy: lookups by a hierarchy (country, then state, then
// a range of cities) become one partition per country and a composite sort
// key STATE#CITY#id, read with begins_with or a range.
func TestProposeHierarchy(t *testing.T) {
	in, err := Parse(`
Store: country, state, city, name
list Stores by country and state range city, 40/s
list Stores by country and state, 10/s
get Store by storeId, 5/s
`)
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	e := p.Model.Entity("Store")
	if e.Keys["PK"] != "STORE#COUNTRY#{country}" || e.Keys["SK"] != "STORE#{state}#{city}#{storeId}" {
		t.Fatalf("Store keys %v", e.Keys)
	}
	if p.Model.AccessPattern("Get Store by storeId").Operation != "Query" || len(p.Model.Tables[0].GlobalSecondaryIndexes) != 1 {
		t.Errorf("the lookup by id needs the one index: %s", p.Model.AccessPattern("Get Store by storeId").Request)
	}
	req := string(p.Model.AccessPattern("List Store by country and state").Request)
	if !strings.Contains(req, "begins_with(#sk, :sk)") || !strings.Contains(req, `"STORE#{state}#"`) {
		t.Errorf("by country and state: %s", req)
	}
	m := p.Model
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	for _, ap := range m.AccessPatterns {
		if res, err := ap.Run(db, ap.Examples()); err != nil || len(res.Items) == 0 {
			t.Errorf("%s with %v: %v", ap.Name, ap.Examples(), err)
		}
	}
}
