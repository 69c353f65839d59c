package attr

import (
	"bytes"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// The N form is Oracle's NUMBER layout, which dynalite's numToBuffer
// follows: these are its documented encodings.
func TestHashInputNumbers(t *testing.T) {
	for _, tc := range []struct {
		n    string
		want []byte
	}{
		{"0", []byte{0x80}},
		{"1", []byte{0xC1, 0x02}},
		{"-1", []byte{0x3E, 0x64, 0x66}},
		{"100", []byte{0xC2, 0x02}},
		{"0.05", []byte{0xC0, 0x06}},
		{"0.5", []byte{0xC0, 0x33}},
		{"123.45", []byte{0xC2, 0x02, 0x18, 0x2E}},
		{"-123.45", []byte{0x3D, 0x64, 0x4E, 0x38, 0x66}},
		{"1E-130", []byte{0x80, 0x02}},
		{"-0.09", []byte{0x3F, 0x5C, 0x66}},
	} {
		got, ok := AppendHashInput(nil, AppendKey(nil, MustNumber(tc.n)))
		if !ok || !bytes.Equal(got, tc.want) {
			t.Errorf("N %s: % X (ok %v), want % X", tc.n, got, ok, tc.want)
		}
	}
	// 20 base-100 digits: a negative one has no 102 terminator.
	n := "-1234567890123456789012345678901234567.8"
	got, _ := AppendHashInput(nil, AppendKey(nil, MustNumber(n)))
	if len(got) != 21 || got[len(got)-1] == 102 {
		t.Errorf("N %s: % X, want 21 bytes without the terminator", n, got)
	}
}

// oracleNumber is a second, plain reading of the layout for the property
// test: base-100 digits cut from the decimal text itself.
func oracleNumber(text string) []byte {
	if text == "0" {
		return []byte{0x80}
	}
	neg := strings.HasPrefix(text, "-")
	text = strings.TrimPrefix(text, "-")
	intPart, frac, _ := strings.Cut(text, ".")
	intPart = strings.TrimLeft(intPart, "0")
	if len(intPart)%2 == 1 {
		intPart = "0" + intPart
	}
	if len(frac)%2 == 1 {
		frac += "0"
	}
	all := intPart + frac
	exp := len(intPart) / 2
	for strings.HasPrefix(all, "00") { // a pure fraction: leading zero pairs lower the exponent
		all, exp = all[2:], exp-1
	}
	for strings.HasSuffix(all, "00") {
		all = all[:len(all)-2]
	}
	head := byte(exp + 0xC0)
	if neg {
		head = ^head
	}
	out := []byte{head}
	for i := 0; i < len(all); i += 2 {
		d, _ := strconv.Atoi(all[i : i+2])
		if neg {
			out = append(out, byte(101-d))
		} else {
			out = append(out, byte(d+1))
		}
	}
	if neg && len(out)-1 < 20 {
		out = append(out, 102)
	}
	return out
}

func TestHashInputNumbersProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 1))
	for range 20000 {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('-')
		}
		digits := 1 + r.IntN(38)
		point := r.IntN(digits + 1)
		for i := range digits {
			if i == point && i > 0 {
				b.WriteByte('.')
			}
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		if r.IntN(4) == 0 {
			b.WriteString("e" + strconv.Itoa(r.IntN(120)-60))
		}
		num, err := ParseNumber(b.String())
		if err != nil {
			continue
		}
		want := oracleNumber(num.String())
		got, ok := AppendHashInput(nil, AppendKey(nil, num))
		if !ok || !bytes.Equal(got, want) {
			t.Fatalf("N %s (%s): % X, want % X", b.String(), num, got, want)
		}
	}
}

func TestHashInputStringsAndComposites(t *testing.T) {
	for _, tc := range []struct {
		name string
		enc  []byte
		want []byte
	}{
		{"S", AppendKey(nil, String("hello")), []byte("hello")},
		{"S with NUL", AppendKey(nil, String("a\x00b")), []byte("a\x00b")},
		{"B", AppendKey(nil, Binary{0, 1, 0xFF}), []byte{0, 1, 0xFF}},
		{"S then N", AppendKey(AppendKey(nil, String("x")), MustNumber("1")), []byte{'x', 0xC1, 0x02}},
		{"N then S", AppendKey(AppendKey(nil, MustNumber("-1")), String("y")), []byte{0x3E, 0x64, 0x66, 'y'}},
	} {
		got, ok := AppendHashInput([]byte("pre"), tc.enc)
		if !ok || !bytes.Equal(got, append([]byte("pre"), tc.want...)) {
			t.Errorf("%s: %q (ok %v), want pre%q", tc.name, got, ok, tc.want)
		}
	}
	for _, bad := range [][]byte{nil, []byte("abc"), {0x03, 0x80}, {0x00, 0x07}} {
		if _, ok := AppendHashInput(nil, bad); ok {
			t.Errorf("% X read as a key encoding", bad)
		}
	}
}
