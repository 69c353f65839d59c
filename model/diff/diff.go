package diff

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Step kinds. The online ones are changed in place; the others need a new
// table and a data copy.
const (
	KindAddGSI             = "add-gsi"
	KindDeleteGSI          = "delete-gsi"
	KindGSIThroughput      = "gsi-throughput"
	KindThroughput         = "throughput"
	KindBillingMode        = "billing-mode"
	KindTTL                = "ttl"
	KindStream             = "stream"
	KindTableClass         = "table-class"
	KindDeletionProtection = "deletion-protection"
	KindPITR               = "point-in-time-recovery"
	KindTags               = "tags"
	KindCreateTable        = "create-table"
	KindDeleteTable        = "delete-table"

	KindKeySchema = "key-schema"
	KindKeyType   = "key-type"
	KindLSI       = "lsi"
	KindTableName = "table-name"
)

// Step is one change of the migration.
type Step struct {
	Kind  string `json:"kind"`
	Table string `json:"table"`
	// Index names the index the step changes, where it applies.
	Index string `json:"index,omitempty"`
	// Online says the table keeps serving while the change is made in
	// place; false means a new table and a data copy.
	Online bool `json:"online"`
	// Replacement says a CloudFormation (or CDK) deploy of the change
	// replaces the table: the new one starts empty.
	Replacement bool `json:"replacement"`
	// Deploy is the stack update the step can go in (1, 2, ...):
	// CloudFormation adds or deletes one global secondary index per table
	// per update.
	Deploy   int       `json:"deploy"`
	Estimate *Estimate `json:"estimate"`
	Text     string    `json:"text"`
	// CloudFormation says what a stack update does with the change.
	CloudFormation string `json:"cloudFormation"`
	// Changes lists what a copy step folds in (every difference of the
	// table, since the new table is created with the new definition).
	Changes []string `json:"changes,omitempty"`
	// CopyPlan is the order of work of a copy.
	CopyPlan []string `json:"copyPlan,omitempty"`
	// Warning is set where a deploy would lose or strand data.
	Warning string `json:"warning,omitempty"`
}

// Estimate is a step's time and cost with the arithmetic behind them.
type Estimate struct {
	Seconds    float64  `json:"seconds"`
	Dollars    float64  `json:"dollars"`
	Arithmetic []string `json:"arithmetic"`
}

// BrokenPattern is an access pattern of the old version that fails against
// the new one.
type BrokenPattern struct {
	Name    string   `json:"name"`
	Reasons []string `json:"reasons"`
	// UpdatedInNew says the new version has a working pattern of the same
	// name: the application's code must change with the deploy.
	UpdatedInNew bool `json:"updatedInNew,omitempty"`
}

// EntityFit counts an entity's loaded items against its new key templates.
type EntityFit struct {
	Entity string `json:"entity"`
	Table  string `json:"table"`
	Items  int    `json:"items"`
	// Misfits are the items whose new key cannot be built from their
	// attributes; Reason says why (the first failure).
	Misfits int    `json:"misfits"`
	Reason  string `json:"reason,omitempty"`
}

// TableSize is the size a table's estimates use.
type TableSize struct {
	Table      string  `json:"table"`
	SizeGB     float64 `json:"sizeGB"`
	Items      int     `json:"items"`
	Bytes      int64   `json:"bytes"`
	Scale      float64 `json:"scale"`
	Arithmetic string  `json:"arithmetic"`
}

// Plan is the comparison of two versions.
type Plan struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Steps []Step `json:"steps"`
	// BrokenAccessPatterns is never nil, so that JSON shows [].
	BrokenAccessPatterns []BrokenPattern `json:"brokenAccessPatterns"`
	Entities             []EntityFit     `json:"entities,omitempty"`
	Sizes                []TableSize     `json:"sizes,omitempty"`
	// Deploys is how many stack updates the change takes.
	Deploys int `json:"deploys"`
	// Replacement says some deploy replaces a table.
	Replacement bool             `json:"replacement"`
	Total       Estimate         `json:"total"`
	Prices      partition.Prices `json:"prices"`
}

// Options are the comparison's inputs besides the two models.
type Options struct {
	// SizeGB is the size of the data in production, all tables together;
	// it is shared among the tables in proportion to their size in Data
	// (equally without data). 0: the size measured on Data.
	SizeGB float64
	// Data is the old version's loaded dataset, or nil. It is read once,
	// up to MaxItems items.
	Data model.Source
	// MaxItems bounds the items read from Data (0: DefaultMaxItems).
	MaxItems int
	// FullItems is how many items the whole dataset holds when Data is a
	// sample of it (a generator cut at MaxItems): without SizeGB, the
	// measured sizes are scaled by FullItems over the items read. 0: Data
	// is the whole dataset.
	FullItems int
	// Prices are the prices the estimates use (nil: partition.USEast1()).
	Prices *partition.Prices
}

// Bounds of Compare's inputs.
const (
	DefaultMaxItems = 50000
	// MaxSizeGB bounds Options.SizeGB: far beyond any table, small enough
	// that the arithmetic stays exact in a float64.
	MaxSizeGB = 1 << 30
)

// Compare plans the migration from design from to design to. Both must be
// valid designs (model.Validate); an access pattern's own problems do not
// refuse a model: they are the plan's broken access patterns.
func Compare(from, to *model.Model, o Options) (*Plan, error) {
	if from == nil || to == nil {
		return nil, errors.New("diff: two models are needed")
	}
	if !(o.SizeGB >= 0 && o.SizeGB <= MaxSizeGB) {
		return nil, fmt.Errorf("sizeGB %v: must be a number from 0 to %d", o.SizeGB, MaxSizeGB)
	}
	if errs, _ := from.ValidateApart(); errs != nil {
		return nil, fmt.Errorf("from: %w", errs)
	}
	if errs, _ := to.ValidateApart(); errs != nil {
		return nil, fmt.Errorf("to: %w", errs)
	}
	prices := partition.USEast1()
	if o.Prices != nil {
		if err := o.Prices.Validate(); err != nil {
			return nil, err
		}
		prices = *o.Prices
	}
	if o.FullItems < 0 {
		return nil, fmt.Errorf("fullItems %d: at least 0", o.FullItems)
	}
	if o.MaxItems <= 0 {
		o.MaxItems = DefaultMaxItems
	}
	c := &comparer{from: from, to: to, o: o, prices: prices,
		plan: &Plan{From: from.Name, To: to.Name, Prices: prices, BrokenAccessPatterns: []BrokenPattern{}}}
	if err := c.measure(); err != nil {
		return nil, err
	}
	c.tables()
	c.accessPatterns()
	c.finish()
	return c.plan, nil
}

type comparer struct {
	from, to *model.Model
	o        Options
	prices   partition.Prices
	plan     *Plan
	data     *measured
}

// tables pairs the tables by name and compares each pair. When exactly one
// table is dropped and one added, the pair is taken as a rename (a new
// table and a copy), the likelier intent; otherwise they are deleted and
// created.
func (c *comparer) tables() {
	var gone, added []*model.Table
	for i := range c.from.Tables {
		if c.to.Table(c.from.Tables[i].TableName) == nil {
			gone = append(gone, &c.from.Tables[i])
		}
	}
	for i := range c.to.Tables {
		t := &c.to.Tables[i]
		if old := c.from.Table(t.TableName); old != nil {
			c.table(old, t)
		} else {
			added = append(added, t)
		}
	}
	if len(gone) == 1 && len(added) == 1 {
		c.copyTable(gone[0], added[0], []string{fmt.Sprintf("TableName %s → %s", gone[0].TableName, added[0].TableName)}, KindTableName)
		return
	}
	for _, t := range added {
		c.add(Step{Kind: KindCreateTable, Table: t.TableName, Online: true, Estimate: zero("a new, empty table: no data moves"),
			Text:           fmt.Sprintf("Create table %s (CreateTable); it is empty until the application writes to it.", t.TableName),
			CloudFormation: "Creates the table."})
	}
	for _, t := range gone {
		c.add(Step{Kind: KindDeleteTable, Table: t.TableName, Online: true, Estimate: zero("deleting removes the data; nothing is copied"),
			Text:           fmt.Sprintf("Delete table %s (DeleteTable) and every item in it.", t.TableName),
			CloudFormation: "Removes the table from the stack: deleted with its data unless its DeletionPolicy is Retain (the workbench's exports set Retain, which keeps the table outside the stack).",
			Warning:        fmt.Sprintf("Table %s and its data are deleted.", t.TableName)})
	}
}

// table compares two versions of the same table.
func (c *comparer) table(a, b *model.Table) {
	if reasons, kind := replacementReasons(&a.TableDefinition, &b.TableDefinition); len(reasons) > 0 {
		c.copyTable(a, b, reasons, kind)
		return
	}
	c.online(a, b)
}

// replacementReasons lists the changes that need a new table, with the kind
// of the most basic one.
func replacementReasons(a, b *schema.TableDefinition) (reasons []string, kind string) {
	note := func(k, format string, args ...any) {
		if kind == "" {
			kind = k
		}
		reasons = append(reasons, fmt.Sprintf(format, args...))
	}
	if ka, kb := keyString(a.KeySchema), keyString(b.KeySchema); ka != kb {
		note(KindKeySchema, "KeySchema %s → %s", ka, kb)
	}
	for _, name := range b.KeyAttributes() {
		if slices.Contains(a.KeyAttributes(), name) && a.AttributeType(name) != b.AttributeType(name) {
			note(KindKeyType, "key attribute %s type %s → %s", name, a.AttributeType(name), b.AttributeType(name))
		}
	}
	for _, l := range b.LocalSecondaryIndexes {
		old := a.LSI(l.IndexName)
		switch {
		case old == nil:
			note(KindLSI, "local secondary index %s added", l.IndexName)
		case keyString(old.KeySchema) != keyString(l.KeySchema) || !sameProjection(old.Projection, l.Projection):
			note(KindLSI, "local secondary index %s changed", l.IndexName)
		default:
			for _, k := range l.KeyAttributes() {
				if a.AttributeType(k) != b.AttributeType(k) {
					note(KindLSI, "local secondary index %s key %s type %s → %s", l.IndexName, k, a.AttributeType(k), b.AttributeType(k))
				}
			}
		}
	}
	for _, l := range a.LocalSecondaryIndexes {
		if b.LSI(l.IndexName) == nil {
			note(KindLSI, "local secondary index %s removed", l.IndexName)
		}
	}
	return reasons, kind
}

// keyString prints a key schema as "PK HASH, SK RANGE".
func keyString(ks []schema.KeySchemaElement) string {
	parts := make([]string, len(ks))
	for i, k := range ks {
		parts[i] = k.AttributeName + " " + string(k.KeyType)
	}
	return strings.Join(parts, ", ")
}

func sameProjection(a, b schema.Projection) bool {
	ta, tb := a.ProjectionType, b.ProjectionType
	if ta == "" {
		ta = schema.ProjectKeysOnly
	}
	if tb == "" {
		tb = schema.ProjectKeysOnly
	}
	if ta != tb {
		return false
	}
	x, y := slices.Clone(a.NonKeyAttributes), slices.Clone(b.NonKeyAttributes)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

func (c *comparer) add(s Step) { c.plan.Steps = append(c.plan.Steps, s) }

// zero is the estimate of a change that moves no data.
func zero(why string) *Estimate {
	return &Estimate{Arithmetic: []string{why + ": 0 s, $0"}}
}

// finish numbers the deploys and totals the estimates.
func (c *comparer) finish() {
	p := c.plan
	deploys := map[string]int{}
	for i := range p.Steps {
		s := &p.Steps[i]
		if s.Kind == KindAddGSI || s.Kind == KindDeleteGSI {
			deploys[s.Table]++
			s.Deploy = deploys[s.Table]
		} else {
			s.Deploy = 1
		}
		p.Deploys = max(p.Deploys, s.Deploy)
		p.Replacement = p.Replacement || s.Replacement
		if s.Estimate != nil {
			p.Total.Seconds += s.Estimate.Seconds
			p.Total.Dollars += s.Estimate.Dollars
		}
	}
	if len(p.Steps) > 0 {
		p.Total.Arithmetic = []string{fmt.Sprintf("the steps one after another: %s, %s (steps on different tables can run at once)",
			Duration(p.Total.Seconds), Money(p.Total.Dollars))}
	}
}
