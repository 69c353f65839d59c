package attr

import (
	"strconv"
)

// maxParseLevel bounds recursion: past MaxDepth the value is already
// invalid, and parsing on only serves to find serialization errors, which
// stops here with MsgNestingTooDeep.
const maxParseLevel = 1000

// slot says where an AttributeValue envelope sits, which decides DynamoDB's
// wording when the JSON there is not an object.
type slot uint8

const (
	slotField   slot = iota // a request member of type AttributeValue
	slotElement             // an element of L, a value of M, Item or Values
)

// token kinds, for type-mismatch messages.
type tokenKind uint8

const (
	tokString tokenKind = iota
	tokTrue
	tokFalse
	tokNull
	tokInteger
	tokDecimal
	tokArray
	tokObject
)

type decoder struct {
	data []byte
	// src is data as one string: decoded strings, names and number texts
	// without escapes are substrings of it, which saves an allocation per
	// string. The values therefore keep the decoded document's text alive;
	// the engine re-encodes items into its own storage form, and the wire
	// layer hands over one request's bytes at a time.
	src  string
	pos  int
	verr *ValidationError // first validation error, reported if nothing worse

	// invalids counts the validation errors found; bad, kept by the held
	// decoders (held.go), lists the map entries that had one.
	invalids int
	bad      []string
}

func newDecoder(data []byte) decoder {
	return decoder{data: data, src: string(data)}
}

// finish checks for trailing garbage and picks the error to report.
func (d *decoder) finish(err error) error {
	if err == nil {
		d.ws()
		if d.pos < len(d.data) {
			err = d.syntaxError()
		}
	}
	if err != nil {
		return err
	}
	if d.verr != nil {
		return d.verr
	}
	return nil
}

// invalid records a validation error unless one was recorded before.
func (d *decoder) invalid(msg string) {
	d.invalids++
	if d.verr == nil {
		d.verr = newValidation(msg)
	}
}

func (d *decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) syntaxError() error {
	if d.pos >= len(d.data) {
		return newSerialization("Unexpected end of input")
	}
	c := d.data[d.pos]
	if c >= 0x20 && c < 0x7f {
		return newSerialization("Unexpected character ('" + string(rune(c)) + "' (code " + strconv.Itoa(int(c)) + ")) at offset " + strconv.Itoa(d.pos))
	}
	return newSerialization("Unexpected character (code " + strconv.Itoa(int(c)) + ") at offset " + strconv.Itoa(d.pos))
}

// literal consumes s if the input continues with it.
func (d *decoder) literal(s string) bool {
	if len(d.data)-d.pos >= len(s) && string(d.data[d.pos:d.pos+len(s)]) == s {
		d.pos += len(s)
		return true
	}
	return false
}

func (d *decoder) expect(c byte) error {
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == c {
		d.pos++
		return nil
	}
	return d.syntaxError()
}

// peek returns the kind of the JSON value at the cursor (after whitespace)
// without consuming it; ok is false at end of input or on a byte that cannot
// start a value.
func (d *decoder) peek() (tokenKind, bool) {
	d.ws()
	if d.pos >= len(d.data) {
		return 0, false
	}
	switch c := d.data[d.pos]; {
	case c == '"':
		return tokString, true
	case c == '{':
		return tokObject, true
	case c == '[':
		return tokArray, true
	case c == 't':
		return tokTrue, true
	case c == 'f':
		return tokFalse, true
	case c == 'n':
		return tokNull, true
	case c == '-' || isDigit(c):
		return tokInteger, true // refined by scanNumber
	}
	return 0, false
}

// mismatch consumes a scalar of the wrong kind (so that malformed JSON is
// still reported as such) and returns the serialization error chosen by
// msg for its kind.
func (d *decoder) mismatch(k tokenKind, msg func(tokenKind) string) error {
	switch k {
	case tokTrue:
		if !d.literal("true") {
			return d.syntaxError()
		}
	case tokFalse:
		if !d.literal("false") {
			return d.syntaxError()
		}
	case tokInteger:
		dec, ok := d.scanNumber()
		if !ok {
			return d.syntaxError()
		}
		if dec {
			k = tokDecimal
		}
	case tokString:
		if _, err := d.readString(); err != nil {
			return err
		}
	}
	return newSerialization(msg(k))
}

// scanNumber consumes a JSON number; decimal reports a fraction or an
// exponent (DynamoDB's JSON layer calls those DECIMAL_VALUE).
func (d *decoder) scanNumber() (decimal, ok bool) {
	b, i := d.data, d.pos
	if i < len(b) && b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case i < len(b) && isDigit(b[i]):
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	default:
		return false, false
	}
	if i < len(b) && b[i] == '.' {
		decimal = true
		i++
		if i >= len(b) || !isDigit(b[i]) {
			return false, false
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		decimal = true
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) || !isDigit(b[i]) {
			return false, false
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
	}
	d.pos = i
	return decimal, true
}

// skip consumes any JSON value (the value of an unknown descriptor).
func (d *decoder) skip(depth int) error {
	if depth > 2*maxParseLevel {
		return newSerialization("Maximum nesting depth exceeded")
	}
	k, ok := d.peek()
	if !ok {
		return d.syntaxError()
	}
	switch k {
	case tokString:
		_, err := d.readStringBytes()
		return err
	case tokTrue:
		if d.literal("true") {
			return nil
		}
	case tokFalse:
		if d.literal("false") {
			return nil
		}
	case tokNull:
		if d.literal("null") {
			return nil
		}
	case tokInteger:
		if _, ok := d.scanNumber(); ok {
			return nil
		}
	case tokArray:
		d.pos++
		d.ws()
		if d.pos < len(d.data) && d.data[d.pos] == ']' {
			d.pos++
			return nil
		}
		for {
			if err := d.skip(depth + 1); err != nil {
				return err
			}
			if more, err := d.next(']'); err != nil || !more {
				return err
			}
		}
	case tokObject:
		d.pos++
		d.ws()
		if d.pos < len(d.data) && d.data[d.pos] == '}' {
			d.pos++
			return nil
		}
		for {
			if err := d.objectKeyPrefix(); err != nil {
				return err
			}
			if _, err := d.readStringBytes(); err != nil {
				return err
			}
			if err := d.expect(':'); err != nil {
				return err
			}
			if err := d.skip(depth + 1); err != nil {
				return err
			}
			if more, err := d.next('}'); err != nil || !more {
				return err
			}
		}
	}
	return d.syntaxError()
}

// objectKeyPrefix positions the cursor on the '"' of an object key.
func (d *decoder) objectKeyPrefix() error {
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == '"' {
		return nil
	}
	return d.syntaxError()
}

// next consumes the separator after a member or element: ',' (more is true)
// or the closing byte (more is false).
func (d *decoder) next(closing byte) (more bool, err error) {
	d.ws()
	if d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ',':
			d.pos++
			return true, nil
		case closing:
			d.pos++
			return false, nil
		}
	}
	return false, d.syntaxError()
}

// openCollection consumes the opening byte; empty reports that the closing
// byte followed at once (and was consumed).
func (d *decoder) openCollection(closing byte) (empty bool) {
	d.pos++
	d.ws()
	if d.pos < len(d.data) && d.data[d.pos] == closing {
		d.pos++
		return true
	}
	return false
}
