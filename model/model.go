package model

import (
	"fmt"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Version is the format version this package writes. Parse reads every
// version up to it, migrating older documents (see migrate.go).
const Version = 1

// Model is the workbench document: the unit of work, of sharing and of
// export. Its JSON form is documented in docs/model-format.md. Document
// members are camelCase; a table and a request keep DynamoDB's own field
// names, so they paste to and from the AWS API unchanged.
type Model struct {
	// Version is the format version (Version when written by this package).
	Version     int    `json:"version"`
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Narrative explains a building block: what it solves, its trade-offs,
	// the rule of thumb it teaches.
	Narrative      *Narrative      `json:"narrative,omitempty"`
	Tables         []Table         `json:"tables"`
	Entities       []Entity        `json:"entities,omitempty"`
	AccessPatterns []AccessPattern `json:"accessPatterns,omitempty"`
	Workload       *Workload       `json:"workload,omitempty"`
	Settings       Settings        `json:"settings"`
	// Dataset is last so that a writer can stream the items after the rest
	// of the document.
	Dataset *Dataset `json:"dataset,omitempty"`
}

// Narrative is the prose of a building block.
type Narrative struct {
	Summary     string   `json:"summary,omitempty"`
	Solves      string   `json:"solves,omitempty"`
	TradeOffs   string   `json:"tradeOffs,omitempty"`
	RuleOfThumb string   `json:"ruleOfThumb,omitempty"`
	Sources     []string `json:"sources,omitempty"`
}

// Table is a table as CreateTable takes it (DynamoDB's field names, inline)
// plus its time-to-live setting, which DynamoDB sets with UpdateTimeToLive.
// Streams are the TableDefinition's StreamSpecification.
type Table struct {
	schema.TableDefinition
	TimeToLiveSpecification *TimeToLive `json:"TimeToLiveSpecification,omitempty"`
	// AutoScaling is the application auto scaling of a provisioned table's
	// capacity, as NoSQL Workbench models and CloudFormation global tables
	// describe it. The engine and the simulator run at the fixed
	// ProvisionedThroughput; the setting is kept so that an imported
	// design exports as it came.
	AutoScaling *AutoScaling `json:"AutoScaling,omitempty"`
}

// AutoScaling is a table's auto scaling of read and write capacity.
type AutoScaling struct {
	Read  *ScalingRange `json:"Read,omitempty"`
	Write *ScalingRange `json:"Write,omitempty"`
}

// ScalingRange is one capacity's auto scaling: its bounds and target
// utilization.
type ScalingRange struct {
	MinCapacity int64 `json:"MinCapacity"`
	MaxCapacity int64 `json:"MaxCapacity"`
	// TargetValue is the target utilization in percent (DynamoDB's auto
	// scaling takes 20 to 90); 0 when the source gave none.
	TargetValue float64 `json:"TargetValue,omitempty"`
}

// TimeToLive is a table's TTL setting, in the shape of UpdateTimeToLive's
// TimeToLiveSpecification (and CloudFormation's).
type TimeToLive struct {
	AttributeName string `json:"AttributeName"`
	Enabled       bool   `json:"Enabled"`
}

// Entity is one kind of item: which table it lives in, how its key
// attributes are built from parameters, and its other attributes.
type Entity struct {
	Name        string `json:"name"`
	Table       string `json:"table"`
	Description string `json:"description,omitempty"`
	// Keys maps a key attribute name to its template ("USER#{userId}"). It
	// must cover the table's primary key; it may add key attributes of the
	// table's indexes (an index key the entity leaves out keeps its items
	// out of that index: a sparse index).
	Keys map[string]string `json:"keys"`
	// KeyAliases are the entity's own names for key attributes ("PK" is
	// "customerId" for a Customer), shown by the views' facets; a NoSQL
	// Workbench facet's PartitionKeyAlias and SortKeyAlias import here
	// when they are names rather than templates. Without one, a view
	// names a key attribute by its template's parameters.
	KeyAliases map[string]string `json:"keyAliases,omitempty"`
	// Attributes describes the entity's other attributes (and, optionally,
	// the parameters of its key templates).
	Attributes []Attribute `json:"attributes,omitempty"`
}

// Attribute describes one attribute of an entity.
type Attribute struct {
	Name string `json:"name"`
	// Type is a DynamoDB type descriptor: S, N, B, BOOL, NULL, SS, NS, BS,
	// L or M.
	Type        string `json:"type"`
	Description string `json:"description,omitempty"`
	// Required says every item of the entity carries the attribute.
	Required bool `json:"required,omitempty"`
	// Generator says how sample values are made (see generate.go), for
	// models without a pattern generator.
	Generator string `json:"generator,omitempty"`
	// Frequency is the share of the entity's items that carry the
	// attribute (0 or absent: all of them; a sparse attribute has less).
	Frequency float64 `json:"frequency,omitempty"`
}

// AccessPattern is one of the application's requests: a DynamoDB request in
// the API's own JSON shape, whose strings may hold named parameters
// ("{userId}") that are substituted before it runs.
type AccessPattern struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Entity names the entity the request reads or writes, when there is one.
	Entity string `json:"entity,omitempty"`
	// Operation is the API operation: GetItem, PutItem, UpdateItem,
	// DeleteItem, Query, Scan, BatchGetItem, BatchWriteItem,
	// TransactGetItems, TransactWriteItems or DeleteTable.
	Operation  string      `json:"operation"`
	Parameters []Parameter `json:"parameters,omitempty"`
	// Request is the operation's input (engine.QueryInput, ...) as JSON.
	Request json.RawMessage `json:"request"`
	// FanOut repeats the request once per value of one parameter (a
	// scatter-gather read over write shards).
	FanOut *FanOut `json:"fanOut,omitempty"`
	// Rate is the expected requests per second.
	Rate float64 `json:"rate,omitempty"`
}

// Parameter is a named parameter of an access pattern.
type Parameter struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Example is a value that finds something in the model's dataset.
	Example string `json:"example"`
}

// FanOut makes one request per value of Parameter from From to To
// inclusive, zero-padded to Width digits ("01".."20" for Width 2).
type FanOut struct {
	Parameter string `json:"parameter"`
	From      int    `json:"from"`
	To        int    `json:"to"`
	Width     int    `json:"width,omitempty"`
}

// Values returns the fan-out's parameter values in order.
func (f *FanOut) Values() []string {
	if f == nil || f.To < f.From {
		return nil
	}
	out := make([]string, 0, f.To-f.From+1)
	for v := f.From; v <= f.To; v++ {
		out = append(out, fmt.Sprintf("%0*d", f.Width, v))
	}
	return out
}

// Dataset is the model's data: explicit items, or a generator spec.
type Dataset struct {
	// Generator says how the items are (or were) generated. When Items is
	// set it only records their provenance.
	Generator *GeneratorSpec `json:"generator,omitempty"`
	// Items holds explicit items per table name, as DynamoDB JSON, loaded
	// in order.
	Items map[string][]attr.Item `json:"items,omitempty"`
}

// GeneratorSpec names a deterministic generator and its inputs: the same
// spec always yields the same items in the same order.
type GeneratorSpec struct {
	// Pattern names the generator: a pattern of the catalogue, or
	// "entities" for the model's own attribute generators.
	Pattern string `json:"pattern"`
	Seed    int64  `json:"seed"`
	// Size is the number of items, over all tables.
	Size int `json:"size"`
	// Options are generator-specific choices (for example an upload order).
	Options map[string]string `json:"options,omitempty"`
}

// EntitiesGenerator is the GeneratorSpec.Pattern that generates items from
// the entities' attribute generators.
const EntitiesGenerator = "entities"

// OptionRoots is the entities generator's option for how the root
// entities take turns: RootsByReferences gives a root the others refer to
// as many items as keep each referred to about gen.RefsPerValue times (a
// clinic's patients, each with a few appointments); absent, every root
// makes one family a round, as before the option (a shared dataset keeps
// its items).
const (
	OptionRoots       = "roots"
	RootsByReferences = "by-references"
)

// Workload describes traffic for the partition simulator: which access
// patterns run, how often, and how their parameters' values are drawn. It
// is plain data; this package only validates it.
type Workload struct {
	// DurationSeconds is how long the simulation runs (0: the simulator's
	// default).
	DurationSeconds int               `json:"durationSeconds,omitempty"`
	Requests        []WorkloadRequest `json:"requests"`
}

// WorkloadRequest is one access pattern's share of the workload.
type WorkloadRequest struct {
	AccessPattern string `json:"accessPattern"`
	// Rate is requests per second.
	Rate float64 `json:"rate"`
	// Keys says how each varying parameter's values are drawn; parameters
	// not listed keep their example value.
	Keys []KeyDistribution `json:"keys,omitempty"`
}

// Key distribution kinds.
const (
	DistUniform    = "uniform"    // every value equally likely
	DistZipf       = "zipf"       // value k with weight 1/k^Skew
	DistHot        = "hot"        // HotFraction of requests on one value, the rest uniform
	DistSequential = "sequential" // values in order, wrapping around
)

// KeyDistribution draws the values of one parameter: Cardinality distinct
// values, each made by substituting its number n (0-based) into Format.
type KeyDistribution struct {
	Parameter   string `json:"parameter"`
	Kind        string `json:"kind"`
	Cardinality int64  `json:"cardinality"`
	// Format builds a value from {n}, e.g. "user{n}"; absent means "{n}".
	Format string `json:"format,omitempty"`
	// Width zero-pads n to that many digits ("ISSUE-{n}" width 5 gives
	// ISSUE-00860, the ids seq(5,ISSUE) generates); 0 for none.
	Width       int     `json:"width,omitempty"`
	Skew        float64 `json:"skew,omitempty"`
	HotFraction float64 `json:"hotFraction,omitempty"`
}

// Settings are the simulation settings the model was designed with.
type Settings struct {
	// StartTime is where the virtual clock starts (RFC 3339); generated
	// timestamps and TTL values are relative to it. Absent: the current
	// time when the model is opened.
	StartTime string `json:"startTime,omitempty"`
	// ClockSpeed is virtual seconds per real second (absent: 1).
	ClockSpeed float64 `json:"clockSpeed,omitempty"`
	// TTLDeletionDelay is how long an expired item waits for the TTL
	// process (DynamoDB: typically within 48 hours). Absent:
	// DefaultTTLDeletionDelay (TTLDelay).
	TTLDeletionDelay Duration `json:"ttlDeletionDelay,omitempty"`
	// GSIPropagationDelay is how long a global secondary index lags its
	// table.
	GSIPropagationDelay Duration `json:"gsiPropagationDelay,omitempty"`
}

// DefaultTTLDeletionDelay is the TTL deletion delay of a design that sets
// none: 48 hours, the bound DynamoDB's API reference gives ("typically
// within two days"). An expired item stays readable that long after the
// sweeper could first see it; the clock's fastest speed (a day per four
// seconds) or two "+1 day" jumps get there. A design that wants its expired items gone sooner (a
// tiny table's sweep is observed within minutes) sets its own.
const DefaultTTLDeletionDelay = 48 * time.Hour

// TTLDelay is the TTL deletion delay the engine runs with.
func (s Settings) TTLDelay() time.Duration {
	if s.TTLDeletionDelay <= 0 {
		return DefaultTTLDeletionDelay
	}
	return time.Duration(s.TTLDeletionDelay)
}

// Start returns StartTime parsed, or the zero time when it is absent or
// invalid (Validate reports the latter).
func (s Settings) Start() time.Time {
	t, err := time.Parse(time.RFC3339, s.StartTime)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Duration is a time.Duration written in Go's duration syntax ("48h",
// "1m30s").
type Duration time.Duration

// MarshalJSON writes the duration as a string.
func (d Duration) MarshalJSON() ([]byte, error) {
	return []byte(`"` + time.Duration(d).String() + `"`), nil
}

// UnmarshalJSON reads a duration string.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("a duration is a string such as \"48h\" or \"90s\"")
	}
	v, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return fmt.Errorf("invalid duration %q", s)
	}
	*d = Duration(v)
	return nil
}

// Table returns the model's table named name, or nil.
func (m *Model) Table(name string) *Table {
	for i := range m.Tables {
		if m.Tables[i].TableName == name {
			return &m.Tables[i]
		}
	}
	return nil
}

// Entity returns the model's entity named name, or nil.
func (m *Model) Entity(name string) *Entity {
	for i := range m.Entities {
		if m.Entities[i].Name == name {
			return &m.Entities[i]
		}
	}
	return nil
}

// AccessPattern returns the model's access pattern named name, or nil.
func (m *Model) AccessPattern(name string) *AccessPattern {
	for i := range m.AccessPatterns {
		if m.AccessPatterns[i].Name == name {
			return &m.AccessPatterns[i]
		}
	}
	return nil
}

// Examples returns the access pattern's parameters with their example
// values.
func (ap *AccessPattern) Examples() Params {
	p := make(Params, len(ap.Parameters))
	for _, par := range ap.Parameters {
		p[par.Name] = par.Example
	}
	return p
}
