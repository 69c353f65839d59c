package app

import (
	"errors"
	"fmt"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// The query form builds a request body from a few fields and writes it into
// the editor; the editor's text is what runs. This file is plain Go (no
// go-app) so that the bodies it writes, which are the product's contract
// with the AWS CLI's --cli-input-json, are tested exactly.

// formOperations are the operations the form builds, in the order the
// operation select lists them.
var formOperations = []string{
	"GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem",
	"BatchGetItem", "BatchWriteItem", "TransactGetItems", "TransactWriteItems",
}

// Sort-key operators of a Query's key condition.
const (
	opBetween    = "BETWEEN"
	opBeginsWith = "begins_with"
)

var sortKeyOperators = []string{"=", "<", "<=", ">", ">=", opBetween, opBeginsWith}

// selectValues are Query's and Scan's Select choices ("" leaves it out).
var selectValues = []string{"", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"}

// returnValuesChoices are PutItem's, UpdateItem's and DeleteItem's
// ReturnValues choices ("" leaves it out; PutItem and DeleteItem accept
// only NONE and ALL_OLD, and the engine says so).
var returnValuesChoices = []string{"", "NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}

// capacityChoices are the ReturnConsumedCapacity choices. INDEXES is the
// form's default: the result shows the cost per table and index.
var capacityChoices = []string{"INDEXES", "TOTAL", "NONE"}

// formKey is one key attribute of the table or index the form addresses.
type formKey struct {
	Name  string
	Type  string // S, N or B, from AttributeDefinitions
	Range bool   // a sort key (RANGE), else a partition key (HASH)
}

// formIndex is a secondary index with its key attributes.
type formIndex struct {
	Name string
	Keys []formKey
}

// formTable is what the form knows of a table: its keys, its indexes and
// the declared type of every attribute it can find one for.
type formTable struct {
	Name    string
	Keys    []formKey
	Indexes []formIndex
	// Types holds S, N or B by attribute name: the key attributes'
	// definitions, then the entities' scalar attributes.
	Types map[string]string
}

// formTableOf describes model table name for the form, or returns nil.
func formTableOf(m *model.Model, name string) *formTable {
	if m == nil {
		return nil
	}
	t := m.Table(name)
	if t == nil {
		return nil
	}
	ft := &formTable{Name: name, Types: map[string]string{}}
	for _, d := range t.AttributeDefinitions {
		ft.Types[d.AttributeName] = string(d.AttributeType)
	}
	for _, e := range m.Entities {
		if e.Table != name {
			continue
		}
		for _, a := range e.Attributes {
			if _, known := ft.Types[a.Name]; !known && (a.Type == "S" || a.Type == "N" || a.Type == "B") {
				ft.Types[a.Name] = a.Type
			}
		}
	}
	ft.Keys = formKeys(t.KeySchema, ft.Types)
	for _, g := range t.GlobalSecondaryIndexes {
		ft.Indexes = append(ft.Indexes, formIndex{Name: g.IndexName, Keys: formKeys(g.KeySchema, ft.Types)})
	}
	for _, l := range t.LocalSecondaryIndexes {
		ft.Indexes = append(ft.Indexes, formIndex{Name: l.IndexName, Keys: formKeys(l.KeySchema, ft.Types)})
	}
	return ft
}

// formKeys lists a key schema's attributes, partition keys first (an index
// may have several of each).
func formKeys(ks []schema.KeySchemaElement, types map[string]string) []formKey {
	var out []formKey
	for _, rng := range []bool{false, true} {
		for _, k := range ks {
			if (k.KeyType == schema.KeyTypeRange) == rng {
				out = append(out, formKey{Name: k.AttributeName, Type: types[k.AttributeName], Range: rng})
			}
		}
	}
	return out
}

// keysFor returns the key attributes of the index (or, for "", the table).
func (ft *formTable) keysFor(index string) []formKey {
	if index == "" {
		return ft.Keys
	}
	for _, ix := range ft.Indexes {
		if ix.Name == index {
			return ix.Keys
		}
	}
	return ft.Keys
}

// typeOf returns an attribute's declared type, or "".
func (ft *formTable) typeOf(name string) string { return ft.Types[name] }

// formFields says which of the form's fields an operation uses.
type formFields struct {
	Index, Keys, SortOp, Filter, Projection, Condition, Update, Item bool
	Limit, Forward, Consistent, Select, Segments, ReturnValues       bool
	// Starter marks the batch and transaction calls, whose form writes a
	// one-entry template to extend in the editor.
	Starter bool
}

// fieldsFor returns the fields the form shows for op.
func fieldsFor(op string) formFields {
	switch op {
	case "GetItem":
		return formFields{Keys: true, Projection: true, Consistent: true}
	case "Query":
		return formFields{Index: true, Keys: true, SortOp: true, Filter: true, Projection: true,
			Limit: true, Forward: true, Consistent: true, Select: true}
	case "Scan":
		return formFields{Index: true, Filter: true, Projection: true, Limit: true, Consistent: true,
			Select: true, Segments: true}
	case "PutItem":
		return formFields{Item: true, Condition: true, ReturnValues: true}
	case "UpdateItem":
		return formFields{Keys: true, Update: true, Condition: true, ReturnValues: true}
	case "DeleteItem":
		return formFields{Keys: true, Condition: true, ReturnValues: true}
	case "BatchGetItem":
		return formFields{Keys: true, Projection: true, Consistent: true, Starter: true}
	case "BatchWriteItem":
		return formFields{Keys: true, Item: true, Starter: true}
	case "TransactGetItems":
		return formFields{Keys: true, Projection: true, Starter: true}
	case "TransactWriteItems":
		return formFields{Keys: true, Item: true, Update: true, Condition: true, Starter: true}
	}
	return formFields{}
}

// queryForm holds the form's fields as the person typed them.
type queryForm struct {
	Operation string
	Table     string
	Index     string // Query and Scan only
	// Key holds the key values by attribute name: the table's key for
	// GetItem, UpdateItem, DeleteItem and the batch and transaction
	// templates; the index's (or table's) for a Query.
	Key map[string]string
	// SortOp is the Query's sort-key operator (default "="); SortTo is
	// BETWEEN's upper bound.
	SortOp string
	SortTo string

	Filter     string
	Projection string
	Condition  string
	Update     string
	// Item is PutItem's item (and the batch and transaction templates'),
	// as DynamoDB JSON.
	Item string

	Limit          string
	Descending     bool // ScanIndexForward false
	ConsistentRead bool
	Select         string
	Segment        string
	TotalSegments  string
	ReturnValues   string
	// Capacity is ReturnConsumedCapacity ("" means the default, see
	// capacity).
	Capacity string
}

// build returns the request body the form describes, indented for the
// editor. It fails only on what it cannot write as JSON (a Limit that is
// not a number, an item that is not a JSON object, an unterminated string
// in an expression); everything else is for the engine to judge, exactly
// as DynamoDB would.
func (f *queryForm) build(ft *formTable) (string, error) {
	if ft == nil {
		return "", errors.New("choose a table")
	}
	b := &bodyBuilder{f: f, ft: ft}
	var (
		body object
		err  error
	)
	switch f.Operation {
	case "GetItem":
		body, err = b.getItem()
	case "Query":
		body, err = b.query()
	case "Scan":
		body, err = b.scan()
	case "PutItem":
		body, err = b.putItem()
	case "UpdateItem":
		body, err = b.updateItem()
	case "DeleteItem":
		body, err = b.deleteItem()
	case "BatchGetItem":
		body, err = b.batchGetItem()
	case "BatchWriteItem":
		body, err = b.batchWriteItem()
	case "TransactGetItems":
		body, err = b.transactGetItems()
	case "TransactWriteItems":
		body, err = b.transactWriteItems()
	default:
		return "", fmt.Errorf("the form does not build %s requests; write it in the editor", f.Operation)
	}
	if err != nil {
		return "", err
	}
	return marshalPretty(body)
}
