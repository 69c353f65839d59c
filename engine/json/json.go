package json

import stdjson "encoding/json"

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
