//go:build !(js && wasm)

package json

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestStreamDecoderCrashInputs: go-json's streaming decoder (NewDecoder)
// does not share Unmarshal's over-read (goccy/go-json#575, #604): its
// escape scanner treats the NUL at the end of its buffer as "read more"
// and fails at the end of the input (decodeKeyCharByEscapeCharStream), so
// NewDecoder needs no guard. This pins that down for the crash inputs, fed
// whole and a byte at a time (every buffer boundary), after the filler
// that made Unmarshal's panic come and go: each is an error, none a panic.
// A release of go-json that changes this fails here.
func TestStreamDecoderCrashInputs(t *testing.T) {
	filler := `{"model":{"x":"` + strings.Repeat(`"\"`, 40) + `"},"name":"n"}`
	for round := 0; round < 200; round++ {
		for _, in := range crashInputs {
			for _, v := range []any{new(shareLike), new(manyKeys), new(map[string]any), new(any)} {
				for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in))} {
					func() {
						defer func() {
							if p := recover(); p != nil {
								t.Fatalf("NewDecoder(%q).Decode(%T) panics: %v", in, v, p)
							}
						}()
						if err := NewDecoder(r).Decode(v); err == nil {
							t.Fatalf("NewDecoder(%q).Decode(%T) = nil error", in, v)
						}
					}()
				}
			}
			_ = NewDecoder(strings.NewReader(filler)).Decode(new(shareLike))
		}
	}
}
