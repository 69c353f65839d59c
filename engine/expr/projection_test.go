package expr

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

var projItem = attr.Item{
	"p": attr.String("k"),
	"s": attr.String("x"),
	"n": num("1"),
	"a": attr.Map{
		"b": attr.List{
			attr.Map{"y": num("0"), "z": num("9")},
			attr.String("one"),
			attr.Map{"y": num("2")},
		},
		"c": attr.String("cc"),
		"e": attr.Map{},
	},
	"l":   attr.List{attr.String("l0"), attr.String("l1"), attr.String("l2")},
	"a.b": attr.String("dotted"),
}

var projectionTests = []struct {
	expr string
	want attr.Item
}{
	{"s", attr.Item{"s": attr.String("x")}},
	{"s, n", attr.Item{"s": attr.String("x"), "n": num("1")}},
	{"absent", attr.Item{}},
	{"s, absent", attr.Item{"s": attr.String("x")}},
	{"a.c", attr.Item{"a": attr.Map{"c": attr.String("cc")}}},
	{"a.c, a.absent", attr.Item{"a": attr.Map{"c": attr.String("cc")}}},
	{"a.b[2].y", attr.Item{"a": attr.Map{"b": attr.List{attr.Map{"y": num("2")}}}}},
	{"a.b[0].y, a.b[2].y", attr.Item{"a": attr.Map{"b": attr.List{attr.Map{"y": num("0")}, attr.Map{"y": num("2")}}}}},
	{"a.b[2].y, a.b[0].y", attr.Item{"a": attr.Map{"b": attr.List{attr.Map{"y": num("0")}, attr.Map{"y": num("2")}}}}},
	{"a.b[1].y", attr.Item{}}, // a string has no fields
	{"a.b[7]", attr.Item{}},   // past the end
	{"l[2], l[0]", attr.Item{"l": attr.List{attr.String("l0"), attr.String("l2")}}},
	{"l[1]", attr.Item{"l": attr.List{attr.String("l1")}}},
	{"l.x", attr.Item{}},  // a list has no fields
	{"a[0]", attr.Item{}}, // a map has no indexes
	{"s.x", attr.Item{}},
	{"a.e", attr.Item{"a": attr.Map{"e": attr.Map{}}}},
	{"a.b[0]", attr.Item{"a": attr.Map{"b": attr.List{attr.Map{"y": num("0"), "z": num("9")}}}}},
	{"#dot", attr.Item{"a.b": attr.String("dotted")}},
	{"#dot, a.c", attr.Item{"a.b": attr.String("dotted"), "a": attr.Map{"c": attr.String("cc")}}},
	{"#a.#c", attr.Item{"a": attr.Map{"c": attr.String("cc")}}},
	{"p", attr.Item{"p": attr.String("k")}},
}

func TestProjectionApply(t *testing.T) {
	for _, tt := range projectionTests {
		t.Run(tt.expr, func(t *testing.T) {
			pr := mustProjection(t, tt.expr)
			got := pr.Apply(projItem)
			if got == nil {
				t.Fatal("nil result")
			}
			if !attr.Equal(attr.Map(got), attr.Map(tt.want)) {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestProjectionMisc(t *testing.T) {
	pr := mustProjection(t, "#n, a.b[1].c")
	if got := pr.String(); got != "#n, a.b[1].c" {
		t.Errorf("String = %q", got)
	}
	if ps := pr.Paths(); len(ps) != 2 || ps[0].String() != "[name]" || ps[1].String() != "[a, b, [1], c]" {
		t.Errorf("Paths = %v", ps)
	}
	if got := pr.Apply(nil); got == nil || len(got) != 0 {
		t.Errorf("Apply(nil) = %#v", got)
	}
	// ProjectPaths is what UPDATED_OLD/UPDATED_NEW use.
	got := ProjectPaths(projItem, []Path{{{Name: "s"}}, {{Name: "a"}, {Name: "c"}}, {{Name: "l"}, {Index: 1, IsIndex: true}}})
	want := attr.Item{"s": attr.String("x"), "a": attr.Map{"c": attr.String("cc")}, "l": attr.List{attr.String("l1")}}
	if !attr.Equal(attr.Map(got), attr.Map(want)) {
		t.Errorf("ProjectPaths = %v", got)
	}
	// Overlapping paths (which the parser refuses) resolve to the shorter.
	got = ProjectPaths(projItem, []Path{{{Name: "a"}, {Name: "c"}}, {{Name: "a"}}})
	if !attr.Equal(attr.Map(got), attr.Map{"a": projItem["a"]}) {
		t.Errorf("overlap: %v", got)
	}
}
