//go:build js && wasm

package json

import (
	"bytes"
	stdjson "encoding/json"
	"io"
)

// Decoder and Encoder are the standard library's in the page.
type (
	Decoder            = stdjson.Decoder
	Encoder            = stdjson.Encoder
	SyntaxError        = stdjson.SyntaxError
	UnmarshalTypeError = stdjson.UnmarshalTypeError
)

// Marshal returns the JSON encoding of v, escaping <, > and &.
func Marshal(v any) ([]byte, error) { return stdjson.Marshal(v) }

// MarshalIndent is Marshal with each element on its own line.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return stdjson.MarshalIndent(v, prefix, indent)
}

// MarshalNoHTMLEscape is Marshal leaving <, > and & as they are.
func MarshalNoHTMLEscape(v any) ([]byte, error) {
	return marshalNoEscape(v, "", "")
}

// MarshalIndentNoHTMLEscape is MarshalIndent leaving <, > and & as they are.
func MarshalIndentNoHTMLEscape(v any, prefix, indent string) ([]byte, error) {
	return marshalNoEscape(v, prefix, indent)
}

// marshalNoEscape encodes through an Encoder, the only way to turn HTML
// escaping off in encoding/json, and drops the newline it appends.
func marshalNoEscape(v any, prefix, indent string) ([]byte, error) {
	var b bytes.Buffer
	enc := stdjson.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if prefix != "" || indent != "" {
		enc.SetIndent(prefix, indent)
	}
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'}), nil
}

// Unmarshal decodes data into v.
func Unmarshal(data []byte, v any) error { return stdjson.Unmarshal(data, v) }

// NewDecoder returns a decoder reading from r.
func NewDecoder(r io.Reader) *Decoder { return stdjson.NewDecoder(r) }

// NewEncoder returns an encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return stdjson.NewEncoder(w) }

// Valid reports whether data is one well-formed JSON value.
func Valid(data []byte) bool { return stdjson.Valid(data) }

// Compact appends src to dst with insignificant space removed.
func Compact(dst *bytes.Buffer, src []byte) error { return stdjson.Compact(dst, src) }

// Indent appends src to dst indented.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	return stdjson.Indent(dst, src, prefix, indent)
}
