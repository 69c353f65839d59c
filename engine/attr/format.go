package attr

import (
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
)

// FormatForMessage prints v the way DynamoDB quotes a value inside an error
// message: the descriptor and the value in braces, without quotes, e.g.
// {N:1} and {S:x} ("lower bound operand: AttributeValue: {N:1}"). The forms
// for the other types are not documented; we print them in the same style,
// with Java's collection formatting that DynamoDB's messages show elsewhere:
//
//	{B:AQI=}  (base64)        {BOOL:true}          {NULL:true}
//	{SS:[a, b]}               {NS:[1, 2]}          {BS:[AQI=, Aw==]}
//	{L:[{S:a}, {N:1}]}        {M:{a={S:x}, b={N:1}}}  (keys sorted)
//
// A nil Value prints as "null".
func FormatForMessage(v Value) string {
	var b strings.Builder
	formatValue(&b, v)
	return b.String()
}

func formatValue(b *strings.Builder, v Value) {
	if v == nil {
		b.WriteString("null")
		return
	}
	b.WriteByte('{')
	b.WriteString(v.Type().String())
	b.WriteByte(':')
	switch x := v.(type) {
	case String:
		b.WriteString(string(x))
	case Number:
		b.WriteString(x.String())
	case Binary:
		b.WriteString(base64.StdEncoding.EncodeToString(x))
	case Bool:
		b.WriteString(strconv.FormatBool(bool(x)))
	case Null:
		b.WriteString("true")
	case StringSet:
		b.WriteByte('[')
		b.WriteString(strings.Join(x, ", "))
		b.WriteByte(']')
	case NumberSet:
		b.WriteByte('[')
		for i, n := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(n.String())
		}
		b.WriteByte(']')
	case BinarySet:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(base64.StdEncoding.EncodeToString(e))
		}
		b.WriteByte(']')
	case List:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			formatValue(b, e)
		}
		b.WriteByte(']')
	case Map:
		b.WriteByte('{')
		for i, k := range sortedKeys(x) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(k)
			b.WriteByte('=')
			formatValue(b, x[k])
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
}

func sortedKeys[M ~map[string]Value](m M) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
