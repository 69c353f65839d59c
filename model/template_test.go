package model

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

func TestParseTemplate(t *testing.T) {
	tests := []struct {
		src    string
		params []string
		err    string
	}{
		{src: "USER#{userId}", params: []string{"userId"}},
		{src: "ORDER#{date}#{orderId}", params: []string{"date", "orderId"}},
		{src: "PROFILE"},
		{src: "{id}", params: []string{"id"}},
		{src: "{{literal}}#{id}", params: []string{"id"}},
		{src: "{a}{b}", err: "must be separated by literal text"},
		{src: "USER#{userId", err: "unclosed '{'"},
		{src: "USER#}", err: "unexpected '}'"},
		{src: "USER#{user id}", err: `invalid parameter name "user id"`},
		{src: "USER#{1st}", err: `invalid parameter name "1st"`},
		{src: "", err: "empty template"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			tpl, err := ParseTemplate(tt.src)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ParseTemplate(%q) error = %v, want %q", tt.src, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := tpl.Params(); fmt.Sprint(got) != fmt.Sprint(tt.params) && !(len(got) == 0 && len(tt.params) == 0) {
				t.Errorf("Params() = %v, want %v", got, tt.params)
			}
			if tpl.String() != tt.src {
				t.Errorf("String() = %q", tpl.String())
			}
		})
	}
}

func TestTemplateExpandAndMatch(t *testing.T) {
	tests := []struct {
		tpl   string
		value string
		want  Params // nil: no match
	}{
		{"USER#{userId}", "USER#alice", Params{"userId": "alice"}},
		{"USER#{userId}", "USER#", nil},
		{"USER#{userId}", "ORDER#1", nil},
		{"ORDER#{date}#{orderId}", "ORDER#2026-03-01#o-17", Params{"date": "2026-03-01", "orderId": "o-17"}},
		// The first split that fits: the date takes up to the first '#'.
		{"ORDER#{date}#{orderId}", "ORDER#a#b#c", Params{"date": "a", "orderId": "b#c"}},
		// Backtracking: the first '#' would leave "q#X" for "{b}#X#" ...
		{"{a}#{b}#X", "p#q#X", Params{"a": "p", "b": "q"}},
		{"{a}#X", "p#q#X", Params{"a": "p#q"}},
		{"CART#{status}#{productId}", "CART#ACTIVE#", nil},
		{"PROFILE", "PROFILE", Params{}},
		{"PROFILE", "PROFILEX", nil},
		{"{{x}}#{id}", "{x}#7", Params{"id": "7"}},
		{"{deviceId}#shard{shard}", "d-1#shard03", Params{"deviceId": "d-1", "shard": "03"}},
	}
	for _, tt := range tests {
		t.Run(tt.tpl+"/"+tt.value, func(t *testing.T) {
			tpl := MustParseTemplate(tt.tpl)
			got := Params{}
			ok := tpl.Match(tt.value, got)
			if ok != (tt.want != nil) {
				t.Fatalf("Match(%q) = %v, want %v", tt.value, ok, tt.want != nil)
			}
			if !ok {
				return
			}
			if !maps.Equal(got, tt.want) {
				t.Fatalf("Match(%q) params = %v, want %v", tt.value, got, tt.want)
			}
			back, err := tpl.ExpandParams(got)
			if err != nil || back != tt.value {
				t.Fatalf("ExpandParams(%v) = %q, %v; want %q", got, back, err, tt.value)
			}
		})
	}
}

func TestTemplateExpandErrors(t *testing.T) {
	tpl := MustParseTemplate("ORDER#{date}#{orderId}")
	if _, err := tpl.ExpandParams(Params{"date": "d"}); err == nil || !strings.Contains(err.Error(), "{orderId} has no value") {
		t.Errorf("missing parameter: %v", err)
	}
	if _, err := tpl.ExpandParams(Params{"date": "d", "orderId": ""}); err == nil || !strings.Contains(err.Error(), "{orderId} is empty") {
		t.Errorf("empty parameter: %v", err)
	}
}

// TestTemplateRoundTrip checks Match(Expand(p)) == p for values that do not
// contain the separators.
func TestTemplateRoundTrip(t *testing.T) {
	tpl := MustParseTemplate("T#{a}#{b}.{c}")
	r := NewRand(42, 0)
	for i := 0; i < 1000; i++ {
		p := Params{"a": UUID(r), "b": fmt.Sprint(r.IntN(1e6)), "c": Lorem(r, 1+r.IntN(30))}
		p["c"] = strings.ReplaceAll(p["c"], ".", "")
		if p["c"] == "" {
			p["c"] = "x"
		}
		s, err := tpl.ExpandParams(p)
		if err != nil {
			t.Fatal(err)
		}
		got := Params{}
		if !tpl.Match(s, got) || !maps.Equal(got, p) {
			t.Fatalf("Match(%q) = %v, want %v", s, got, p)
		}
	}
}
