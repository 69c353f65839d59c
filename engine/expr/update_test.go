package expr

import (
	"errors"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func updBase() attr.Item {
	return attr.Item{
		"p":  attr.String("key"),
		"s":  attr.String("hello"),
		"n":  num("2"),
		"l":  attr.List{num("2"), num("3"), num("4"), num("5"), num("6"), num("7")},
		"m":  attr.Map{"x": num("3"), "y": num("4"), "c": attr.Map{"y": num("3")}},
		"ss": ss("dog", "cat", "mouse"),
		"ns": ns("1", "2"),
		"bs": bs("ab"),
		"nl": attr.List{attr.Map{"x": attr.Map{"y": attr.List{num("3"), num("5"), num("7")}}, "q": num("2")}},
	}
}

var updateTests = []struct {
	name string
	expr string
	item attr.Item // nil: updBase()
	want attr.Item // the attributes that differ from the input; nil value: removed
	err  string
}{
	// SET
	{"set new", "SET a = :s", nil, attr.Item{"a": attr.String("x")}, ""},
	{"set overwrite", "SET s = :n", nil, attr.Item{"s": num("1")}, ""},
	{"set copy", "SET a = s", nil, attr.Item{"a": attr.String("hello")}, ""},
	{"set self", "SET s = s", nil, attr.Item{}, ""},
	{"set reads the old item", "SET n = :n5, a = n", nil, attr.Item{"n": num("5"), "a": num("2")}, ""},
	{"set copy missing", "SET a = z", nil, nil, "The provided expression refers to an attribute that does not exist in the item"},
	{"set nested map", "SET m.x = :s", nil, attr.Item{"m": attr.Map{"x": attr.String("x"), "y": num("4"), "c": attr.Map{"y": num("3")}}}, ""},
	{"set nested new key", "SET m.c.d = :s", nil, attr.Item{"m": attr.Map{"x": num("3"), "y": num("4"), "c": attr.Map{"y": num("3"), "d": attr.String("x")}}}, ""},
	{"set list element", "SET l[1] = :s", nil, attr.Item{"l": attr.List{num("2"), attr.String("x"), num("4"), num("5"), num("6"), num("7")}}, ""},
	{"set past the end appends", "SET l[17] = :s", nil, attr.Item{"l": attr.List{num("2"), num("3"), num("4"), num("5"), num("6"), num("7"), attr.String("x")}}, ""},
	{"appends in index order", "SET l[84] = :s, l[37] = :s2, l[17] = :n", nil, attr.Item{"l": attr.List{num("2"), num("3"), num("4"), num("5"), num("6"), num("7"), num("1"), attr.String("y"), attr.String("x")}}, ""},
	{"set deep", "SET nl[0].x.y[1] = :n", nil, attr.Item{"nl": attr.List{attr.Map{"x": attr.Map{"y": attr.List{num("3"), num("1"), num("7")}}, "q": num("2")}}}, ""},
	{"set copy deep", "SET a = nl[0].x.y[2]", nil, attr.Item{"a": num("7")}, ""},
	{"set missing parent", "SET z.c = :s", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"set under a scalar", "SET s.c = :s", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"set name in a list", "SET l.c = :s", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"set index in a map", "SET m[0] = :s", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"set index of a missing list", "SET z[0] = :s", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"set index past the end, then deeper", "SET l[9].x = :s", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"set dotted name", "SET #dot = :s", nil, attr.Item{"a.b": attr.String("x")}, ""},
	{"set empty containers", "SET a = :el, b = :m", nil, attr.Item{"a": attr.List{}, "b": attr.Map{"k": attr.String("v")}}, ""},
	// + and -
	{"plus", "SET a = :n + :n2", nil, attr.Item{"a": num("3")}, ""},
	{"minus", "SET a = :n - :n5", nil, attr.Item{"a": num("-4")}, ""},
	{"increment", "SET n = n + :n", nil, attr.Item{"n": num("3")}, ""},
	{"value minus path", "SET a = :n5 - n", nil, attr.Item{"a": num("3")}, ""},
	{"parenthesised", "SET a = (n + :n)", nil, attr.Item{"a": num("3")}, ""},
	{"counter from nothing", "SET c = if_not_exists(c, :n) + :n", nil, attr.Item{"c": num("2")}, ""},
	{"plus missing", "SET a = z + :n", nil, nil, "The provided expression refers to an attribute that does not exist in the item"},
	{"plus a string", "SET a = s + :n", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"plus a set", "SET a = :n - ns", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"overflow", "SET a = :big + :big", nil, nil, attr.MsgNumberOverflow},
	// list_append and if_not_exists
	{"list_append values", "SET a = list_append(:l, :l2)", nil, attr.Item{"a": attr.List{attr.String("x"), num("1"), attr.String("z")}}, ""},
	{"list_append append", "SET l = list_append(l, :l2)", nil, attr.Item{"l": attr.List{num("2"), num("3"), num("4"), num("5"), num("6"), num("7"), attr.String("z")}}, ""},
	{"list_append prepend", "SET l = list_append(:l2, l)", nil, attr.Item{"l": attr.List{attr.String("z"), num("2"), num("3"), num("4"), num("5"), num("6"), num("7")}}, ""},
	{"list_append empty", "SET a = list_append(:el, :el)", nil, attr.Item{"a": attr.List{}}, ""},
	{"list_append missing", "SET a = list_append(z, :l)", nil, nil, "The provided expression refers to an attribute that does not exist in the item"},
	{"list_append not a list", "SET a = list_append(s, :l)", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"list_append a set", "SET a = list_append(:l, ss)", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"list_append if_not_exists", "SET z = list_append(if_not_exists(z, :el), :l2)", nil, attr.Item{"z": attr.List{attr.String("z")}}, ""},
	{"if_not_exists missing", "SET a = if_not_exists(a, :s)", nil, attr.Item{"a": attr.String("x")}, ""},
	{"if_not_exists present", "SET s = if_not_exists(s, :n)", nil, attr.Item{}, ""},
	{"if_not_exists other", "SET a = if_not_exists(n, :s)", nil, attr.Item{"a": num("2")}, ""},
	{"if_not_exists nested", "SET a = if_not_exists(b, if_not_exists(n, :s))", nil, attr.Item{"a": num("2")}, ""},
	{"if_not_exists fallback missing", "SET a = if_not_exists(b, c)", nil, nil, "The provided expression refers to an attribute that does not exist in the item"},
	// REMOVE
	{"remove", "REMOVE s, n", nil, attr.Item{"s": nil, "n": nil}, ""},
	{"remove missing", "REMOVE z", nil, attr.Item{}, ""},
	{"remove nested", "REMOVE m.x, m.c.y", nil, attr.Item{"m": attr.Map{"y": num("4"), "c": attr.Map{}}}, ""},
	{"remove missing leaf", "REMOVE m.zz", nil, attr.Item{}, ""},
	{"remove list element shifts", "REMOVE l[1]", nil, attr.Item{"l": attr.List{num("2"), num("4"), num("5"), num("6"), num("7")}}, ""},
	{"remove several, original indexes", "REMOVE l[1], l[3], l[0]", nil, attr.Item{"l": attr.List{num("4"), num("6"), num("7")}}, ""},
	{"remove past the end", "REMOVE l[17]", nil, attr.Item{}, ""},
	{"remove and set use old indexes", "REMOVE l[1] SET l[3] = :n", nil, attr.Item{"l": attr.List{num("2"), num("4"), num("1"), num("6"), num("7")}}, ""},
	{"set and remove, other order", "SET l[3] = :n REMOVE l[1]", nil, attr.Item{"l": attr.List{num("2"), num("4"), num("1"), num("6"), num("7")}}, ""},
	{"remove appended index is ignored", "SET l[6] = :s, l[9] = :s2 REMOVE l[7]", nil, attr.Item{"l": attr.List{num("2"), num("3"), num("4"), num("5"), num("6"), num("7"), attr.String("x"), attr.String("y")}}, ""},
	{"remove deep", "REMOVE nl[0].x.y[1], nl[0].q", nil, attr.Item{"nl": attr.List{attr.Map{"x": attr.Map{"y": attr.List{num("3"), num("7")}}}}}, ""},
	{"remove nested then earlier element", "REMOVE l[0], nl[0].q", nil, attr.Item{"l": attr.List{num("3"), num("4"), num("5"), num("6"), num("7")}, "nl": attr.List{attr.Map{"x": attr.Map{"y": attr.List{num("3"), num("5"), num("7")}}}}}, ""},
	{"remove missing parent", "REMOVE z.c", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"remove under a scalar", "REMOVE s.c", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"remove index of a scalar", "REMOVE s[0]", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"remove index of a missing list", "REMOVE z[0]", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"remove last map member", "REMOVE m.c.y", nil, attr.Item{"m": attr.Map{"x": num("3"), "y": num("4"), "c": attr.Map{}}}, ""},
	{"remove only list element", "REMOVE nl[0]", nil, attr.Item{"nl": attr.List{}}, ""},
	{"copy then remove", "REMOVE s SET a = s", nil, attr.Item{"s": nil, "a": attr.String("hello")}, ""},
	// ADD
	{"add number", "ADD n :n5", nil, attr.Item{"n": num("7")}, ""},
	{"add negative", "ADD n :neg", nil, attr.Item{"n": num("-1")}, ""},
	{"add new number", "ADD z :n5", nil, attr.Item{"z": num("5")}, ""},
	{"add to a string", "ADD s :n", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"add number to a set", "ADD ns :n", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"add set", "ADD ss :ss", nil, attr.Item{"ss": ss("cat", "dog", "mouse", "x", "y")}, ""},
	{"add overlapping set", "ADD ns :ns", nil, attr.Item{}, ""},
	{"add new set", "ADD z :ss", nil, attr.Item{"z": ss("x", "y")}, ""},
	{"add binary set", "ADD bs :bs", nil, attr.Item{"bs": bs("ab", "cd")}, ""},
	{"add set of another type", "ADD ss :ns", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"add set to a list", "ADD l :ss", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"add set to a number", "ADD n :ns", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"add nested", "ADD m.x :n", nil, attr.Item{"m": attr.Map{"x": num("4"), "y": num("4"), "c": attr.Map{"y": num("3")}}}, ""},
	{"add nested missing parent", "ADD z.x :n", nil, nil, "The document path provided in the update expression is invalid for update"},
	{"add overflow", "ADD n :big", attr.Item{"n": num("9E+125")}, nil, attr.MsgNumberOverflow},
	// DELETE
	{"delete elements", "DELETE ss :ss", attr.Item{"ss": ss("x", "y", "z")}, attr.Item{"ss": ss("z")}, ""},
	{"delete absent elements", "DELETE ss :ss", nil, attr.Item{}, ""},
	{"delete last elements removes", "DELETE ss :ss", attr.Item{"ss": ss("x", "y")}, attr.Item{"ss": nil}, ""},
	{"delete numbers by value", "DELETE ns :ns", attr.Item{"ns": ns("1.0", "3")}, attr.Item{"ns": ns("3")}, ""},
	{"delete binary", "DELETE bs :bs", attr.Item{"bs": bs("ab", "zz")}, attr.Item{"bs": bs("zz")}, ""},
	{"delete from missing", "DELETE z :ss", nil, attr.Item{}, ""},
	{"delete other set type", "DELETE ss :ns", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"delete from a string", "DELETE s :ss", nil, nil, "An operand in the update expression has an incorrect data type"},
	{"delete nested", "DELETE m.t :ss", attr.Item{"m": attr.Map{"t": ss("x", "q")}}, attr.Item{"m": attr.Map{"t": ss("q")}}, ""},
	// all together
	{"all clauses", "SET a = :s REMOVE s ADD n :n DELETE ss :ss", attr.Item{"s": attr.String("v"), "n": num("1"), "ss": ss("x", "z")},
		attr.Item{"a": attr.String("x"), "s": nil, "n": num("2"), "ss": ss("z")}, ""},
	{"first runtime error wins", "SET a = z, b = s + :n", nil, nil, "The provided expression refers to an attribute that does not exist in the item"},
}

func TestUpdateApply(t *testing.T) {
	for _, tt := range updateTests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := ParseUpdate(tt.expr, testPlaceholders())
			if err != nil {
				if tt.err != "" && err.Error() == tt.err {
					return
				}
				t.Fatal(err)
			}
			in := tt.item
			if in == nil {
				in = updBase()
			}
			snapshot := cloneDeep(in)
			got, err := u.Apply(in)
			if !attr.Equal(attr.Map(in), attr.Map(snapshot)) {
				t.Fatalf("Apply modified its input:\n%v\n%v", in, snapshot)
			}
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("error %v, want %s", err, tt.err)
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("%T is not an *Error", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := cloneDeep(in)
			for k, v := range tt.want {
				if v == nil {
					delete(want, k)
				} else {
					want[k] = v
				}
			}
			if !attr.Equal(attr.Map(got), attr.Map(want)) {
				t.Fatalf("got  %v\nwant %v", got, want)
			}
		})
	}
}

// cloneDeep copies an item's containers so that later mutation can be
// detected.
func cloneDeep(it attr.Item) attr.Item {
	out := attr.Item{}
	for k, v := range it {
		out[k] = cloneValue(v)
	}
	return out
}

func cloneValue(v attr.Value) attr.Value {
	switch x := v.(type) {
	case attr.Map:
		m := attr.Map{}
		for k, w := range x {
			m[k] = cloneValue(w)
		}
		return m
	case attr.List:
		l := make(attr.List, len(x))
		for i, w := range x {
			l[i] = cloneValue(w)
		}
		return l
	}
	return v
}

// TestUpdateNestingLimit: a value written at depth d may nest 32-d+1 more
// levels.
func TestUpdateNestingLimit(t *testing.T) {
	nest := func(levels int) attr.Value { // levels >= 1
		var v attr.Value = attr.String("leaf")
		for i := 1; i < levels; i++ {
			v = attr.Map{"x": v}
		}
		return v
	}
	path := "a" + strings.Repeat(".x", 29) // 30 components
	item := attr.Item{"a": nest(31)}       // a.x...x (29 x) holds a map
	ph := NewPlaceholders(nil, attr.Values{":ok": nest(3), ":deep": nest(4)})
	u, err := ParseUpdate("SET "+path+" = :ok", ph)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.Apply(item); err != nil {
		t.Errorf("32 levels: %v", err)
	}
	u, err = ParseUpdate("SET "+path+" = :deep", ph)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := u.Apply(item); err == nil || err.Error() != attr.MsgNestingTooDeep {
		t.Errorf("33 levels: %v", err)
	}
}

func TestUpdateApplyNil(t *testing.T) {
	u := mustUpdate(t, "SET a = :s ADD n :n")
	got, err := u.Apply(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := attr.Item{"a": attr.String("x"), "n": num("1")}
	if !attr.Equal(attr.Map(got), attr.Map(want)) {
		t.Errorf("got %v", got)
	}
}

// TestApplyToMissing: REMOVE of a nested path under a missing parent is an
// error on an existing item but ignored on a missing one.
func TestApplyToMissing(t *testing.T) {
	key := attr.Item{"p": attr.String("k")}
	u := mustUpdate(t, "SET a = :s REMOVE x.y, z[0]")
	if _, err := u.Apply(key); err == nil || err.Error() != msgInvalidPathForUpdate {
		t.Errorf("Apply: %v", err)
	}
	got, err := u.ApplyToMissing(key)
	if err != nil {
		t.Fatal(err)
	}
	if !attr.Equal(attr.Map(got), attr.Map{"p": attr.String("k"), "a": attr.String("x")}) {
		t.Errorf("got %v", got)
	}
	u = mustUpdate(t, "SET x.y = :s")
	if _, err := u.ApplyToMissing(key); err == nil || err.Error() != msgInvalidPathForUpdate {
		t.Errorf("SET under a missing parent: %v", err)
	}
}

func TestUpdatePathsAndKinds(t *testing.T) {
	u := mustUpdate(t, "SET a.b = :s, #n = :n REMOVE c[1] ADD d :n DELETE e :ss")
	want := []string{"[a, b]", "[name]", "[c, [1]]", "[d]", "[e]"}
	if len(u.Paths()) != len(want) {
		t.Fatalf("Paths = %v", u.Paths())
	}
	for i, p := range u.Paths() {
		if p.String() != want[i] {
			t.Errorf("path %d = %v, want %s", i, p, want[i])
		}
	}
	if len(u.Sets()) != 3 || len(u.Removes()) != 2 {
		t.Errorf("Sets %v Removes %v", u.Sets(), u.Removes())
	}
	for _, tt := range []struct {
		expr string
		only bool
	}{
		{"REMOVE a", true},
		{"DELETE a :ss", true},
		{"REMOVE a DELETE b :ss", true},
		{"REMOVE a SET b = :s", false},
		{"ADD a :n", false},
		{"SET a = :s", false},
	} {
		if got := mustUpdate(t, tt.expr).OnlyRemoves(); got != tt.only {
			t.Errorf("%s: OnlyRemoves = %v", tt.expr, got)
		}
	}
}

// TestUpdateSharesUnchangedValues: values the update does not touch are
// shared with the input, not copied.
func TestUpdateSharesUnchangedValues(t *testing.T) {
	in := updBase()
	got, err := mustUpdate(t, "SET m.x = :s").Apply(in)
	if err != nil {
		t.Fatal(err)
	}
	if &got["l"].(attr.List)[0] != &in["l"].(attr.List)[0] {
		t.Error("untouched list copied")
	}
	if got["m"].(attr.Map)["x"] == in["m"].(attr.Map)["x"] {
		t.Error("map not updated")
	}
}
