package model

import (
	"strings"
	"testing"
)

// TestDecodeSaysWhy checks that an empty, cut-off or zero-padded document
// is described in words, never as an "invalid character '\u0000'".
func TestDecodeSaysWhy(t *testing.T) {
	for _, c := range []struct{ doc, want string }{
		{"", "the body is empty"},
		{"  \n", "it is empty"},
		{"\x00\x00\x00", "it is empty"},
		{`{"version":1,"name":"x","tables":[`, "it is cut off (its JSON ends after 34 bytes"},
		{`{"version":1`, "cut off"},
		{"{\"version\":1}\x00\x00", "a zero byte at byte 14"},
		{`{"version":1,,}`, "invalid character ',' looking for beginning of object key string (at byte 14)"},
	} {
		_, err := Decode([]byte(c.doc))
		if err == nil {
			t.Errorf("Decode(%q): no error", c.doc)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.want) || !strings.HasPrefix(msg, "not a model document: ") || strings.Contains(msg, `\u0000`) {
			t.Errorf("Decode(%q) = %q, want %q", c.doc, msg, c.want)
		}
	}
}
