package attr

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

func sign(i int) int {
	switch {
	case i < 0:
		return -1
	case i > 0:
		return 1
	}
	return 0
}

// randomKeyValue returns a random S, N or B value of type t. Strings and
// binaries come from a tiny alphabet that includes the escape bytes, so that
// prefixes and 0x00 bytes are common.
func randomKeyValue(r *rand.Rand, t Type) Value {
	const alphabet = "\x00\x01\xffa\x7f\x80"
	switch t {
	case TypeS, TypeB:
		b := make([]byte, r.IntN(6))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		if t == TypeS {
			return String(b)
		}
		return Binary(b)
	}
	for {
		var text string
		switch r.IntN(4) {
		case 0: // small values with few digits: many ties and prefixes
			text = []string{"0", "1", "-1", "10", "-10", "1.5", "-1.5", "1.05", "-1.05", "0.5", "-0.5",
				"15", "150", "0.15", "-0.015", "9.9", "99", "100", "1e-130", "-1e-130", "1e125", "-1e125",
				"9.9999999999999999999999999999999999999e125", "-9.9999999999999999999999999999999999999e125",
				"1.0000000000000000000000000000000000001", "-1.0000000000000000000000000000000000001"}[r.IntN(26)]
		default:
			text = randomNumberText(r)
		}
		if n, err := ParseNumber(text); err == nil {
			return n
		}
	}
}

func TestAppendKeyOrder(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 4))
	for _, typ := range []Type{TypeS, TypeN, TypeB} {
		vals := make([]Value, 300)
		encs := make([][]byte, len(vals))
		for i := range vals {
			vals[i] = randomKeyValue(r, typ)
			encs[i] = AppendKey(nil, vals[i])
		}
		for i := range vals {
			for j := range vals {
				want, ok := Compare(vals[i], vals[j])
				if !ok {
					t.Fatalf("Compare(%s, %s) not ok", FormatForMessage(vals[i]), FormatForMessage(vals[j]))
				}
				if got := sign(bytes.Compare(encs[i], encs[j])); got != want {
					t.Fatalf("%s: order of keys %s (%x) and %s (%x) is %d, want %d",
						typ, FormatForMessage(vals[i]), encs[i], FormatForMessage(vals[j]), encs[j], got, want)
				}
				if want != 0 && bytes.HasPrefix(encs[j], encs[i]) {
					t.Fatalf("%s: key of %s (%x) is a prefix of the key of %s (%x)",
						typ, FormatForMessage(vals[i]), encs[i], FormatForMessage(vals[j]), encs[j])
				}
			}
		}
	}
}

func TestAppendKeyComposite(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 5))
	types := []Type{TypeS, TypeN, TypeB}
	for range 20 {
		pkType, skType := types[r.IntN(3)], types[r.IntN(3)]
		type row struct {
			pk, sk Value
			enc    []byte
		}
		rows := make([]row, 150)
		for i := range rows {
			pk, sk := randomKeyValue(r, pkType), randomKeyValue(r, skType)
			rows[i] = row{pk, sk, AppendKey(AppendKey(nil, pk), sk)}
		}
		for _, a := range rows {
			for _, b := range rows {
				want, _ := Compare(a.pk, b.pk)
				if want == 0 {
					want, _ = Compare(a.sk, b.sk)
				}
				if got := sign(bytes.Compare(a.enc, b.enc)); got != want {
					t.Fatalf("(%s, %s) vs (%s, %s): key order %d, want %d", FormatForMessage(a.pk), FormatForMessage(a.sk),
						FormatForMessage(b.pk), FormatForMessage(b.sk), got, want)
				}
			}
		}
	}
}

func TestAppendKeyExamples(t *testing.T) {
	n := MustNumber
	tests := []struct {
		v    Value
		want []byte
	}{
		{String(""), []byte{0, 1}},
		{String("a\x00b"), []byte{'a', 0, 0xff, 'b', 0, 1}},
		{Binary{0, 0xff}, []byte{0, 0xff, 0xff, 0, 1}},
		{n("0"), []byte{keyZero}},
		{n("1"), []byte{keyPositive, 130, 11, 0}},           // pair "10" -> 11
		{n("15"), []byte{keyPositive, 131, 16, 0}},          // pair "15" -> 16
		{n("1.05"), []byte{keyPositive, 130, 11, 51, 0}},    // pairs "10", "50"
		{n("-1"), []byte{keyNegative, 255 - 130, 91, 0xff}}, // 101-10
		{n("1e-130"), []byte{keyPositive, 0, 11, 0}},
		{n("1e125"), []byte{keyPositive, 255, 11, 0}},
	}
	for _, tt := range tests {
		if got := AppendKey(nil, tt.v); !bytes.Equal(got, tt.want) {
			t.Errorf("AppendKey(%s) = %x, want %x", FormatForMessage(tt.v), got, tt.want)
		}
	}
	// Equal numbers have equal keys whatever their input form.
	for _, group := range [][]string{{"1000", "1e3", "1E+3", "1000.0", "001000", "+1000"}, {"-0", "0", "0e9", "+0.000"}} {
		first := AppendKey(nil, n(group[0]))
		for _, s := range group[1:] {
			if got := AppendKey(nil, n(s)); !bytes.Equal(got, first) {
				t.Errorf("AppendKey(%s) = %x, AppendKey(%s) = %x", s, got, group[0], first)
			}
		}
	}
	// It appends.
	if got := AppendKey([]byte("pre"), String("x")); string(got) != "prex\x00\x01" {
		t.Errorf("AppendKey does not append: %q", got)
	}
	// The longest number key: 38 digits in 19 pairs.
	if got := len(AppendKey(nil, n("-"+strings.Repeat("9", 38)))); got != 2+19+1 {
		t.Errorf("38-digit key is %d bytes, want 22", got)
	}
}

func TestAppendKeyPanicsOnOtherTypes(t *testing.T) {
	for _, v := range []Value{Bool(true), Null{}, StringSet{"a"}, NumberSet{MustNumber("1")}, BinarySet{{1}}, List{}, Map{}, nil} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("AppendKey(%s) did not panic", FormatForMessage(v))
				}
			}()
			AppendKey(nil, v)
		}()
	}
}
