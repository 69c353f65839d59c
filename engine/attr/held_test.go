package attr

import (
	"errors"
	"testing"
)

// A held decode keeps every name and the first validation error apart;
// what cannot be read still fails it.
func TestUnmarshalHeld(t *testing.T) {
	it, verr, err := UnmarshalItemHeld([]byte(`{"a":{"S":"x"},"b":{},"c":{"NS":["1","b"]}}`))
	if err != nil || verr == nil || verr.Message != MsgEmptyValue || len(it) != 3 || !Equal(it["a"], String("x")) || it["b"] == nil || it["c"] == nil {
		t.Fatalf("got %v %v %v", it, verr, err)
	}
	it, verr, err = UnmarshalItemHeld([]byte(`{"a":{"S":"x"}}`))
	if err != nil || verr != nil || len(it) != 1 {
		t.Fatalf("sound item: %v %v %v", it, verr, err)
	}
	var se *SerializationError
	if _, _, err = UnmarshalItemHeld([]byte(`{"a":{},"b":{"S":1}}`)); !errors.As(err, &se) {
		t.Fatalf("unreadable item: %v", err)
	}
	if _, _, err = UnmarshalItemHeld([]byte(`{"a":{}} x`)); !errors.As(err, &se) {
		t.Fatalf("trailing garbage: %v", err)
	}
	vs, verr, err := UnmarshalValuesHeld([]byte(`{":a":{"NULL":false},"b":{"S":"x"}}`))
	if err != nil || verr == nil || verr.Message != `ExpressionAttributeValues contains invalid key: Syntax error; key: "b"` || len(vs) != 2 {
		t.Fatalf("values: %v %v %v", vs, verr, err)
	}
	if it, verr, err = UnmarshalItemHeld([]byte(`null`)); it != nil || verr != nil || err != nil {
		t.Fatalf("null: %v %v %v", it, verr, err)
	}
}

// Every invalid entry reads as NULL, not only the first or a nil one: the
// engine re-encodes the map for the rest of the request's decode.
func TestUnmarshalHeldMarksEveryBadEntry(t *testing.T) {
	it, verr, err := UnmarshalItemHeld([]byte(`{"a":{"NS":["1","1"]},"b":{"L":[{}]},"c":{"S":"x"},"d":{"M":{"x":{"N":"z"}}}}`))
	if err != nil || verr == nil {
		t.Fatalf("%v %v", verr, err)
	}
	for _, k := range []string{"a", "b", "d"} {
		if _, ok := it[k].(Null); !ok {
			t.Errorf("%s = %#v, want NULL", k, it[k])
		}
	}
	if !Equal(it["c"], String("x")) {
		t.Errorf("c = %#v", it["c"])
	}
	var back Item
	if err := back.UnmarshalJSON(AppendItem(nil, it)); err != nil {
		t.Fatalf("the stand-in does not decode: %v", err)
	}
}
