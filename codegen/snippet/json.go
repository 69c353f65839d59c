package snippet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// jvalue is a decoded JSON value that keeps its members in input order (a
// Go map would not), so that every rendering lists them as the user wrote
// them.
type jvalue struct {
	kind    jkind
	str     string // a string's contents, or a number's literal
	boolean bool
	elems   []*jvalue
	members []jmember
	bytes   []byte // a B value or BS element, decoded by check
}

type jmember struct {
	name  string
	value *jvalue
}

type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNumber
	jString
	jArray
	jObject
)

func (k jkind) String() string {
	return [...]string{"null", "a boolean", "a number", "a string", "an array", "an object"}[k]
}

// maxDepth bounds nesting. DynamoDB allows 32 levels of nested attribute
// values (two JSON levels each) inside a few levels of request structure;
// deeper input is refused rather than rendered as megabytes of indentation.
const maxDepth = 100

// parseJSON decodes one JSON value; empty input (or only white space) is
// the empty object. A UTF-8 byte order mark, which editors on Windows
// like to add, is skipped.
func parseJSON(data []byte) (*jvalue, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return &jvalue{kind: jObject}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec, 0)
	if err != nil {
		return nil, jsonError(dec, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("invalid JSON: more data after the request object at byte %d", dec.InputOffset())
	}
	return v, nil
}

func jsonError(dec *json.Decoder, err error) error {
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return fmt.Errorf("invalid JSON at byte %d: %s", syntax.Offset, syntax.Error())
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("invalid JSON: unexpected end of input")
	case errors.Is(err, errTooDeep):
		return fmt.Errorf("invalid request: nested more than %d levels deep (at byte %d)", maxDepth, dec.InputOffset())
	}
	return fmt.Errorf("invalid JSON at byte %d: %v", dec.InputOffset(), err)
}

var errTooDeep = errors.New("too deep")

func decodeValue(dec *json.Decoder, depth int) (*jvalue, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &jvalue{kind: jNull}, nil
	case bool:
		return &jvalue{kind: jBool, boolean: t}, nil
	case json.Number:
		return &jvalue{kind: jNumber, str: string(t)}, nil
	case string:
		return &jvalue{kind: jString, str: t}, nil
	case json.Delim:
		if depth >= maxDepth {
			return nil, errTooDeep
		}
		if t == '[' {
			v := &jvalue{kind: jArray}
			for dec.More() {
				e, err := decodeValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.elems = append(v.elems, e)
			}
			_, err := dec.Token() // ']'
			return v, err
		}
		v := &jvalue{kind: jObject}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return nil, err
			}
			name, _ := key.(string) // the decoder only yields strings here
			e, err := decodeValue(dec, depth+1)
			if err != nil {
				return nil, err
			}
			v.members = append(v.members, jmember{name, e})
		}
		_, err := dec.Token() // '}'
		return v, err
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// renderJSON writes v indented with two spaces, members in input order.
func renderJSON(v *jvalue) string {
	var b strings.Builder
	writeJSON(&b, v, "\n")
	b.WriteByte('\n')
	return b.String()
}

// compactJSON writes v without white space, as CLI option values are.
func compactJSON(v *jvalue) string {
	var b strings.Builder
	writeJSON(&b, v, "")
	return b.String()
}

// writeJSON writes v; nl is "" for compact output, else the newline and
// indentation of v's own line.
func writeJSON(b *strings.Builder, v *jvalue, nl string) {
	inner, sep := "", ":"
	if nl != "" {
		inner, sep = nl+"  ", ": "
	}
	switch v.kind {
	case jNull:
		b.WriteString("null")
	case jBool:
		if v.boolean {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case jNumber:
		b.WriteString(v.str)
	case jString:
		b.WriteString(jsonQuote(v.str))
	case jArray:
		if len(v.elems) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteByte('[')
		for i, e := range v.elems {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(inner)
			writeJSON(b, e, inner)
		}
		b.WriteString(nl)
		b.WriteByte(']')
	case jObject:
		if len(v.members) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteByte('{')
		for i, m := range v.members {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(inner)
			b.WriteString(jsonQuote(m.name))
			b.WriteString(sep)
			writeJSON(b, m.value, inner)
		}
		b.WriteString(nl)
		b.WriteByte('}')
	}
}

// jsonQuote quotes s as a JSON string. Unlike encoding/json it leaves <, >
// and & alone (nobody embeds these snippets in HTML by hand); it escapes
// U+2028 and U+2029 so that the text is also a valid JavaScript literal.
func jsonQuote(s string) string {
	return quoteWith(s, func(b *strings.Builder, r rune) {
		if r < 0x20 || r == 0x2028 || r == 0x2029 {
			fmt.Fprintf(b, `\u%04x`, r)
		} else {
			b.WriteRune(r)
		}
	})
}

// quoteWith writes s as a double-quoted literal in the C family's common
// escapes (\" \\ \n \r \t), leaving every other rune to other, which
// writes it as is or escapes it as its language does.
func quoteWith(s string, other func(b *strings.Builder, r rune)) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			other(&b, r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// runeLen is the printed width of s, for line-breaking decisions.
func runeLen(s string) int { return utf8.RuneCountInString(s) }
