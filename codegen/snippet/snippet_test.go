package snippet

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// testCase is one file of testdata/requests: a Request and its name.
type testCase struct {
	name string
	req  Request
}

func loadCases(t testing.TB) []testCase {
	t.Helper()
	files, err := filepath.Glob("testdata/requests/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no request files in testdata/requests: %v", err)
	}
	var cases []testCase
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Operation, Endpoint, Region string
			Input                       json.RawMessage // raw, so member order survives
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		cases = append(cases, testCase{
			name: strings.TrimSuffix(filepath.Base(file), ".json"),
			req:  Request{Operation: c.Operation, Input: c.Input, Endpoint: c.Endpoint, Region: c.Region},
		})
	}
	return cases
}

// extensions are the golden files' extensions per language.
var extensions = map[Language]string{CLI: ".sh", JavaScript: ".mjs", Python: ".py", Go: ".go", Java: ".java", CSharp: ".cs", Rust: ".rs", JSON: ".json"}

func goldenPath(name string, lang Language) string {
	return filepath.Join("testdata", "golden", name+extensions[lang])
}

// TestGolden renders every request in every language and compares the
// result with testdata/golden (go test -run TestGolden -update rewrites
// them). The other tests check that the golden files are right: they
// compile, parse and run them.
func TestGolden(t *testing.T) {
	for _, c := range loadCases(t) {
		for _, lang := range Languages() {
			t.Run(c.name+extensions[lang], func(t *testing.T) {
				got, err := Render(c.req, lang)
				if err != nil {
					t.Fatal(err)
				}
				path := goldenPath(c.name, lang)
				if *update {
					if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (run go test -run TestGolden -update to create it)", err)
				}
				if got != string(want) {
					t.Errorf("Render(%s, %s) differs from %s (go test -run TestGolden -update rewrites it):\n--- got\n%s\n--- want\n%s", c.name, lang, path, got, want)
				}
			})
		}
	}
}

// TestGoldenCoverage makes sure the golden cases exercise every operation.
func TestGoldenCoverage(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range loadCases(t) {
		seen[c.req.Operation] = true
	}
	for _, op := range Operations() {
		if !seen[op] {
			t.Errorf("no request in testdata/requests for %s", op)
		}
	}
}

// TestJSONKeepsOrder: the JSON rendering is the input, indented, in the
// input's member order (not sorted), and re-rendering it changes nothing.
func TestJSONKeepsOrder(t *testing.T) {
	in := `{"TableName":"T","Limit":5,"KeyConditionExpression":"b = :b","ExpressionAttributeValues":{":z":{"S":"z"},":a":{"N":"1.50"}}}`
	got, err := Render(Request{Operation: "Query", Input: []byte(in)}, JSON)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "TableName": "T",
  "Limit": 5,
  "KeyConditionExpression": "b = :b",
  "ExpressionAttributeValues": {
    ":z": {
      "S": "z"
    },
    ":a": {
      "N": "1.50"
    }
  }
}
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	again, err := Render(Request{Operation: "Query", Input: []byte(got)}, JSON)
	if err != nil || again != got {
		t.Errorf("re-rendering the JSON gave %q, %v", again, err)
	}
}

func TestNullMembersAreAbsent(t *testing.T) {
	r := Request{Operation: "GetItem", Input: []byte(`{"TableName":"T","ProjectionExpression":null,"Key":{"k":{"S":"v"}},"ConsistentRead":null}`)}
	for _, lang := range Languages() {
		got, err := Render(r, lang)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		for _, absent := range []string{"ProjectionExpression", "projection-expression", "ConsistentRead", "consistent-read", "null", "None"} {
			if strings.Contains(got, absent) {
				t.Errorf("%s: %q in\n%s", lang, absent, got)
			}
		}
	}
}

func TestEmptyInput(t *testing.T) {
	for _, in := range []string{"", " \n", "{}", "\xef\xbb\xbf{}"} {
		got, err := Render(Request{Operation: "ListTables", Input: []byte(in)}, Python)
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		if !strings.Contains(got, "response = client.list_tables()\n") {
			t.Errorf("%q: got\n%s", in, got)
		}
	}
}

// TestErrors: each bad request fails in every language with a message
// that names the problem.
func TestErrors(t *testing.T) {
	tests := []struct {
		op, in string
		want   string
	}{
		{"Query", `{"TableName":"T","Bogus":1}`, `Query: unknown member "Bogus"`},
		{"Query", `{"tablename":"T"}`, `did you mean "TableName"?`},
		{"TransactWriteItems", `{"TransactItems":[{"Put":{"TableName":"T","Item":{},"Extra":true}}]}`, `unknown member "Extra" in TransactItems[0].Put`},
		{"Query", `{"TableName":`, "invalid JSON: unexpected end of input"},
		{"Query", `{"TableName":"T",}`, "invalid JSON at byte 17"},
		{"Query", `{"TableName":"T"} {}`, "more data after the request object"},
		{"Query", `[1]`, "must be a JSON object, not an array"},
		{"Query", `{"TableName":7}`, "TableName: want a string, not a number"},
		{"Query", `{"Limit":"10"}`, "Limit: want a number, not a string"},
		{"Query", `{"Limit":2.5}`, "Limit: 2.5 is not an integer of 32 bits"},
		{"Query", `{"Limit":2147483648}`, "Limit: 2147483648 is not an integer of 32 bits"},
		{"Query", `{"ScanIndexForward":"false"}`, "ScanIndexForward: want a boolean"},
		{"Query", `{"TableName":"T","TableName":"U"}`, `the request: member "TableName" appears twice`},
		{"PutItem", `{"Item":{"a":{"S":"x"},"a":{"S":"y"}}}`, `Item: member "a" appears twice`},
		{"PutItem", `{"Item":{"a":{}}}`, `Item["a"]: an attribute value has exactly one of S, N, B, SS, NS, BS, M, L, NULL, BOOL; this one has 0 members`},
		{"PutItem", `{"Item":{"a":{"S":"x","N":"1"}}}`, "this one has 2 members"},
		{"PutItem", `{"Item":{"a":{"X":"x"}}}`, `Item["a"].X: unknown attribute value type "X"`},
		{"PutItem", `{"Item":{"a":{"N":1}}}`, `Item["a"].N: want a string, not a number`},
		{"PutItem", `{"Item":{"a":{"B":"not base64!"}}}`, `Item["a"].B: binary values are base64`},
		{"PutItem", `{"Item":{"a":{"BS":["AA==","A"]}}}`, `Item["a"].BS[1]: binary values are base64`},
		{"PutItem", `{"Item":{"a":{"L":[{"M":{"b":{"SS":[1]}}}]}}}`, `Item["a"].L[0].M["b"].SS[0]: want a string`},
		{"PutItem", `{"Item":{"a":null}}`, `Item["a"]: want an object, not null`},
		{"BatchGetItem", `{"RequestItems":{"T":{"Keys":[null]}}}`, `RequestItems["T"].Keys[0]: want an object, not null`},
		{"Query", `{"Limit":1e2}`, "Limit: 1e2 is not an integer"},
		{"Query", strings.Repeat(`{"L":[`, 60) + strings.Repeat(`]}`, 60), "nested more than 100 levels deep"},
		{"Query", "{\"TableName\":\"T\xff\"}", ""}, // invalid UTF-8 is replaced, not refused
		{"Bogus", `{}`, `unknown operation "Bogus"`},
		{"", `{}`, "no operation"},
	}
	for _, tt := range tests {
		for _, lang := range Languages() {
			got, err := Render(Request{Operation: tt.op, Input: []byte(tt.in)}, lang)
			if tt.want == "" {
				if err != nil {
					t.Errorf("%s %s in %s: %v", tt.op, tt.in, lang, err)
				}
				continue
			}
			if err == nil {
				t.Errorf("%s %s in %s: no error, got\n%s", tt.op, tt.in, lang, got)
				continue
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "snippet: ") {
				t.Errorf("%s %s in %s: error %q, want it to contain %q", tt.op, tt.in, lang, err, tt.want)
			}
		}
	}
	if _, err := Render(Request{Operation: "Query", Input: []byte(`{}`)}, "cobol"); err == nil || !strings.Contains(err.Error(), `unknown language "cobol"`) {
		t.Errorf("unknown language: %v", err)
	}
}

func TestTargetAsOperation(t *testing.T) {
	a, err := Render(Request{Operation: "DynamoDB_20120810.DescribeTable", Input: []byte(`{"TableName":"T"}`)}, CLI)
	if err != nil {
		t.Fatal(err)
	}
	if want := "aws dynamodb describe-table \\\n  --table-name 'T'\n"; a != want {
		t.Errorf("got %q, want %q", a, want)
	}
}

func TestCLIQuoting(t *testing.T) {
	got, err := Render(Request{
		Operation: "Query",
		Input:     []byte(`{"TableName":"it's","KeyConditionExpression":"-x = :v","ConsistentRead":false,"ScanIndexForward":true,"Limit":3}`),
		Region:    "eu-west-1",
	}, CLI)
	if err != nil {
		t.Fatal(err)
	}
	want := `aws dynamodb query \
  --table-name 'it'\''s' \
  --key-condition-expression='-x = :v' \
  --no-consistent-read \
  --scan-index-forward \
  --limit '3' \
  --no-paginate \
  --region 'eu-west-1'
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := Render(Request{Operation: "DescribeTable", Input: []byte(`{"TableName":"a\u0000b"}`)}, CLI); err == nil {
		t.Error("a NUL in a shell argument was not refused")
	}
}

// TestEnumConstants: values the SDK for Go knows become its constants,
// others a conversion.
func TestEnumConstants(t *testing.T) {
	got, err := Render(Request{Operation: "Query", Input: []byte(`{"Select":"COUNT","ReturnConsumedCapacity":"SOMETIMES"}`)}, Go)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"types.SelectCount,", `types.ReturnConsumedCapacity("SOMETIMES"),`} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	for s, want := range map[string]string{"ALL_NEW": "ReturnValueAllNew", "UPDATED_OLD": "ReturnValueUpdatedOld"} {
		if got := enumConstant(operations["PutItem"].Input.Member("ReturnValues"), s); got != want {
			t.Errorf("enumConstant(%s) = %s, want %s", s, got, want)
		}
	}
	if got := enumConstant(operations["CreateTable"].Input.Member("SSESpecification").Member("SSEType"), "AES256"); got != "SSETypeAes256" {
		t.Errorf("AES256: %s", got)
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string]string{
		"TableName":                           "table-name",
		"SSESpecification":                    "sse-specification",
		"KMSMasterKeyId":                      "kms-master-key-id",
		"ReturnValuesOnConditionCheckFailure": "return-values-on-condition-check-failure",
		"UpdateTimeToLive":                    "update-time-to-live",
		"Limit":                               "limit",
	} {
		if got := joinWords(in, "-"); got != want {
			t.Errorf("joinWords(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestAPI(t *testing.T) {
	if got := Languages(); !slices.Equal(got, []Language{CLI, JavaScript, Python, Go, Java, CSharp, Rust, JSON}) {
		t.Errorf("Languages() = %v", got)
	}
	for _, l := range Languages() {
		if l.Title() == string(l) && l != JSON {
			t.Errorf("%s has no title", l)
		}
	}
	want := []string{"BatchExecuteStatement", "BatchGetItem", "BatchWriteItem", "CreateTable", "DeleteItem", "DeleteTable", "DescribeTable",
		"DescribeTimeToLive", "ExecuteStatement", "ExecuteTransaction", "GetItem", "ListTables", "PutItem", "Query", "Scan", "TransactGetItems",
		"TransactWriteItems", "UpdateItem", "UpdateTable", "UpdateTimeToLive"}
	if got := Operations(); !slices.Equal(got, want) {
		t.Errorf("Operations() = %v", got)
	}
}

// TestLongValuesBreak: a group that does not fit goes one item per line,
// one that fits stays on one line.
func TestLongValuesBreak(t *testing.T) {
	got, err := Render(Request{Operation: "GetItem", Input: []byte(`{"TableName":"T","Key":{"k":{"S":"short"}}}`)}, Python)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, `response = client.get_item(TableName="T", Key={"k": {"S": "short"}})`) {
		t.Errorf("short call broken up:\n%s", got)
	}
	long := strings.Repeat("x", 100)
	got, err = Render(Request{Operation: "GetItem", Input: []byte(`{"TableName":"T","Key":{"k":{"S":"` + long + `"}}}`)}, JavaScript)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "  Key: {\n    k: {\n      S: \""+long+"\",\n    },\n  },\n") {
		t.Errorf("long value not broken up:\n%s", got)
	}
}
