package analysis

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Findings of the design review beside the incomplete index (review.go).
const (
	// WarnUnboundedRead: a Query without a Limit reads a whole item
	// collection that holds, projected to the full dataset, at least
	// GrowingCollectionItems items: every call reads (and pays for) all
	// of it, and more as the collection grows.
	WarnUnboundedRead = "unbounded-read"
	// WarnWideProjection: a secondary index projects attributes that none
	// of the access patterns reading it asks for; their bytes are stored
	// and written twice for nothing.
	WarnWideProjection = "wide-projection"
)

// GrowingCollectionItems is the projected items per item collection from
// which a read of the whole collection draws WarnUnboundedRead, and
// PageLimit the Limit its fix sets (a page the application shows).
const (
	GrowingCollectionItems = 100
	PageLimit              = 25
)

// Fix is a design edit a finding proposes: what it changes, and the model
// with the change applied.
type Fix struct {
	Text  string       `json:"text"`
	Model *model.Model `json:"model"`
}

// copyModel returns a deep copy of m, through its JSON document.
func copyModel(m *model.Model) *model.Model {
	b, err := json.Marshal(m)
	if err != nil {
		return nil
	}
	var c model.Model
	if json.Unmarshal(b, &c) != nil {
		return nil
	}
	return &c
}

// fix returns a Fix applying edit to a copy of m, or nil when the edited
// model does not validate (the finding then only says what to change).
func fix(m *model.Model, text string, edit func(*model.Model) bool) *Fix {
	c := copyModel(m)
	if c == nil || !edit(c) || c.Validate() != nil {
		return nil
	}
	return &Fix{Text: text, Model: c}
}

// lastWarning returns the warning just added to pr.
func (pr *PatternReport) lastWarning() *Warning { return &pr.Warnings[len(pr.Warnings)-1] }

// reviewUnbounded warns about Queries that read a whole, large item
// collection without a Limit, and proposes the Limit.
func reviewUnbounded(rep *Report, m *model.Model, stats map[string]*entityStats) {
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		pr := &rep.AccessPatterns[i]
		if ap.Operation != "Query" || pr.Scan || !pr.measured {
			continue
		}
		req, err := rawMap(ap.Request)
		if err != nil {
			continue
		}
		if _, ok := req["Limit"]; ok {
			continue
		}
		per := float64(pr.ItemsRead)
		if s := stats[ap.Entity]; s != nil && s.partitions[pr.Index] > 0 {
			per = max(per, float64(s.entries[pr.Index])/float64(s.partitions[pr.Index]))
		}
		projected := per * rep.Dataset.Scale
		if projected < GrowingCollectionItems {
			continue
		}
		msg := fmt.Sprintf("reads a whole item collection without a Limit: %s items per collection on the loaded data, × %s scale = %s items per call at the full dataset, each read paid for (%s RCU per call as loaded)",
			num(per), num(rep.Dataset.Scale), num(math.Round(projected)), num(pr.Units))
		for _, w := range m.AccessPatterns {
			if w.Entity == ap.Entity && ap.Entity != "" && (w.Operation == "PutItem" || w.Operation == "BatchWriteItem") && w.Rate > 0 {
				msg += fmt.Sprintf("; %q adds %s %s items a second, so it grows", w.Name, num(w.Rate), ap.Entity)
				break
			}
		}
		msg += fmt.Sprintf("; set Limit (a page, e.g. %d) and read further pages with ExclusiveStartKey only when asked", PageLimit)
		pr.warn(WarnUnboundedRead, msg)
		name := ap.Name
		pr.lastWarning().Fix = fix(m, fmt.Sprintf("set Limit %d in the request of %q", PageLimit, name), func(c *model.Model) bool {
			cp := c.AccessPattern(name)
			r, err := rawMap(cp.Request)
			if err != nil {
				return false
			}
			r["Limit"] = json.RawMessage(fmt.Sprint(PageLimit))
			cp.Request, err = json.Marshal(r)
			return err == nil
		})
	}
}

// projected returns the top-level attribute names a request's
// ProjectionExpression reads, and false when it reads every attribute.
func projected(request json.RawMessage) ([]string, bool) {
	var req struct {
		ProjectionExpression     string            `json:"ProjectionExpression"`
		ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames"`
		Select                   string            `json:"Select"`
	}
	if json.Unmarshal(request, &req) != nil {
		return nil, false
	}
	if req.Select == "COUNT" {
		return []string{}, true
	}
	if strings.TrimSpace(req.ProjectionExpression) == "" {
		return nil, false
	}
	var out []string
	for _, path := range strings.Split(req.ProjectionExpression, ",") {
		name := strings.TrimSpace(path)
		if i := strings.IndexAny(name, ".["); i >= 0 {
			name = name[:i]
		}
		if real, ok := req.ExpressionAttributeNames[name]; ok {
			name = real
		}
		if name != "" && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out, true
}

// reviewProjections warns about an index that projects attributes no
// pattern reading it asks for (every reader names its attributes in a
// ProjectionExpression), with what the difference costs in storage and
// in index writes, and proposes the narrower projection.
func reviewProjections(rep *Report, m *model.Model, db *engine.Database, prices partition.Prices) {
	snap := db.Snapshot()
	for ti := range m.Tables {
		t := &m.Tables[ti]
		ts := snap.Table(t.TableName)
		if ts == nil {
			continue
		}
		for _, g := range t.GlobalSecondaryIndexes {
			reviewProjection(rep, m, ts, t, g.IndexName, g.KeyAttributes(), g.Projection, prices)
		}
		for _, l := range t.LocalSecondaryIndexes {
			reviewProjection(rep, m, ts, t, l.IndexName, []string{l.HashKey(), l.RangeKey()}, l.Projection, prices)
		}
	}
}

// reviewProjection is reviewProjections for index ix of table t.
func reviewProjection(rep *Report, m *model.Model, ts *engine.TableSnapshot, t *model.Table, ix string, keys []string, proj schema.Projection, prices partition.Prices) {
	if proj.ProjectionType == schema.ProjectKeysOnly {
		return
	}
	tableKeys := t.KeyAttributes()
	need := append(slices.Clone(tableKeys), keys...)
	var readers []string
	for i, ap := range m.AccessPatterns {
		if pr := &rep.AccessPatterns[i]; pr.Table != t.TableName || pr.Index != ix || pr.Op != "read" {
			continue
		}
		names, ok := projected(ap.Request)
		if !ok {
			return // a reader of every attribute
		}
		readers = append(readers, ap.Name)
		for _, n := range names {
			if !slices.Contains(need, n) {
				need = append(need, n)
			}
		}
	}
	if len(readers) == 0 {
		return
	}
	var full, narrow, fullUnits, narrowUnits int64
	unread := map[string]bool{}
	ts.Entries(ix, func(e engine.StoredEntry) bool {
		var sz, nsz int64
		for k, v := range e.Item() {
			s := int64(attr.AttributeSize(k, v))
			sz += s
			if slices.Contains(need, k) {
				nsz += s
			} else {
				unread[k] = true
			}
		}
		full, narrow = full+sz, narrow+nsz
		fullUnits, narrowUnits = fullUnits+(sz+1023)/1024, narrowUnits+(nsz+1023)/1024
		return true
	})
	if len(unread) == 0 {
		return
	}
	gb := float64(full-narrow) * rep.Dataset.Scale / partition.GB
	// Index writes: each write pattern's measured units on the index, in
	// the ratio of the narrow entries' units to today's.
	ratio := float64(narrowUnits) / float64(fullUnits)
	var writes float64
	for _, pr := range rep.AccessPatterns {
		if pr.Op == "write" && pr.Rate > 0 {
			writes += pr.IndexUnits[ix] * (1 - ratio) * pr.Rate * prices.HoursPerMonth * 3600 * prices.WriteRequestPerMillion / 1e6
		}
	}
	want := schema.Projection{ProjectionType: schema.ProjectKeysOnly}
	for _, n := range need {
		if !slices.Contains(tableKeys, n) && !slices.Contains(keys, n) {
			want = schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: append(want.NonKeyAttributes, n)}
		}
	}
	to := projectionText(want)
	w := Warning{Kind: WarnWideProjection, Element: Element{Kind: ElementIndex, Table: t.TableName, Index: ix},
		Message: "projects " + projectionText(proj) + ", but its readers (" + strings.Join(readers, ", ") + ") ask only for " + strings.Join(need, ", ") +
			": " + num(float64(full-narrow)) + " of the " + num(float64(full)) + " index bytes on the loaded data are " + strings.Join(sortedKeys(unread), ", ") +
			", never read; at the full dataset that is " + num(gb) + " GB stored ($" + num(gb*prices.StorageGBMonth) + " a month) and index writes of " +
			num(math.Round(100*(1/ratio-1))) + "% more units than needed ($" + num(writes) + " a month on demand); project " + to}
	table := t.TableName
	w.Fix = fix(m, "project "+to+" in index "+ix, func(c *model.Model) bool {
		ct := c.Table(table)
		if g := ct.GSI(ix); g != nil {
			g.Projection = want
		} else if l := ct.LSI(ix); l != nil {
			l.Projection = want
		}
		return true
	})
	for i := range rep.Tables {
		if rep.Tables[i].Name == table {
			rep.Tables[i].Warnings = append(rep.Tables[i].Warnings, w)
		}
	}
}

// projectionText says a projection as its type and attributes.
func projectionText(p schema.Projection) string {
	switch p.ProjectionType {
	case schema.ProjectInclude:
		return "INCLUDE " + strings.Join(p.NonKeyAttributes, ", ")
	case "", schema.ProjectAll:
		return "ALL"
	}
	return string(p.ProjectionType)
}
