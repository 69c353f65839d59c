package snippet

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/patterns"
)

// checkCorpus is what the compiler checks hand to each language's tools:
// the golden requests, every access pattern of every pattern in
// patterns/ (bound to its example parameters), and for every operation
// one request that sets every member the shapes know (nested ones too,
// with attribute values of every type) and one whose lists and maps are
// all empty, plus enum values the SDKs do not know.
func checkCorpus(t testing.TB) []testCase {
	t.Helper()
	cases := loadCases(t)
	for _, p := range patterns.Catalog() {
		m := p.Model()
		for i, ap := range m.AccessPatterns {
			runs := ap.Runs(ap.Examples())
			body, err := ap.Bind(runs[0])
			if err != nil {
				t.Fatalf("pattern %s, access pattern %q: %v", p.Name, ap.Name, err)
			}
			cases = append(cases, testCase{
				name: fmt.Sprintf("pattern-%s-%d", p.Name, i),
				req:  Request{Operation: ap.Operation, Input: body, Endpoint: "http://localhost:8080"},
			})
		}
	}
	for _, op := range Operations() {
		s := operations[op].Input
		for _, variant := range []string{"full", "empty"} {
			v := sampleValue(s, variant == "empty", 0)
			body, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, testCase{
				name: fmt.Sprintf("%s-%s", variant, joinWords(op, "-")),
				req:  Request{Operation: op, Input: body},
			})
		}
	}
	cases = append(cases, testCase{name: "unknown-enums", req: Request{Operation: "Query", Input: []byte(
		`{"TableName":"T","Select":"SOMETIMES","ReturnConsumedCapacity":"all-of-it","KeyConditions":{"k":{"ComparisonOperator":"ALMOST"}}}`)}})
	return cases
}

// everyType is an attribute value holding each of the ten types once,
// nested in a map and a list, with binary values that are and are not
// UTF-8.
func everyType() map[string]any {
	bin := func(p string) string { return base64.StdEncoding.EncodeToString([]byte(p)) }
	return map[string]any{"M": map[string]any{
		"s":    map[string]any{"S": "text \"quoted\" \\ é 🚀\n"},
		"n":    map[string]any{"N": "-12.5e3"},
		"b":    map[string]any{"B": bin("\x00\x01\xff")},
		"btxt": map[string]any{"B": bin("hello")},
		"ss":   map[string]any{"SS": []any{"a", "b"}},
		"ns":   map[string]any{"NS": []any{"1", "2.5"}},
		"bs":   map[string]any{"BS": []any{bin("x"), bin("\xfe")}},
		"l":    map[string]any{"L": []any{map[string]any{"S": "x"}, map[string]any{"N": "1"}, map[string]any{"L": []any{}}}},
		"m":    map[string]any{"M": map[string]any{"inner": map[string]any{"BOOL": false}, "empty": map[string]any{"M": map[string]any{}}}},
		"null": map[string]any{"NULL": true},
		"bool": map[string]any{"BOOL": true},
	}}
}

// sampleValue is a JSON value of shape s: every member of a structure,
// one element in a list, one entry in a map, or none when empty.
func sampleValue(s *shape, empty bool, depth int) any {
	switch s.Kind {
	case kString:
		return "x"
	case kInt32:
		return -2147483648
	case kInt64:
		return 9223372036854775807
	case kBool:
		return depth%2 == 0
	case kEnum:
		return s.Values[len(s.Values)-1]
	case kStruct:
		m := map[string]any{}
		for _, f := range s.Fields {
			m[f.Name] = sampleValue(f.Shape, empty, depth+1)
		}
		return m
	case kList:
		if empty {
			return []any{}
		}
		return []any{sampleValue(s.Elem, empty, depth+1)}
	case kMap:
		if empty {
			return map[string]any{}
		}
		return map[string]any{"k" + strings.Repeat("x", depth): sampleValue(s.Elem, empty, depth+1)}
	}
	return everyType()
}

// TestCheckCorpus: the corpus renders in every language, and reaches
// every operation, every language's every kind of value.
func TestCheckCorpus(t *testing.T) {
	cases := checkCorpus(t)
	patternCases := 0
	for _, c := range cases {
		if strings.HasPrefix(c.name, "pattern-") {
			patternCases++
		}
		for _, lang := range Languages() {
			if _, err := Render(c.req, lang); err != nil {
				t.Errorf("%s in %s: %v", c.name, lang, err)
			}
		}
	}
	if patternCases < len(patterns.Catalog()) {
		t.Errorf("only %d access patterns from %d patterns", patternCases, len(patterns.Catalog()))
	}
}
