package attr

// AttributeValue wraps a single Value for JSON fields that hold one
// AttributeValue envelope ({"S":"x"}), such as legacy AttributeValueList.
// JSON null decodes to a nil Value and a nil Value encodes as null.
type AttributeValue struct {
	Value Value
}

// Values is an ExpressionAttributeValues map: placeholder (":v") to value.
// Its decoder words a bad value as DynamoDB does:
// "ExpressionAttributeValues contains invalid value: <reason> for key :v".
type Values map[string]Value

// The JSON side of the package: DynamoDB JSON, where every value is an
// envelope with one type descriptor ({"S":"x"}, {"N":"1"}, {"L":[...]}).
//
// Decoding (UnmarshalValue, Item/Values/AttributeValue.UnmarshalJSON) is a
// hand-written single-pass parser over the bytes; it validates as DynamoDB
// does and returns one of two error types:
//
//   - *SerializationError: the body is not DynamoDB JSON (malformed JSON, a
//     JSON type where another is required such as {"N":1}, bad base64). The
//     messages are those of DynamoDB's JSON layer, e.g. "NUMBER_VALUE cannot
//     be converted to String". The first one found stops decoding.
//   - *ValidationError: well-formed but invalid content (no or several
//     descriptors, NULL not true, a bad number, an empty or duplicated set,
//     nesting deeper than MaxDepth). DynamoDB deserialises the whole request
//     before it validates, so a serialization error anywhere wins over a
//     validation error: the parser records the first validation error and
//     keeps going, and reports it only if the rest of the input is sound.
//
// A descriptor DynamoDB does not know ({"X":...}) is skipped, as DynamoDB's
// deserialiser ignores unknown members: {"X":"y"} alone is therefore
// "Supplied AttributeValue is empty, ..." (ValidationException), which is
// what dynalite's tests, recorded against DynamoDB, expect. JSON null as a
// descriptor's value means the descriptor is absent, also as in DynamoDB.
//
// Sets come out in canonical order (see set.go). Strings are valid UTF-8:
// invalid bytes and lone surrogate escapes become U+FFFD, as in
// encoding/json. Decoded strings and number texts without escapes share one
// copy of the input text (one allocation per call instead of one per
// string); a decoded value thus keeps that copy alive, which is what the
// engine wants for request values it re-encodes into its own storage form.
//
// Encoding (AppendValue, MarshalValue, MarshalJSON) writes compact JSON with
// map keys sorted, so equal values encode to equal bytes.

// UnmarshalValue decodes one AttributeValue envelope. Surrounding whitespace
// is allowed; anything else after the value is a *SerializationError. JSON
// null is MsgEmptyValue.
func UnmarshalValue(data []byte) (Value, error) {
	d := newDecoder(data)
	v, err := d.attributeValue(1, slotField)
	if err = d.finish(err); err != nil {
		return nil, err
	}
	return v, nil
}

// MarshalValue encodes v as DynamoDB JSON. The only error is a nil v.
func MarshalValue(v Value) ([]byte, error) {
	if v == nil {
		return nil, &SerializationError{Message: "attr: cannot marshal a nil Value"}
	}
	return AppendValue(nil, v), nil
}

// UnmarshalJSON decodes a JSON object of attribute name -> AttributeValue.
// JSON null leaves a nil Item.
func (it *Item) UnmarshalJSON(data []byte) error {
	d := newDecoder(data)
	m, err := d.valueMap(false)
	if err = d.finish(err); err != nil {
		return err
	}
	*it = Item(m)
	return nil
}

// MarshalJSON encodes the item as a JSON object, names sorted. A nil Item is
// null.
func (it Item) MarshalJSON() ([]byte, error) {
	if it == nil {
		return []byte("null"), nil
	}
	return AppendItem(nil, it), nil
}

// AppendItem appends the JSON object of it (names sorted) to dst.
func AppendItem(dst []byte, it Item) []byte {
	return appendValueMap(dst, it)
}

// UnmarshalJSON decodes ExpressionAttributeValues. Besides the value errors,
// it checks the placeholders' syntax (':' then one or more of [A-Za-z0-9_]):
// DynamoDB reports a malformed key ("ExpressionAttributeValues contains
// invalid key: Syntax error; key: \"b\"") before any invalid value, so the
// check lives here where both are seen. Value errors are wrapped as
// "ExpressionAttributeValues contains invalid value: <reason> for key <key>",
// except MsgNestingTooDeep, which DynamoDB words the same for an item and for
// an expression value.
func (vs *Values) UnmarshalJSON(data []byte) error {
	d := newDecoder(data)
	m, err := d.valueMap(true)
	if err = d.finish(err); err != nil {
		return err
	}
	*vs = Values(m)
	return nil
}

// MarshalJSON encodes the values as a JSON object, keys sorted.
func (vs Values) MarshalJSON() ([]byte, error) {
	if vs == nil {
		return []byte("null"), nil
	}
	return appendValueMap(nil, vs), nil
}

// UnmarshalJSON decodes one envelope; JSON null leaves a nil Value.
func (av *AttributeValue) UnmarshalJSON(data []byte) error {
	d := newDecoder(data)
	d.ws()
	if d.literal("null") {
		av.Value = nil
		return d.finish(nil)
	}
	v, err := d.attributeValue(1, slotField)
	if err = d.finish(err); err != nil {
		return err
	}
	av.Value = v
	return nil
}

// MarshalJSON encodes the envelope; a nil Value is null.
func (av AttributeValue) MarshalJSON() ([]byte, error) {
	return AppendValue(nil, av.Value), nil
}
