package attr

import (
	"strings"
	"testing"
)

func TestItemSizeAWSExample(t *testing.T) {
	// CapacityUnitCalculations: {"shirt-color":"R","shirt-size":"M"} = 23 bytes.
	it := Item{"shirt-color": String("R"), "shirt-size": String("M")}
	if got := ItemSize(it); got != 23 {
		t.Errorf("ItemSize = %d, want 23", got)
	}
}

func TestSize(t *testing.T) {
	n := MustNumber
	tests := []struct {
		v    Value
		want int
	}{
		{String(""), 0},
		{String("abc"), 3},
		{String("é"), 2}, // UTF-8 bytes, not characters
		{String("😀"), 4}, // not UTF-16 units
		{n("15"), 2},
		{n("-1"), 3},
		{n("0"), 1},
		{Binary{}, 0},
		{Binary{1, 2, 3}, 3}, // raw bytes, not base64 length
		{Bool(false), 1},
		{Null{}, 1},
		{StringSet{"a", "bc", ""}, 3},
		{NumberSet{n("15"), n("150"), n("-1")}, 2 + 3 + 3},
		{BinarySet{{1}, {2, 3}}, 3},
		{List{}, 3},
		{List{String("ab"), n("1")}, 3 + (2 + 1) + (2 + 1)},
		{List{List{}}, 3 + (3 + 1)},
		{Map{}, 3},
		{Map{"k": String("v")}, 3 + (1 + 1 + 1)},
		{Map{"key": Map{"é": Null{}}}, 3 + (3 + (3 + (2 + 1 + 1)) + 1)},
		{nil, 0},
	}
	for _, tt := range tests {
		if got := Size(tt.v); got != tt.want {
			t.Errorf("Size(%s) = %d, want %d", FormatForMessage(tt.v), got, tt.want)
		}
	}
}

func TestAttributeAndItemSize(t *testing.T) {
	if got := AttributeSize("naïve", String("xyz")); got != 6+3 {
		t.Errorf("AttributeSize = %d, want 9", got)
	}
	it := Item{
		"pk":    String("user#1"),                // 2 + 6
		"n":     MustNumber("12345"),             // 1 + 4
		"flag":  Bool(true),                      // 4 + 1
		"tags":  StringSet{"a", "b"},             // 4 + 2
		"doc":   Map{"x": List{MustNumber("1")}}, // 3 + 3 + (1 + (3 + 2 + 1) + 1)
		"bytes": Binary(strings.Repeat("z", 10)), // 5 + 10
		"nil":   Null{},                          // 3 + 1
	}
	want := 8 + 5 + 5 + 6 + (3 + 3 + 1 + 6 + 1) + 15 + 4
	if got := ItemSize(it); got != want {
		t.Errorf("ItemSize = %d, want %d", got, want)
	}
	sum := 0
	for k, v := range it {
		sum += AttributeSize(k, v)
	}
	if sum != want {
		t.Errorf("sum of AttributeSize = %d, want %d", sum, want)
	}
	if ItemSize(nil) != 0 {
		t.Error("ItemSize(nil) != 0")
	}
}
