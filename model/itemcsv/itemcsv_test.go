package itemcsv

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// table is PK (S) + SK (N) with a GSI on GSI1PK (S).
func table() *schema.TableDefinition {
	return &schema.TableDefinition{
		TableName: "Orders",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "PK", AttributeType: schema.TypeS},
			{AttributeName: "SK", AttributeType: schema.TypeN},
			{AttributeName: "GSI1PK", AttributeType: schema.TypeS},
		},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "PK", KeyType: schema.KeyTypeHash},
			{AttributeName: "SK", KeyType: schema.KeyTypeRange},
		},
		GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{
			IndexName:  "GSI1",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "GSI1PK", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll},
		}},
		BillingMode: schema.BillingPayPerRequest,
	}
}

func mustRead(t *testing.T, in string, def *schema.TableDefinition) *Result {
	t.Helper()
	res, err := Read(strings.NewReader(in), Options{Table: def})
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return res
}

func js(t *testing.T, v attr.Value) string {
	t.Helper()
	b, err := attr.MarshalValue(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestInference: each untyped cell becomes the type the documented rule
// says, and typed columns read their cells as declared.
func TestInference(t *testing.T) {
	tests := []struct {
		cell, want string // want: DynamoDB JSON
	}{
		{"42", `{"N":"42"}`},
		{"-3.5", `{"N":"-3.5"}`},
		{"0.25", `{"N":"0.25"}`},
		{"007", `{"S":"007"}`},
		{"1.50", `{"S":"1.50"}`},
		{"1e3", `{"S":"1e3"}`},
		{"+5", `{"S":"+5"}`},
		{"-0", `{"S":"-0"}`},
		{"true", `{"BOOL":true}`},
		{"false", `{"BOOL":false}`},
		{"True", `{"S":"True"}`},
		{"hello, world", `{"S":"hello, world"}`},
		{`{"S":""}`, `{"S":""}`},
		{`{"M":{"a":{"L":[{"N":"1"},{"NULL":true}]}}}`, `{"M":{"a":{"L":[{"N":"1"},{"NULL":true}]}}}`},
		{`{"SS":["b","a"]}`, `{"SS":["a","b"]}`},
		{`{"not":"dynamo"}`, `{"S":"{\"not\":\"dynamo\"}"}`},
		{"123456789012345678901234567890123456789", `{"S":"123456789012345678901234567890123456789"}`}, // 39 digits: not a DynamoDB number
	}
	for _, tt := range tests {
		res := mustRead(t, "a\n\""+strings.ReplaceAll(tt.cell, `"`, `""`)+"\"\n", nil)
		if len(res.Errors) > 0 || len(res.Items) != 1 {
			t.Errorf("%q: %v", tt.cell, res.Errors)
			continue
		}
		if got := js(t, res.Items[0]["a"]); got != tt.want {
			t.Errorf("%q read as %s, want %s", tt.cell, got, tt.want)
		}
	}

	typed := "s:S,n:N,b:B,t:BOOL,z:NULL,ss:SS,ns:NS,bs:BS,l:L,m:M,a:b\n" +
		`007,1.50,` + base64.StdEncoding.EncodeToString([]byte{0, 1, 255}) + `,false,true,"[""x"",""y""]","[""1"",""2.0""]","[""AAE=""]","[{""S"":""x""},{""N"":""1""}]","{""k"":{""BOOL"":true}}",c` + "\n"
	res := mustRead(t, typed, nil)
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors)
	}
	want := map[string]string{
		"s": `{"S":"007"}`, "n": `{"N":"1.5"}`, "b": `{"B":"AAH/"}`, "t": `{"BOOL":false}`, "z": `{"NULL":true}`,
		"ss": `{"SS":["x","y"]}`, "ns": `{"NS":["1","2"]}`, "bs": `{"BS":["AAE="]}`,
		"l": `{"L":[{"S":"x"},{"N":"1"}]}`, "m": `{"M":{"k":{"BOOL":true}}}`, "a:b": `{"S":"c"}`,
	}
	for n, w := range want {
		if got := js(t, res.Items[0][n]); got != w {
			t.Errorf("column %s: %s, want %s", n, got, w)
		}
	}
	if c := res.Columns[1]; c.Name != "n" || c.Type != "N" || c.Seen["N"] != 1 {
		t.Errorf("column 2 is %+v", c)
	}
}

// TestEmptyCellIsAbsent: an empty cell leaves the attribute out, typed or not.
func TestEmptyCellIsAbsent(t *testing.T) {
	res := mustRead(t, "PK,SK:N,x:S,y\na,1,,\n", table())
	if len(res.Errors) > 0 || len(res.Items) != 1 {
		t.Fatal(res.Errors)
	}
	if len(res.Items[0]) != 2 {
		t.Errorf("item %v has more than its key", res.Items[0])
	}
}

// TestRowErrors: every kind of bad row is reported with its data row, file
// line and column, with DynamoDB's wording where DynamoDB refuses the item,
// and the good rows still come through.
func TestRowErrors(t *testing.T) {
	big := strings.Repeat("x", 400*1024)
	in := "PK,SK,GSI1PK,n:N,flag:BOOL,tags:SS\n" +
		"a,1,g,1,true,\n" + // row 1 good
		",2,,,,\n" + // row 2: no PK
		"b,x,,,,\n" + // row 3: SK not a number (inferred S)
		"c,3,5,,,\n" + // row 4: GSI key inferred N
		"d,4,,abc,,\n" + // row 5: bad number
		"e,5,,,yes,\n" + // row 6: bad BOOL
		"f,6,,,,\"[\"\"a\"\",\"\"a\"\"]\"\n" + // row 7: duplicate in a set
		"a,1,,,,\n" + // row 8: same key as row 1
		"g,7\n" + // row 9: too few cells
		"\"multi\nline\",8,,,,\n" + // row 10: good, two lines
		"h,9,," + big + ",,\n" + // row 11: over 400 KB? (n is N: bad number first)
		"i,10,\"" + big + "\",,,\n" + // row 12: over 400 KB
		"j,11,,,,\n" // row 13: good
	res := mustRead(t, in, table())
	type want struct {
		row, line  int
		col, words string
	}
	wants := []want{
		{2, 3, "PK", "One or more parameter values were invalid: Missing the key PK in the item"},
		{3, 4, "SK", "One or more parameter values were invalid: Type mismatch for key SK expected: N actual: S"},
		{4, 5, "GSI1PK", "Type mismatch for Index Key GSI1PK Expected: S Actual: N IndexName: GSI1"},
		{5, 6, "n", "abc"},
		{6, 7, "flag", `"yes" is not true or false`},
		{7, 8, "tags", "duplicates"},
		{8, 9, "PK", "the same key as row 1"},
		{9, 10, "", "2 cells, the header has 6 columns"},
		{11, 13, "n", "not"},
		{12, 14, "", "Item size has exceeded the maximum allowed size"},
	}
	if len(res.Errors) != len(wants) {
		for _, e := range res.Errors {
			t.Log(e)
		}
		t.Fatalf("%d errors, want %d", len(res.Errors), len(wants))
	}
	for i, w := range wants {
		e := res.Errors[i]
		if e.Row != w.row || e.Line != w.line || e.Column != w.col || !strings.Contains(e.Message, w.words) {
			t.Errorf("error %d: %v\nwant row %d line %d column %q with %q", i, e, w.row, w.line, w.col, w.words)
		}
	}
	if res.Rows != 13 || len(res.Items) != 3 || res.BadRows() != 10 {
		t.Errorf("rows %d, items %d, bad rows %d; want 13, 3, 10", res.Rows, len(res.Items), res.BadRows())
	}
	if got := fmt.Sprint(res.RowOf); got != "[1 10 13]" {
		t.Errorf("good rows %s, want [1 10 13]", got)
	}
	if s := res.Errors[0].Error(); !strings.HasPrefix(s, `row 2 (line 3), column "PK": `) {
		t.Errorf("Error() = %q", s)
	}
}

// TestNumberKeysCompareByValue: "1" and "1.0" in a typed N key column are
// the same key, as in DynamoDB.
func TestNumberKeysCompareByValue(t *testing.T) {
	res := mustRead(t, "PK,SK:N\na,1\na,1.0\n", table())
	if len(res.Errors) != 1 || res.Errors[0].Row != 2 || !strings.Contains(res.Errors[0].Message, "row 1") {
		t.Errorf("errors %v, want row 2 as a duplicate of row 1", res.Errors)
	}
}

func TestFileErrors(t *testing.T) {
	for _, tt := range []struct{ in, words string }{
		{"", "empty"},
		{"a,,b\n", "column 2 of the header has no attribute name"},
		{"a,b,a:S\n", `columns 1 and 3 of the header both name "a"`},
		{"\"a\n", "header"},
	} {
		_, err := Read(strings.NewReader(tt.in), Options{})
		if err == nil || !strings.Contains(err.Error(), tt.words) {
			t.Errorf("%q: error %v, want %q", tt.in, err, tt.words)
		}
	}
	_, err := Read(strings.NewReader("a\n1\n2\n3\n"), Options{MaxRows: 2})
	if err == nil || !strings.Contains(err.Error(), "more than 2 rows") {
		t.Errorf("MaxRows: %v", err)
	}
	// A table definition that does not validate is the caller's error.
	bad := table()
	bad.KeySchema = nil
	if _, err := Read(strings.NewReader("PK\na\n"), Options{Table: bad}); err == nil {
		t.Error("an invalid table definition was accepted")
	}
}

// TestBadQuotesAreRowErrors: a broken record is an error of its row, and
// reading goes on.
func TestBadQuotesAreRowErrors(t *testing.T) {
	res := mustRead(t, "a,b\n1,x\"y\n2,z\n", nil)
	if len(res.Errors) != 1 || res.Errors[0].Row != 2-1 && res.Errors[0].Line != 2 {
		t.Fatalf("errors %v", res.Errors)
	}
	if len(res.Items) == 0 {
		t.Error("no good row after the broken one")
	}
}

func TestErrorCap(t *testing.T) {
	var b strings.Builder
	b.WriteString("PK,SK:N\n")
	for i := 0; i < MaxErrors+50; i++ {
		b.WriteString(",1\n")
	}
	res := mustRead(t, b.String(), table())
	if len(res.Errors) != MaxErrors || res.MoreErrors != 50 {
		t.Errorf("%d errors and %d more, want %d and 50", len(res.Errors), res.MoreErrors, MaxErrors)
	}
}

// TestWriteHeader: keys first, then names in byte order, typed where one
// type holds, untyped (whole JSON cells) where types mix.
func TestWriteHeader(t *testing.T) {
	items := []attr.Item{
		{"SK": attr.MustNumber("1"), "PK": attr.String("a"), "z": attr.String("x"), "mix": attr.String("s"), "e": attr.String("")},
		{"SK": attr.MustNumber("2"), "PK": attr.String("b"), "b": attr.Bool(true), "mix": attr.MustNumber("1"), "c:S": attr.Null{}},
	}
	var buf bytes.Buffer
	if err := Write(&buf, items, "PK", "SK"); err != nil {
		t.Fatal(err)
	}
	want := "PK:S,SK:N,b:BOOL,c:S:NULL,e,mix,z:S\n" +
		`a,1,,,"{""S"":""""}","{""S"":""s""}",x` + "\n" +
		`b,2,true,true,,"{""N"":""1""}",` + "\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
	roundTrip(t, items, []string{"PK", "SK"})
}

func roundTrip(t *testing.T, items []attr.Item, keys []string) {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, items, keys...); err != nil {
		t.Fatal(err)
	}
	res, err := Read(bytes.NewReader(buf.Bytes()), Options{})
	if err != nil {
		t.Fatalf("Read of\n%s: %v", buf.String(), err)
	}
	if len(res.Errors) > 0 {
		t.Fatalf("Read of\n%s: %v", buf.String(), res.Errors)
	}
	if len(res.Items) != len(items) {
		t.Fatalf("%d items back, wrote %d:\n%s", len(res.Items), len(items), buf.String())
	}
	for i := range items {
		if !items[i].Equal(res.Items[i]) {
			a, _ := items[i].MarshalJSON()
			b, _ := res.Items[i].MarshalJSON()
			t.Fatalf("item %d changed:\nwrote %s\n read %s\nCSV:\n%s", i, a, b, buf.String())
		}
	}
}

// randomValue makes a value of any type, nested up to depth.
func randomValue(r *rand.Rand, depth int) attr.Value {
	k := r.IntN(10)
	if depth <= 0 && k >= 8 {
		k = r.IntN(8)
	}
	switch k {
	case 0:
		return attr.String(randomText(r))
	case 1:
		return attr.MustNumber(randomNumber(r))
	case 2:
		b := make([]byte, r.IntN(4))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return attr.Binary(b)
	case 3:
		return attr.Bool(r.IntN(2) == 0)
	case 4:
		return attr.Null{}
	case 5:
		s, _ := attr.NewStringSet([]string{randomText(r) + "a", randomText(r) + "b"})
		return s
	case 6:
		s, err := attr.NewNumberSet([]attr.Number{attr.MustNumber("1"), attr.MustNumber(randomNumber(r))})
		if err != nil { // drew 1 twice
			s, _ = attr.NewNumberSet([]attr.Number{attr.MustNumber("1")})
		}
		return s
	case 7:
		s, _ := attr.NewBinarySet([][]byte{{1}, {2, byte(r.IntN(256))}})
		return s
	case 8:
		l := attr.List{}
		for i := r.IntN(3); i > 0; i-- {
			l = append(l, randomValue(r, depth-1))
		}
		return l
	default:
		m := attr.Map{}
		for i := r.IntN(3); i > 0; i-- {
			m[randomText(r)+"k"] = randomValue(r, depth-1) // DynamoDB refuses empty names
		}
		return m
	}
}

// randomText draws from texts that stress the format: CSV's own
// characters, things that look like numbers, booleans and JSON, headers.
func randomText(r *rand.Rand) string {
	pieces := []string{"", "a", "007", "1", "-2.5", "1e3", "true", "false", ",", "\"", "\n", "\r\n", " ", "{\"S\":\"x\"}", "{", ":S", ":", "é", "😀", "NULL"}
	var b strings.Builder
	for i := r.IntN(4); i > 0; i-- {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

func randomNumber(r *rand.Rand) string {
	return []string{"0", "1", "-1", "42", "3.25", "-0.001", "12345678901234567890123456789012345678", "1e125", "1e-130"}[r.IntN(9)]
}

// randomItems makes n items with a few shared attribute names, so that
// columns hold one type or mix them.
func randomItems(r *rand.Rand, n int) []attr.Item {
	names := []string{"PK", "a", "b", "c:S", "x:", "é", " sp", "\"q\"", "M"}
	items := make([]attr.Item, n)
	for i := range items {
		it := attr.Item{"PK": attr.String(fmt.Sprintf("k%d", i))}
		for _, nm := range names[1:] {
			if r.IntN(3) == 0 {
				continue
			}
			it[nm] = randomValue(r, 2)
		}
		items[i] = it
	}
	return items
}

// TestRoundTripRandom: Write then Read gives back the same items, for
// random items of every type (the seed is logged).
func TestRoundTripRandom(t *testing.T) {
	seed := rand.Uint64()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	for range 300 {
		roundTrip(t, randomItems(r, 1+r.IntN(6)), []string{"PK"})
	}
}

// FuzzRoundTrip: random items from a fuzzed seed round-trip; arbitrary
// bytes read without a panic.
func FuzzRoundTrip(f *testing.F) {
	f.Add(uint64(1), []byte("PK,SK:N\na,1\n"))
	f.Add(uint64(2), []byte("a:M,b:L\n{},[]\n"))
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		r := rand.New(rand.NewPCG(seed, 2))
		roundTrip(t, randomItems(r, 1+r.IntN(4)), []string{"PK"})
		res, err := Read(bytes.NewReader(data), Options{Table: table()})
		if err == nil {
			for _, it := range res.Items {
				if _, ok := it["PK"]; !ok {
					t.Fatalf("an item without its key passed: %v", it)
				}
			}
		}
	})
}
