package attr

import (
	"bytes"
	"encoding/base64"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Serialization messages of DynamoDB's JSON layer, as recorded by dynalite's
// test helpers against DynamoDB (assertType: String, Boolean, Blob, List,
// Map, ParameterizedMap, ValueStruct, FieldStruct).
const (
	msgStartOfMap          = "Start of structure or map found where not expected"
	msgUnexpectedField     = "Unexpected field type"
	msgUnexpectedValue     = "Unexpected value type in payload"
	msgUnexpectedToken     = "Unexpected token received from parser"
	msgNotBase64String     = "only base-64-encoded strings are convertible to bytes"
	msgCollectionString    = "Unrecognized collection type class java.lang.String"
	msgCollectionBoolean   = "Unrecognized collection type class java.lang.Boolean"
	msgCollectionBlob      = "Unrecognized collection type class java.nio.ByteBuffer"
	msgCollectionAttrValue = "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"
	msgCollectionAttrMap   = "Unrecognized collection type java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>"
	// msgMapCast is what DynamoDB answers when a whole Item, Key or
	// ExpressionAttributeValues map is a JSON scalar (a Java
	// ClassCastException message, verbatim).
	msgMapCast = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class are in module java.base of loader 'bootstrap')"
	// Base64: the length check comes first; any other defect (a character
	// outside the alphabet, misplaced padding, non-zero trailing bits) is
	// reported with DynamoDB's message for '=+/=' and '+/+=', including its
	// typo.
	msgBase64Length = "Base64 encoded length is expected a multiple of 4 bytes but found: "
	msgBase64Bad    = "Invalid last non-pad Base64 character dectected"
	// msgNullSetElement is ours: DynamoDB's answer to a JSON null inside
	// SS or BS is not recorded anywhere we could find. (In NS a null is
	// MsgNumberInvalid, like an empty string.)
	msgNullSetElement = "Null value found in a set where a string is expected"
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

// Wording of type mismatches by expected JSON type.

func stringMismatch(k tokenKind) string {
	switch k {
	case tokTrue:
		return "TRUE_VALUE cannot be converted to String"
	case tokFalse:
		return "FALSE_VALUE cannot be converted to String"
	case tokInteger:
		return "NUMBER_VALUE cannot be converted to String"
	case tokDecimal:
		return "DECIMAL_VALUE cannot be converted to String"
	case tokArray:
		return msgCollectionString
	}
	return msgStartOfMap
}

func boolMismatch(k tokenKind) string {
	switch k {
	case tokString:
		return msgUnexpectedToken
	case tokInteger:
		return "NUMBER_VALUE cannot be converted to Boolean"
	case tokDecimal:
		return "DECIMAL_VALUE cannot be converted to Boolean"
	case tokArray:
		return msgCollectionBoolean
	}
	return msgStartOfMap
}

func blobMismatch(k tokenKind) string {
	switch k {
	case tokArray:
		return msgCollectionBlob
	case tokObject:
		return msgStartOfMap
	}
	return msgNotBase64String
}

func listMismatch(k tokenKind) string {
	if k == tokObject {
		return msgStartOfMap
	}
	return msgUnexpectedField
}

func mapMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrMap
	}
	return msgUnexpectedField
}

func fieldMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrValue
	}
	return msgUnexpectedField
}

func elementMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrValue
	}
	return msgUnexpectedValue
}

func topMapMismatch(k tokenKind) string {
	if k == tokArray {
		return msgCollectionAttrMap
	}
	return msgMapCast
}

// attributeValue decodes the envelope at the cursor, found at the given
// nesting level (1 for a top-level attribute).
func (d *decoder) attributeValue(level int, s slot) (Value, error) {
	k, ok := d.peek()
	if !ok {
		return nil, d.syntaxError()
	}
	switch k {
	case tokObject:
		return d.envelope(level)
	case tokNull:
		if !d.literal("null") {
			return nil, d.syntaxError()
		}
		// A null where an AttributeValue belongs is an AttributeValue with
		// no member set.
		d.invalid(MsgEmptyValue)
		return nil, nil
	}
	if s == slotField {
		return nil, d.mismatch(k, fieldMismatch)
	}
	return nil, d.mismatch(k, elementMismatch)
}

// envelope decodes {"<descriptor>": <value>, ...} at the cursor.
func (d *decoder) envelope(level int) (Value, error) {
	if level > MaxDepth {
		d.invalid(MsgNestingTooDeep)
		if level > maxParseLevel {
			return nil, d.verr
		}
	}
	var (
		result Value
		first  Type
		seen   uint16 // bit per Type present (not null)
	)
	if d.openCollection('}') {
		d.invalid(MsgEmptyValue)
		return nil, nil
	}
	for {
		if err := d.objectKeyPrefix(); err != nil {
			return nil, err
		}
		key, err := d.readStringBytes()
		if err != nil {
			return nil, err
		}
		if err := d.expect(':'); err != nil {
			return nil, err
		}
		k, ok := d.peek()
		if !ok {
			return nil, d.syntaxError()
		}
		if k == tokNull {
			if !d.literal("null") { // an absent member
				return nil, d.syntaxError()
			}
		} else {
			var (
				v Value
				t Type
			)
			switch string(key) {
			case "S":
				t = TypeS
				v, err = d.stringValue(k)
			case "N":
				t = TypeN
				v, err = d.numberValue(k)
			case "B":
				t = TypeB
				v, err = d.binaryValue(k)
			case "BOOL":
				t = TypeBOOL
				v, err = d.boolValue(k)
			case "NULL":
				t = TypeNULL
				v, err = d.nullValue(k)
			case "SS":
				t = TypeSS
				v, err = d.stringSet(k)
			case "NS":
				t = TypeNS
				v, err = d.numberSet(k)
			case "BS":
				t = TypeBS
				v, err = d.binarySet(k)
			case "L":
				t = TypeL
				v, err = d.list(k, level)
			case "M":
				t = TypeM
				v, err = d.mapValue(k, level)
			default:
				err = d.skip(0)
			}
			if err != nil {
				return nil, err
			}
			if t != 0 {
				seen |= 1 << t
				if first == 0 || first == t {
					first, result = t, v
				}
			}
		}
		more, err := d.next('}')
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
	}
	switch {
	case seen == 0:
		d.invalid(MsgEmptyValue)
		return nil, nil
	case seen&(seen-1) != 0:
		d.invalid(MsgMultipleTypes)
		return nil, nil
	}
	return result, nil
}

func (d *decoder) stringValue(k tokenKind) (Value, error) {
	if k != tokString {
		return nil, d.mismatch(k, stringMismatch)
	}
	s, err := d.readString()
	if err != nil {
		return nil, err
	}
	return String(s), nil
}

func (d *decoder) number(k tokenKind) (Number, error) {
	if k != tokString {
		return Number{}, d.mismatch(k, stringMismatch)
	}
	text, err := d.readString()
	if err != nil {
		return Number{}, err
	}
	n, perr := parseNumber(text)
	if perr != nil {
		msg := perr.(*ValidationError).Message
		if msg == MsgNumberInvalid && text != "" {
			// DynamoDB quotes the text unless it is empty.
			msg += ": " + text
		}
		d.invalid(msg)
	}
	return n, nil
}

func (d *decoder) numberValue(k tokenKind) (Value, error) {
	n, err := d.number(k)
	if err != nil {
		return nil, err
	}
	return n, nil
}

func (d *decoder) binary(k tokenKind) ([]byte, error) {
	if k != tokString {
		return nil, d.mismatch(k, blobMismatch)
	}
	s, err := d.readStringBytes()
	if err != nil {
		return nil, err
	}
	return decodeBase64(s)
}

func decodeBase64(s []byte) ([]byte, error) {
	if len(s)%4 != 0 {
		return nil, newSerialization(msgBase64Length + strconv.Itoa(javaLength(s)))
	}
	out := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Strict().Decode(out, s)
	if err != nil {
		return nil, newSerialization(msgBase64Bad)
	}
	return out[:n:n], nil
}

// javaLength is the length of s in UTF-16 code units, as Java counts it.
func javaLength(s []byte) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRune(s)
		s = s[size:]
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

func (d *decoder) binaryValue(k tokenKind) (Value, error) {
	b, err := d.binary(k)
	if err != nil {
		return nil, err
	}
	return Binary(b), nil
}

func (d *decoder) boolean(k tokenKind) (bool, error) {
	switch k {
	case tokTrue:
		if d.literal("true") {
			return true, nil
		}
	case tokFalse:
		if d.literal("false") {
			return false, nil
		}
	default:
		return false, d.mismatch(k, boolMismatch)
	}
	return false, d.syntaxError()
}

func (d *decoder) boolValue(k tokenKind) (Value, error) {
	b, err := d.boolean(k)
	if err != nil {
		return nil, err
	}
	return Bool(b), nil
}

func (d *decoder) nullValue(k tokenKind) (Value, error) {
	b, err := d.boolean(k)
	if err != nil {
		return nil, err
	}
	if !b {
		d.invalid(MsgNullNotTrue)
		return nil, nil
	}
	return Null{}, nil
}

// arrayStart checks that a set or list member is a JSON array.
func (d *decoder) arrayStart(k tokenKind) error {
	if k != tokArray {
		return d.mismatch(k, listMismatch)
	}
	return nil
}

func (d *decoder) stringSet(k tokenKind) (Value, error) {
	if err := d.arrayStart(k); err != nil {
		return nil, err
	}
	at := d.pos
	set, err := d.stringElements()
	if err != nil {
		return nil, err
	}
	if len(set) == 0 {
		d.invalid(MsgEmptyStringSet)
		return nil, nil
	}
	if !slices.IsSorted(set) {
		slices.Sort(set)
	}
	if hasAdjacentDuplicates(set, strings.Compare) {
		// The message lists the input order: read the array again.
		again := decoder{data: d.data, src: d.src, pos: at}
		orig, _ := again.stringElements()
		d.invalid(stringSetDuplicatesMessage(orig))
		return nil, nil
	}
	return StringSet(set), nil
}

// stringElements reads the elements of an SS array at the cursor.
func (d *decoder) stringElements() ([]string, error) {
	if d.openCollection(']') {
		return nil, nil
	}
	set := make([]string, 0, 4)
	for {
		ek, ok := d.peek()
		if !ok {
			return nil, d.syntaxError()
		}
		switch ek {
		case tokString:
			s, err := d.readString()
			if err != nil {
				return nil, err
			}
			set = append(set, s)
		case tokNull:
			return nil, newSerialization(msgNullSetElement)
		default:
			return nil, d.mismatch(ek, stringMismatch)
		}
		more, err := d.next(']')
		if err != nil {
			return nil, err
		}
		if !more {
			return set, nil
		}
	}
}

func (d *decoder) numberSet(k tokenKind) (Value, error) {
	if err := d.arrayStart(k); err != nil {
		return nil, err
	}
	set := make([]Number, 0, 4)
	bad := false
	if !d.openCollection(']') {
		for {
			ek, ok := d.peek()
			if !ok {
				return nil, d.syntaxError()
			}
			if ek == tokNull {
				if !d.literal("null") {
					return nil, d.syntaxError()
				}
				d.invalid(MsgNumberInvalid)
				bad = true
			} else {
				before := d.verr
				n, err := d.number(ek)
				if err != nil {
					return nil, err
				}
				if d.verr != before {
					bad = true
				}
				set = append(set, n)
			}
			more, err := d.next(']')
			if err != nil {
				return nil, err
			}
			if !more {
				break
			}
		}
	}
	if len(set) == 0 && !bad {
		d.invalid(MsgEmptyNumberSet)
		return nil, nil
	}
	if bad || d.verr != nil {
		// Some element was invalid (possibly recorded earlier than this
		// set); the set is not used.
		return nil, nil
	}
	if !slices.IsSortedFunc(set, CompareNumbers) {
		slices.SortFunc(set, CompareNumbers)
	}
	if hasAdjacentDuplicates(set, CompareNumbers) {
		d.invalid(MsgNumberSetDuplicates)
		return nil, nil
	}
	return NumberSet(set), nil
}

func (d *decoder) binarySet(k tokenKind) (Value, error) {
	if err := d.arrayStart(k); err != nil {
		return nil, err
	}
	at := d.pos
	set, err := d.binaryElements()
	if err != nil {
		return nil, err
	}
	if len(set) == 0 {
		d.invalid(MsgEmptyBinarySet)
		return nil, nil
	}
	if !slices.IsSortedFunc(set, compareBytes) {
		slices.SortFunc(set, compareBytes)
	}
	if hasAdjacentDuplicates(set, compareBytes) {
		again := decoder{data: d.data, src: d.src, pos: at}
		orig, _ := again.binaryElements()
		d.invalid(binarySetDuplicatesMessage(orig))
		return nil, nil
	}
	return BinarySet(set), nil
}

// binaryElements reads the elements of a BS array at the cursor.
func (d *decoder) binaryElements() ([][]byte, error) {
	if d.openCollection(']') {
		return nil, nil
	}
	set := make([][]byte, 0, 4)
	for {
		ek, ok := d.peek()
		if !ok {
			return nil, d.syntaxError()
		}
		if ek == tokNull {
			return nil, newSerialization(msgNullSetElement)
		}
		b, err := d.binary(ek)
		if err != nil {
			return nil, err
		}
		set = append(set, b)
		more, err := d.next(']')
		if err != nil {
			return nil, err
		}
		if !more {
			return set, nil
		}
	}
}

func compareBytes(a, b []byte) int { return strings.Compare(string(a), string(b)) }

func (d *decoder) list(k tokenKind, level int) (Value, error) {
	if err := d.arrayStart(k); err != nil {
		return nil, err
	}
	l := List{}
	if d.openCollection(']') {
		return l, nil
	}
	for {
		v, err := d.attributeValue(level+1, slotElement)
		if err != nil {
			return nil, err
		}
		l = append(l, v)
		more, err := d.next(']')
		if err != nil {
			return nil, err
		}
		if !more {
			return l, nil
		}
	}
}

func (d *decoder) mapValue(k tokenKind, level int) (Value, error) {
	if k != tokObject {
		return nil, d.mismatch(k, mapMismatch)
	}
	m := Map{}
	if d.openCollection('}') {
		return m, nil
	}
	for {
		if err := d.objectKeyPrefix(); err != nil {
			return nil, err
		}
		key, err := d.readString()
		if err != nil {
			return nil, err
		}
		if err := d.expect(':'); err != nil {
			return nil, err
		}
		if msg := CheckName(key); msg != "" {
			d.invalid(msg)
		}
		v, err := d.attributeValue(level+1, slotElement)
		if err != nil {
			return nil, err
		}
		m[key] = v
		more, err := d.next('}')
		if err != nil {
			return nil, err
		}
		if !more {
			return m, nil
		}
	}
}

// valueMap decodes an Item or, with eav set, an ExpressionAttributeValues
// map. JSON null gives a nil map.
func (d *decoder) valueMap(eav bool) (map[string]Value, error) {
	k, ok := d.peek()
	if !ok {
		return nil, d.syntaxError()
	}
	switch k {
	case tokNull:
		if !d.literal("null") {
			return nil, d.syntaxError()
		}
		return nil, nil
	case tokObject:
	default:
		return nil, d.mismatch(k, topMapMismatch)
	}
	m := make(map[string]Value)
	if d.openCollection('}') {
		return m, nil
	}
	var badKey string
	hasBadKey := false
	for {
		if err := d.objectKeyPrefix(); err != nil {
			return nil, err
		}
		key, err := d.readString()
		if err != nil {
			return nil, err
		}
		if err := d.expect(':'); err != nil {
			return nil, err
		}
		if eav && !hasBadKey && !validPlaceholder(key) {
			badKey, hasBadKey = key, true
		}
		if msg := CheckName(key); !eav && msg != "" {
			d.invalid(msg)
		}
		before := d.verr
		v, err := d.attributeValue(1, slotElement)
		if err != nil {
			return nil, err
		}
		if eav && before == nil && d.verr != nil && d.verr.Message != MsgNestingTooDeep {
			d.verr.Message = "ExpressionAttributeValues contains invalid value: " + d.verr.Message + " for key " + key
		}
		m[key] = v
		more, err := d.next('}')
		if err != nil {
			return nil, err
		}
		if !more {
			break
		}
	}
	if hasBadKey {
		// Reported ahead of any invalid value (but after serialization
		// errors, which stop decoding before this point).
		d.verr = newValidation("ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + badKey + "\"")
	}
	return m, nil
}

// validPlaceholder reports whether k is ':' followed by one or more of
// [A-Za-z0-9_].
func validPlaceholder(k string) bool {
	if len(k) < 2 || k[0] != ':' {
		return false
	}
	for i := 1; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
