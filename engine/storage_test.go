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

// TestBoxesMatchOrdinaryBoxing checks that values backed by a shared array
// (boxes.go) behave exactly like ordinarily boxed ones: type switches,
// assertions, interface comparison, and survival across garbage collection
// after everything but the value itself is gone.
func TestBoxesMatchOrdinaryBoxing(t *testing.T) {
	b := newBoxes(3)
	vs := []attr.Value{b.String("USER#1"), b.Number("-12.5"), b.String(""), b.String("beyond the array")}
	want := []attr.Value{attr.String("USER#1"), attr.MustNumber("-12.5"), attr.String(""), attr.String("beyond the array")}
	for i, v := range vs {
		if v != want[i] {
			t.Errorf("value %d: %#v != %#v", i, v, want[i])
		}
		if v.Type() != want[i].Type() {
			t.Errorf("value %d: type %v, want %v", i, v.Type(), want[i].Type())
		}
		switch x := v.(type) {
		case attr.String:
			if w, ok := want[i].(attr.String); !ok || x != w {
				t.Errorf("value %d: String %q, want %#v", i, x, want[i])
			}
		case attr.Number:
			if w, ok := want[i].(attr.Number); !ok || x.String() != w.String() {
				t.Errorf("value %d: Number %v, want %#v", i, x, want[i])
			}
		default:
			t.Errorf("value %d: unexpected type %T", i, v)
		}
	}
	if len(b.free) != 0 {
		t.Errorf("%d elements left, want 0", len(b.free))
	}

	// Many decoded items, of which only one value each is kept: the GC must
	// keep each value's array (and the stored string it points into) alive.
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
