package visualizer

import (
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model/analysis"
)

// CostModel is the cost view of an analysis (analysis.Analyze): a row per
// access pattern with its measured capacity and monthly cost, the tables
// with their storage, the totals, and every warning attached to the design
// element it concerns.
type CostModel struct {
	// Model is the model's name.
	Model string `json:"model"`
	// Region and AsOf date the price table.
	Region string `json:"region"`
	AsOf   string `json:"asOf"`
	// Dataset says what was loaded and measured.
	Dataset string `json:"dataset"`
	// Patterns are in the model's order; Tables carry storage and their
	// indexes.
	Patterns []CostPattern `json:"patterns"`
	Tables   []CostTable   `json:"tables"`
	Totals   CostTotals    `json:"totals"`
	// Warnings is every warning, each naming its element (Target); the
	// same warnings also sit on their pattern, table or index.
	Warnings []CostWarning `json:"warnings"`
}

// CostPattern is one access pattern's row.
type CostPattern struct {
	// Name and Operation are the access pattern's.
	Name      string `json:"name"`
	Operation string `json:"operation"`
	// Op is "read" or "write".
	Op string `json:"op"`
	// Table, Index and KeyCondition say what serves it.
	Table        string `json:"table"`
	Index        string `json:"index,omitempty"`
	KeyCondition string `json:"keyCondition"`
	// Rate is the expected calls per second; Requests the table requests
	// one call makes (a fan-out's shards).
	Rate     float64 `json:"rate"`
	Requests int     `json:"requests"`
	// Units is the capacity one call consumed on the loaded data (RCU or
	// WCU), Unit which, TableUnits its table part, Indexes the index
	// parts.
	Units      float64     `json:"units"`
	Unit       string      `json:"unit"`
	TableUnits float64     `json:"tableUnits"`
	Indexes    []CostUnits `json:"indexes"`
	// WriteAmplification is (table + GSI units) / table units of a write.
	WriteAmplification float64 `json:"writeAmplification,omitempty"`
	// UnitsText shows where Units come from.
	UnitsText string `json:"unitsText"`
	// OnDemand and Provisioned are dollars a month at Rate, without
	// storage; their lines carry the arithmetic.
	OnDemand         float64    `json:"onDemand"`
	Provisioned      float64    `json:"provisioned"`
	OnDemandLines    []CostLine `json:"onDemandLines"`
	ProvisionedLines []CostLine `json:"provisionedLines"`
	// Hot is the simulated hottest key, when the workload drives the
	// pattern.
	Hot string `json:"hot,omitempty"`
	// Error is why it could not be measured.
	Error string `json:"error,omitempty"`
	// Warnings are the analysis's warnings on this pattern.
	Warnings []CostWarning `json:"warnings"`
}

// CostUnits is the capacity a call consumed on one index.
type CostUnits struct {
	// Name is the index's; Units what the call consumed on it.
	Name  string  `json:"name"`
	Units float64 `json:"units"`
}

// CostLine is one priced item with its arithmetic.
type CostLine struct {
	// Label names the item, Dollars its monthly cost, Text its arithmetic.
	Label   string  `json:"label"`
	Dollars float64 `json:"dollars"`
	Text    string  `json:"text"`
}

// CostTable is one table's storage and data.
type CostTable struct {
	// Name and Mode (billing mode) are the table's; Items and Bytes its
	// loaded data.
	Name  string `json:"name"`
	Mode  string `json:"mode"`
	Items int    `json:"items"`
	Bytes int64  `json:"bytes"`
	// StorageGB is the billed storage projected to the full dataset,
	// Storage its dollars a month.
	StorageGB   float64 `json:"storageGB"`
	Storage     float64 `json:"storage"`
	StorageText string  `json:"storageText"`
	// Indexes are its secondary indexes; Warnings those on the table and
	// its attributes.
	Indexes  []CostIndex   `json:"indexes"`
	Warnings []CostWarning `json:"warnings"`
}

// CostIndex is a secondary index of a table with its warnings.
type CostIndex struct {
	// Name, Kind (GSI or LSI) and PartitionKey describe it; Items and
	// DistinctKeys are the loaded data's; Warnings those on it.
	Name         string        `json:"name"`
	Kind         string        `json:"kind"`
	PartitionKey string        `json:"partitionKey"`
	Items        int           `json:"items"`
	DistinctKeys int           `json:"distinctKeys"`
	Warnings     []CostWarning `json:"warnings"`
}

// CostTotals prices every pattern together, with storage.
type CostTotals struct {
	// OnDemand and Provisioned are dollars a month with storage;
	// StorageGB and Storage the billed storage and its dollars.
	OnDemand    float64 `json:"onDemand"`
	Provisioned float64 `json:"provisioned"`
	StorageGB   float64 `json:"storageGB"`
	Storage     float64 `json:"storage"`
	// Cheaper is "on-demand", "provisioned" or "equal".
	Cheaper string `json:"cheaper"`
	// The lines and StorageText carry the arithmetic.
	OnDemandLines    []CostLine `json:"onDemandLines"`
	ProvisionedLines []CostLine `json:"provisionedLines"`
	StorageText      string     `json:"storageText"`
}

// CostWarning is one warning of the analysis.
type CostWarning struct {
	// Kind is the analysis's (hot-partition, scan, low-cardinality-gsi, ...).
	Kind string `json:"kind"`
	// Element names the design element as a designer reads it ("access
	// pattern Cast a vote", "index Votes.ByStatus"); Target is a stable
	// key for it: "pattern:NAME", "table:T", "index:T.I",
	// "attribute:T.A".
	Element string `json:"element"`
	Target  string `json:"target"`
	// Message says what is wrong and what to do.
	Message string `json:"message"`
}

// Cost builds the cost view from an analysis report. A nil report gives an
// empty model.
func Cost(rep *analysis.Report) *CostModel {
	m := &CostModel{Patterns: []CostPattern{}, Tables: []CostTable{}, Warnings: []CostWarning{}}
	if rep == nil {
		m.Totals.OnDemandLines, m.Totals.ProvisionedLines = []CostLine{}, []CostLine{}
		return m
	}
	m.Model, m.Region, m.AsOf, m.Dataset = rep.Model, rep.Prices.Region, rep.Prices.AsOf, rep.Dataset.Text
	for _, t := range rep.Tables {
		ct := CostTable{Name: t.Name, Mode: t.Mode, Items: t.Items, Bytes: t.Bytes, StorageGB: partitionsFinite(t.StorageGB),
			Storage: partitionsFinite(t.StorageGB * rep.Prices.StorageGBMonth), StorageText: t.StorageText,
			Indexes: []CostIndex{}, Warnings: []CostWarning{}}
		for _, x := range t.Indexes {
			ct.Indexes = append(ct.Indexes, CostIndex{Name: x.Name, Kind: x.Kind, PartitionKey: x.PartitionKey,
				Items: x.Items, DistinctKeys: x.DistinctKeys, Warnings: []CostWarning{}})
		}
		m.Tables = append(m.Tables, ct)
	}
	for _, p := range rep.AccessPatterns {
		cp := CostPattern{Name: p.Name, Operation: p.Operation, Op: p.Op, Table: p.Table, Index: p.Index,
			KeyCondition: p.KeyCondition, Rate: partitionsFinite(p.Rate), Requests: p.Requests, Units: partitionsFinite(p.Units),
			Unit: "RCU", TableUnits: partitionsFinite(p.TableUnits), Indexes: []CostUnits{},
			WriteAmplification: partitionsFinite(p.WriteAmplification), UnitsText: p.UnitsText,
			OnDemand: partitionsFinite(p.OnDemand), Provisioned: partitionsFinite(p.Provisioned),
			OnDemandLines: []CostLine{}, ProvisionedLines: []CostLine{}, Error: p.Error, Warnings: []CostWarning{}}
		if p.Op == "write" {
			cp.Unit = "WCU"
		}
		names := make([]string, 0, len(p.IndexUnits))
		for k := range p.IndexUnits {
			names = append(names, k)
		}
		slices.Sort(names)
		for _, k := range names {
			cp.Indexes = append(cp.Indexes, CostUnits{Name: k, Units: partitionsFinite(p.IndexUnits[k])})
		}
		if p.Cost != nil {
			cp.OnDemandLines = costLines(p.Cost.OnDemand.Lines)
			cp.ProvisionedLines = costLines(p.Cost.Provisioned.Lines)
		}
		if p.Hot != nil {
			cp.Hot = p.Hot.Text
		}
		m.Patterns = append(m.Patterns, cp)
	}
	est := rep.Totals.Estimate
	m.Totals = CostTotals{
		OnDemand: partitionsFinite(rep.Totals.OnDemand), Provisioned: partitionsFinite(rep.Totals.Provisioned),
		StorageGB: partitionsFinite(rep.Totals.StorageGB), Storage: partitionsFinite(est.Storage.Dollars),
		Cheaper: rep.Totals.Cheaper, OnDemandLines: costLines(est.OnDemand.Lines),
		ProvisionedLines: costLines(est.Provisioned.Lines), StorageText: est.Storage.Text,
	}
	for _, w := range rep.Warnings {
		cw := CostWarning{Kind: w.Kind, Element: w.Element.String(), Target: costTarget(w.Element), Message: w.Message}
		m.Warnings = append(m.Warnings, cw)
		m.attach(w.Element, cw)
	}
	return m
}

// costLines copies an estimate's lines.
func costLines(ls []partition.Line) []CostLine {
	out := make([]CostLine, 0, len(ls))
	for _, l := range ls {
		out = append(out, CostLine{Label: l.Label, Dollars: partitionsFinite(l.Dollars), Text: l.Text})
	}
	return out
}

// costTarget is the stable key of a warning's element.
func costTarget(e analysis.Element) string {
	switch e.Kind {
	case analysis.ElementAccessPattern:
		return "pattern:" + e.AccessPattern
	case analysis.ElementIndex:
		return "index:" + e.Table + "." + e.Index
	case analysis.ElementAttribute:
		return "attribute:" + e.Table + "." + e.Attribute
	}
	return "table:" + e.Table
}

// attach puts a warning on the row of its element: an access pattern's
// row, an index of a table, or the table (for the table and its
// attributes).
func (m *CostModel) attach(e analysis.Element, w CostWarning) {
	switch e.Kind {
	case analysis.ElementAccessPattern:
		for i := range m.Patterns {
			if m.Patterns[i].Name == e.AccessPattern {
				m.Patterns[i].Warnings = append(m.Patterns[i].Warnings, w)
				return
			}
		}
		return
	}
	for i := range m.Tables {
		t := &m.Tables[i]
		if t.Name != e.Table {
			continue
		}
		if e.Kind == analysis.ElementIndex {
			for j := range t.Indexes {
				if t.Indexes[j].Name == e.Index {
					t.Indexes[j].Warnings = append(t.Indexes[j].Warnings, w)
					return
				}
			}
		}
		t.Warnings = append(t.Warnings, w)
		return
	}
}

// WarningsFor returns the warnings whose Target is target
// ("pattern:Cast a vote"), for a UI placing them next to an element.
func (m *CostModel) WarningsFor(target string) []CostWarning {
	var out []CostWarning
	if m == nil {
		return out
	}
	for _, w := range m.Warnings {
		if w.Target == target {
			out = append(out, w)
		}
	}
	return out
}
