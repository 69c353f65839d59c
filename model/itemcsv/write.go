package itemcsv

import (
	"encoding/base64"
	"encoding/csv"
	"io"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Write writes items as CSV: a typed header, then one record per item.
// keys are the key attribute names to put first (partition key, sort key;
// may be empty); the other names follow in byte order. See the package
// documentation for how columns are typed.
func Write(w io.Writer, items []attr.Item, keys ...string) error {
	names := columnNames(items, keys)
	types := make([]attr.Type, len(names))
	for i, n := range names {
		types[i] = columnType(items, n)
	}
	cw := csv.NewWriter(w)
	rec := make([]string, len(names))
	for i, n := range names {
		rec[i] = n
		if types[i] != 0 {
			rec[i] += ":" + types[i].String()
		} else if n2, t := splitHeader(n); t != 0 || n2 != n {
			// A name that would read as typed ("a:S") or as marked
			// untyped ("a:") gets the untyped mark.
			rec[i] += ":"
		}
	}
	if err := cw.Write(rec); err != nil {
		return err
	}
	for _, it := range items {
		for i, n := range names {
			rec[i] = cell(it[n], types[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// columnNames are the keys present in any item first, then the other
// attribute names in byte order.
func columnNames(items []attr.Item, keys []string) []string {
	seen := map[string]bool{}
	var rest []string
	for _, it := range items {
		for n := range it {
			if !seen[n] {
				seen[n] = true
				if !slices.Contains(keys, n) {
					rest = append(rest, n)
				}
			}
		}
	}
	slices.Sort(rest)
	var out []string
	for _, k := range keys {
		if seen[k] && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return append(out, rest...)
}

// columnType is the one type of the column's values, or 0 when they mix
// types or hold a value a plain cell would lose.
func columnType(items []attr.Item, name string) attr.Type {
	var t attr.Type
	for _, it := range items {
		v, ok := it[name]
		if !ok {
			continue
		}
		if t != 0 && v.Type() != t {
			return 0
		}
		t = v.Type()
		switch x := v.(type) {
		case attr.String:
			// encoding/csv reads "\r\n" inside quotes as "\n": a JSON
			// cell keeps the \r.
			if x == "" || strings.ContainsRune(string(x), '\r') {
				return 0
			}
		case attr.Binary:
			if len(x) == 0 {
				return 0
			}
		}
	}
	return t
}

// cell writes one value: for a typed column as the package documentation
// reads it, for an untyped one as a whole DynamoDB JSON value.
func cell(v attr.Value, t attr.Type) string {
	if v == nil {
		return ""
	}
	if t == 0 {
		b, _ := attr.MarshalValue(v)
		return string(b)
	}
	switch x := v.(type) {
	case attr.String:
		return string(x)
	case attr.Number:
		return x.String()
	case attr.Binary:
		return base64.StdEncoding.EncodeToString(x)
	case attr.Bool:
		if x {
			return "true"
		}
		return "false"
	case attr.Null:
		return "true"
	}
	// Sets, lists and maps: the DynamoDB JSON without the type key.
	b, _ := attr.MarshalValue(v)
	s := string(b)
	s = strings.TrimPrefix(s, `{"`+t.String()+`":`)
	return strings.TrimSuffix(s, "}")
}
