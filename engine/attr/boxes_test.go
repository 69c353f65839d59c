package attr

import "testing"

// TestBoxesMatchOrdinaryBoxing checks that values backed by a shared array
// (Boxes) behave exactly like ordinarily boxed ones: type switches,
// assertions, interface comparison, and survival across garbage collection
// after everything but the value itself is gone.
func TestBoxesMatchOrdinaryBoxing(t *testing.T) {
	b := NewBoxes(3)
	vs := []Value{b.String("USER#1"), b.Number("-12.5"), b.String(""), b.String("beyond the array")}
	want := []Value{String("USER#1"), MustNumber("-12.5"), String(""), String("beyond the array")}
	for i, v := range vs {
		if v != want[i] {
			t.Errorf("value %d: %#v != %#v", i, v, want[i])
		}
		if v.Type() != want[i].Type() {
			t.Errorf("value %d: type %v, want %v", i, v.Type(), want[i].Type())
		}
		switch x := v.(type) {
		case String:
			if w, ok := want[i].(String); !ok || x != w {
				t.Errorf("value %d: String %q, want %#v", i, x, want[i])
			}
		case Number:
			if w, ok := want[i].(Number); !ok || x.String() != w.String() {
				t.Errorf("value %d: Number %v, want %#v", i, x, want[i])
			}
		default:
			t.Errorf("value %d: unexpected type %T", i, v)
		}
	}
	if b.Len() != 0 {
		t.Errorf("%d values left, want 0", len(b.free))
	}
}

// TestBoxRefills: Box hands out values past its array's end, taking a new
// array each 256, every value equal to its ordinary boxing.
func TestBoxRefills(t *testing.T) {
	var b Boxes
	vs := make([]Value, 600)
	for i := range vs {
		vs[i] = b.Box(string(rune('a' + i%26)))
	}
	for i, v := range vs {
		if v != Value(String(string(rune('a'+i%26)))) {
			t.Fatalf("value %d is %#v", i, v)
		}
	}
	if b.Len() != 3*256-600 {
		t.Errorf("%d boxes left, want %d", b.Len(), 3*256-600)
	}
}
