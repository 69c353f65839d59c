package attr

// The held decoders serve the engine's DecodeRequest: DynamoDB judges the
// values of a request's Item, Key, ExclusiveStartKey and
// ExpressionAttributeValues (and of the maps and values nested in batches,
// transactions and legacy conditions) after checks of the request's shape (mixed
// parameters, expression parameters without an expression, ...), so the
// engine decodes them without failing on a bad value and reports the
// value's error where DynamoDB does (dynalite's suite, run against
// DynamoDB, records the order).

// UnmarshalItemHeld decodes an attribute map like Item.UnmarshalJSON, but a
// validation error does not fail it: the map comes back with every name
// (an invalid value reads as NULL, never to be used: the request fails)
// and the first validation error apart. A serialization error still fails
// it, as it fails the request at once on DynamoDB. Every entry whose name
// or value was invalid reads as NULL.
func UnmarshalItemHeld(data []byte) (Item, *ValidationError, error) {
	m, verr, err := heldMap(data, false)
	return Item(m), verr, err
}

// UnmarshalValuesHeld is UnmarshalItemHeld for ExpressionAttributeValues:
// the error held is worded as Values.UnmarshalJSON words it (an invalid
// key ahead of any invalid value).
func UnmarshalValuesHeld(data []byte) (Values, *ValidationError, error) {
	m, verr, err := heldMap(data, true)
	return Values(m), verr, err
}

func heldMap(data []byte, eav bool) (map[string]Value, *ValidationError, error) {
	d := newDecoder(data)
	m, err := d.valueMap(eav)
	if err != nil {
		return nil, nil, err
	}
	verr := d.verr
	d.verr = nil
	if err := d.finish(nil); err != nil {
		return nil, nil, err
	}
	for _, k := range d.bad {
		m[k] = Null{}
	}
	return m, verr, nil
}
