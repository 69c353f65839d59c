package attr

import "testing"

func TestFormatForMessage(t *testing.T) {
	n := MustNumber
	tests := []struct {
		v    Value
		want string
	}{
		// The two forms DynamoDB's messages show (expressions.md §3.2).
		{n("1"), "{N:1}"},
		{String("x"), "{S:x}"},
		{n("1e3"), "{N:1000}"},
		{n("-0.5"), "{N:-0.5}"},
		{String(""), "{S:}"},
		{String("a b"), "{S:a b}"},
		{Binary{1, 2}, "{B:AQI=}"},
		{Bool(true), "{BOOL:true}"},
		{Bool(false), "{BOOL:false}"},
		{Null{}, "{NULL:true}"},
		{StringSet{"a", "b"}, "{SS:[a, b]}"},
		{NumberSet{n("1"), n("2.5")}, "{NS:[1, 2.5]}"},
		{BinarySet{{1, 2}, {3}}, "{BS:[AQI=, Aw==]}"},
		{List{}, "{L:[]}"},
		{List{String("a"), n("1")}, "{L:[{S:a}, {N:1}]}"},
		{Map{}, "{M:{}}"},
		{Map{"b": n("1"), "a": String("x")}, "{M:{a={S:x}, b={N:1}}}"},
		{nil, "null"},
	}
	for _, tt := range tests {
		if got := FormatForMessage(tt.v); got != tt.want {
			t.Errorf("FormatForMessage = %q, want %q", got, tt.want)
		}
	}
	// As used in the BETWEEN message.
	msg := "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: " +
		FormatForMessage(n("1")) + ", upper bound operand: AttributeValue: " + FormatForMessage(String("x"))
	if want := "The BETWEEN operator requires same data type for lower and upper bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue: {S:x}"; msg != want {
		t.Errorf("got %q", msg)
	}
}

func TestTypeNames(t *testing.T) {
	for _, name := range []string{"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"} {
		typ, ok := ParseType(name)
		if !ok || typ.String() != name {
			t.Errorf("ParseType(%s) = %v, %v", name, typ, ok)
		}
	}
	if _, ok := ParseType("X"); ok {
		t.Error("ParseType(X) ok")
	}
	values := []Value{String(""), Number{}, Binary{}, Bool(false), Null{}, StringSet{}, NumberSet{}, BinarySet{}, List{}, Map{}}
	for i, v := range values {
		if v.Type() != Type(i+1) {
			t.Errorf("%T.Type() = %s", v, v.Type())
		}
	}
}
