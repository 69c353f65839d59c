package advise

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// Input is a design in plain words: the entities and the access patterns
// that read and write them.
type Input struct {
	// Name is the model's name (default "My design").
	Name string `json:"name,omitempty"`
	// Table is the table's name (default: the name without spaces).
	Table string `json:"table,omitempty"`
	// TablePerEntity puts each entity in its own table (named after it)
	// instead of the single table DynamoDB designs start from.
	TablePerEntity bool      `json:"tablePerEntity,omitempty"`
	Entities       []Entity  `json:"entities"`
	Patterns       []Pattern `json:"patterns"`
}

// Entity is a kind of item.
type Entity struct {
	Name string `json:"name"`
	// ID is the attribute that identifies an item (default: the name in
	// lower camel case plus "Id": "orderId").
	ID string `json:"id,omitempty"`
	// Attributes are the entity's attributes; a missing type is S (N for
	// an expiry, an amount or a count: isTTLName, isNumberName) and a
	// missing generator is guessed from the name (gen.Guess).
	Attributes []model.Attribute `json:"attributes,omitempty"`
	// Parent names the entity this one belongs to (an Order belongs to a
	// Customer); each parent item has Min to Max of these (default 1 to
	// 10). The entity gets the parent's id attribute.
	Parent string `json:"parent,omitempty"`
	Min    int    `json:"min,omitempty"`
	Max    int    `json:"max,omitempty"`
}

// Actions a pattern can take.
const (
	Get    = "get"    // read one item
	List   = "list"   // read several (a Query, or a Scan without By)
	Create = "create" // write a new item
	Update = "update" // change attributes of an item
	Delete = "delete" // remove an item
)

// Pattern is an access pattern in plain words: who reads (or writes) what,
// by which key, how often.
type Pattern struct {
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	Entity      string `json:"entity"`
	// Action is get, list, create, update or delete (default: get when By
	// is the entity's id, else list).
	Action string `json:"action,omitempty"`
	// By are the attributes the pattern looks items up by, by equality,
	// the most general first ("customerId", or "country", "city").
	By []string `json:"by,omitempty"`
	// Range is the attribute a list reads a range of and sorts by
	// ("createdAt"), if any.
	Range string `json:"range,omitempty"`
	// Rare says the pattern reads a rare subset of the entity's items: the
	// ones that carry the Range (or first By) attribute; a sparse index
	// holds just them.
	Rare bool `json:"rare,omitempty"`
	// Where picks a subset by values ("status = OPEN"): a sparse index
	// keyed on a marker only the subset's items carry (openAssigneeId, a
	// copy of the first By attribute), so the read returns exactly the
	// subset without a filter; each write that changes membership gets a
	// branch that puts the item in (SET the marker) and one for the other
	// values (REMOVE it); each that changes the index's keys but not
	// membership (set assigneeId) a branch for an item in the subset
	// (rewrites the marker and keys) and one for the others.
	Where []Condition `json:"where,omitempty"`
	// With names child entities a get reads together with the item ("get
	// Organization by orgId with Projects"): they share its item
	// collection, so one Query returns the parent and its children.
	With []string `json:"with,omitempty"`
	// Newest reads a list newest first (descending on its sort key:
	// ScanIndexForward false); the default is oldest first.
	Newest bool `json:"newest,omitempty"`
	// Limit is the page size of a list (the request's Limit); 0 for none.
	Limit int `json:"limit,omitempty"`
	// Set are the attributes an update changes.
	Set []string `json:"set,omitempty"`
	// Rate is the expected requests per second.
	Rate float64 `json:"rate,omitempty"`
}

// Condition is one attribute fixed to a value: where status = OPEN.
type Condition struct {
	Attribute string `json:"attribute"`
	Value     string `json:"value"`
}

// Location says where a reason applies, in words: "table App, index GSI1",
// "entity Order", "access pattern Orders by status".
type Location struct {
	Table   string `json:"table,omitempty"`
	Index   string `json:"index,omitempty"`
	Entity  string `json:"entity,omitempty"`
	Pattern string `json:"pattern,omitempty"`
	// Attribute is a key or entity attribute, when the reason is about one.
	Attribute string `json:"attribute,omitempty"`
}

// String returns the location in words.
func (l Location) String() string {
	var parts []string
	add := func(what, name string) {
		if name != "" {
			parts = append(parts, what+" "+name)
		}
	}
	add("table", l.Table)
	add("index", l.Index)
	add("entity", l.Entity)
	add("access pattern", l.Pattern)
	add("attribute", l.Attribute)
	return strings.Join(parts, ", ")
}

// Reason explains one choice of the proposal.
type Reason struct {
	Where Location `json:"where"`
	Text  string   `json:"text"`
}

func (r Reason) String() string { return r.Where.String() + ": " + r.Text }

// Proposal is a starting design: a model (tables, entities with key
// templates and generators, access patterns with runnable requests and
// example parameters, a workload, an "entities" dataset) and the reasons
// for its choices.
type Proposal struct {
	Model   *model.Model `json:"model"`
	Reasons []Reason     `json:"reasons"`
}

// Propose designs a model for in. It fails on input it cannot read (an
// unknown entity, a pattern without an entity, ...), with a message naming
// the entity or pattern.
func Propose(in Input) (*Proposal, error) {
	d, err := newDesigner(in)
	if err != nil {
		return nil, err
	}
	return d.propose()
}

func errorf(where Location, format string, args ...any) error {
	return fmt.Errorf("%s: %s", where, fmt.Sprintf(format, args...))
}
