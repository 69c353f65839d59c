package appcode

import (
	"go/format"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

func render(t *testing.T, nm namedModel, format string) string {
	t.Helper()
	res, err := formats.Render(nm.m, format)
	if err != nil {
		t.Fatalf("%s: %s: %v", nm.name, format, err)
	}
	if len(res.Files) != 1 || res.ContentType == "" {
		t.Fatalf("%s: %s: %d files, content type %q", nm.name, format, len(res.Files), res.ContentType)
	}
	return res.Files[0].Content
}

func TestFormatsAreRegistered(t *testing.T) {
	names := formats.FormatNames()
	for _, f := range []string{ElectroDB, Toolbox, TypeScript, Python, Go, Java, CSharp, Rust} {
		if !slices.Contains(names, f) {
			t.Errorf("formats.FormatNames() = %v lacks %s", names, f)
		}
	}
	p, _ := patterns.Get("write-sharding")
	want := map[string]string{ElectroDB: "entities.ts", Toolbox: "toolbox.ts", TypeScript: "access.ts", Python: "access.py", Go: "access.go", Java: "Access.java", CSharp: "Access.cs", Rust: "access.rs"}
	for f, path := range want {
		res, err := formats.RenderWith(p.Model(), f, formats.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Format != f || len(res.Files) != 1 || res.Files[0].Path != path || !strings.Contains(res.Files[0].Content, "Write sharding") {
			t.Errorf("%s: %+v", f, res)
		}
	}
}

// TestOneFunctionPerAccessPattern counts the functions each data-access
// format makes: one per access pattern, one key builder per entity (and
// the TypeScript module's put and get per entity).
func TestOneFunctionPerAccessPattern(t *testing.T) {
	for _, nm := range checkedModels(t) {
		aps, ents := len(nm.m.AccessPatterns), len(nm.m.Entities)
		counts := map[string][2]int{
			TypeScript: {strings.Count(render(t, nm, TypeScript), "\nexport async function "), aps + 2*ents},
			Toolbox:    {strings.Count(render(t, nm, Toolbox), "\nexport async function "), aps},
			Python:     {strings.Count(render(t, nm, Python), "\ndef ") - 2, aps + ents}, // _value and _item
			Go:         {strings.Count(render(t, nm, Go), "\nfunc "), aps + ents},
			ElectroDB:  {strings.Count(render(t, nm, ElectroDB), " = new Entity("), ents},
			// A fan-out has a private method per shard beside its public one.
			Java:   {strings.Count(render(t, nm, Java), "\n    public static "), aps},
			CSharp: {strings.Count(render(t, nm, CSharp), "\n    public static async "), aps},
			Rust:   {strings.Count(render(t, nm, Rust), "\npub async fn "), aps},
		}
		for f, c := range counts {
			if c[0] != c[1] {
				t.Errorf("%s: %s: %d functions, want %d", nm.name, f, c[0], c[1])
			}
		}
	}
}

// TestGoIsFormatted: the Go package is as gofmt writes it.
func TestGoIsFormatted(t *testing.T) {
	for _, nm := range checkedModels(t) {
		src := render(t, nm, Go)
		out, err := format.Source([]byte(src))
		if err != nil || string(out) != src {
			t.Errorf("%s: the Go package is not gofmt-formatted (%v)", nm.name, err)
		}
	}
}

// TestFanOutCode: a fan-out loops over its shard values, zero-padded, in
// every language.
func TestFanOutCode(t *testing.T) {
	var ops namedModel
	for _, nm := range checkedModels(t) {
		if nm.name == "operations" {
			ops = nm
		}
	}
	p, _ := patterns.Get("write-sharding")
	ws := namedModel{"write-sharding", p.Model()}
	tests := []struct {
		nm     namedModel
		format string
		want   []string
	}{
		{ws, TypeScript, []string{"export async function ordersOfADay(client: DynamoDBDocumentClient, date: string): Promise<Order[]>", "for (let n = 1; n <= 200; n++) shards.push(String(n).padStart(0, \"0\"))", "return results.flat();"}},
		{ws, Python, []string{"def orders_of_a_day(client: DynamoDBClient, date: str) -> List[Order]:", "[str(n).zfill(0) for n in range(1, 201)]", "return [x for r in results for x in r]"}},
		{ws, Go, []string{"func OrdersOfADay(ctx context.Context, client Client, date string) ([]Order, error)", "for n := 1; n <= 200; n++", `fmt.Sprintf("%d", n)`}},
		{ops, TypeScript, []string{"padStart(2, \"0\")", `Key: {
        "Id": NumberValue.from(counterId),`, "return results.filter((x): x is Partial<Counter> => x !== undefined);"}},
		{ops, Python, []string{"str(n).zfill(2) for n in range(1, 4)", `"Key": {
                "Id": {"N": counter_id},`}},
		{ops, Go, []string{`fmt.Sprintf("%02d", n)`, `"Id": &types.AttributeValueMemberN{Value: counterId}`}},
		{ws, Java, []string{"for (int n = 1; n <= 200; n++) {", `String shard = String.format("%d", n);`, "results.addAll(r);"}},
		{ws, CSharp, []string{"for (var n = 1; n <= 200; n++)", `var shard = n.ToString("0", CultureInfo.InvariantCulture);`, "results.AddRange(r);"}},
		{ops, CSharp, []string{`n.ToString("00", CultureInfo.InvariantCulture)`, `["Id"] = new AttributeValue { N = counterId }`, "if (r != null)"}},
		{ws, Rust, []string{"for n in 1..=200 {", `let shard = format!("{}", n);`, "results.extend(r);"}},
		{ops, Rust, []string{`let shard = format!("{:02}", n);`, `.key("Id", AttributeValue::N(format!("{}", counter_id)))`, "Ok(out.item)"}},
		{ops, Java, []string{`String.format("%02d", n)`, `.key(Map.of("Id", AttributeValue.builder().n(counterId).build()))`, "if (r != null) {"}},
	}
	for _, tt := range tests {
		src := render(t, tt.nm, tt.format)
		for _, w := range tt.want {
			if !strings.Contains(src, w) {
				t.Errorf("%s: %s lacks %q", tt.nm.name, tt.format, w)
			}
		}
	}
}

func TestParameterTypes(t *testing.T) {
	p, _ := patterns.Get("write-sharding")
	d, err := newDesign(p.Model())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, pt := range d.patterns {
		var ps []string
		for _, q := range pt.params {
			ps = append(ps, q.name+":"+q.typ)
		}
		got[pt.ap.Name] = strings.Join(ps, " ")
	}
	want := map[string]string{
		"Write the total": "candidate:S sum:N now:S", // sum is a whole N value
		"Orders of a day": "date:S",                  // suffix is the fan-out's
		"Place an order":  "date:S orderId:S suffix:S customer:S total:N now:S",
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: parameters %q, want %q", name, got[name], w)
		}
	}
}

func TestSplitParams(t *testing.T) {
	tests := map[string]string{
		"USER#{userId}":   `"USER#" {userId}`,
		"{a}.{b}":         `{a} "." {b}`,
		"{{x}}":           `"{x}"`,
		"{not a name}":    `"{not a name}"`,
		"{":               `"{"`,
		"":                `""`,
		"a{1x}b":          `"a{1x}b"`,
		"{a}#shard{b}X{{": `{a} "#shard" {b} "X{"`,
	}
	for in, want := range tests {
		var got []string
		for _, p := range splitParams(in) {
			if p.param != "" {
				got = append(got, "{"+p.param+"}")
			} else {
				got = append(got, quote(p.lit))
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("splitParams(%q) = %s, want %s", in, strings.Join(got, " "), want)
		}
	}
}

func TestParseKeyCondition(t *testing.T) {
	tests := map[string]string{
		"PK = :pk":                              "PK = [:pk]",
		"PK = :pk AND begins_with(SK, :p)":      "PK = [:pk]; SK begins_with [:p]",
		"#d = :d AND #ts BETWEEN :from AND :to": "#d = [:d]; #ts between [:from :to]",
		"EscalatedTo = :tech AND #ts > :since":  "EscalatedTo = [:tech]; #ts > [:since]",
		"a=:a and b<=:b":                        "a = [:a]; b <= [:b]",
		"PK = :pk OR SK = :s":                   "",
		"PK = :pk AND SK = :s AND X = :x":       "",
		"begins_with(SK, :p":                    "",
		"PK = pk":                               "",
		"size(PK) = :n":                         "",
	}
	for in, want := range tests {
		conds, ok := parseKeyCondition(in)
		var got []string
		for _, c := range conds {
			got = append(got, c.attr+" "+c.op+" ["+strings.Join(c.values, " ")+"]")
		}
		if !ok {
			got = nil
		}
		if strings.Join(got, "; ") != want {
			t.Errorf("parseKeyCondition(%q) = %q (%v), want %q", in, strings.Join(got, "; "), ok, want)
		}
	}
}

func TestNames(t *testing.T) {
	tests := []struct{ got, want string }{
		{camel("User's messages", "p"), "usersMessages"},
		{snake("User's messages", "p"), "users_messages"},
		{pascal("User's messages", "P"), "UsersMessages"},
		{pascal("PK", "F"), "PK"},
		{snake("userId", "p"), "user_id"},
		{camel("2026 orders", "p"), "p2026Orders"},
		{pascal("student-data", "T"), "StudentData"},
		{camel("Inbox, unexpired", "p"), "inboxUnexpired"},
		{camel("Ünïcode names", "p"), "unicodeNames"},
		{pascal("日本", "E"), "E"},
		{pyParamNames([]*param{{name: "from"}, {name: "class"}, {name: "client"}})["from"], "from_"},
		{pyParamNames([]*param{{name: "client"}})["client"], "client2"},
		{goParamNames([]*param{{name: "type"}})["type"], "type2"},
		{tsParamNames([]*param{{name: "delete"}})["delete"], "delete2"},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: got %q, want %q", i, tt.got, tt.want)
		}
	}
}

// TestGoLeavesOutWhatItCannotWrite: a request member the Go generator does
// not know leaves the pattern out with a warning, not broken code.
func TestGoLeavesOutWhatItCannotWrite(t *testing.T) {
	ap := &model.AccessPattern{Name: "Odd", Operation: "Query", Request: []byte(`{"TableName": "T", "Bogus": {"S": "{x}"}}`)}
	p, err := newPattern(ap, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := goPattern(p, "Odd", nil); err == nil || !strings.Contains(err.Error(), `"Bogus"`) {
		t.Errorf("goPattern: %v, want an error naming Bogus", err)
	}
	d := &design{name: "m", patterns: []*pattern{p}}
	src, warnings := renderGo(d)
	if len(warnings) != 1 || !strings.Contains(warnings[0], `"Odd"`) || strings.Contains(src, "func Odd") {
		t.Errorf("renderGo: warnings %q, source has the pattern: %v", warnings, strings.Contains(src, "func Odd"))
	}
}
