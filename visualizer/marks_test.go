package visualizer

import (
	"regexp"
	"slices"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestItemKey(t *testing.T) {
	safe := regexp.MustCompile(`^[0-9a-v]+$`)
	items := []attr.Item{
		{"PK": attr.String("USER#1"), "SK": attr.String("ORDER#1")},
		{"PK": attr.String("USER#1"), "SK": attr.String("ORDER#10")},
		{"PK": attr.String("USER#1"), "SK": attr.String("ORDER#2")},
		{"PK": attr.String("USER#1#ORDER"), "SK": attr.String("#1")}, // same bytes, other split
		{"PK": attr.String("a\x00b"), "SK": attr.String("ü <\"'>")},
		{"PK": attr.MustNumber("-1.5"), "SK": attr.Binary([]byte{0, 0xff})},
		{"PK": attr.MustNumber("0"), "SK": attr.MustNumber("1e10")},
	}
	seen := map[string]bool{}
	for _, it := range items {
		k := ItemKey(it, "PK", "SK")
		if !safe.MatchString(k) {
			t.Fatalf("ItemKey %q is not ID-safe", k)
		}
		if seen[k] {
			t.Fatalf("ItemKey %q repeats", k)
		}
		seen[k] = true
		raw, ok := marksRawKey(k)
		want := string(attr.AppendKey(attr.AppendKey(nil, it["PK"]), it["SK"]))
		if !ok || raw != want {
			t.Fatalf("ItemKey %q decodes to %q, want the engine's key %q", k, raw, want)
		}
	}
	// Stable and order-preserving within a collection.
	var keys []string
	for _, sk := range []string{"A", "A#1", "A#2", "B", "b"} {
		keys = append(keys, ItemKey(attr.Item{"PK": attr.String("p"), "SK": attr.String(sk), "other": attr.Bool(true)}, "PK", "SK"))
	}
	if !slices.IsSorted(keys) {
		t.Fatalf("keys out of order: %q", keys)
	}
	// Only the key counts: other attributes and a number's spelling do not.
	a := ItemKey(attr.Item{"id": attr.MustNumber("1.0"), "x": attr.String("1")}, "id", "")
	b := ItemKey(attr.Item{"id": attr.MustNumber("1")}, "id", "")
	if a != b {
		t.Fatalf("equal keys differ: %q %q", a, b)
	}
	// Broken keys do not panic and stay apart.
	broken := []attr.Item{nil, {"PK": attr.List{}}, {"PK": attr.Map{"a": attr.Null{}}}, {"PK": attr.Bool(true), "SK": attr.Null{}}}
	seenBroken := map[string]bool{}
	for _, it := range broken {
		k := ItemKey(it, "PK", "SK")
		if !safe.MatchString(k) || seenBroken[k] {
			t.Fatalf("broken key %v: %q", it, k)
		}
		seenBroken[k] = true
	}
}

func TestMarkClass(t *testing.T) {
	cases := []struct {
		m    Mark
		want string
	}{
		{Mark{}, ""},
		{Mark{Kind: MarkNone, Seq: 3}, ""},
		{Mark{Kind: MarkPut, Seq: 4}, "wb-mark-put wb-flash-0"},
		{Mark{Kind: MarkUpdate, Seq: 5}, "wb-mark-update wb-flash-1"},
		{Mark{Kind: MarkDelete, Seq: 6}, "wb-mark-delete wb-flash-0"},
		{Mark{Kind: MarkTTLDelete, Seq: 7}, "wb-mark-ttl-delete wb-flash-1"},
		{Mark{Kind: MarkIndexIn, Seq: 1<<64 - 1}, "wb-mark-index-in wb-flash-1"},
		{Mark{Kind: MarkIndexOut}, "wb-mark-index-out wb-flash-0"},
		{Mark{Kind: 99, Seq: 2}, "wb-mark-mark-99 wb-flash-0"},
	}
	for _, c := range cases {
		if got := c.m.Class(); got != c.want {
			t.Errorf("%+v.Class() = %q, want %q", c.m, got, c.want)
		}
	}
	if b, _ := MarkTTLDelete.MarshalText(); string(b) != "ttl-delete" {
		t.Fatalf("MarshalText = %s", b)
	}
}
