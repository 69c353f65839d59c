package attr

import (
	"encoding/base64"
	"slices"
	"unicode/utf8"
)

// AppendValue appends the DynamoDB JSON envelope of v to dst: {"S":"x"},
// {"N":"1"} (numbers are JSON strings), {"B":"<base64>"}, {"BOOL":true},
// {"NULL":true}, {"SS":[...]}, {"L":[...]}, {"M":{...}} with map keys
// sorted. A nil Value (also inside a list or map) is written as null.
func AppendValue(dst []byte, v Value) []byte {
	switch x := v.(type) {
	case String:
		dst = append(dst, `{"S":`...)
		dst = appendQuoted(dst, string(x))
		return append(dst, '}')
	case Number:
		dst = append(dst, `{"N":"`...)
		dst = append(dst, x.String()...)
		return append(dst, `"}`...)
	case Binary:
		dst = append(dst, `{"B":"`...)
		dst = base64.StdEncoding.AppendEncode(dst, x)
		return append(dst, `"}`...)
	case Bool:
		if x {
			return append(dst, `{"BOOL":true}`...)
		}
		return append(dst, `{"BOOL":false}`...)
	case Null:
		return append(dst, `{"NULL":true}`...)
	case StringSet:
		dst = append(dst, `{"SS":[`...)
		for i, s := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendQuoted(dst, s)
		}
		return append(dst, "]}"...)
	case NumberSet:
		dst = append(dst, `{"NS":[`...)
		for i, n := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '"')
			dst = append(dst, n.String()...)
			dst = append(dst, '"')
		}
		return append(dst, "]}"...)
	case BinarySet:
		dst = append(dst, `{"BS":[`...)
		for i, b := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '"')
			dst = base64.StdEncoding.AppendEncode(dst, b)
			dst = append(dst, '"')
		}
		return append(dst, "]}"...)
	case List:
		dst = append(dst, `{"L":[`...)
		for i, e := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendValue(dst, e)
		}
		return append(dst, "]}"...)
	case Map:
		dst = append(dst, `{"M":`...)
		dst = appendValueMap(dst, x)
		return append(dst, '}')
	}
	return append(dst, "null"...)
}

// appendValueMap writes {"name":<envelope>,...} with the names sorted.
func appendValueMap[M ~map[string]Value](dst []byte, m M) []byte {
	var buf [16]string
	keys := buf[:0]
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	dst = append(dst, '{')
	for i, k := range keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendQuoted(dst, k)
		dst = append(dst, ':')
		dst = AppendValue(dst, m[k])
	}
	return append(dst, '}')
}

const hexDigits = "0123456789abcdef"

// appendQuoted writes s as a JSON string: '"' and '\\' escaped, control
// characters as \n, \t, ... or \u00XX, U+2028 and U+2029 as \u2028 and
// \u2029 (for JavaScript consumers), invalid UTF-8 as \ufffd. Everything
// else, including '<', '>' and '&', is written as is.
// AppendJSONString appends s as a JSON string, escaped as the codec escapes
// attribute names and strings; the wire encoders share it.
func AppendJSONString(dst []byte, s string) []byte { return appendQuoted(dst, s) }

func appendQuoted(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
