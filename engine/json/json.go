package json

import (
	"bytes"
	stdjson "encoding/json"
)

// The types below are the standard library's in both builds: go-json's
// RawMessage, Number and Delim are aliases of them, and its Marshaler and
// Unmarshaler interfaces have the same methods.
type (
	RawMessage  = stdjson.RawMessage
	Number      = stdjson.Number
	Delim       = stdjson.Delim
	Token       = stdjson.Token
	Marshaler   = stdjson.Marshaler
	Unmarshaler = stdjson.Unmarshaler
)

// UnmarshalStrict decodes the first JSON value of data into v and refuses
// a member v has no field for (DisallowUnknownFields). It is the standard
// library's decoder in both builds, exact and unable to over-read: go-json
// has no strict Unmarshal, and its streaming decoder panics on inputs a
// fuzzer finds in a minute (see NewDecoder).
func UnmarshalStrict(data []byte, v any) error {
	dec := stdjson.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
