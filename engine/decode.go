package engine

import (
	"errors"

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
	h, ok := in.(heldDecoder)
	if !ok || !errors.As(err, &ve) {
		return err
	}
	return h.decodeHeld(body)
}

// heldDecoder is an input whose attribute values DecodeRequest can hold.
type heldDecoder interface {
	decodeHeld(body []byte) error
}

// heldItem decodes an Item, Key or ExclusiveStartKey member, keeping its
// first invalid value's error instead of failing.
type heldItem struct {
	item attr.Item
	err  *attr.ValidationError
}

func (h *heldItem) UnmarshalJSON(b []byte) error {
	it, verr, err := attr.UnmarshalItemHeld(b)
	h.item, h.err = it, verr
	return err
}

// heldValues is heldItem for ExpressionAttributeValues.
type heldValues struct {
	values attr.Values
	err    *attr.ValidationError
}

func (h *heldValues) UnmarshalJSON(b []byte) error {
	vs, verr, err := attr.UnmarshalValuesHeld(b)
	h.values, h.err = vs, verr
	return err
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

// The inputs' held decodes: each decodes the body into the input with its
// attribute-value members shadowed by held decoders (a member of the outer
// struct wins over the embedded input's of the same name, in both JSON
// codecs, which set an embedded pointer only to an exported type: hence
// Plain), then keeps what they held.

func (in *PutItemInput) decodeHeld(body []byte) error {
	type Plain PutItemInput
	*in = PutItemInput{}
	var s struct {
		*Plain
		Item                      heldItem   `json:"Item"`
		ExpressionAttributeValues heldValues `json:"ExpressionAttributeValues"`
	}
	s.Plain = (*Plain)(in)
	if err := json.Unmarshal(body, &s); err != nil {
		return err
	}
	in.Item, in.itemErr = s.Item.item, heldValue(s.Item.err, true)
	in.ExpressionAttributeValues, in.valuesErr = s.ExpressionAttributeValues.values, heldValue(s.ExpressionAttributeValues.err, true)
	return nil
}

func (in *GetItemInput) decodeHeld(body []byte) error {
	type Plain GetItemInput
	*in = GetItemInput{}
	var s struct {
		*Plain
		Key heldItem `json:"Key"`
	}
	s.Plain = (*Plain)(in)
	if err := json.Unmarshal(body, &s); err != nil {
		return err
	}
	in.Key, in.keyErr = s.Key.item, heldValue(s.Key.err, false)
	return nil
}

func (in *UpdateItemInput) decodeHeld(body []byte) error {
	type Plain UpdateItemInput
	*in = UpdateItemInput{}
	var s struct {
		*Plain
		Key                       heldItem   `json:"Key"`
		ExpressionAttributeValues heldValues `json:"ExpressionAttributeValues"`
	}
	s.Plain = (*Plain)(in)
	if err := json.Unmarshal(body, &s); err != nil {
		return err
	}
	in.Key, in.keyErr = s.Key.item, heldValue(s.Key.err, true)
	in.ExpressionAttributeValues, in.valuesErr = s.ExpressionAttributeValues.values, heldValue(s.ExpressionAttributeValues.err, true)
	return nil
}

func (in *DeleteItemInput) decodeHeld(body []byte) error {
	type Plain DeleteItemInput
	*in = DeleteItemInput{}
	var s struct {
		*Plain
		Key                       heldItem   `json:"Key"`
		ExpressionAttributeValues heldValues `json:"ExpressionAttributeValues"`
	}
	s.Plain = (*Plain)(in)
	if err := json.Unmarshal(body, &s); err != nil {
		return err
	}
	in.Key, in.keyErr = s.Key.item, heldValue(s.Key.err, false)
	in.ExpressionAttributeValues, in.valuesErr = s.ExpressionAttributeValues.values, heldValue(s.ExpressionAttributeValues.err, false)
	return nil
}

func (in *QueryInput) decodeHeld(body []byte) error {
	type Plain QueryInput
	*in = QueryInput{}
	var s struct {
		*Plain
		ExclusiveStartKey         heldItem   `json:"ExclusiveStartKey"`
		ExpressionAttributeValues heldValues `json:"ExpressionAttributeValues"`
	}
	s.Plain = (*Plain)(in)
	if err := json.Unmarshal(body, &s); err != nil {
		return err
	}
	in.ExclusiveStartKey, in.startKeyErr = s.ExclusiveStartKey.item, startKeyValue(s.ExclusiveStartKey.err)
	in.ExpressionAttributeValues, in.valuesErr = s.ExpressionAttributeValues.values, heldValue(s.ExpressionAttributeValues.err, false)
	return nil
}

func (in *ScanInput) decodeHeld(body []byte) error {
	type Plain ScanInput
	*in = ScanInput{}
	var s struct {
		*Plain
		ExclusiveStartKey         heldItem   `json:"ExclusiveStartKey"`
		ExpressionAttributeValues heldValues `json:"ExpressionAttributeValues"`
	}
	s.Plain = (*Plain)(in)
	if err := json.Unmarshal(body, &s); err != nil {
		return err
	}
	in.ExclusiveStartKey, in.startKeyErr = s.ExclusiveStartKey.item, startKeyValue(s.ExclusiveStartKey.err)
	in.ExpressionAttributeValues, in.valuesErr = s.ExpressionAttributeValues.values, heldValue(s.ExpressionAttributeValues.err, false)
	return nil
}
