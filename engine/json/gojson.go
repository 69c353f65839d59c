//go:build !(js && wasm)

package json

import (
	"bytes"
	"io"

	gojson "github.com/goccy/go-json"
)

// Decoder and Encoder are go-json's outside the page.
type (
	Decoder            = gojson.Decoder
	Encoder            = gojson.Encoder
	SyntaxError        = gojson.SyntaxError
	UnmarshalTypeError = gojson.UnmarshalTypeError
)

// Marshal returns the JSON encoding of v, escaping <, > and & as
// encoding/json does.
func Marshal(v any) ([]byte, error) { return gojson.Marshal(v) }

// MarshalIndent is Marshal with each element on its own line.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	return gojson.MarshalIndent(v, prefix, indent)
}

// MarshalNoHTMLEscape is Marshal leaving <, > and & as they are.
func MarshalNoHTMLEscape(v any) ([]byte, error) {
	return gojson.MarshalWithOption(v, gojson.DisableHTMLEscape())
}

// MarshalIndentNoHTMLEscape is MarshalIndent leaving <, > and & as they are.
func MarshalIndentNoHTMLEscape(v any, prefix, indent string) ([]byte, error) {
	return gojson.MarshalIndentWithOption(v, prefix, indent, gojson.DisableHTMLEscape())
}

// Unmarshal decodes data into v.
func Unmarshal(data []byte, v any) error { return gojson.Unmarshal(data, v) }

// NewDecoder returns a decoder reading from r.
func NewDecoder(r io.Reader) *Decoder { return gojson.NewDecoder(r) }

// NewEncoder returns an encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return gojson.NewEncoder(w) }

// Valid reports whether data is one well-formed JSON value.
func Valid(data []byte) bool { return gojson.Valid(data) }

// Compact appends src to dst with insignificant space removed.
func Compact(dst *bytes.Buffer, src []byte) error { return gojson.Compact(dst, src) }

// Indent appends src to dst indented.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	return gojson.Indent(dst, src, prefix, indent)
}
