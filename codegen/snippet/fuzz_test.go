package snippet

import (
	"go/format"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// FuzzRender: no input panics; every language succeeds or every language
// fails (but for a NUL in a CLI argument); a Go snippet is gofmt's; the JSON rendering renders to itself; a Go snippet parses.
func FuzzRender(f *testing.F) {
	for _, c := range loadCases(f) {
		f.Add(c.req.Operation, c.req.Input)
	}
	f.Add("PutItem", []byte(`{"Item":{"a":{"L":[{"M":{"b":{"BS":["AA=="]}}}]},"b":{"S":"\u2028'\"\\"}}}`))
	f.Add("Query", []byte(`{"Limit":-0,"TableName":null,"ScanIndexForward":false}`))
	f.Add("CreateTable", []byte(`{"GlobalSecondaryIndexes":[{"Projection":{"NonKeyAttributes":[]}}]}`))
	ops := Operations()
	f.Fuzz(func(t *testing.T, op string, input []byte) {
		if len(op) == 1 {
			op = ops[int(op[0])%len(ops)] // reach every operation often
		}
		r := Request{Operation: op, Input: input, Endpoint: "http://localhost:8080"}
		js, jsonErr := Render(r, JSON)
		for _, lang := range Languages() {
			out, err := Render(r, lang)
			if lang == CLI && jsonErr == nil && err != nil && strings.Contains(err.Error(), "NUL") {
				continue // argv cannot hold a NUL: the one error of a single language
			}
			if (err == nil) != (jsonErr == nil) {
				t.Fatalf("%s: error %v, but JSON's is %v", lang, err, jsonErr)
			}
			if err == nil && lang == Go {
				if _, err := parser.ParseFile(token.NewFileSet(), "main.go", out, 0); err != nil {
					t.Fatalf("the Go snippet does not parse: %v\n%s", err, out)
				}
				if formatted, err := format.Source([]byte(out)); err != nil || string(formatted) != out {
					t.Fatalf("the Go snippet is not gofmt's (%v):\n%s\ngofmt:\n%s", err, out, formatted)
				}
			}
		}
		if jsonErr == nil {
			again, err := Render(Request{Operation: op, Input: []byte(js)}, JSON)
			if err != nil || again != js {
				t.Fatalf("the JSON rendering renders as %q, %v; want it unchanged:\n%s", again, err, js)
			}
		}
	})
}
