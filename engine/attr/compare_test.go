package attr

import "testing"

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b Value
		cmp  int
		ok   bool
	}{
		{String("a"), String("b"), -1, true},
		{String("a"), String("A"), 1, true},       // 0x61 > 0x41
		{String("¿"), String("z"), 1, true},       // 0xC2BF > 0x7A
		{String("\uFFFF"), String("😀"), -1, true}, // UTF-8 order, not UTF-16
		{String(""), String("a"), -1, true},
		{String("ab"), String("a"), 1, true},
		{String("x"), String("x"), 0, true},
		{MustNumber("10"), MustNumber("9"), 1, true},
		{MustNumber("1e3"), MustNumber("1000.0"), 0, true},
		{MustNumber("-1"), MustNumber("0.5"), -1, true},
		{Binary{0x80}, Binary{0x7F}, 1, true},
		{Binary{}, Binary{0x00}, -1, true},
		{Binary{1, 2}, Binary{1, 2}, 0, true},
		{String("1"), MustNumber("1"), 0, false},
		{MustNumber("1"), Binary("1"), 0, false},
		{Binary("a"), String("a"), 0, false},
		{Bool(true), Bool(true), 0, false},
		{Null{}, Null{}, 0, false},
		{StringSet{"a"}, StringSet{"a"}, 0, false},
		{List{}, List{}, 0, false},
		{Map{}, Map{}, 0, false},
		{nil, String("a"), 0, false},
	}
	for _, tt := range tests {
		cmp, ok := Compare(tt.a, tt.b)
		if cmp != tt.cmp || ok != tt.ok {
			t.Errorf("Compare(%s, %s) = %d, %v; want %d, %v", FormatForMessage(tt.a), FormatForMessage(tt.b), cmp, ok, tt.cmp, tt.ok)
		}
	}
}

func TestEqual(t *testing.T) {
	n := MustNumber
	tests := []struct {
		a, b Value
		want bool
	}{
		{String("a"), String("a"), true},
		{String("a"), String("b"), false},
		{String("1"), n("1"), false},
		{n("1000"), n("1e3"), true},
		{n("1"), n("1.0000000000000000000000000000000000001"), false},
		{Number{}, n("0"), true},
		{Binary{1, 2}, Binary{1, 2}, true},
		{Binary{}, Binary(nil), true},
		{Binary{1}, String("\x01"), false},
		{Bool(true), Bool(true), true},
		{Bool(true), Bool(false), false},
		{Null{}, Null{}, true},
		{Null{}, Bool(false), false},
		// Sets are unordered; NS by value.
		{StringSet{"a", "b"}, StringSet{"b", "a"}, true},
		{StringSet{"a", "b"}, StringSet{"a", "c"}, false},
		{StringSet{"a"}, StringSet{"a", "b"}, false},
		{NumberSet{n("1"), n("2")}, NumberSet{n("2.00"), n("1.0")}, true},
		{NumberSet{n("1"), n("2")}, NumberSet{n("1"), n("3")}, false},
		{BinarySet{{2}, {1}}, BinarySet{{1}, {2}}, true},
		{BinarySet{{1}}, BinarySet{{1, 0}}, false},
		{StringSet{"1"}, NumberSet{n("1")}, false},
		// Lists are ordered, maps by key.
		{List{String("a"), n("1")}, List{String("a"), n("1.0")}, true},
		{List{String("a"), n("1")}, List{n("1"), String("a")}, false},
		{List{}, List(nil), true},
		{List{List{Null{}}}, List{List{Null{}}}, true},
		{List{String("a")}, List{String("a"), String("a")}, false},
		{Map{"a": n("1"), "b": StringSet{"x", "y"}}, Map{"b": StringSet{"y", "x"}, "a": n("1.0")}, true},
		{Map{"a": n("1")}, Map{"b": n("1")}, false},
		{Map{"a": n("1")}, Map{"a": n("1"), "b": n("1")}, false},
		{Map{}, List{}, false},
		{Map{"a": nil}, Map{"a": nil}, true},
		{nil, nil, true},
		{nil, Null{}, false},
		{Null{}, nil, false},
	}
	for _, tt := range tests {
		if got := Equal(tt.a, tt.b); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v", FormatForMessage(tt.a), FormatForMessage(tt.b), got, tt.want)
		}
		if got := Equal(tt.b, tt.a); got != tt.want {
			t.Errorf("Equal(%s, %s) = %v, want %v (symmetry)", FormatForMessage(tt.b), FormatForMessage(tt.a), got, tt.want)
		}
	}
}

func TestItemEqualAndClone(t *testing.T) {
	it := Item{"pk": String("a"), "n": MustNumber("1")}
	c := it.Clone()
	if !c.Equal(it) {
		t.Fatal("clone differs")
	}
	c["n"] = MustNumber("2")
	delete(c, "pk")
	if it["n"] != MustNumber("1") || it["pk"] != String("a") {
		t.Error("changing the clone changed the original")
	}
	if c.Equal(it) {
		t.Error("Equal ignores differences")
	}
	if Item(nil).Clone() != nil {
		t.Error("Clone of nil is not nil")
	}
}
