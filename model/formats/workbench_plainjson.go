package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// NoSQL Workbench saves a map attribute's members as plain JSON under
// "M" ({"M": {"is_enabled": true, "limits": {"daily": 5}}}) where
// DynamoDB JSON wants each member typed ({"M": {"is_enabled": {"BOOL":
// true}}}). typedItem rewrites such members (and a list's plain elements)
// to DynamoDB JSON: true/false is BOOL, a number N, a string S, null NULL,
// an array L and an object M, each nested value the same way; a member
// that already is a typed value is kept.

// maxPlainDepth bounds the nesting typedItem follows (DynamoDB's own limit
// on an item's nesting is 32 levels).
const maxPlainDepth = 32

// typedItem returns raw with its maps' plain JSON members typed, and
// whether it changed anything.
func typedItem(raw json.RawMessage) (json.RawMessage, bool, error) {
	var item map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&item); err != nil || item == nil {
		return nil, false, errors.New("not a JSON object")
	}
	changed := false
	for k, v := range item {
		tv, c, err := typedValue(v, 1, false)
		if err != nil {
			return nil, false, fmt.Errorf("attribute %s: %w", k, err)
		}
		item[k], changed = tv, changed || c
	}
	if !changed {
		return raw, false, nil
	}
	out, err := json.Marshal(item)
	return out, true, err
}

// typedValue types v: a typed value descriptor is walked into (its M's and
// L's members may be plain); anything else is plain JSON when plain is
// true (a member of a map or list) and left alone otherwise.
func typedValue(v any, depth int, plain bool) (any, bool, error) {
	if depth > maxPlainDepth {
		return nil, false, fmt.Errorf("nested deeper than %d levels", maxPlainDepth)
	}
	if d, ok := v.(map[string]any); ok && len(d) == 1 {
		for tag, inner := range d {
			switch tag {
			case "M":
				if m, ok := inner.(map[string]any); ok {
					changed := false
					for k, mv := range m {
						tv, c, err := typedValue(mv, depth+1, true)
						if err != nil {
							return nil, false, fmt.Errorf("%s: %w", k, err)
						}
						m[k], changed = tv, changed || c
					}
					return d, changed, nil
				}
			case "L":
				if l, ok := inner.([]any); ok {
					changed := false
					for i, e := range l {
						tv, c, err := typedValue(e, depth+1, true)
						if err != nil {
							return nil, false, fmt.Errorf("[%d]: %w", i, err)
						}
						l[i], changed = tv, changed || c
					}
					return d, changed, nil
				}
			case "S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS":
				if typedScalar(tag, inner) {
					return d, false, nil
				}
			}
		}
	}
	if !plain {
		return v, false, nil
	}
	switch x := v.(type) {
	case nil:
		return map[string]any{"NULL": true}, true, nil
	case bool:
		return map[string]any{"BOOL": x}, true, nil
	case json.Number:
		return map[string]any{"N": x.String()}, true, nil
	case string:
		return map[string]any{"S": x}, true, nil
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			tv, _, err := typedValue(e, depth+1, true)
			if err != nil {
				return nil, false, fmt.Errorf("[%d]: %w", i, err)
			}
			l[i] = tv
		}
		return map[string]any{"L": l}, true, nil
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			tv, _, err := typedValue(e, depth+1, true)
			if err != nil {
				return nil, false, fmt.Errorf("%s: %w", k, err)
			}
			m[k] = tv
		}
		return map[string]any{"M": m}, true, nil
	}
	return v, false, nil
}

// typedScalar reports whether inner is the value a type descriptor tag
// takes (so {"S": "x"} is typed while {"S": 5}, a plain map with a member
// named S, is not).
func typedScalar(tag string, inner any) bool {
	switch tag {
	case "S", "N", "B":
		_, ok := inner.(string)
		return ok
	case "BOOL", "NULL":
		_, ok := inner.(bool)
		return ok
	default:
		l, ok := inner.([]any)
		if !ok {
			return false
		}
		for _, e := range l {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	}
}
