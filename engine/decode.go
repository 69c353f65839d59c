package engine

import (
	"errors"
	"reflect"
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/json"
)

// DecodeRequest decodes a request body into in (a *PutItemInput,
// *QueryInput, ...) as the wire API does. DynamoDB judges the attribute
// values of Item, Key, ExclusiveStartKey and ExpressionAttributeValues
// after the request's shape (mixed parameters, expression parameters
// without an expression, a legacy filter's own errors) and before the
// table's existence, in an order dynalite's suite records from it; so when
// one of them is invalid, in is decoded again with those values held
// apart, and the operation reports the first bad one where DynamoDB
// does. Any other error (a body that is not DynamoDB JSON, an invalid
// value elsewhere) is returned as json.Unmarshal returned it.
//
// The second decode runs only for a body that failed: a sound request
// costs one json.Unmarshal, as before.
func DecodeRequest(body []byte, in any) error {
	err := json.Unmarshal(body, in)
	if err == nil {
		return nil
	}
	var ve *attr.ValidationError
	h, itemName := heldOf(in)
	if h == nil || !errors.As(err, &ve) {
		return err
	}
	return decodeHeld(body, in, h, itemName)
}

// heldErrs are the first invalid values DecodeRequest found in an input's
// attribute map and in its ExpressionAttributeValues; the operation words
// and reports them in DynamoDB's order.
type heldErrs struct {
	item, values *attr.ValidationError
}

// decodeHeld decodes body into in with its attribute map (itemName) and
// ExpressionAttributeValues judged apart: each one holding an
// invalid value has its error kept and is replaced, for the decode of the
// rest, by a stand-in that decodes (its valid names, the invalid values
// read as NULL; as many valid placeholders as there were keys), which the
// operation never reads: the held error fails the request first. Table
// driven rather than a shadow struct per input, which cost the page's
// WebAssembly some 20 KB.
func decodeHeld(body []byte, in any, h *heldErrs, itemName string) error {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(body, &members); err != nil {
		return err
	}
	var held heldErrs
	if raw, ok := members[itemName]; ok {
		it, verr, err := attr.UnmarshalItemHeld(raw)
		if err != nil {
			return err
		}
		if verr != nil {
			held.item = verr
			for name := range it {
				if attr.CheckName(name) != "" {
					delete(it, name)
				}
			}
			members[itemName] = attr.AppendItem(nil, it)
		}
	}
	if raw, ok := members["ExpressionAttributeValues"]; ok {
		vs, verr, err := attr.UnmarshalValuesHeld(raw)
		if err != nil {
			return err
		}
		if verr != nil {
			held.values = verr
			stand := make(attr.Values, len(vs))
			for i := range len(vs) {
				stand[":h"+strconv.Itoa(i)] = attr.Null{}
			}
			members["ExpressionAttributeValues"], _ = stand.MarshalJSON()
		}
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

// heldOf returns where an input keeps its held errors and the name of its
// attribute map, or nil for an input whose values are judged at decode. A
// type switch: methods on the six inputs cost the page's WebAssembly more.
func heldOf(in any) (*heldErrs, string) {
	switch v := in.(type) {
	case *PutItemInput:
		return &v.held, "Item"
	case *GetItemInput:
		return &v.held, "Key"
	case *UpdateItemInput:
		return &v.held, "Key"
	case *DeleteItemInput:
		return &v.held, "Key"
	case *QueryInput:
		return &v.held, "ExclusiveStartKey"
	case *ScanInput:
		return &v.held, "ExclusiveStartKey"
	}
	return nil, ""
}
