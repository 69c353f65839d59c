package attr

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// scanString reads a JSON string at the cursor. When it has no escapes and
// is valid UTF-8, decoded is nil and the content is data[start:end];
// otherwise decoded holds the content.
func (d *decoder) scanString() (start, end int, decoded []byte, err error) {
	d.pos++ // opening quote
	start = d.pos
	b := d.data
	for d.pos < len(b) {
		c := b[d.pos]
		switch {
		case c == '"':
			end = d.pos
			d.pos++
			return start, end, nil, nil
		case c == '\\' || c < 0x20:
			decoded, err = d.readStringSlow(start)
			return start, 0, decoded, err
		case c < utf8.RuneSelf:
			d.pos++
		default:
			r, size := utf8.DecodeRune(b[d.pos:])
			if r == utf8.RuneError && size == 1 {
				decoded, err = d.readStringSlow(start)
				return start, 0, decoded, err
			}
			d.pos += size
		}
	}
	return 0, 0, nil, newSerialization("Unexpected end of input in a string")
}

// readStringBytes reads a JSON string; the result may alias the input.
func (d *decoder) readStringBytes() ([]byte, error) {
	start, end, decoded, err := d.scanString()
	if decoded != nil || err != nil {
		return decoded, err
	}
	return d.data[start:end], nil
}

// readString reads a JSON string; without escapes it is a substring of the
// input text (no allocation).
func (d *decoder) readString() (string, error) {
	start, end, decoded, err := d.scanString()
	if decoded != nil || err != nil {
		return string(decoded), err
	}
	return d.src[start:end], nil
}

// readStringSlow decodes escapes and refuses invalid UTF-8, from start (just
// after the opening quote); the cursor is somewhere before the first byte
// needing care.
func (d *decoder) readStringSlow(start int) ([]byte, error) {
	b := d.data
	out := make([]byte, 0, d.pos-start+16)
	out = append(out, b[start:d.pos]...)
	for d.pos < len(b) {
		c := b[d.pos]
		switch {
		case c == '"':
			d.pos++
			return out, nil
		case c < 0x20:
			return nil, newSerialization("Illegal unquoted character (code " + strconv.Itoa(int(c)) + ") in a string at offset " + strconv.Itoa(d.pos))
		case c == '\\':
			d.pos++
			if d.pos >= len(b) {
				return nil, newSerialization("Unexpected end of input in a string")
			}
			e := b[d.pos]
			d.pos++
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return nil, newSerialization("Invalid \\u escape in a string at offset " + strconv.Itoa(d.pos))
				}
				if utf16.IsSurrogate(r) {
					// A surrogate must be a high one followed by a low
					// one. A lone one is refused rather than read as
					// U+FFFD, which would make different keys equal.
					r2 := utf8.RuneError
					at := d.pos - 6
					if d.pos+1 < len(b) && b[d.pos] == '\\' && b[d.pos+1] == 'u' {
						d.pos += 2
						if lo, ok := d.hex4(); ok {
							r2 = utf16.DecodeRune(r, lo)
						}
					}
					if r2 == utf8.RuneError {
						return nil, newSerialization("Unpaired surrogate " + string(b[at:at+6]) + " in a string at offset " + strconv.Itoa(at))
					}
					r = r2
				}
				out = utf8.AppendRune(out, r)
			default:
				return nil, newSerialization("Unrecognized character escape '" + string(rune(e)) + "' at offset " + strconv.Itoa(d.pos-1))
			}
		case c < utf8.RuneSelf:
			out = append(out, c)
			d.pos++
		default:
			r, size := utf8.DecodeRune(b[d.pos:])
			if r == utf8.RuneError && size == 1 {
				return nil, invalidUTF8(b, d.pos)
			}
			out = append(out, b[d.pos:d.pos+size]...)
			d.pos += size
		}
	}
	return nil, newSerialization("Unexpected end of input in a string")
}

// invalidUTF8 is the SerializationError for the invalid UTF-8 at b[i]. The
// body is refused, as DynamoDB refuses it (its JSON layer, Jackson, fails
// on the byte; the service answers a SerializationException), rather than
// read with U+FFFD, which would make different keys equal. The wording is
// Jackson's, with the offset.
func invalidUTF8(b []byte, i int) *SerializationError {
	kind := "start"
	if c := b[i]; c >= 0xC2 && c <= 0xF4 && i+1 < len(b) {
		// A valid leading byte: the bad one is the first that does
		// not continue it, or the second when the sequence is an
		// overlong or surrogate form.
		n := 2
		switch {
		case c >= 0xF0:
			n = 4
		case c >= 0xE0:
			n = 3
		}
		kind, i = "middle", i+1
		for j := i; j < min(len(b), i+n-1); j++ {
			if b[j] < 0x80 || b[j] > 0xBF {
				i = j
				break
			}
		}
	}
	return newSerialization("Invalid UTF-8 " + kind + " byte 0x" + strconv.FormatUint(uint64(b[i]), 16) + " at offset " + strconv.Itoa(i))
}

// CheckText returns a SerializationError for the first text in a JSON
// document that is not valid Unicode: a byte sequence that is not UTF-8, or
// a \u escape of an unpaired surrogate. The attribute-value decoder checks
// its own strings; the wire layer calls this for the members it decodes with
// go-json (table names, ExpressionAttributeNames, ...), which would read
// them with U+FFFD. Outside strings, valid JSON has neither.
func CheckText(data []byte) *SerializationError {
	if !utf8.Valid(data) {
		for i := 0; i < len(data); {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				return invalidUTF8(data, i)
			}
			i += size
		}
	}
	if !bytes.Contains(data, []byte(`\u`)) {
		return nil
	}
	d := decoder{data: data}
	for d.pos < len(data) {
		if data[d.pos] != '\\' {
			d.pos++
			continue
		}
		if d.pos+1 >= len(data) || data[d.pos+1] != 'u' {
			d.pos += 2 // any other escape, \\ included
			continue
		}
		at := d.pos
		d.pos += 2
		r, ok := d.hex4()
		if !ok || !utf16.IsSurrogate(r) {
			continue
		}
		if r < 0xDC00 && d.pos+1 < len(data) && data[d.pos] == '\\' && data[d.pos+1] == 'u' {
			d.pos += 2
			if lo, ok := d.hex4(); ok && utf16.DecodeRune(r, lo) != utf8.RuneError {
				continue
			}
		}
		return newSerialization("Unpaired surrogate " + string(data[at:at+6]) + " in a string at offset " + strconv.Itoa(at))
	}
	return nil
}

func (d *decoder) hex4() (rune, bool) {
	if len(d.data)-d.pos < 4 {
		return 0, false
	}
	var r rune
	for _, c := range d.data[d.pos : d.pos+4] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	d.pos += 4
	return r, true
}
