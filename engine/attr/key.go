package attr

import (
	"bytes"
	"fmt"
	"strings"
)

// AppendKey appends to dst an order-preserving encoding of v, an S, N or B
// value, for keys of ordered storage. For two values a and b of the same
// type, bytes.Compare(AppendKey(nil, a), AppendKey(nil, b)) equals
// Compare(a, b). The encodings are prefix-free (no encoding of a value is a
// proper prefix of another's), so a concatenation such as
// AppendKey(AppendKey(nil, pk), sk) orders by (pk, sk).
//
// S and B: the raw bytes with 0x00 escaped as 0x00 0xFF, then the terminator
// 0x00 0x01 (which sorts below any continuation: a byte > 0x00, or an escaped
// 0x00 0xFF).
//
// N: one sign byte (0x01 negative, 0x02 zero, 0x03 positive; zero is that
// byte alone), one byte for the scientific exponent (e+130, 0..255, which
// covers DynamoDB's range exactly), then the significant digits in base-100
// pairs (the last one padded with a 0 digit), each as one byte 1..100, and a
// 0x00 terminator. A shorter digit string sorts first at equal exponent:
// canonical digits never end in zero, so the longer one is larger. Negative
// numbers complement the exponent byte and map pairs to 101-pair (2..101)
// with a 0xFF terminator, reversing the order.
//
// AppendKey panics for other types: key attributes are S, N or B only, and
// callers check the type against the key schema first.
func AppendKey(dst []byte, v Value) []byte {
	switch x := v.(type) {
	case String:
		if strings.IndexByte(string(x), 0) < 0 { // the common case: nothing to escape
			return append(append(dst, x...), 0x00, 0x01)
		}
		return appendKeyBytes(dst, string(x))
	case Binary:
		if bytes.IndexByte(x, 0) < 0 {
			return append(append(dst, x...), 0x00, 0x01)
		}
		return appendKeyBytes(dst, []byte(x))
	case Number:
		return appendKeyNumber(dst, x)
	}
	panic(fmt.Sprintf("attr.AppendKey: %T is not a key type (S, N or B)", v))
}

func appendKeyBytes[T string | []byte](dst []byte, s T) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 0x00 {
			dst = append(dst, 0x00, 0xFF)
		} else {
			dst = append(dst, c)
		}
	}
	return append(dst, 0x00, 0x01)
}

const (
	keyNegative = 0x01
	keyZero     = 0x02
	keyPositive = 0x03
)

func appendKeyNumber(dst []byte, n Number) []byte {
	if n.IsZero() {
		return append(dst, keyZero)
	}
	t := n.text
	d := scanDigits(t)
	expByte := byte(d.exp - MinNumberExponent)
	if d.neg {
		dst = append(dst, keyNegative, 0xFF-expByte)
	} else {
		dst = append(dst, keyPositive, expByte)
	}
	hi, half := byte(0), false
	for i := d.first; i <= d.last; i++ {
		c := t[i]
		if c == '.' {
			continue
		}
		if !half {
			hi, half = c-'0', true
			continue
		}
		dst = appendKeyPair(dst, hi*10+(c-'0'), d.neg)
		half = false
	}
	if half {
		dst = appendKeyPair(dst, hi*10, d.neg)
	}
	if d.neg {
		return append(dst, 0xFF)
	}
	return append(dst, 0x00)
}

func appendKeyPair(dst []byte, pair byte, neg bool) []byte {
	if neg {
		return append(dst, 101-pair)
	}
	return append(dst, pair+1)
}
