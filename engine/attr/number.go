package attr

import (
	"strconv"
	"strings"

	"github.com/cockroachdb/apd/v3"
)

// Number is an N value: an exact decimal of at most 38 significant digits in
// DynamoDB's range, held in canonical plain-decimal text ("1000", "0.001",
// "-1.5"): the form DynamoDB returns. Equal numbers have equal text.
//
// The zero Number is the number 0.
type Number struct {
	text string
}

// Limits of DynamoDB's number type (data-types-and-limits.md §2.1): at most
// 38 significant digits; non-zero magnitudes from 1E-130 to
// 9.9999999999999999999999999999999999999E+125. Exponents here are
// scientific exponents (the power of ten of the first significant digit).
const (
	MaxNumberDigits   = 38
	MaxNumberExponent = 125
	MinNumberExponent = -130
)

// String returns the canonical text.
func (n Number) String() string {
	if n.text == "" {
		return "0"
	}
	return n.text
}

// ParseNumber reads a number as DynamoDB accepts it on the wire: an optional
// sign, digits with an optional decimal point (".5" and "5." are fine), an
// optional exponent ("e" or "E", optional sign, digits). No spaces, no NaN or
// Infinity. The result holds the canonical plain-decimal text ("007" -> "7",
// "1.10" -> "1.1", "1e3" -> "1000", "-0" -> "0", ".5" -> "0.5").
//
// Errors are *ValidationError with DynamoDB's messages: MsgNumberInvalid
// (bare; the codec appends ": <text>" for non-empty text as DynamoDB does),
// MsgNumberOverflow, MsgNumberUnderflow, MsgNumberPrecision. The magnitude
// checks come before the precision check (the order dynalite uses).
//
// Parsing is lexical: it locates the significant digits and the exponent and
// lays them out again; no arithmetic is involved, and a differential test
// checks it against apd. Already-canonical text is returned without copying.
func ParseNumber(text string) (Number, error) {
	return parseNumber(text)
}

// MustNumber is ParseNumber that panics on error, for tests and constants.
func MustNumber(text string) Number {
	n, err := ParseNumber(text)
	if err != nil {
		panic("attr.MustNumber(" + strconv.Quote(text) + "): " + err.Error())
	}
	return n
}

// NumberFromInt64 returns the Number equal to i. Every int64 fits DynamoDB's
// range and precision.
func NumberFromInt64(i int64) Number {
	return Number{text: strconv.FormatInt(i, 10)}
}

var (
	errNumberInvalid   = newValidation(MsgNumberInvalid)
	errNumberOverflow  = newValidation(MsgNumberOverflow)
	errNumberUnderflow = newValidation(MsgNumberUnderflow)
	errNumberPrecision = newValidation(MsgNumberPrecision)
)

// maxExponentText bounds the exponent written after "e": DynamoDB parses
// numbers with Java's BigDecimal, whose exponent is an int, so anything
// beyond it is not a number at all (rather than an overflow).
const maxExponentText = 1<<31 - 1

// parseNumber is ParseNumber for string or []byte input, so that the decoder
// can parse a JSON string's bytes and allocate only the canonical text.
func parseNumber[T string | []byte](text T) (Number, error) {
	n := len(text)
	i := 0
	neg, plus := false, false
	if i < n && (text[i] == '-' || text[i] == '+') {
		neg, plus = text[i] == '-', text[i] == '+'
		i++
	}
	intStart := i
	for i < n && isDigit(text[i]) {
		i++
	}
	intEnd := i
	hasDot := false
	fracStart, fracEnd := i, i
	if i < n && text[i] == '.' {
		hasDot = true
		i++
		fracStart = i
		for i < n && isDigit(text[i]) {
			i++
		}
		fracEnd = i
	}
	if intEnd == intStart && fracEnd == fracStart {
		return Number{}, errNumberInvalid
	}
	hasExp := false
	exp := int64(0)
	if i < n && (text[i] == 'e' || text[i] == 'E') {
		hasExp = true
		i++
		expNeg := false
		if i < n && (text[i] == '-' || text[i] == '+') {
			expNeg = text[i] == '-'
			i++
		}
		if i == n {
			return Number{}, errNumberInvalid
		}
		for ; i < n && isDigit(text[i]); i++ {
			exp = exp*10 + int64(text[i]-'0')
			if exp > maxExponentText+1 {
				return Number{}, errNumberInvalid
			}
		}
		if expNeg {
			exp = -exp
		}
		if exp > maxExponentText || exp < -maxExponentText-1 {
			return Number{}, errNumberInvalid
		}
	}
	if i != n {
		return Number{}, errNumberInvalid
	}

	// The digits are text[intStart:intEnd] followed by text[fracStart:fracEnd];
	// digit k of that sequence is worth 10^(intLen-1-k+exp).
	intLen := intEnd - intStart
	total := intLen + (fracEnd - fracStart)
	digit := func(k int) byte {
		if k < intLen {
			return text[intStart+k]
		}
		return text[fracStart+k-intLen]
	}
	first := 0
	for first < total && digit(first) == '0' {
		first++
	}
	if first == total {
		return Number{text: "0"}, nil
	}
	last := total - 1
	for digit(last) == '0' {
		last--
	}
	sciExp := int64(intLen-1-first) + exp
	switch {
	case sciExp > MaxNumberExponent:
		return Number{}, errNumberOverflow
	case sciExp < MinNumberExponent:
		return Number{}, errNumberUnderflow
	case last-first+1 > MaxNumberDigits:
		return Number{}, errNumberPrecision
	}

	// Canonical input: plain notation, no '+', an integer part without
	// leading zeros (a lone "0" before a fraction is fine), a non-empty
	// fraction without trailing zeros. Zero was handled above.
	if !hasExp && !plus && intLen > 0 &&
		(text[intStart] != '0' || (intLen == 1 && hasDot)) &&
		(!hasDot || (fracEnd > fracStart && text[fracEnd-1] != '0')) {
		return Number{text: string(text)}, nil
	}

	// Lay the significant digits out around the decimal point.
	e := int(sciExp)
	d := last - first + 1
	var b strings.Builder
	size := d + 1 // sign or point
	if e >= 0 {
		if e+1 > d {
			size += e + 1 - d
		}
	} else {
		size += 1 - e // "0." + zeros
	}
	b.Grow(size)
	if neg {
		b.WriteByte('-')
	}
	if e >= 0 {
		for k := 0; k <= e; k++ {
			if k < d {
				b.WriteByte(digit(first + k))
			} else {
				b.WriteByte('0')
			}
		}
		if d > e+1 {
			b.WriteByte('.')
			for k := e + 1; k < d; k++ {
				b.WriteByte(digit(first + k))
			}
		}
	} else {
		b.WriteString("0.")
		for k := 0; k < -e-1; k++ {
			b.WriteByte('0')
		}
		for k := 0; k < d; k++ {
			b.WriteByte(digit(first + k))
		}
	}
	return Number{text: b.String()}, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsZero reports whether n is 0.
func (n Number) IsZero() bool { return n.text == "" || n.text == "0" }

// Sign returns -1, 0 or +1.
func (n Number) Sign() int {
	switch {
	case n.IsZero():
		return 0
	case n.text[0] == '-':
		return -1
	}
	return 1
}

// Int64 returns n as an int64; ok is false when n has a fraction or does not
// fit.
func (n Number) Int64() (int64, bool) {
	if n.IsZero() {
		return 0, true
	}
	if strings.IndexByte(n.text, '.') >= 0 {
		return 0, false
	}
	i, err := strconv.ParseInt(n.text, 10, 64)
	if err != nil {
		return 0, false
	}
	return i, true
}

// digits describes canonical text: the significant digits are the non-'.'
// bytes of t[first:last+1], the first of them worth 10^exp.
type digits struct {
	neg         bool
	first, last int // byte offsets into the text, inclusive
	exp         int // scientific exponent
	count       int // number of significant digits
}

// scan locates the significant digits of a non-zero canonical text without
// allocating.
func scanDigits(t string) digits {
	var d digits
	i := 0
	if t[0] == '-' {
		d.neg = true
		i = 1
	}
	dot := strings.IndexByte(t, '.')
	intEnd := len(t)
	if dot >= 0 {
		intEnd = dot
	}
	if t[i] != '0' {
		// Integer part present: first digit leads.
		d.first = i
		d.exp = intEnd - i - 1
	} else {
		// "0.000ddd": leading zeros after the point.
		j := dot + 1
		for t[j] == '0' {
			j++
		}
		d.first = j
		d.exp = dot - j
	}
	last := len(t) - 1
	for t[last] == '0' {
		last--
	}
	d.last = last
	d.count = last - d.first + 1
	if d.first <= dot && dot <= last {
		d.count--
	}
	return d
}

// Size is the number of bytes DynamoDB counts for n in item size
// (data-types-and-limits.md §6.1): the significant digits are stored as
// base-100 pairs aligned on the decimal point, plus one exponent byte, plus
// one byte for negative numbers; zero takes 1 byte. With d significant digits
// and scientific exponent e the pair count is ceil(d/2), plus one when d and
// e are both even (the first and last digit then sit in half-filled pairs).
func (n Number) Size() int {
	if n.IsZero() {
		return 1
	}
	d := scanDigits(n.text)
	size := 1 + (d.count+1)/2
	if d.count%2 == 0 && d.exp%2 == 0 {
		size++
	}
	if d.neg {
		size++
	}
	return size
}

// CompareNumbers returns -1, 0 or +1 as a is less than, equal to or greater
// than b. It works on the canonical text and does not allocate: sign first,
// then the length of the integer part, then the digits.
func CompareNumbers(a, b Number) int {
	sa, sb := a.Sign(), b.Sign()
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	c := compareMagnitude(a.text, b.text)
	if sa < 0 {
		return -c
	}
	return c
}

// compareMagnitude compares the absolute values of two non-zero canonical
// texts of the same sign.
func compareMagnitude(a, b string) int {
	if a[0] == '-' {
		a, b = a[1:], b[1:]
	}
	ia, ib := intPartLen(a), intPartLen(b)
	if ia != ib {
		// A longer integer part is larger. (A magnitude below one is
		// "0.x", whose integer part has length 1 like any one-digit
		// integer part; the byte comparison below orders those.)
		if ia < ib {
			return -1
		}
		return 1
	}
	// Equal integer-part lengths put the points (if any) at the same
	// offset, so byte order is numeric order; a proper prefix is smaller
	// because canonical fractions end in a non-zero digit.
	return strings.Compare(a, b)
}

func intPartLen(t string) int {
	if i := strings.IndexByte(t, '.'); i >= 0 {
		return i
	}
	return len(t)
}

// numberContext does exact arithmetic: two in-range numbers span at most
// 10^126 down to 10^-167, under 300 digits, so 400 digits never round.
var numberContext = apd.Context{
	Precision:   400,
	MaxExponent: apd.MaxExponent,
	MinExponent: apd.MinExponent,
	Traps:       apd.DefaultTraps,
}

// Add returns n + o, exactly. A result outside DynamoDB's range or needing
// more than 38 significant digits is an error; DynamoDB reports
// MsgNumberOverflow for the precision case too (Alternator's
// test_update_expression_plus_imprecise), and MsgNumberUnderflow for a
// non-zero result below 1E-130.
func (n Number) Add(o Number) (Number, error) { return n.arith(o, false) }

// Sub returns n - o with the same checks as Add.
func (n Number) Sub(o Number) (Number, error) { return n.arith(o, true) }

func (n Number) arith(o Number, subtract bool) (Number, error) {
	if o.IsZero() {
		return Number{text: n.String()}, nil
	}
	if n.IsZero() && !subtract {
		return o, nil
	}
	x, err := n.decimal()
	if err != nil {
		return Number{}, err
	}
	y, err := o.decimal()
	if err != nil {
		return Number{}, err
	}
	var z apd.Decimal
	if subtract {
		_, err = numberContext.Sub(&z, &x, &y)
	} else {
		_, err = numberContext.Add(&z, &x, &y)
	}
	if err != nil {
		return Number{}, errNumberOverflow
	}
	return fromDecimal(&z)
}

// decimal converts canonical text to apd.
func (n Number) decimal() (apd.Decimal, error) {
	var d apd.Decimal
	if _, _, err := d.SetString(n.String()); err != nil {
		return d, errNumberInvalid
	}
	return d, nil
}

// fromDecimal checks an arithmetic result against DynamoDB's limits and
// formats it canonically.
func fromDecimal(z *apd.Decimal) (Number, error) {
	var r apd.Decimal
	r.Reduce(z)
	if r.IsZero() {
		return Number{text: "0"}, nil
	}
	nd := r.NumDigits()
	sciExp := int64(r.Exponent) + nd - 1
	switch {
	case sciExp > MaxNumberExponent, nd > MaxNumberDigits:
		return Number{}, errNumberOverflow
	case sciExp < MinNumberExponent:
		return Number{}, errNumberUnderflow
	}
	return Number{text: r.Text('f')}, nil
}
