package attr

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
)

func TestParseNumberNormalization(t *testing.T) {
	// The normalisation table of data-types-and-limits.md §2.2 and the
	// accepted forms of §2.1 (Alternator test_number.py).
	tests := []struct{ in, want string }{
		{"007", "7"},
		{"00042", "42"},
		{"+3", "3"},
		{"+0", "0"},
		{"+1.5", "1.5"},
		{"1.0", "1"},
		{"1.10", "1.1"},
		{"100.000", "100"},
		{"3.1400", "3.14"},
		{"1e3", "1000"},
		{"1E+3", "1000"},
		{"1.5e2", "150"},
		{"1.23e4", "12300"},
		{"1e-3", "0.001"},
		{"123e-2", "1.23"},
		{"-0", "0"},
		{"-0.0", "0"},
		{"0e5", "0"},
		{"0.0e3", "0"},
		{"0e1000", "0"},
		{"0e126", "0"},
		{".5", "0.5"},
		{"-.5", "-0.5"},
		{"1e125", "1" + strings.Repeat("0", 125)},
		{"1e-20", "0.00000000000000000001"},
		{"3", "3"},
		{"-7.1234", "-7.1234"},
		{"-17e5", "-1700000"},
		{"-17.4E37", "-174" + strings.Repeat("0", 36)},
		{".123", "0.123"},
		{"0001.23", "1.23"},
		{"1e+5", "100000"},
		{"1.", "1"},
		{"0.5", "0.5"},
		{"10", "10"},
		{"-10.25", "-10.25"},
		{"1000.0", "1000"},
		{"001000", "1000"},
		{"+1000", "1000"},
		{"0.000", "0"},
		{"00.100", "0.1"},
		{"1e-130", "0." + strings.Repeat("0", 129) + "1"},
		{"-1E-130", "-0." + strings.Repeat("0", 129) + "1"},
		{"9.9999999999999999999999999999999999999E+125", strings.Repeat("9", 38) + strings.Repeat("0", 88)},
		{"9.99999999e125", "999999999" + strings.Repeat("0", 117)},
		{"3.1415926535897932384626433832795028841", "3.1415926535897932384626433832795028841"},
		{"31415926535897932384626433832795028841e30", "31415926535897932384626433832795028841" + strings.Repeat("0", 30)},
		{"1" + strings.Repeat("0", 125), "1" + strings.Repeat("0", 125)}, // 126 digits, 1 significant
		{"0." + strings.Repeat("0", 60) + "1e-5", "0." + strings.Repeat("0", 65) + "1"},
		{"12345678901234567890123456789012345678000000", "12345678901234567890123456789012345678000000"},
	}
	for _, tt := range tests {
		n, err := ParseNumber(tt.in)
		if err != nil {
			t.Errorf("ParseNumber(%q): %v", tt.in, err)
			continue
		}
		if n.String() != tt.want {
			t.Errorf("ParseNumber(%q) = %q, want %q", tt.in, n.String(), tt.want)
		}
		// Canonical text is a fixed point.
		again, err := ParseNumber(n.String())
		if err != nil || again != n {
			t.Errorf("ParseNumber(%q) = %q, %v; want itself", n.String(), again.String(), err)
		}
	}
}

func TestParseNumberErrors(t *testing.T) {
	tests := []struct{ in, msg string }{
		{"", MsgNumberInvalid},
		{"NaN", MsgNumberInvalid},
		{"Infinity", MsgNumberInvalid},
		{"-Infinity", MsgNumberInvalid},
		{"-NaN", MsgNumberInvalid},
		{"inf", MsgNumberInvalid},
		{"dog", MsgNumberInvalid},
		{"-dog", MsgNumberInvalid},
		{" 1", MsgNumberInvalid},
		{"1 ", MsgNumberInvalid},
		{"+", MsgNumberInvalid},
		{"-", MsgNumberInvalid},
		{".", MsgNumberInvalid},
		{"e5", MsgNumberInvalid},
		{"1e", MsgNumberInvalid},
		{"1e+", MsgNumberInvalid},
		{"1e5.5", MsgNumberInvalid},
		{"1.2.3", MsgNumberInvalid},
		{"--1", MsgNumberInvalid},
		{"+-1", MsgNumberInvalid},
		{"0x10", MsgNumberInvalid},
		{"1_000", MsgNumberInvalid},
		{"1,5", MsgNumberInvalid},
		{"١", MsgNumberInvalid}, // Arabic-Indic digit one
		{"1e99999999999", MsgNumberInvalid},
		{"1e2147483648", MsgNumberInvalid},
		{"0e-2147483649", MsgNumberInvalid},
		{"1e126", MsgNumberOverflow},
		{"-1e126", MsgNumberOverflow},
		{"11e125", MsgNumberOverflow},
		{"1e2147483647", MsgNumberOverflow},
		{"1" + strings.Repeat("0", 126), MsgNumberOverflow},
		{"1e-131", MsgNumberUnderflow},
		{"-1e-131", MsgNumberUnderflow},
		{"0.9e-130", MsgNumberUnderflow},
		{"1e-2147483648", MsgNumberUnderflow},
		{"123456789012345678901234567890123456789", MsgNumberPrecision},
		{"-1.23456789012345678901234567890123456789", MsgNumberPrecision},
		{"3.14159265358979323846264338327950288419", MsgNumberPrecision},
		{"314159265358979323846.264338327950288419", MsgNumberPrecision},
		{"314159265358979323846264338327950288419e30", MsgNumberPrecision},
		// Magnitude is checked before precision (dynalite's order).
		{"1234567890123456789012345678901234567890e200", MsgNumberOverflow},
		{"1234567890123456789012345678901234567890e-200", MsgNumberUnderflow},
	}
	for _, tt := range tests {
		n, err := ParseNumber(tt.in)
		var ve *ValidationError
		if !errors.As(err, &ve) {
			t.Errorf("ParseNumber(%q) = %q, %v; want ValidationError %q", tt.in, n.String(), err, tt.msg)
			continue
		}
		if ve.Message != tt.msg {
			t.Errorf("ParseNumber(%q) error %q, want %q", tt.in, ve.Message, tt.msg)
		}
	}
}

// randomNumberText builds a random number text in any form DynamoDB accepts,
// sometimes outside the range or the precision.
func randomNumberText(r *rand.Rand) string {
	var b strings.Builder
	switch r.IntN(3) {
	case 0:
		b.WriteByte('-')
	case 1:
		if r.IntN(4) == 0 {
			b.WriteByte('+')
		}
	}
	digits := func(n int) {
		for range n {
			if r.IntN(4) == 0 {
				b.WriteByte('0')
			} else {
				b.WriteByte(byte('0' + r.IntN(10)))
			}
		}
	}
	intDigits := r.IntN(25)
	fracDigits := r.IntN(25)
	if intDigits+fracDigits == 0 {
		intDigits = 1
	}
	digits(intDigits)
	if fracDigits > 0 || r.IntN(5) == 0 {
		b.WriteByte('.')
		digits(fracDigits)
		if intDigits == 0 && fracDigits == 0 {
			b.WriteByte('0')
		}
	}
	if r.IntN(2) == 0 {
		b.WriteByte("eE"[r.IntN(2)])
		switch r.IntN(3) {
		case 0:
			b.WriteByte('-')
		case 1:
			b.WriteByte('+')
		}
		b.WriteString(strconv.Itoa(r.IntN(160)))
	}
	return b.String()
}

// TestParseNumberAgainstAPD checks the lexical parser against apd on random
// inputs: same value, same limits, canonical output.
func TestParseNumberAgainstAPD(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 0))
	for range 20000 {
		in := randomNumberText(r)
		got, err := ParseNumber(in)

		d, _, aerr := apd.NewFromString(in)
		if aerr != nil {
			t.Fatalf("apd cannot parse %q: %v", in, aerr)
		}
		var red apd.Decimal
		red.Reduce(d)
		var want string
		var wantErr string
		if !red.IsZero() {
			nd := red.NumDigits()
			e := int64(red.Exponent) + nd - 1
			switch {
			case e > MaxNumberExponent:
				wantErr = MsgNumberOverflow
			case e < MinNumberExponent:
				wantErr = MsgNumberUnderflow
			case nd > MaxNumberDigits:
				wantErr = MsgNumberPrecision
			}
		}
		if wantErr == "" {
			want = red.Text('f')
		}
		switch {
		case wantErr != "":
			if err == nil || err.Error() != wantErr {
				t.Fatalf("ParseNumber(%q) = %q, %v; want error %q", in, got.String(), err, wantErr)
			}
		case err != nil:
			t.Fatalf("ParseNumber(%q): %v; want %q", in, err, want)
		case got.String() != want:
			t.Fatalf("ParseNumber(%q) = %q, want %q (apd)", in, got.String(), want)
		}
	}
}

func TestMustNumber(t *testing.T) {
	if got := MustNumber("1e2").String(); got != "100" {
		t.Errorf("MustNumber(1e2) = %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustNumber(dog) did not panic")
		}
	}()
	MustNumber("dog")
}

func TestNumberFromInt64(t *testing.T) {
	for _, i := range []int64{0, 1, -1, 10, 1000, -250, math.MaxInt64, math.MinInt64} {
		n := NumberFromInt64(i)
		want := MustNumber(strconv.FormatInt(i, 10))
		if n != want {
			t.Errorf("NumberFromInt64(%d) = %q, want %q", i, n.String(), want.String())
		}
		back, ok := n.Int64()
		if !ok || back != i {
			t.Errorf("NumberFromInt64(%d).Int64() = %d, %v", i, back, ok)
		}
	}
}

func TestNumberInt64(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0", 0, true},
		{"1e3", 1000, true},
		{"-42", -42, true},
		{"1.5", 0, false},
		{"0.001", 0, false},
		{"9223372036854775807", math.MaxInt64, true},
		{"9223372036854775808", 0, false},
		{"-9223372036854775808", math.MinInt64, true},
		{"-9223372036854775809", 0, false},
		{"1e30", 0, false},
	}
	for _, tt := range tests {
		got, ok := MustNumber(tt.in).Int64()
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s.Int64() = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if got, ok := (Number{}).Int64(); got != 0 || !ok {
		t.Errorf("Number{}.Int64() = %d, %v", got, ok)
	}
}

func TestNumberZeroValue(t *testing.T) {
	var z Number
	if !z.IsZero() || z.String() != "0" || z.Sign() != 0 || z.Size() != 1 {
		t.Errorf("zero Number: IsZero %v String %q Sign %d Size %d", z.IsZero(), z.String(), z.Sign(), z.Size())
	}
	if CompareNumbers(z, MustNumber("0")) != 0 || !Equal(z, MustNumber("-0.0")) {
		t.Error("zero Number does not equal 0")
	}
	if MustNumber("1").IsZero() || MustNumber("-0.5").IsZero() {
		t.Error("non-zero number reported as zero")
	}
	for in, want := range map[string]int{"5": 1, "-5": -1, "0": 0, "0.001": 1, "-0.001": -1} {
		if got := MustNumber(in).Sign(); got != want {
			t.Errorf("%s.Sign() = %d, want %d", in, got, want)
		}
	}
}

// pairSize is §6.1's description, implemented literally: split |n| at the
// point, pad both parts to even length, cut into pairs, drop leading and
// trailing "00" pairs; size = pairs + 1, plus 1 if negative.
func pairSize(text string) int {
	if text == "0" {
		return 1
	}
	neg := text[0] == '-'
	text = strings.TrimPrefix(text, "-")
	ip, fp, _ := strings.Cut(text, ".")
	if ip == "0" {
		ip = ""
	}
	if len(ip)%2 == 1 {
		ip = "0" + ip
	}
	if len(fp)%2 == 1 {
		fp += "0"
	}
	all := ip + fp
	var pairs []string
	for i := 0; i < len(all); i += 2 {
		pairs = append(pairs, all[i:i+2])
	}
	for len(pairs) > 0 && pairs[0] == "00" {
		pairs = pairs[1:]
	}
	for len(pairs) > 0 && pairs[len(pairs)-1] == "00" {
		pairs = pairs[:len(pairs)-1]
	}
	size := len(pairs) + 1
	if neg {
		size++
	}
	return size
}

func TestNumberSize(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		// The worked examples of data-types-and-limits.md §6.1.
		{"15", 2},
		{"150", 3},
		{"1.5", 3},
		{"0.05", 2},
		{"-1", 3},
		{"1E125", 2},
		{"0", 1},
		{"-0", 1},
		// More.
		{"1", 2},
		{"12", 2},
		{"123", 3},
		{"1234", 3},
		{"12345", 4},
		{"100", 2},
		{"1000", 2},
		{"0.5", 2},
		{"0.123", 3},
		{"-0.05", 3},
		{"1e-130", 2},
		{"12345678901234567890123456789012345678", 20},
		{"1.2345678901234567890123456789012345678", 21},
		{"-1.2345678901234567890123456789012345678", 22},
		{"99999999999999999999999999999999999999e88", 20},
	}
	for _, tt := range tests {
		n := MustNumber(tt.in)
		if got := n.Size(); got != tt.want {
			t.Errorf("Size(%s) = %d, want %d", tt.in, got, tt.want)
		}
		if got := pairSize(n.String()); got != tt.want {
			t.Errorf("pairSize(%s) = %d, want %d (test table inconsistent with §6.1)", tt.in, got, tt.want)
		}
	}
}

// TestNumberSizeFormulaMatchesPairs checks the closed form (digits and
// exponent parity) against the literal base-100 pair description.
func TestNumberSizeFormulaMatchesPairs(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 1))
	for range 20000 {
		n, err := ParseNumber(randomNumberText(r))
		if err != nil {
			continue
		}
		if got, want := n.Size(), pairSize(n.String()); got != want {
			t.Fatalf("Size(%s) = %d, pair method says %d", n, got, want)
		}
	}
}

func TestCompareNumbers(t *testing.T) {
	ordered := []string{
		"-9.9999999999999999999999999999999999999e125", "-1e125", "-1000", "-999.99", "-100", "-10.5", "-10",
		"-9", "-1.5", "-1.05", "-1", "-0.5", "-0.0500001", "-0.05", "-1e-130",
		"0",
		"1e-130", "1.0000000000000000000000000000000000001e-130", "0.00099", "0.001", "0.05", "0.5", "0.51", "1",
		"1.0000000000000000000000000000000000001", "1.5", "2", "9", "10", "10.01", "11", "99.9", "100", "1e3",
		"12345678901234567890", "1e125", "9.9999999999999999999999999999999999999e125",
	}
	nums := make([]Number, len(ordered))
	for i, s := range ordered {
		nums[i] = MustNumber(s)
	}
	for i := range nums {
		for j := range nums {
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got := CompareNumbers(nums[i], nums[j]); got != want {
				t.Errorf("CompareNumbers(%s, %s) = %d, want %d", nums[i], nums[j], got, want)
			}
		}
	}
}

func TestCompareNumbersAgainstAPD(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 2))
	var pool []Number
	for len(pool) < 400 {
		if n, err := ParseNumber(randomNumberText(r)); err == nil {
			pool = append(pool, n)
		}
	}
	for _, a := range pool {
		for _, b := range pool[:100] {
			x, _, _ := apd.NewFromString(a.String())
			y, _, _ := apd.NewFromString(b.String())
			if got, want := CompareNumbers(a, b), x.Cmp(y); got != want {
				t.Fatalf("CompareNumbers(%s, %s) = %d, apd says %d", a, b, got, want)
			}
		}
	}
}

func TestCompareNumbersDoesNotAllocate(t *testing.T) {
	a, b := MustNumber("-12345.678"), MustNumber("-12345.6781")
	if n := testing.AllocsPerRun(100, func() { CompareNumbers(a, b) }); n != 0 {
		t.Errorf("CompareNumbers allocates %v times", n)
	}
}

func TestNumberAddSub(t *testing.T) {
	tests := []struct {
		a, b     string
		sum, dif string // expected text, or an error message
	}{
		{"1", "2", "3", "-1"},
		{"1", "10000000000000000000000", "10000000000000000000001", "-9999999999999999999999"},
		{"10000000000000000000000", "-1", "9999999999999999999999", "10000000000000000000001"},
		{"0.1", "0.2", "0.3", "-0.1"},
		{"1.5", "1.5", "3", "0"},
		{"-1.5", "1.5", "0", "-3"},
		{"0", "-7", "-7", "7"},
		{"-7", "0", "-7", "-7"},
		{"1e125", "1e125", "2" + strings.Repeat("0", 125), "0"},
		// Overflow (Alternator test_update_expression_plus_overflow).
		{"9e125", "9e125", MsgNumberOverflow, "0"},
		{"9e125", "-9e125", "0", MsgNumberOverflow},
		// More than 38 digits: DynamoDB says overflow
		// (test_update_expression_plus_imprecise).
		{"1e50", "1", MsgNumberOverflow, MsgNumberOverflow},
		{"12345678901234567890123456789012345678", "0.1", MsgNumberOverflow, MsgNumberOverflow},
		{"12345678901234567890123456789012345678", "2", "12345678901234567890123456789012345680", "12345678901234567890123456789012345676"},
		// A non-zero result below 1E-130.
		{"1.0000000000000000000000000000000000001e-130", "-1e-130", MsgNumberUnderflow, "2.0000000000000000000000000000000000001e-130"},
	}
	check := func(op, a, b string, got Number, err error, want string) {
		t.Helper()
		if strings.Contains(want, " ") { // an error message
			if err == nil || err.Error() != want {
				t.Errorf("%s %s %s = %q, %v; want error %q", a, op, b, got.String(), err, want)
			}
			var ve *ValidationError
			if err != nil && !errors.As(err, &ve) {
				t.Errorf("%s %s %s: error %T, want *ValidationError", a, op, b, err)
			}
			return
		}
		w := MustNumber(want)
		if err != nil || got != w {
			t.Errorf("%s %s %s = %q, %v; want %q", a, op, b, got.String(), err, w.String())
		}
	}
	for _, tt := range tests {
		a, b := MustNumber(tt.a), MustNumber(tt.b)
		s, err := a.Add(b)
		check("+", tt.a, tt.b, s, err, tt.sum)
		d, err := a.Sub(b)
		check("-", tt.a, tt.b, d, err, tt.dif)
	}
}

func TestNumberAddAgainstAPD(t *testing.T) {
	seed := uint64(rand.Int64())
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewPCG(seed, 3))
	ctx := apd.Context{Precision: 1000, MaxExponent: 5000, MinExponent: -5000}
	for i := 0; i < 5000; {
		a, err1 := ParseNumber(randomNumberText(r))
		b, err2 := ParseNumber(randomNumberText(r))
		if err1 != nil || err2 != nil {
			continue
		}
		i++
		x, _, _ := apd.NewFromString(a.String())
		y, _, _ := apd.NewFromString(b.String())
		var z apd.Decimal
		if _, err := ctx.Add(&z, x, y); err != nil {
			t.Fatal(err)
		}
		want, wantErr := ParseNumber(z.Text('f'))
		if wantErr != nil && wantErr.Error() == MsgNumberPrecision {
			wantErr = errNumberOverflow
		}
		got, err := a.Add(b)
		if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) || got != want {
			t.Fatalf("%s + %s = %q, %v; want %q, %v", a, b, got.String(), err, want.String(), wantErr)
		}
		// Results are canonical.
		if err == nil {
			if again := MustNumber(got.String()); again != got {
				t.Fatalf("%s + %s = %q is not canonical (%q)", a, b, got.String(), again.String())
			}
		}
	}
}
