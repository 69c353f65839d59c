package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
)

// A pattern whose example cannot run still has a rate, and a price of $0
// would hide it from the totals (issue 25: a 4,000/s create priced at
// $0.00 left $6,570 a month out). Such a pattern is priced from the shape
// of its request and the sizes of its entity's items in the loaded data,
// and says so.

// entityStats is what the loaded data says of one entity: its items, their
// bytes, and per key space ("" for the table, else the index name) its
// entries and the distinct partition-key values they sit under.
type entityStats struct {
	items int
	bytes int64
	// entries and partitions are per key space.
	entries    map[string]int
	partitions map[string]int
	// subset counts, per sparse marker attribute (a when() generator), the
	// items whose values put them in its subset, by brute force.
	subset map[string]int
}

func (s *entityStats) meanBytes() float64 {
	if s == nil || s.items == 0 {
		return 1024 // nothing loaded: one write unit, a quarter of a read unit
	}
	return float64(s.bytes) / float64(s.items)
}

// collectEntityStats recognises every loaded item by its table key and
// counts, per entity, its items, bytes and index entries. It calls step
// every statsStepEvery entries (a million items take a quarter of a second
// under wasm: the page's job slices it there) and stops with its error.
func collectEntityStats(db *engine.Database, m *model.Model, step func() error) (map[string]*entityStats, error) {
	out := map[string]*entityStats{}
	rec, err := m.NewRecognizer()
	if err != nil {
		return out, nil
	}
	var stopped error
	n := 0
	snap := db.Snapshot()
	for _, t := range m.Tables {
		ts := snap.Table(t.TableName)
		if ts == nil {
			continue
		}
		spaces := []string{""}
		for _, g := range t.GlobalSecondaryIndexes {
			spaces = append(spaces, g.IndexName)
		}
		for _, l := range t.LocalSecondaryIndexes {
			spaces = append(spaces, l.IndexName)
		}
		for _, space := range spaces {
			pkName := t.HashKey()
			if g := t.GSI(space); g != nil {
				pkName = g.HashKey()
			}
			seen := map[string]map[string]bool{}
			ts.Entries(space, func(e engine.StoredEntry) bool {
				if n++; n%statsStepEvery == 0 {
					if stopped = step(); stopped != nil {
						return false
					}
				}
				it := e.Item()
				ent, _ := rec.EntityOf(t.TableName, it)
				name := ""
				if ent != nil {
					name = ent.Name
				}
				s := out[name]
				if s == nil {
					s = &entityStats{entries: map[string]int{}, partitions: map[string]int{}}
					out[name] = s
				}
				if space == "" {
					s.items++
					s.bytes += int64(e.Size())
					if ent != nil {
						countSubsets(s, ent, it)
					}
				}
				s.entries[space]++
				if seen[name] == nil {
					seen[name] = map[string]bool{}
				}
				if v, ok := it[pkName]; ok {
					k := keyText(v)
					if !seen[name][k] {
						seen[name][k] = true
						s.partitions[space]++
					}
				}
				return true
			})
			if stopped != nil {
				return nil, stopped
			}
		}
	}
	return out, nil
}

// statsStepEvery is how many entries collectEntityStats reads between two
// steps.
const statsStepEvery = 64

// estimate prices pr from its request's shape when its example failed:
// one call's units from the entity's mean item size (a read rounds the
// items it reads to 4 KB, eventually consistent unless the request asks
// otherwise; a write rounds the item to 1 KB, plus one index write for each
// GSI holding the entity, in the share of the entity's items it holds).
func estimate(pr *PatternReport, m *model.Model, ap *model.AccessPattern, stats map[string]*entityStats) {
	var req struct {
		Limit          *int `json:"Limit"`
		ConsistentRead bool `json:"ConsistentRead"`
	}
	_ = json.Unmarshal(ap.Request, &req)
	s := stats[ap.Entity]
	size := s.meanBytes()
	pr.Requests = 1
	if ap.FanOut != nil {
		pr.Requests = max(1, len(ap.FanOut.Values()))
	}
	n := float64(pr.Requests)
	factor := 0.5
	consistency := "eventually consistent"
	if req.ConsistentRead && pr.Index == "" {
		factor, consistency = 1, "strongly consistent"
	}
	var how string
	if pr.Op == "read" {
		items := 1.0
		switch ap.Operation {
		case "Query":
			// The mean collection of the entity in the key space read.
			if s != nil && s.partitions[pr.Index] > 0 {
				items = float64(s.entries[pr.Index]) / float64(s.partitions[pr.Index]) / n
			}
			if req.Limit != nil && *req.Limit > 0 {
				items = math.Min(items, float64(*req.Limit))
			}
			items = math.Max(items, 1)
		case "Scan":
			var all int64
			for _, x := range stats {
				all += x.bytes
			}
			size, items = float64(all), 1
		}
		per := math.Max(1, math.Ceil(items*size/4096)) * factor
		pr.Units = per * n
		pr.TableUnits = pr.Units
		if pr.Index != "" {
			pr.TableUnits = 0
			pr.IndexUnits = map[string]float64{pr.Index: pr.Units}
		}
		how = fmt.Sprintf("%s item(s) of %s B (the %s's mean on the loaded data), rounded up to 4 KB, × %s (%s)",
			num(items), num(math.Round(size)), entityWord(ap.Entity), num(factor), consistency)
	} else {
		per := math.Max(1, math.Ceil(size/1024))
		pr.TableUnits = per * n
		pr.Units = pr.TableUnits
		parts := []string{fmt.Sprintf("table %s", num(per))}
		pr.gsi = map[string]bool{}
		for _, t := range m.Tables {
			for _, g := range t.GlobalSecondaryIndexes {
				pr.gsi[g.IndexName] = true
				if s == nil || s.items == 0 || s.entries[g.IndexName] == 0 || t.TableName != pr.Table {
					continue
				}
				share := float64(s.entries[g.IndexName]) / float64(s.items)
				u := share * per * n
				if pr.IndexUnits == nil {
					pr.IndexUnits = map[string]float64{}
				}
				pr.IndexUnits[g.IndexName] = u
				pr.Units += u
				parts = append(parts, fmt.Sprintf("GSI %s %s (%s of the items)", g.IndexName, num(u), pct(share)))
			}
		}
		how = fmt.Sprintf("an item of %s B (the %s's mean on the loaded data), rounded up to 1 KB: %s",
			num(math.Round(size)), entityWord(ap.Entity), strings.Join(parts, " + "))
	}
	pr.measured, pr.Estimated = true, true
	unit := "RCU"
	if pr.Op == "write" {
		unit = "WCU"
	}
	pr.UnitsText = fmt.Sprintf("estimated, not measured (%s): %s = %s %s per call", pr.Error, how, num(pr.Units), unit)
}

func entityWord(name string) string {
	if name == "" {
		return "table"
	}
	return name
}

func pct(x float64) string { return num(math.Round(x*1000)/10) + "%" }
