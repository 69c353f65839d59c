package expr

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// evalItem is the item the evaluation tables read.
var evalItem = attr.Item{
	"s":     attr.String("x"),
	"s2":    attr.String("xyz"),
	"u":     attr.String("héllo"),
	"n":     num("1"),
	"n5":    num("5"),
	"n10":   num("10"),
	"nf":    num("1.0000"), // stored canonically as 1
	"b":     attr.Binary("ab"),
	"bool":  attr.Bool(true),
	"nul":   attr.Null{},
	"ss":    ss("x", "y"),
	"ns":    ns("1", "2"),
	"bs":    bs("ab", "cd"),
	"l":     attr.List{attr.String("x"), num("1"), attr.List{attr.String("deep")}},
	"el":    attr.List{},
	"m":     attr.Map{"k": attr.String("v"), "inr": attr.Map{"z": num("3")}, "lst": attr.List{num("7"), num("8")}},
	"em":    attr.Map{},
	"a.b":   attr.String("dotted"),
	"name":  attr.String("reserved"),
	"blank": attr.String(""),
}

var evalTests = []struct {
	expr string
	want bool
}{
	// = and <>
	{"s = :s", true},
	{"s = :s2", false},
	{"n = :n", true},
	{"nf = :n", true},
	{"n = :s", false},      // type mismatch is false, not an error
	{"absent = :s", false}, // absent attribute
	{"absent <> :s", true}, // <> is true when a side is absent
	{"s <> :n", true},      // and when the types differ
	{"s <> :s", false},
	{"ss = :ss", true}, // sets compare as sets
	{"ns = :ns", true},
	{"bs = :bs", true},
	{"l = :l", false},
	{"m.k = :s", false},
	{"el = :el", true},
	{"b = :b", true},
	{"bool = :bool", true},
	{"nul = :null", true},
	{"s = s2", false},
	{"absent = absent2", false},
	{"absent <> absent2", true},
	{"#dot = :s", false},
	{"#n = :s", false},
	// < <= > >=
	{"n < :n5", true},
	{"n5 < :n", false},
	{"n <= :n", true},
	{"n5 > :n", true},
	{"n >= :n5", false},
	{"n10 > :n5", true},    // numeric, not lexical
	{"s < :s2", true},      // "x" < "y"
	{"s2 > :s", true},      // "xyz" > "x"
	{"b > :b2", true},      // bytes "ab" > "a"
	{"n < :s", false},      // mismatch
	{"absent < :n", false}, // absent
	{"absent >= :n", false},
	{"ss < :n", false}, // stored non-scalar: false
	{":n < n5", true},
	{"n < n5", true},
	{"absent < absent2", false},
	// BETWEEN
	{"n5 BETWEEN :n AND :n5", true},
	{"n BETWEEN :n AND :n5", true},
	{"n10 BETWEEN :n AND :n5", false},
	{"s BETWEEN :s AND :s2", true},
	{"s BETWEEN :n AND :n5", false},
	{"absent BETWEEN :n AND :n5", false},
	{"n5 BETWEEN n AND n10", true},
	{"n5 BETWEEN n AND absent", false},
	{"n5 BETWEEN s AND n10", false},
	// IN
	{"s IN (:n, :s)", true},
	{"s IN (:n, :s2)", false},
	{"n IN (:s, :ns, :n)", true},
	{"absent IN (:s)", false},
	{"ss IN (:ss)", true},
	{"l[1] IN (:n)", true},
	{"s IN (absent, s2, :s)", true},
	// logic
	{"s = :s AND n = :n", true},
	{"s = :s AND n = :n5", false},
	{"s = :s2 OR n = :n", true},
	{"s = :s2 OR n = :n5", false},
	{"NOT s = :s", false},
	{"NOT absent = :s", true},
	{"NOT NOT s = :s", true},
	{"s = :s2 AND n = :n OR n5 = :n5", true}, // AND binds tighter
	{"s = :s2 AND (n = :n OR n5 = :n5)", false},
	{"(s = :s)", true},
	// attribute_exists / attribute_not_exists
	{"attribute_exists(s)", true},
	{"attribute_exists(absent)", false},
	{"attribute_not_exists(absent)", true},
	{"attribute_not_exists(s)", false},
	{"attribute_exists(m.k)", true},
	{"attribute_exists(m.inr.z)", true},
	{"attribute_exists(m.nope)", false},
	{"attribute_exists(m.k.deeper)", false},
	{"attribute_exists(l[2][0])", true},
	{"attribute_exists(l[3])", false},
	{"attribute_exists(l.x)", false},
	{"attribute_exists(m[0])", false},
	{"attribute_exists(#dot)", true},
	{"attribute_exists(a.b)", false}, // nested, not the dotted name
	{"attribute_exists(nul)", true},
	{"attribute_exists(blank)", true},
	{"attribute_not_exists(m.nope)", true},
	// attribute_type
	{"attribute_type(s, :tS)", true},
	{"attribute_type(s, :tN)", false},
	{"attribute_type(n, :tN)", true},
	{"attribute_type(ss, :tSS)", true},
	{"attribute_type(m, :tM)", true},
	{"attribute_type(l, :tL)", true},
	{"attribute_type(nul, :tNULL)", true},
	{"attribute_type(bool, :tBOOL)", true},
	{"attribute_type(absent, :tS)", false},
	{"attribute_type(:s, :tS)", true}, // a value operand is accepted
	{"attribute_type(:n, :tS)", false},
	{"attribute_type(m.inr, :tM)", true},
	// begins_with
	{"begins_with(s2, :s)", true},
	{"begins_with(s, :s2)", false},
	{"begins_with(s2, :empty)", true},
	{"begins_with(b, :b2)", true},
	{"begins_with(b, :s)", false}, // B vs S
	{"begins_with(n, :s)", false}, // stored N: false
	{"begins_with(absent, :s)", false},
	{"begins_with(:s2, :s)", false}, // "y" does not begin with "x"
	{"begins_with(s2, s)", true},
	// contains
	{"contains(s2, :s)", true},
	{"contains(s, :s2)", false},
	{"contains(ss, :s)", true},
	{"contains(ss, :s2)", true},
	{"contains(ss, :n)", false},
	{"contains(ns, :n)", true},
	{"contains(ns, :n5)", false},
	{"contains(bs, :b)", true},
	{"contains(bs, :b2)", false},
	{"contains(l, :s)", true},
	{"contains(l, :n)", true},
	{"contains(l, :l2)", false},
	{"contains(m, :s)", false},
	{"contains(n, :n)", false},
	{"contains(absent, :s)", false},
	{"contains(s2, absent)", false},
	{"contains(ss, s)", true},
	// a B contains a B as a byte substring
	{"contains(b, :b)", true},
	{"contains(b, :b2)", true},
	{"contains(b, :bz)", false},
	{"contains(b, :s)", false},
	{"NOT contains(b, :bz)", true},
	// size
	{"size(s2) = :n3", true},
	{"size(u) = :n6", true}, // UTF-8 bytes
	{"size(b) = :n2", true},
	{"size(ss) = :n2", true},
	{"size(ns) = :n2", true},
	{"size(bs) = :n2", true},
	{"size(l) = :n3", true},
	{"size(el) = :n0", true},
	{"size(m) = :n3", true},
	{"size(em) = :n0", true},
	{"size(blank) = :n0", true},
	{"size(n) = :n1", false}, // N has no size
	{"size(n) <> :n1", true}, // so <> is true
	{"size(bool) >= :n0", false},
	{"size(nul) >= :n0", false},
	{"size(absent) >= :n0", false},
	{"size(s2) > :n", true},
	{"size(s2) = :s", false}, // compared to a non-number
	{"size(:s) = :n1", true},
	{"size(:l) = :n2", true},
	{"size(m.lst) = :n2", true},
	{"size(s2) > size(s)", true},
	{"size(s2) BETWEEN :n AND :n5", true},
	{"size(s2) IN (:n3)", true},
	{"(size(s2)) = :n3", true},
}

func TestEval(t *testing.T) {
	values := testValues()
	for _, n := range []string{"0", "1", "2", "3", "6"} {
		values[":n"+n] = num(n)
	}
	for _, tt := range evalTests {
		t.Run(tt.expr, func(t *testing.T) {
			c, err := ParseCondition(ConditionExpression, tt.expr, NewPlaceholders(testNames(), values))
			if err != nil {
				t.Fatal(err)
			}
			if got := c.Eval(evalItem); got != tt.want {
				t.Errorf("Eval = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestEvalMissingItem: on a absent item every attribute is absent, so
// only attribute_not_exists and <> hold.
func TestEvalMissingItem(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"attribute_not_exists(p)", true},
		{"attribute_exists(p)", false},
		{"p <> :s", true},
		{"p = :s", false},
		{"p < :n", false},
		{"p IN (:s)", false},
		{"begins_with(p, :s)", false},
		{"contains(p, :s)", false},
		{"size(p) >= :n", false},
		{"NOT p = :s", true},
		{"attribute_type(p, :tS)", false},
		{"p BETWEEN :n AND :n5", false},
	}
	for _, tt := range tests {
		c := mustCondition(t, tt.expr)
		if got := c.Eval(nil); got != tt.want {
			t.Errorf("%s on nil item = %v, want %v", tt.expr, got, tt.want)
		}
		if got := c.Eval(attr.Item{}); got != tt.want {
			t.Errorf("%s on blank item = %v, want %v", tt.expr, got, tt.want)
		}
	}
}

func TestConditionPaths(t *testing.T) {
	c := mustCondition(t, "#n.b = :s AND (size(c[1]) > :n OR contains(d, e))")
	got := c.Paths()
	want := []Path{
		{{Name: "name"}, {Name: "b"}},
		{{Name: "c"}, {Index: 1, IsIndex: true}},
		{{Name: "d"}},
		{{Name: "e"}},
	}
	if len(got) != len(want) {
		t.Fatalf("Paths = %v", got)
	}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("path %d = %v, want %v", i, got[i], want[i])
		}
	}
	if c.Kind() != ConditionExpression {
		t.Errorf("Kind = %v", c.Kind())
	}
}

func TestPathString(t *testing.T) {
	p := Path{{Name: "a"}, {Name: "b"}, {Index: 1, IsIndex: true}}
	if got := p.String(); got != "[a, b, [1]]" {
		t.Errorf("String = %q", got)
	}
	if got := (Path{}).String(); got != "[]" {
		t.Errorf("empty String = %q", got)
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		path Path
		want attr.Value
	}{
		{Path{{Name: "s"}}, attr.String("x")},
		{Path{{Name: "m"}, {Name: "inr"}, {Name: "z"}}, num("3")},
		{Path{{Name: "l"}, {Index: 2, IsIndex: true}, {Index: 0, IsIndex: true}}, attr.String("deep")},
		{Path{{Name: "a.b"}}, attr.String("dotted")},
		{Path{{Name: "absent"}}, nil},
		{Path{{Name: "l"}, {Index: 9, IsIndex: true}}, nil},
		{Path{{Name: "l"}, {Name: "x"}}, nil},
		{Path{{Name: "m"}, {Index: 0, IsIndex: true}}, nil},
		{Path{{Name: "s"}, {Name: "x"}}, nil},
		{Path{{Index: 0, IsIndex: true}}, nil},
		{Path{}, nil},
	}
	for _, tt := range tests {
		v, ok := Lookup(evalItem, tt.path)
		if ok != (tt.want != nil) || ok && !attr.Equal(v, tt.want) {
			t.Errorf("Lookup(%v) = %v, %v; want %v", tt.path, v, ok, tt.want)
		}
	}
	if _, ok := Lookup(nil, Path{{Name: "s"}}); ok {
		t.Error("Lookup in a nil item found something")
	}
}
