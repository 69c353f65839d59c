package json

import (
	"bytes"
	"strings"
	"testing"
)

// These tests run natively (go-json) and under GOOS=js GOARCH=wasm
// (encoding/json, `make test`'s wasm line): both builds must agree.

type doc struct {
	Name  string          `json:"name"`
	HTML  string          `json:"html,omitempty"`
	Raw   RawMessage      `json:"raw,omitempty"`
	N     Number          `json:"n,omitempty"`
	Items []int           `json:"items"`
	Map   map[string]bool `json:"map,omitempty"`
}

func TestMarshalEscaping(t *testing.T) {
	v := doc{Name: "a", HTML: "<b>&</b>", Items: []int{1}}
	escaped, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"a","html":"\u003cb\u003e\u0026\u003c/b\u003e","items":[1]}`; string(escaped) != want {
		t.Errorf("Marshal = %s, want %s", escaped, want)
	}
	plain, err := MarshalNoHTMLEscape(v)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"name":"a","html":"<b>&</b>","items":[1]}`; string(plain) != want {
		t.Errorf("MarshalNoHTMLEscape = %q, want %q (no trailing newline)", plain, want)
	}
	indented, err := MarshalIndentNoHTMLEscape(map[string]any{"b": "<", "a": []int{1, 2}}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": \"<\"\n}"; string(indented) != want {
		t.Errorf("MarshalIndentNoHTMLEscape = %q, want %q", indented, want)
	}
	if ind, err := MarshalIndent(doc{Name: "x"}, "", " "); err != nil || !strings.Contains(string(ind), "\n \"name\": \"x\"") {
		t.Errorf("MarshalIndent = %q, %v", ind, err)
	}
}

func TestUnmarshalRoundTrip(t *testing.T) {
	in := `{"name":"a","raw":{"x":[1,2]},"n":12.50,"items":[3,4],"map":{"k":true}}`
	var d doc
	if err := Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.Name != "a" || string(d.Raw) != `{"x":[1,2]}` || d.N != "12.50" || len(d.Items) != 2 || !d.Map["k"] {
		t.Errorf("Unmarshal = %+v", d)
	}
	out, err := Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("round trip = %s, want %s", out, in)
	}
	if err := Unmarshal([]byte(`{"name":`), &d); err == nil {
		t.Error("Unmarshal of a truncated document: no error")
	}
	if err := Unmarshal([]byte(`{"items":"x"}`), &d); err == nil {
		t.Error("Unmarshal of a string into []int: no error")
	}
}

func TestStreamsAndHelpers(t *testing.T) {
	dec := NewDecoder(strings.NewReader(`{"a":1} [true]`))
	dec.UseNumber()
	var first map[string]any
	if err := dec.Decode(&first); err != nil || first["a"] != Number("1") {
		t.Errorf("Decode = %v, %v", first, err)
	}
	tok, err := dec.Token()
	if d, ok := tok.(Delim); err != nil || !ok || d != '[' {
		t.Errorf("Token = %v, %v; want Delim '['", tok, err)
	}
	var b bytes.Buffer
	if err := NewEncoder(&b).Encode([]string{"x"}); err != nil || b.String() != "[\"x\"]\n" {
		t.Errorf("Encode = %q, %v", b.String(), err)
	}
	if !Valid([]byte(`{"a":[1]}`)) || Valid([]byte(`{"a":}`)) {
		t.Error("Valid disagrees with JSON")
	}
	var c bytes.Buffer
	if err := Compact(&c, []byte("{ \"a\" : [ 1 , 2 ] }")); err != nil || c.String() != `{"a":[1,2]}` {
		t.Errorf("Compact = %q, %v", c.String(), err)
	}
	var ind bytes.Buffer
	if err := Indent(&ind, []byte(`{"a":1}`), "", "\t"); err != nil || ind.String() != "{\n\t\"a\": 1\n}" {
		t.Errorf("Indent = %q, %v", ind.String(), err)
	}
}
