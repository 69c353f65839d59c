package engine

import (
	"fmt"
	"runtime"
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

// TestDecodedValuesOutliveTheirItems: many decoded items (their values
// boxed in one array each, attr.Boxes), of which only one value each is
// kept: the GC must keep each value's array (and the stored string it
// points into) alive.
func TestDecodedValuesOutliveTheirItems(t *testing.T) {
	kept := make([]attr.Value, 0, 1000)
	for i := range 1000 {
		stored := string(encodeItem(nil, attr.Item{"pk": s(fmt.Sprintf("USER#%d", i)), "n": n(fmt.Sprint(i))}))
		kept = append(kept, decodeItem(stored)["pk"])
	}
	runtime.GC()
	garbage := make([][]string, 0, 1000) // reuse the freed memory
	for range 1000 {
		garbage = append(garbage, make([]string, 2))
	}
	runtime.GC()
	for i, v := range kept {
		if v != attr.Value(s(fmt.Sprintf("USER#%d", i))) {
			t.Fatalf("kept value %d is %#v after GC", i, v)
		}
	}
	runtime.KeepAlive(garbage)
}

// entryString renders a stored entry's item canonically (names sorted; the
// stored bytes follow map order).
func entryString(e entry) string {
	if e.c == nil {
		return "-"
	}
	return string(attr.AppendItem(nil, e.decode()))
}
