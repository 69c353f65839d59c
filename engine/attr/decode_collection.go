package attr

import (
	"slices"
	"strings"
)

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
		invalids := d.invalids
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
		if d.invalids > invalids {
			d.bad = append(d.bad, key)
		}
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
