package engine

import (
	"errors"
	"reflect"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/json"
)

// DecodeRequest decodes a request body into in (a *PutItemInput,
// *QueryInput, ...) as the wire API does. DynamoDB judges the attribute
// values of Item, Key, ExclusiveStartKey and ExpressionAttributeValues,
// and those nested in a batch, a transaction, Expected and
// AttributeUpdates (heldSpec), after the request's shape (its constraints,
// mixed parameters, expression parameters without an expression, a legacy
// filter's own errors) and before the table's existence, in an order
// dynalite's suite records from it; so when one of them is invalid, in is
// decoded again with those values held apart, and the operation reports
// the first bad one where DynamoDB does. Any other error (a body that is
// not DynamoDB JSON, an invalid value elsewhere) is returned as
// json.Unmarshal returned it.
//
// The second decode runs only for a body that failed: a sound request
// costs one json.Unmarshal, as before.
func DecodeRequest(body []byte, in any) error {
	err := json.Unmarshal(body, in)
	if err == nil {
		return nil
	}
	var ve *attr.ValidationError
	h, itemName, specs := heldOf(in)
	if h == nil || !errors.As(err, &ve) {
		return err
	}
	return decodeHeld(body, in, h, itemName, specs)
}

// heldErrs are the first invalid values DecodeRequest found in an input's
// attribute map and in its ExpressionAttributeValues; the operation words
// and reports them in DynamoDB's order.
type heldErrs struct {
	item, values *attr.ValidationError

	// at holds the first invalid value of each nested attribute map or
	// value (a batch's items and keys, a transaction action's item, key and
	// ExpressionAttributeValues, an Expected or AttributeUpdates entry's
	// value), by its path in the request (heldPath).
	at map[string]*attr.ValidationError
}

// of returns the error held at the path of members parts (map keys and
// list indexes, as DecodeRequest walked them), or nil.
func (h *heldErrs) of(parts ...string) *attr.ValidationError {
	if h == nil || h.at == nil {
		return nil
	}
	return h.at[heldPath(parts)]
}

// heldPath joins a nested member's path; NUL cannot be in a table name
// and keeps attribute names apart.
func heldPath(parts []string) string { return strings.Join(parts, "\x00") }

// heldKind says what a nested held member holds.
type heldKind uint8

const (
	heldMap    heldKind = iota // an attribute map (an Item, a Key)
	heldOne                    // one attribute value
	heldValues                 // an ExpressionAttributeValues
)

// heldSpec names nested members whose values DynamoDB judges after the
// request's shape: the members on the way ("*" is every entry of a map or
// list) and what the last one holds.
type heldSpec struct {
	path []string
	kind heldKind
}

// The nested members of each input (heldOf), as dynalite's validations
// list them (validations/batchWriteItem.js, batchGetItem.js,
// transactWriteItems.js, putItem.js, updateItem.js).
var (
	expectedSpecs      = []heldSpec{{[]string{"Expected", "*", "Value"}, heldOne}, {[]string{"Expected", "*", "AttributeValueList", "*"}, heldOne}}
	updateSpecs        = append([]heldSpec{{[]string{"AttributeUpdates", "*", "Value"}, heldOne}}, expectedSpecs...)
	batchWriteSpecs    = []heldSpec{{[]string{"RequestItems", "*", "*", "PutRequest", "Item"}, heldMap}, {[]string{"RequestItems", "*", "*", "DeleteRequest", "Key"}, heldMap}}
	batchGetSpecs      = []heldSpec{{[]string{"RequestItems", "*", "Keys", "*"}, heldMap}}
	transactGetSpecs   = []heldSpec{{[]string{"TransactItems", "*", "Get", "Key"}, heldMap}}
	transactWriteSpecs = []heldSpec{
		{[]string{"TransactItems", "*", "Put", "Item"}, heldMap}, {[]string{"TransactItems", "*", "Put", "ExpressionAttributeValues"}, heldValues},
		{[]string{"TransactItems", "*", "Update", "Key"}, heldMap}, {[]string{"TransactItems", "*", "Update", "ExpressionAttributeValues"}, heldValues},
		{[]string{"TransactItems", "*", "Delete", "Key"}, heldMap}, {[]string{"TransactItems", "*", "Delete", "ExpressionAttributeValues"}, heldValues},
		{[]string{"TransactItems", "*", "ConditionCheck", "Key"}, heldMap}, {[]string{"TransactItems", "*", "ConditionCheck", "ExpressionAttributeValues"}, heldValues},
	}
)

// decodeHeld decodes body into in with its attribute map (itemName), its
// ExpressionAttributeValues and its nested members (specs) judged apart:
// each one holding an invalid value has its error kept and is replaced,
// for the decode of the rest, by a stand-in that decodes (its valid names,
// the invalid values read as NULL; as many valid placeholders as there
// were keys), which the operation never reads: the held error fails the
// request first. Table driven rather than a shadow struct per input, which
// cost the page's WebAssembly some 20 KB.
func decodeHeld(body []byte, in any, h *heldErrs, itemName string, specs []heldSpec) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil {
		return err
	}
	var held heldErrs
	top := []heldSpec{{[]string{"ExpressionAttributeValues"}, heldValues}}
	if itemName != "" {
		top = append(top, heldSpec{[]string{itemName}, heldMap})
	}
	for _, sp := range append(top, specs...) {
		if raw, ok := members[sp.path[0]]; ok {
			out, err := holdNested(raw, sp.path[1:], sp.kind, sp.path[:1], &held)
			if err != nil {
				return err
			}
			members[sp.path[0]] = out
		}
	}
	// The top-level members' errors have their own fields.
	held.values = held.of("ExpressionAttributeValues")
	if itemName != "" {
		held.item = held.of(itemName)
	}
	rest, err := json.Marshal(members)
	if err != nil {
		return err
	}
	reflect.ValueOf(in).Elem().SetZero()
	if err := json.Unmarshal(rest, in); err != nil {
		return err
	}
	*h = held
	return nil
}

// holdNested walks raw along path (the members below at), holding the
// invalid values of the attribute maps or values it ends on: each one's
// error is kept in held.at under its path and the member replaced by a
// stand-in that decodes. A member that is not of the shape the path
// expects is left as it is: the decode of the whole words its error.
func holdNested(raw json.RawMessage, path []string, kind heldKind, at []string, held *heldErrs) (json.RawMessage, error) {
	if len(path) == 0 {
		return holdLeaf(raw, kind, at, held)
	}
	at = at[:len(at):len(at)] // each branch appends its own
	if path[0] == "*" && firstByte(raw) == '[' {
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) != nil {
			return raw, nil
		}
		for i, el := range list {
			out, err := holdNested(el, path[1:], kind, append(at, strconv.Itoa(i)), held)
			if err != nil {
				return nil, err
			}
			list[i] = out
		}
		return json.Marshal(list)
	}
	var m map[string]json.RawMessage
	if firstByte(raw) != '{' || json.Unmarshal(raw, &m) != nil {
		return raw, nil
	}
	for k, el := range m {
		if path[0] != "*" && k != path[0] {
			continue
		}
		out, err := holdNested(el, path[1:], kind, append(at, k), held)
		if err != nil {
			return nil, err
		}
		m[k] = out
	}
	return json.Marshal(m)
}

// holdLeaf holds one nested attribute map, value or
// ExpressionAttributeValues (see holdNested).
func holdLeaf(raw json.RawMessage, kind heldKind, at []string, held *heldErrs) (json.RawMessage, error) {
	if firstByte(raw) == 'n' {
		return raw, nil // null: an absent member, nothing to hold
	}
	in := raw
	if kind == heldOne {
		// One value is held as the only entry of a map.
		in = append(append([]byte(`{"v":`), raw...), '}')
	}
	var it attr.Item
	var verr *attr.ValidationError
	var err error
	if kind == heldValues {
		var vs attr.Values
		vs, verr, err = attr.UnmarshalValuesHeld(in)
		it = attr.Item(vs)
	} else {
		it, verr, err = attr.UnmarshalItemHeld(in)
	}
	if err != nil || verr == nil {
		return raw, err
	}
	if held.at == nil {
		held.at = map[string]*attr.ValidationError{}
	}
	held.at[heldPath(at)] = verr
	// The stand-in: the item's valid names (its invalid values read as
	// NULL), as many valid placeholders as the values had keys, NULL for
	// one value.
	switch kind {
	case heldOne:
		return []byte(`{"NULL":true}`), nil
	case heldValues:
		stand := make(attr.Item, len(it))
		for i := range len(it) {
			stand[":h"+strconv.Itoa(i)] = attr.Null{}
		}
		it = stand
	default:
		for name := range it {
			if attr.CheckName(name) != "" {
				delete(it, name)
			}
		}
	}
	return attr.AppendItem(nil, it), nil
}

// firstByte is the first byte of a JSON value past white space, or 0.
func firstByte(raw []byte) byte {
	for _, c := range raw {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c
	}
	return 0
}

// heldValue words a held value error for the operation that reports it:
// PutItem and UpdateItem give an empty or duplicated set and a NULL that
// is not true today's "1 validation error detected: " head (the split
// engine/wire made at decode before, and Enveloped's source); their number
// and attribute-name errors, and every other operation's, stay bare. The
// result is final: Enveloped leaves it.
func heldValue(ve *attr.ValidationError, envelope bool) *Error {
	if ve == nil {
		return nil
	}
	e := &Error{Code: CodeValidation, Message: ve.Message}
	if envelope && attr.IsSetOrNullMessage(ve.Message) {
		e = Enveloped(e)
	}
	e.final = true
	return e
}

// startKeyValue words an ExclusiveStartKey's held value error as dynalite's
// suite records DynamoDB (test/query.js and scan.js, "unsupported
// datatype", "invalid values", "... without provided message",
// "empty/invalid numbers", "multiple datatypes in ExclusiveStartKey"): an
// empty value or one of several types, a NULL that is not true and an
// empty string or binary set are prefixed "The provided starting key is
// invalid: "; an empty number set, a duplicated set and a bad number are
// not. Other errors (attribute names, nesting) are left bare: inferred.
func startKeyValue(ve *attr.ValidationError) *Error {
	if ve == nil {
		return nil
	}
	msg := ve.Message
	switch msg {
	case attr.MsgEmptyValue, attr.MsgMultipleTypes, attr.MsgNullNotTrue, attr.MsgEmptyStringSet, attr.MsgEmptyBinarySet:
		msg = "The provided starting key is invalid: " + msg
	}
	return &Error{Code: CodeValidation, Message: msg, final: true}
}

// heldOf returns where an input keeps its held errors, the name of its
// attribute map and its nested members with values (heldSpec), or nil for
// an input whose values are judged at decode. A type switch: methods on
// the inputs cost the page's WebAssembly more.
func heldOf(in any) (*heldErrs, string, []heldSpec) {
	switch v := in.(type) {
	case *PutItemInput:
		return &v.held, "Item", expectedSpecs
	case *GetItemInput:
		return &v.held, "Key", nil
	case *UpdateItemInput:
		return &v.held, "Key", updateSpecs
	case *DeleteItemInput:
		return &v.held, "Key", expectedSpecs
	case *QueryInput:
		return &v.held, "ExclusiveStartKey", nil
	case *ScanInput:
		return &v.held, "ExclusiveStartKey", nil
	case *BatchWriteItemInput:
		return &v.held, "", batchWriteSpecs
	case *BatchGetItemInput:
		return &v.held, "", batchGetSpecs
	case *TransactWriteItemsInput:
		return &v.held, "", transactWriteSpecs
	case *TransactGetItemsInput:
		return &v.held, "", transactGetSpecs
	}
	return nil, "", nil
}
