package partition

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestHashPinned pins HashKey64 to the engine's hashKey64 (engine/table.go):
// the values were printed by the engine's own function, so a change to
// either copy breaks this test. They changed with issue 29, when the hash
// became DynamoDB's as dynalite reads it (MD5 of "Outliers" and the key's
// bytes: S "" hashes as the bare salt, like raw ""); the Scan orders it
// yields are checked against DynamoDB's in engine/scan_order_test.go.
func TestHashPinned(t *testing.T) {
	n42, err := attr.ParseNumber("42")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  uint64
		want uint64
	}{
		{`raw ""`, HashKey64(nil), 0x65a4c05294be8932},
		{`raw "abc"`, HashKey64([]byte("abc")), 0x12db4f356ed35285},
		{`S ""`, HashString(""), 0x65a4c05294be8932},
		{`S "a"`, HashString("a"), 0xf6558e516275dee2},
		{`S "contestant#7"`, HashString("contestant#7"), 0xde2f3b5c1d688ca5},
		{`S "device-0042"`, HashKey(attr.String("device-0042")), 0xec1e9219f78164d4},
		{`S "U1"`, HashString("U1"), 0x04aa98dfa433fd67},
		{`N 42`, HashKey(n42), 0xc289e0e9e2a42627},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s: %#016x, want %#016x", tc.name, tc.got, tc.want)
		}
	}
}

func TestHashKeyMatchesString(t *testing.T) {
	for _, s := range []string{"", "x", "with\x00nul", "a longer key of more than sixty-four bytes, to leave the stack buffer"} {
		if HashKey(attr.String(s)) != HashString(s) {
			t.Errorf("HashKey and HashString differ for %q", s)
		}
	}
	// A composite of two values hashes their concatenated encodings.
	a, b := attr.String("a"), attr.String("b")
	want := HashKey64(attr.AppendKey(attr.AppendKey(nil, a), b))
	if got := HashKey(a, b); got != want {
		t.Errorf("HashKey(a, b) = %#x, want %#x", got, want)
	}
}

func TestLocate(t *testing.T) {
	l := NewProvisioned(5000, 2000) // 4 partitions, quarter ranges
	tests := []struct {
		hash uint64
		want int
	}{
		{0, 0},
		{1<<62 - 1, 0},
		{1 << 62, 1},
		{1<<63 - 1, 1},
		{1 << 63, 2},
		{3 << 62, 3},
		{^uint64(0), 3},
	}
	for _, tc := range tests {
		if got := l.Locate(tc.hash); got != tc.want {
			t.Errorf("Locate(%#x) = %d, want %d", tc.hash, got, tc.want)
		}
	}
	// Every partition owns the hashes of its range, and the ranges tile the
	// space, for uneven counts too.
	for _, n := range []int{1, 3, 5, 7, 11, 100} {
		parts := evenRanges(n)
		if parts[0].Lo != 0 || parts[n-1].Hi != ^uint64(0) {
			t.Errorf("n=%d: ranges do not cover the space", n)
		}
		var total float64
		for i, p := range parts {
			if i > 0 && p.Lo != parts[i-1].Hi+1 {
				t.Errorf("n=%d: gap before range %d", n, i)
			}
			if locate(parts, p.Lo) != i || locate(parts, p.Hi) != i {
				t.Errorf("n=%d: range %d not located", n, i)
			}
			total += p.RangeFraction()
		}
		if total < 1-1e-12 || total > 1+1e-12 {
			t.Errorf("n=%d: range fractions sum to %v", n, total)
		}
	}
}

// TestKeyNameHash: the simulator's allocation-free key names and encoding
// agree with keyName and attr.AppendKey.
func TestKeyNameHash(t *testing.T) {
	for _, tc := range []struct {
		prefix       string
		i, s, shards int
	}{
		{"contestant#", 7, 0, 1},
		{"device-", 42, 3, 4},
		{"", 0, 0, 1},
		{"nul\x00in", 12345, 19, 20},
	} {
		name := keyName(tc.prefix, tc.i, tc.s, tc.shards)
		if got := string(appendKeyName(nil, tc.prefix, tc.i, tc.s, tc.shards)); got != name {
			t.Errorf("appendKeyName = %q, want %q", got, name)
		}
		if got, want := appendStringKey(nil, []byte(name)), attr.AppendKey(nil, attr.String(name)); string(got) != string(want) {
			t.Errorf("appendStringKey(%q) = %x, attr.AppendKey %x", name, got, want)
		}
		kh := &keyHashes{prefix: tc.prefix, shards: tc.shards}
		if kh.get(tc.i, tc.s) != HashString(name) {
			t.Errorf("key hash of %q differs", name)
		}
	}
}

func TestRadixSort(t *testing.T) {
	for _, n := range []int{0, 1, 5, 255, 256, 1000, 70000} {
		h := make([]uint64, n)
		w := make([]float64, n)
		x := uint64(12345)
		for i := range h {
			x = x*6364136223846793005 + 1442695040888963407
			h[i] = x
			if i%7 == 0 {
				h[i] &= 0xFFFF // share high bytes
			}
			w[i] = float64(h[i] % 1000)
		}
		radixSort(h, w)
		for i := range h {
			if i > 0 && h[i-1] > h[i] {
				t.Fatalf("n=%d: not sorted at %d", n, i)
			}
			if w[i] != float64(h[i]%1000) {
				t.Fatalf("n=%d: weight moved apart from its hash at %d", n, i)
			}
		}
	}
}
