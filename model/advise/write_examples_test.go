package advise

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// loadedText proposes the design written in lines and loads its dataset
// (size items; 0 keeps the proposal's size).
func loadedText(t *testing.T, lines string, size int) (*Proposal, *engine.Database) {
	t.Helper()
	in, err := Parse(lines)
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	if size > 0 {
		p.Model.Dataset.Generator.Size = size
	}
	db, _ := p.Model.NewDatabase()
	if _, err := p.Model.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	return p, db
}

// eachRandomLoaded calls fn with each random design of the seeds below n
// (randomInput) that Propose accepts and whose dataset, 2,000 items of it
// (enough for every entity, and quick under -race), loads.
func eachRandomLoaded(n uint64, fn func(seed uint64, m *model.Model, db *engine.Database)) {
	for seed := uint64(0); seed < n; seed++ {
		p, err := Propose(randomInput(seed))
		if err != nil {
			continue
		}
		p.Model.Dataset.Generator.Size = 2000
		db, _ := p.Model.NewDatabase()
		if _, err := p.Model.Load(db, nil); err != nil {
			continue
		}
		fn(seed, p.Model, db)
	}
}

// checkWriteExamples checks the examples FindExamples gives m's updates and
// deletes on db: each addresses an item that exists, its condition holds
// there, and a parameter named after an attribute of that item which the
// update does not set (a copy the write makes, as a sparse index's
// pendingSellerId of sellerId) holds the item's own value, not another
// item's. It returns how many writes it checked.
func checkWriteExamples(t *testing.T, label string, m *model.Model, db *engine.Database) int {
	t.Helper()
	m.SetExamples(m.FindExamples(db))
	checked := 0
	for _, ap := range m.AccessPatterns {
		if ap.Operation != "UpdateItem" && ap.Operation != "DeleteItem" {
			continue
		}
		p := ap.Examples()
		in, err := ap.Input(p)
		if err != nil {
			t.Errorf("%s: %s: binding its example %v: %v", label, ap.Name, p, err)
			continue
		}
		var key attr.Item
		var table string
		sets := map[string]bool{}
		switch x := in.(type) {
		case *engine.UpdateItemInput:
			key, table = x.Key, *x.TableName
			if x.UpdateExpression != nil {
				u, err := expr.ParseUpdate(*x.UpdateExpression, expr.NewPlaceholders(x.ExpressionAttributeNames, x.ExpressionAttributeValues))
				if err != nil {
					t.Errorf("%s: %s: %v", label, ap.Name, err)
					continue
				}
				for _, path := range u.Sets() {
					sets[path[0].Name] = true
				}
			}
		case *engine.DeleteItemInput:
			key, table = x.Key, *x.TableName
		}
		out, err := db.GetItem(&engine.GetItemInput{TableName: &table, Key: key})
		if err != nil || out.Item == nil {
			continue // an example the data did not give (its own, or a fresh key)
		}
		checked++
		for _, par := range ap.Parameters {
			v, ok := out.Item[par.Name].(attr.String)
			if !ok || sets[par.Name] || p[par.Name] == string(v) {
				continue
			}
			inKey := false
			for _, kv := range key {
				if s, ok := kv.(attr.String); ok && strings.Contains(string(s), p[par.Name]) {
					inKey = true
				}
			}
			if !inKey {
				t.Errorf("%s: %s: its example's %s is %q, but the item it addresses (%v) holds %q, which the update does not set",
					label, ap.Name, par.Name, p[par.Name], key, v)
			}
		}
		if _, err := ap.Run(db, p); err != nil {
			t.Errorf("%s: %s with its example %v on the item it addresses: %v", label, ap.Name, p, err)
		}
	}
	return checked
}

// TestWriteExamplesAddressTheirItem runs checkWriteExamples over random
// designs (seeded) and over a marketplace whose status change enters and
// leaves a sparse index.
func TestWriteExamplesAddressTheirItem(t *testing.T) {
	checked := 0
	eachRandomLoaded(80, func(seed uint64, m *model.Model, db *engine.Database) {
		checked += checkWriteExamples(t, fmt.Sprintf("seed %d", seed), m, db)
	})
	p, db := loadedText(t, marketplace, 0)
	if n := checkWriteExamples(t, "marketplace", p.Model, db); n < 2 {
		t.Errorf("the marketplace's examples address %d of its items, want its two status changes", n)
	}
	if checked < 20 {
		t.Errorf("only %d writes of the random designs were checked", checked)
	}
}

// marketplace's status change has a branch per side of the sparse index
// of pending orders (GSI2): one sets the status to another value and
// takes the order out, one sets PENDING and copies sellerId in.
const marketplace = `
name Marketplace
Seller: sellerId, name, country
Customer: customerId, name, email
Order: orderId, customerId, sellerId, status, placedAt, total
OrderLine of Order 1-8: lineNo, productId, quantity, price
get Order by orderId with OrderLines, 200/s "Order with its lines"
list Orders by customerId range placedAt newest first limit 20, 80/s "A customer's orders"
list Orders by sellerId where status = PENDING, 40/s "A seller's pending orders"
update Order set status, 60/s "Change an order's status"
`

// TestSparseBranchesMeasureTheirIndexWrite: the cost of each branch of the
// status change is measured on an order the branch moves across the
// sparse index (out of it, into it), so each charges GSI2 its write: 1 WCU
// for the table, 1 for GSI1 (it projects every attribute) and 1 for GSI2.
// Measured on an order the branch leaves where it was, they were 2 WCU,
// and the entering branch, given another order's sellerId, moved the
// order to that seller's pending list (2 WCU on GSI2, a delete and a put).
func TestSparseBranchesMeasureTheirIndexWrite(t *testing.T) {
	p, db := loadedText(t, marketplace, 2000)
	m := p.Model
	m.SetExamples(m.FindExamples(db))
	rep, err := analysis.Analyze(m, analysis.Options{Items: 2000})
	if err != nil {
		t.Fatal(err)
	}
	branches := 0
	for _, pr := range rep.AccessPatterns {
		if !strings.HasPrefix(pr.Name, "Change an order's status") {
			continue
		}
		branches++
		if pr.Error != "" || pr.Units != 3 || pr.IndexUnits["GSI2"] != 1 {
			t.Errorf("%s: %v WCU (GSI2 %v): %s %s; want 3, GSI2 1", pr.Name, pr.Units, pr.IndexUnits["GSI2"], pr.UnitsText, pr.Error)
		}
	}
	if branches != 2 {
		t.Errorf("%d branches of the status change measured, want 2", branches)
	}
}

// strayIndexKeys counts the items of m's tables that hold some of an
// index's key attributes, written by their entity's key templates, but not
// all: an item outside a sparse index should carry none of its keys (the
// orders not pending carried GSI2SK, which the design's own writes never
// put and its status change then removed).
func strayIndexKeys(t *testing.T, m *model.Model, db *engine.Database) (stray, indexed int) {
	t.Helper()
	rec, err := m.NewRecognizer()
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range m.Tables {
		var indexes [][]string
		for _, g := range tb.GlobalSecondaryIndexes {
			indexes = append(indexes, g.KeyAttributes())
		}
		for _, l := range tb.LocalSecondaryIndexes {
			indexes = append(indexes, l.KeyAttributes())
		}
		scanAll(t, db, tb.TableName, func(it attr.Item) {
			e, _ := rec.EntityOf(tb.TableName, it)
			if e == nil {
				return
			}
			for _, keys := range indexes {
				has, templated := 0, 0
				for _, k := range keys {
					if _, ok := e.Keys[k]; ok {
						templated++
						if it[k] != nil {
							has++
						}
					}
				}
				switch {
				case has == len(keys) && templated > 0:
					indexed++
				case has > 0 && has < templated:
					if stray++; stray <= 3 {
						t.Errorf("%s item %v holds %d of the %d templated keys of the index on %v", e.Name, it, has, templated, keys)
					}
				}
			}
		})
	}
	return stray, indexed
}

// TestNoStrayIndexKeys: the generated items of the marketplace and of
// random designs hold all of an index's keys or none.
func TestNoStrayIndexKeys(t *testing.T) {
	p, db := loadedText(t, marketplace, 0)
	if stray, indexed := strayIndexKeys(t, p.Model, db); stray > 0 || indexed == 0 {
		t.Errorf("marketplace: %d items with part of an index's keys, %d in an index", stray, indexed)
	}
	total := 0
	eachRandomLoaded(80, func(seed uint64, m *model.Model, db *engine.Database) {
		stray, indexed := strayIndexKeys(t, m, db)
		if stray > 0 {
			t.Errorf("seed %d: %d items with part of an index's keys", seed, stray)
		}
		total += indexed
	})
	if total == 0 {
		t.Error("no item of the random designs is in an index")
	}
}
