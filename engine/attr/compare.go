package attr

import (
	"bytes"
	"slices"
	"strings"
)

// Compare orders two values of the same orderable type: S by the bytes of
// their UTF-8 encoding, N by numeric value, B by unsigned bytes. It returns
// -1, 0 or +1 and ok = true; for any other pair (different types, or a type
// that is not S, N or B) it returns 0, false.
func Compare(a, b Value) (cmp int, ok bool) {
	switch x := a.(type) {
	case String:
		if y, isS := b.(String); isS {
			return strings.Compare(string(x), string(y)), true
		}
	case Number:
		if y, isN := b.(Number); isN {
			return CompareNumbers(x, y), true
		}
	case Binary:
		if y, isB := b.(Binary); isB {
			return bytes.Compare(x, y), true
		}
	}
	return 0, false
}

// Equal reports whether a and b are the same DynamoDB value: same type and
// equal content. Numbers compare by value, sets as unordered collections
// (NS by numeric value), lists element by element in order, maps by their
// keys and values. Two nil Values are equal; nil never equals a value.
func Equal(a, b Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case String:
		y, ok := b.(String)
		return ok && x == y
	case Number:
		y, ok := b.(Number)
		return ok && CompareNumbers(x, y) == 0
	case Binary:
		y, ok := b.(Binary)
		return ok && bytes.Equal(x, y)
	case Bool:
		y, ok := b.(Bool)
		return ok && x == y
	case Null:
		_, ok := b.(Null)
		return ok
	case StringSet:
		y, ok := b.(StringSet)
		return ok && equalSets(x, y, strings.Compare)
	case NumberSet:
		y, ok := b.(NumberSet)
		return ok && equalSets(x, y, CompareNumbers)
	case BinarySet:
		y, ok := b.(BinarySet)
		return ok && equalSets(x, y, bytes.Compare)
	case List:
		y, ok := b.(List)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case Map:
		y, ok := b.(Map)
		return ok && equalMaps(x, y)
	}
	return false
}

func equalMaps(x, y map[string]Value) bool {
	if len(x) != len(y) {
		return false
	}
	for k, v := range x {
		w, ok := y[k]
		if !ok || !Equal(v, w) {
			return false
		}
	}
	return true
}

// equalSets compares two sets as unordered collections. Sets built by the
// codec or the constructors are sorted, which makes this a linear scan; other
// sets are sorted into copies first.
func equalSets[E any](x, y []E, cmp func(a, b E) int) bool {
	if len(x) != len(y) {
		return false
	}
	if !slices.IsSortedFunc(x, cmp) {
		x = slices.Clone(x)
		slices.SortFunc(x, cmp)
	}
	if !slices.IsSortedFunc(y, cmp) {
		y = slices.Clone(y)
		slices.SortFunc(y, cmp)
	}
	for i := range x {
		if cmp(x[i], y[i]) != 0 {
			return false
		}
	}
	return true
}

// Equal reports whether two items hold the same attributes with Equal values.
func (it Item) Equal(o Item) bool { return equalMaps(it, o) }
