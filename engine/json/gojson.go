//go:build !(js && wasm)

package json

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
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
//
// go-json v0.10.5 (and v0.10.6, goccy/go-json#575 and #604, open with
// unmerged fixes #605 and #613) reads past the end of its input on an
// escape it does not know inside an object key: it appends a NUL to its
// copy of data, and decodeKeyCharByEscapedChar consumes a backslash
// followed by that NUL ({"\) without an error, so the key scanner walks
// on through whatever the heap holds after the copy (a tiny-allocator
// neighbour, a pooled buffer's leftovers) until a bounds check panics or
// garbage is decoded. That is why the panic came and went with earlier
// calls. Every known over-read starts at a backslash or a raw NUL, and
// most bodies hold neither: only those are first checked by the standard
// library's scanner, which is exact and does not over-read, and a
// malformed one never reaches go-json. The recover is the backstop for a
// bug not yet known: a decoder panic becomes an error, never a dropped
// connection.
func Unmarshal(data []byte, v any) (err error) {
	if bytes.IndexByte(data, '\\') >= 0 || bytes.IndexByte(data, 0) >= 0 {
		if !stdjson.Valid(data) {
			var probe any
			if err := stdjson.Unmarshal(data, &probe); err != nil {
				return err
			}
			return errMalformed
		}
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: the decoder failed (%v)", errMalformed, r)
		}
	}()
	return gojson.Unmarshal(data, v)
}

// errMalformed is the error of a body the decoder could not read.
var errMalformed = stdjson.Unmarshal([]byte("{"), new(any))

// NewDecoder returns a decoder reading from r: go-json's streaming
// decoder, which panics on some inputs (FuzzParse found an index out of
// range in Stream.readBuf on a string of invalid UTF-8, valid to the
// standard library's scanner) and accepts some malformed documents
// Unmarshal refuses. Decode a whole document with Unmarshal or
// UnmarshalStrict instead; a stream of documents from a trusted source
// only with this.
func NewDecoder(r io.Reader) *Decoder { return gojson.NewDecoder(r) }

// NewEncoder returns an encoder writing to w.
func NewEncoder(w io.Writer) *Encoder { return gojson.NewEncoder(w) }

// Valid reports whether data is one well-formed JSON value. It is the
// standard library's: go-json's decodes into an interface and so shares
// its decoder's over-reads (see Unmarshal).
func Valid(data []byte) bool { return stdjson.Valid(data) }

// Compact appends src to dst with insignificant space removed.
func Compact(dst *bytes.Buffer, src []byte) error { return gojson.Compact(dst, src) }

// Indent appends src to dst indented.
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	return gojson.Indent(dst, src, prefix, indent)
}
