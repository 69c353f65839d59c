package engine

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestStoredFormRoundTrip(t *testing.T) {
	items := []attr.Item{
		{},
		{"pk": s("USER#1"), "n": n("-12.5"), "b": attr.Binary{0, 1, 0xff}, "t": attr.Bool(true), "f": attr.Bool(false), "z": attr.Null{}},
		{"ss": attr.StringSet{"a", "b"}, "ns": attr.NumberSet{attr.MustNumber("1"), attr.MustNumber("2.5")}, "bs": attr.BinarySet{{1}, {2, 3}}},
		{"doc": attr.Map{"list": attr.List{s("x"), attr.Map{}, attr.List{}, n("0")}, "": s("empty name inside a map")}},
	}
	for _, it := range items {
		got := decodeItem(string(encodeItem(nil, it)))
		if !itemsEqual(got, it) {
			t.Fatalf("round trip of %v gave %v", it, got)
		}
	}
}
