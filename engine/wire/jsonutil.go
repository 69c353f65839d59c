package wire

import (
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Small append-style JSON writers for the hand-written encoders. They never
// fail and never escape HTML characters (DynamoDB does not).

// appendString appends s as a JSON string, escaped as the attribute-value
// codec escapes (one implementation for the whole wire format).
func appendString(dst []byte, s string) []byte { return attr.AppendJSONString(dst, s) }

// appendKey appends "name": for a key that needs no escaping.
func appendKey(dst []byte, name string) []byte {
	dst = append(dst, '"')
	dst = append(dst, name...)
	return append(dst, '"', ':')
}

// appendJavaDouble appends f the way DynamoDB's Java serialiser writes a
// double (Double.toString): at least one fractional digit ("1.0", "0.5")
// between 10^-3 and 10^7, computerised scientific notation outside it
// ("1.7953252314E9", "1.0E-4"). SDKs accept any JSON number; this only makes
// our bytes look like the service's. NaN and infinities cannot occur in a
// response; they are written as 0.0 to keep the JSON valid.
func appendJavaDouble(dst []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "0.0"...)
	}
	if f == 0 {
		if math.Signbit(f) {
			return append(dst, "-0.0"...)
		}
		return append(dst, "0.0"...)
	}
	abs := math.Abs(f)
	if abs >= 1e-3 && abs < 1e7 {
		start := len(dst)
		dst = strconv.AppendFloat(dst, f, 'f', -1, 64)
		for _, c := range dst[start:] {
			if c == '.' {
				return dst
			}
		}
		return append(dst, '.', '0')
	}
	// Shortest digits in e-notation, then rewrite Go's "d.ddde+XX" as
	// Java's "d.dddEXX" with a mandatory fractional digit.
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	mant, exp := e, []byte(nil)
	for i, c := range e {
		if c == 'e' {
			mant, exp = e[:i], e[i+1:]
			break
		}
	}
	dst = append(dst, mant...)
	hasDot := false
	for _, c := range mant {
		if c == '.' {
			hasDot = true
			break
		}
	}
	if !hasDot {
		dst = append(dst, '.', '0')
	}
	dst = append(dst, 'E')
	if len(exp) > 0 && exp[0] == '+' {
		exp = exp[1:]
	} else if len(exp) > 0 && exp[0] == '-' {
		dst = append(dst, '-')
		exp = exp[1:]
	}
	for len(exp) > 1 && exp[0] == '0' {
		exp = exp[1:]
	}
	return append(dst, exp...)
}

// appendStrings appends a JSON array of strings.
func appendStrings(dst []byte, ss []string) []byte {
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s)
	}
	return append(dst, ']')
}

// appendStringMap appends a JSON object of string values, keys sorted so
// that equal maps encode to equal bytes.
func appendStringMap(dst []byte, m map[string]string) []byte {
	dst = append(dst, '{')
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, k)
		dst = append(dst, ':')
		dst = appendString(dst, m[k])
	}
	return append(dst, '}')
}

// appendBool appends true or false.
func appendBool(dst []byte, b bool) []byte {
	if b {
		return append(dst, "true"...)
	}
	return append(dst, "false"...)
}

// appendInt appends a JSON integer.
func appendInt(dst []byte, n int64) []byte {
	return strconv.AppendInt(dst, n, 10)
}
