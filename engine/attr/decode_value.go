package attr

import (
	"encoding/base64"
	"strconv"
	"unicode/utf8"
)

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
