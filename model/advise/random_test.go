package advise

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestProposeRandom proposes designs for random inputs (seeded, logged on
// failure): Propose never panics, and either refuses the input with a
// message naming it or returns a model that validates and whose reads
// return items with their examples, on the dataset it proposes ("a bug in
// the advisor" is a failure).
func TestProposeRandom(t *testing.T) {
	for seed := uint64(0); seed < 300; seed++ {
		in := randomInput(seed)
		func() {
			defer func() {
				if x := recover(); x != nil {
					t.Fatalf("seed %d: Propose panicked: %v\ninput %+v", seed, x, in)
				}
			}()
			p, err := Propose(in)
			if err != nil && strings.Contains(err.Error(), "bug") && testing.Verbose() {
				d, _ := newDesigner(in)
				d.completeAttributes()
				d.placeTables()
				for _, e := range d.ents {
					d.chooseHome(e)
				}
				for _, p := range d.pats {
					d.route(p)
				}
				m := d.build()
				for _, p := range d.pats {
					ap, _ := d.request(m, p)
					m.AccessPatterns = append(m.AccessPatterns, ap)
				}
				fillExamples(m)
				b, _ := model.MarshalIndent(m)
				t.Logf("%s", b)
			}
			if err != nil {
				if strings.Contains(err.Error(), "bug in the advisor") {
					t.Errorf("seed %d: %v\ninput %+v", seed, err, in)
				}
				return
			}
			m := p.Model
			// The reads run on the dataset the proposal is sized for (its
			// examples come from it, a list's a page of it), its first 300
			// items checked for their entity first.
			plan, keys, err := m.GenPlan()
			if err != nil {
				t.Errorf("seed %d: %v", seed, err)
				return
			}
			rec, _ := m.NewRecognizer()
			_ = plan.Run(1, 300, func(i int, lent attr.Fields) error {
				it := lent.Item() // lent by the source
				it, err := keys[i].Item(nil, it)
				if e, _ := rec.EntityOf(keys[i].Entity.Table, it); err != nil || e != keys[i].Entity {
					t.Errorf("seed %d: a generated %s item %v is recognised as %v (%v)", seed, keys[i].Entity.Name, it, e, err)
				}
				return nil
			})
			db, _ := m.NewDatabase()
			if _, err := m.Load(db, nil); err != nil {
				t.Errorf("seed %d: load: %v", seed, err)
				return
			}
			for _, ap := range m.AccessPatterns {
				if ap.Operation == "PutItem" || ap.Operation == "UpdateItem" || ap.Operation == "DeleteItem" {
					continue
				}
				res, err := ap.Run(db, ap.Examples())
				if err != nil {
					t.Errorf("seed %d: %s: %v", seed, ap.Name, err)
				} else if len(res.Items) == 0 {
					t.Errorf("seed %d: %s %s with %v returns nothing", seed, ap.Name, ap.Request, ap.Examples())
				}
			}
		}()
	}
}

// randomInput is a random design (seeded): entities with random
// attributes and parents, patterns of every action over them.
func randomInput(seed uint64) Input {
	names := []string{"status", "createdAt", "email", "region", "price", "score", "flagged", "dueAt"}
	types := []string{"S", "S", "S", "N", "BOOL", "SS", "NS", "L", "M", "B"}
	actions := []string{"", Get, List, Create, Update, Delete}
	r := rand.New(rand.NewPCG(seed, 1))
	in := Input{Name: "Random", TablePerEntity: r.IntN(4) == 0}
	ne := 1 + r.IntN(5)
	for i := 0; i < ne; i++ {
		e := Entity{Name: fmt.Sprintf("E%d", i)}
		if i > 0 && r.IntN(2) == 0 {
			e.Parent = fmt.Sprintf("E%d", r.IntN(i))
			e.Min, e.Max = r.IntN(3), 1+r.IntN(6)
		}
		// The id by each rule of IDs: marked, named by the patterns (the
		// pool below), the first attribute, the name plus Id.
		switch r.IntN(3) {
		case 0:
			e.ID = lowerFirst(e.Name) + "Id"
		case 1:
			e.Attributes = append(e.Attributes, model.Attribute{Name: fmt.Sprintf("key%d", i)})
		}
		for _, n := range names {
			if r.IntN(3) == 0 {
				e.Attributes = append(e.Attributes, model.Attribute{Name: n, Type: types[r.IntN(len(types))]})
			}
		}
		in.Entities = append(in.Entities, e)
	}
	ids := IDs(in)
	for i := 0; i < r.IntN(8); i++ {
		e := in.Entities[r.IntN(ne)]
		p := Pattern{Name: fmt.Sprintf("p%d", i), Entity: e.Name, Action: actions[r.IntN(len(actions))], Rate: float64(r.IntN(100))}
		pool := append([]string{ids[e.Name]}, names...)
		if e.Parent != "" {
			pool = append(pool, ids[e.Parent])
		}
		for j := 0; j < r.IntN(3); j++ {
			p.By = append(p.By, pool[r.IntN(len(pool))])
		}
		if r.IntN(3) == 0 {
			p.Range = names[r.IntN(len(names))]
		}
		p.Rare = r.IntN(5) == 0
		p.Newest = r.IntN(3) == 0
		if r.IntN(4) == 0 {
			p.Limit = 2 + r.IntN(30)
		}
		if r.IntN(4) == 0 && len(p.By) > 0 && p.Range != "status" && !slices.Contains(p.By, "status") {
			// The guessed generator of status draws ACTIVE most.
			p.Where = []Condition{{Attribute: "status", Value: "ACTIVE"}}
		}
		if r.IntN(3) == 0 {
			// A get with children: the item and its children in one Query.
			for _, c := range in.Entities {
				if c.Parent == e.Name {
					p.Action, p.By, p.Range, p.Where, p.With = Get, []string{ids[e.Name]}, "", nil, []string{c.Name}
					break
				}
			}
		}
		if p.Action == Update {
			p.Set = []string{names[r.IntN(len(names))]}
		}
		in.Patterns = append(in.Patterns, p)
	}
	return in
}
