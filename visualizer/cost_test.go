package visualizer

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// costAnalyze analyses a pattern's model on a small dataset.
func costAnalyze(t *testing.T, name string) *analysis.Report {
	t.Helper()
	p, ok := patterns.Get(name)
	if !ok {
		t.Fatalf("no pattern %s", name)
	}
	rep, err := analysis.Analyze(p.Model(), analysis.Options{Resolve: patterns.Generator, Items: 100, SimulateSeconds: 300})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// costCheck checks what every cost view must satisfy: a row per access
// pattern with the report's figures, every warning attached once to its
// element, and totals that are the report's.
func costCheck(t *testing.T, rep *analysis.Report, m *CostModel) {
	t.Helper()
	if len(m.Patterns) != len(rep.AccessPatterns) || len(m.Tables) != len(rep.Tables) {
		t.Fatalf("%d patterns, %d tables; report %d, %d", len(m.Patterns), len(m.Tables), len(rep.AccessPatterns), len(rep.Tables))
	}
	for i, p := range m.Patterns {
		r := rep.AccessPatterns[i]
		if p.Name != r.Name || p.Units != r.Units || p.OnDemand != r.OnDemand || p.Provisioned != r.Provisioned {
			t.Errorf("row %s: %+v; report %+v", p.Name, p, r)
		}
		if r.Cost != nil && (len(p.OnDemandLines) == 0 || len(p.ProvisionedLines) == 0) {
			t.Errorf("row %s has no arithmetic", p.Name)
		}
	}
	attached := 0
	for _, p := range m.Patterns {
		attached += len(p.Warnings)
		for _, w := range p.Warnings {
			if w.Target != "pattern:"+p.Name {
				t.Errorf("warning %q on pattern %s targets %s", w.Message, p.Name, w.Target)
			}
		}
	}
	for _, tb := range m.Tables {
		attached += len(tb.Warnings)
		for _, x := range tb.Indexes {
			attached += len(x.Warnings)
		}
	}
	if attached != len(rep.Warnings) || len(m.Warnings) != len(rep.Warnings) {
		t.Errorf("%d warnings attached, %d listed; the report has %d", attached, len(m.Warnings), len(rep.Warnings))
	}
	if m.Totals.OnDemand != rep.Totals.OnDemand || m.Totals.Provisioned != rep.Totals.Provisioned || m.Totals.Cheaper != rep.Totals.Cheaper {
		t.Errorf("totals %+v; report %+v", m.Totals, rep.Totals)
	}
	var storage float64
	for _, tb := range m.Tables {
		storage += tb.Storage
	}
	if math.Abs(storage-m.Totals.Storage) > 1e-9 {
		t.Errorf("tables' storage $%v, total $%v", storage, m.Totals.Storage)
	}
	if _, err := json.Marshal(m); err != nil {
		t.Error(err)
	}
}

// TestCostTimeSeries: the time-series pattern's cost table (seed 004: 10,000
// readings a second, 1 WCU each).
func TestCostTimeSeries(t *testing.T) {
	rep := costAnalyze(t, "time-series")
	m := Cost(rep)
	costCheck(t, rep, m)
	var record *CostPattern
	for i := range m.Patterns {
		if m.Patterns[i].Op == "write" && m.Patterns[i].Rate >= 10000 {
			record = &m.Patterns[i]
		}
	}
	if record == nil || record.Unit != "WCU" || record.OnDemand <= record.Provisioned {
		t.Errorf("the 10,000/s write: %+v", record)
	}
	partitionsGoldenJSON(t, "cost/time_series.json", m)
	partitionsGolden(t, "cost/time_series.svg", []byte(m.SVG()))
}

// TestCostWriteSharding: the votes' hot candidate draws a warning on the
// pattern that writes it, shown next to that pattern.
func TestCostWriteSharding(t *testing.T) {
	rep := costAnalyze(t, "write-sharding")
	m := Cost(rep)
	costCheck(t, rep, m)
	partitionsGoldenJSON(t, "cost/write_sharding.json", m)
	partitionsGolden(t, "cost/write_sharding.svg", []byte(m.SVG()))
	for _, w := range m.Warnings {
		if len(m.WarningsFor(w.Target)) == 0 {
			t.Errorf("WarningsFor(%s) is empty", w.Target)
		}
	}
}

// TestCostWarnings makes the write-sharding model draw a warning on each
// kind of element: votes without shards (a hot partition, on the pattern
// that casts them), a Scan of the orders (on that pattern), a GSI keyed by
// one of four statuses (on the index) and a time to live on a String
// attribute (on the attribute, shown with its table).
func TestCostWarnings(t *testing.T) {
	p, _ := patterns.Get("write-sharding")
	m := p.Model()
	heatmapNoSharding(m)
	orders := m.Table("Orders")
	orders.AttributeDefinitions = append(orders.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "Status", AttributeType: schema.TypeS})
	orders.GlobalSecondaryIndexes = append(orders.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{IndexName: "ByStatus",
		KeySchema:  []schema.KeySchemaElement{{AttributeName: "Status", KeyType: schema.KeyTypeHash}},
		Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}})
	orders.TimeToLiveSpecification = &model.TimeToLive{AttributeName: "PlacedAt", Enabled: true}
	m.AccessPatterns = append(m.AccessPatterns, model.AccessPattern{Name: "Every order", Operation: "Scan", Rate: 1,
		Request: []byte(`{"TableName":"Orders"}`)})
	rep, err := analysis.Analyze(m, analysis.Options{Resolve: patterns.Generator, Items: 100, SimulateSeconds: 300})
	if err != nil {
		t.Fatal(err)
	}
	c := Cost(rep)
	costCheck(t, rep, c)
	kinds := map[string]string{}
	for _, w := range c.Warnings {
		kinds[w.Kind] = w.Target
	}
	want := map[string]string{
		analysis.WarnHotPartition: "pattern:Cast a vote", analysis.WarnScan: "pattern:Every order",
		analysis.WarnLowCardinality: "index:Orders.ByStatus", analysis.WarnTTLType: "attribute:Orders.PlacedAt",
	}
	for k, target := range want {
		if kinds[k] != target {
			t.Errorf("%s warning on %q, want %q (all: %v)", k, kinds[k], target, kinds)
		}
	}
	find := func(name string) *CostPattern {
		for i := range c.Patterns {
			if c.Patterns[i].Name == name {
				return &c.Patterns[i]
			}
		}
		t.Fatalf("no row %s", name)
		return nil
	}
	if w := find("Cast a vote").Warnings; len(w) == 0 || w[0].Kind != analysis.WarnHotPartition {
		t.Errorf("Cast a vote's warnings %+v", w)
	}
	var tableWarn, indexWarn int
	for _, tb := range c.Tables {
		if tb.Name == "Orders" {
			tableWarn = len(tb.Warnings)
			for _, x := range tb.Indexes {
				if x.Name == "ByStatus" {
					indexWarn = len(x.Warnings)
				}
			}
		}
	}
	if tableWarn != 1 || indexWarn != 1 {
		t.Errorf("Orders: %d table warnings, %d on ByStatus; want 1 and 1", tableWarn, indexWarn)
	}
	partitionsGoldenJSON(t, "cost/warnings.json", c)
	partitionsGolden(t, "cost/warnings.svg", []byte(c.SVG()))
}

// TestCostAllPatterns builds the cost view of every pattern of the
// catalogue, whatever its warnings, and the nil report.
func TestCostAllPatterns(t *testing.T) {
	for _, p := range patterns.Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			rep := costAnalyze(t, p.Name)
			m := Cost(rep)
			costCheck(t, rep, m)
			if svg := m.SVG(); !strings.Contains(svg, "</svg>") || strings.Count(svg, `class="pattern"`) != len(m.Patterns) {
				t.Errorf("SVG has %d pattern groups for %d patterns", strings.Count(svg, `class="pattern"`), len(m.Patterns))
			}
		})
	}
	empty := Cost(nil)
	if _, err := json.Marshal(empty); err != nil || !strings.Contains(empty.SVG(), "</svg>") {
		t.Errorf("nil report: %v", err)
	}
	var none *CostModel
	if none.WarningsFor("table:x") != nil || !strings.Contains(none.SVG(), "</svg>") {
		t.Error("nil model")
	}
}
