package formats

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// itemSet keeps a table's items in order, an item with the key of an
// earlier one replacing it.
type itemSet struct {
	def  *schema.TableDefinition
	at   map[string]int
	list []attr.Item
	dups int
}

func newItemSet(def *schema.TableDefinition) *itemSet {
	return &itemSet{def: def, at: map[string]int{}}
}

func (s *itemSet) put(it attr.Item) {
	var key []byte
	for _, k := range s.def.KeyAttributes() {
		key = attr.AppendValue(key, it[k])
		key = append(key, 0)
	}
	if i, ok := s.at[string(key)]; ok {
		s.list[i] = it
		s.dups++
		return
	}
	s.at[string(key)] = len(s.list)
	s.list = append(s.list, it)
}

// readItems decodes the sample items of a facet or table, leaving out with
// a warning each that DynamoDB would refuse to load.
func (im *importer) readItems(t *model.Table, where string, raw []json.RawMessage) []attr.Item {
	def := &t.TableDefinition
	var out []attr.Item
	var problems []string
	skipped := 0
	skip := func(i int, format string, args ...any) {
		skipped++
		if len(problems) < 3 {
			problems = append(problems, fmt.Sprintf("[%d] ", i)+fmt.Sprintf(format, args...))
		}
	}
	keys := def.KeyAttributes()
	for _, g := range def.GlobalSecondaryIndexes {
		for _, k := range g.KeyAttributes() {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	for i, r := range raw {
		if im.items >= maxImportItems {
			skip(i, "over the import's limit of %d items", maxImportItems)
			continue
		}
		var it attr.Item
		if err := it.UnmarshalJSON(r); err != nil {
			// NoSQL Workbench's own plain-JSON map members, typed.
			typed, changed, terr := typedItem(r)
			it = nil
			if terr != nil || !changed || it.UnmarshalJSON(typed) != nil {
				skip(i, "not an item in DynamoDB JSON: %v", err)
				continue
			}
		}
		if it == nil {
			skip(i, "null")
			continue
		}
		if msg := keyProblem(def, it, keys); msg != "" {
			skip(i, "%s", msg)
			continue
		}
		im.items++
		out = append(out, it)
	}
	if skipped > 0 {
		if skipped > len(problems) {
			problems = append(problems, "...")
		}
		im.warn("table %s, %s: %d item(s) left out (%s)", def.TableName, where, skipped, strings.Join(problems, "; "))
	}
	return out
}

// keyProblem says why DynamoDB would refuse the item's keys, or "".
func keyProblem(def *schema.TableDefinition, it attr.Item, keys []string) string {
	primary := def.KeyAttributes()
	for _, k := range keys {
		v, ok := it[k]
		if !ok {
			if slices.Contains(primary, k) {
				return fmt.Sprintf("no key attribute %s", k)
			}
			continue // an index key may be absent: a sparse index
		}
		want := string(def.AttributeType(k))
		if got := v.Type().String(); got != want {
			return fmt.Sprintf("key attribute %s is %s, declared %s", k, got, want)
		}
		if s, ok := text(v); ok && s == "" {
			return fmt.Sprintf("key attribute %s is empty", k)
		}
	}
	return ""
}

// text is a key value's text: an S as is, an N's digits, a B in base64.
func text(v attr.Value) (string, bool) {
	switch x := v.(type) {
	case attr.String:
		return string(x), true
	case attr.Number:
		return x.String(), true
	case attr.Binary:
		return base64.StdEncoding.EncodeToString(x), true
	}
	return "", false
}
