package app

import (
	"os"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The workload editor's model edits: a rate adds the access pattern to the
// workload and sets its expected rate, 0 removes it; a distribution takes
// its format from the example; typical rates cover every pattern; the
// result validates.
func TestWorkloadEdits(t *testing.T) {
	p, _ := patterns.Get("sparse-index")
	m := p.Model()
	m.Workload = nil
	name := m.AccessPatterns[0].Name
	setWorkloadRate(m, name, 25)
	r := workloadRequest(m, name)
	if r == nil || r.Rate != 25 || m.AccessPattern(name).Rate != 25 {
		t.Fatalf("after a rate of 25: request %+v, pattern rate %v", r, m.AccessPattern(name).Rate)
	}
	params := varyingParams(m.AccessPattern(name))
	if len(params) > 0 {
		par := params[0]
		setKeyDistribution(m, name, par.Name, func(k *model.KeyDistribution) bool {
			k.Kind, k.HotFraction = model.DistHot, 0.9
			return true
		})
		r = workloadRequest(m, name)
		if len(r.Keys) != 1 || r.Keys[0].Kind != model.DistHot || r.Keys[0].Cardinality != defaultCardinality || r.Keys[0].Format != formatOf(par.Example) {
			t.Errorf("distribution %+v (example %q)", r.Keys, par.Example)
		}
		setKeyDistribution(m, name, par.Name, func(*model.KeyDistribution) bool { return false })
		if len(workloadRequest(m, name).Keys) != 0 {
			t.Error("the example value did not remove the distribution")
		}
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("the edited model does not validate: %v", err)
	}
	setWorkloadRate(m, name, 0)
	if m.Workload != nil {
		t.Errorf("a rate of 0 left the workload %+v", m.Workload)
	}
	defaultWorkload(m)
	for _, ap := range m.AccessPatterns {
		r := workloadRequest(m, ap.Name)
		if r == nil || r.Rate <= 0 || len(r.Keys) != len(varyingParams(&ap)) {
			t.Errorf("%s: typical workload %+v", ap.Name, r)
		}
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("the typical workload does not validate: %v", err)
	}
}

func TestFormatOf(t *testing.T) {
	for in, want := range map[string]string{"user42": "user{n}", "ORDER#0007": "ORDER#{n}", "alice": "", "123": "", "a{b}1": ""} {
		if got := formatOf(in); got != want {
			t.Errorf("formatOf(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]int{"ISSUE-00860": 5, "user42": 0, "0007": 4, "x": 0} {
		if got := widthOf(in); got != want {
			t.Errorf("widthOf(%q) = %d, want %d", in, got, want)
		}
	}
}

// EditWorkload changes the running design without Apply: the State's
// Model is new and carries the workload, the draft follows, and undo
// brings the draft back.
func TestStoreEditWorkload(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("sparse-index"); err != nil {
		t.Fatal(err)
	}
	before := s.State().Model
	if err := s.EditWorkload(defaultWorkload); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if st.Model == before || st.Model.Workload == nil || len(st.Model.Workload.Requests) != len(st.Model.AccessPatterns) {
		t.Fatalf("the running design's workload: %+v", st.Model.Workload)
	}
	if st.Dirty || st.Draft != st.Model {
		t.Error("a workload edit left the draft apart from the running design")
	}
	if !st.CanUndo {
		t.Error("the workload edit is not undoable")
	}
}

// A blank design with an entity loads a generated dataset: the entity's
// key parameter gets a default generator, written into the design.
func TestLoadDatasetFromEntities(t *testing.T) {
	s := NewStore()
	if err := s.LoadDataset(100, 0, nil); err == nil {
		t.Fatal("a blank design without entities loaded a dataset")
	}
	if err := s.Edit(func(m *model.Model) {
		m.Entities = append(m.Entities, model.Entity{Name: "User", Table: "AppTable",
			Keys:       map[string]string{"PK": "USER#{userId}", "SK": "PROFILE"},
			Attributes: []model.Attribute{{Name: "email", Type: "S"}}})
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(500, 0, nil); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if n := st.Snapshot.Table("AppTable").Len(); n != 500 {
		t.Errorf("%d items, want 500", n)
	}
	e := st.Model.Entity("User")
	gens := map[string]string{}
	for _, a := range e.Attributes {
		gens[a.Name] = a.Generator
	}
	if gens["userId"] == "" || gens["email"] == "" {
		t.Errorf("generators after the load: %v", gens)
	}
	if st.Model.Dataset == nil || st.Model.Dataset.Generator == nil || st.Model.Dataset.Generator.Pattern != model.EntitiesGenerator {
		t.Errorf("the design does not record its generator: %+v", st.Model.Dataset)
	}
	if err := st.Model.Validate(); err != nil {
		t.Errorf("the design after the load does not validate: %v", err)
	}
}

// TestLoadImportedNoSQLWorkbench: imported NoSQL Workbench models (with
// facets, which become entities, and without) open with their sample
// items, then load a generated dataset of 5,000 items shaped like them.
func TestLoadImportedNoSQLWorkbench(t *testing.T) {
	for _, name := range []string{"facets-provisioned.json", "table-data-gsis.json", "atheanchu-onlineshop-pattern_1.json"} {
		t.Run(name, func(t *testing.T) { loadImported(t, name) })
	}
}

func loadImported(t *testing.T, name string) {
	doc, err := os.ReadFile("../model/formats/testdata/nosql-workbench/" + name)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := formats.ImportNoSQLWorkbench(doc)
	if err != nil {
		t.Fatal(err)
	}
	b, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	s := NewStore()
	if err := s.OpenModel(b); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(5000, 0, nil); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, ts := range s.State().Snapshot.Tables {
		total += ts.Len()
	}
	if total < 4000 {
		t.Errorf("%d items after loading 5,000 generated ones", total)
	}
	if err := s.State().Model.Validate(); err != nil {
		t.Errorf("the design after the load does not validate: %v", err)
	}
}
