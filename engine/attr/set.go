package attr

import (
	"bytes"
	"encoding/base64"
	"slices"
	"strings"
)

// Sets are kept in canonical order: StringSet and BinarySet by unsigned
// bytes, NumberSet by numeric value. The decoder and the constructors below
// establish it; Union and Difference preserve it. Code that builds a set
// literal (StringSet{"b", "a"}) gets correct results from Equal, Size and the
// codec, but should prefer the constructors.

// NewStringSet builds an SS value from elements in any order. It rejects an
// empty input and duplicates with DynamoDB's messages. The input slice is not
// modified.
func NewStringSet(elems []string) (StringSet, error) {
	if len(elems) == 0 {
		return nil, newValidation(MsgEmptyStringSet)
	}
	s := slices.Clone(elems)
	slices.Sort(s)
	if hasAdjacentDuplicates(s, strings.Compare) {
		return nil, newValidation(stringSetDuplicatesMessage(elems))
	}
	return StringSet(s), nil
}

// NewNumberSet builds an NS value; duplicates are by numeric value.
func NewNumberSet(elems []Number) (NumberSet, error) {
	if len(elems) == 0 {
		return nil, newValidation(MsgEmptyNumberSet)
	}
	s := make([]Number, len(elems))
	for i, n := range elems {
		s[i] = Number{text: n.String()}
	}
	slices.SortFunc(s, CompareNumbers)
	if hasAdjacentDuplicates(s, CompareNumbers) {
		return nil, newValidation(MsgNumberSetDuplicates)
	}
	return NumberSet(s), nil
}

// NewBinarySet builds a BS value. The element slices are shared, not copied:
// values are immutable.
func NewBinarySet(elems [][]byte) (BinarySet, error) {
	if len(elems) == 0 {
		return nil, newValidation(MsgEmptyBinarySet)
	}
	s := slices.Clone(elems)
	slices.SortFunc(s, bytes.Compare)
	if hasAdjacentDuplicates(s, bytes.Compare) {
		return nil, newValidation(binarySetDuplicatesMessage(elems))
	}
	return BinarySet(s), nil
}

func hasAdjacentDuplicates[E any](s []E, cmp func(a, b E) int) bool {
	for i := 1; i < len(s); i++ {
		if cmp(s[i-1], s[i]) == 0 {
			return true
		}
	}
	return false
}

// stringSetDuplicatesMessage prints the collection as DynamoDB does (a Java
// list: "[a, a]"), in input order.
func stringSetDuplicatesMessage(elems []string) string {
	return "One or more parameter values were invalid: Input collection [" +
		strings.Join(elems, ", ") + "] contains duplicates."
}

// binarySetDuplicatesMessage: the elements in base64, and no space before
// "of" (verbatim from DynamoDB via dynalite).
func binarySetDuplicatesMessage(elems [][]byte) string {
	var b strings.Builder
	b.WriteString("One or more parameter values were invalid: Input collection [")
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(base64.StdEncoding.EncodeToString(e))
	}
	b.WriteString("]of type BS contains duplicates.")
	return b.String()
}

// sortedSet returns s sorted by cmp, copying only when it is not sorted yet.
func sortedSet[E any](s []E, cmp func(a, b E) int) []E {
	if slices.IsSortedFunc(s, cmp) {
		return s
	}
	s = slices.Clone(s)
	slices.SortFunc(s, cmp)
	return s
}

// union merges two sorted sets, dropping duplicates.
func union[E any](a, b []E, cmp func(a, b E) int) []E {
	a, b = sortedSet(a, cmp), sortedSet(b, cmp)
	out := make([]E, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch c := cmp(a[i], b[j]); {
		case c < 0:
			out = append(out, a[i])
			i++
		case c > 0:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// difference returns the elements of sorted a that are not in sorted b.
func difference[E any](a, b []E, cmp func(a, b E) int) []E {
	a, b = sortedSet(a, cmp), sortedSet(b, cmp)
	out := make([]E, 0, len(a))
	j := 0
	for _, e := range a {
		for j < len(b) && cmp(b[j], e) < 0 {
			j++
		}
		if j < len(b) && cmp(b[j], e) == 0 {
			continue
		}
		out = append(out, e)
	}
	return out
}

// Union returns the set of elements in a or b, for two sets of the same type
// (UpdateExpression ADD on a set). Numbers are matched by value. Other
// operands give a *ValidationError with MsgIncorrectOperandType.
func Union(a, b Value) (Value, error) {
	switch x := a.(type) {
	case StringSet:
		if y, ok := b.(StringSet); ok {
			return StringSet(union(x, y, strings.Compare)), nil
		}
	case NumberSet:
		if y, ok := b.(NumberSet); ok {
			return NumberSet(union(x, y, CompareNumbers)), nil
		}
	case BinarySet:
		if y, ok := b.(BinarySet); ok {
			return BinarySet(union(x, y, bytes.Compare)), nil
		}
	}
	return nil, newValidation(MsgIncorrectOperandType)
}

// Difference returns the elements of a that are not in b, for two sets of
// the same type (UpdateExpression DELETE). When nothing is left, v is nil and
// empty is true: sets cannot be empty, so the caller removes the attribute.
// Other operands give a *ValidationError with MsgIncorrectOperandType.
func Difference(a, b Value) (v Value, empty bool, err error) {
	switch x := a.(type) {
	case StringSet:
		if y, ok := b.(StringSet); ok {
			d := difference(x, y, strings.Compare)
			if len(d) == 0 {
				return nil, true, nil
			}
			return StringSet(d), false, nil
		}
	case NumberSet:
		if y, ok := b.(NumberSet); ok {
			d := difference(x, y, CompareNumbers)
			if len(d) == 0 {
				return nil, true, nil
			}
			return NumberSet(d), false, nil
		}
	case BinarySet:
		if y, ok := b.(BinarySet); ok {
			d := difference(x, y, bytes.Compare)
			if len(d) == 0 {
				return nil, true, nil
			}
			return BinarySet(d), false, nil
		}
	}
	return nil, false, newValidation(MsgIncorrectOperandType)
}
