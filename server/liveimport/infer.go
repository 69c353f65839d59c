package liveimport

import (
	"regexp"
	"sort"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// Entities from a sample: single-table designs mark each kind of item in
// its key values ("USER#42", "ORDER#2024-07-01#A17"), so items are grouped
// by the shape of their primary key: the partition key's prefix up to its
// first '#', and the sort key's prefix or, when it is one word
// ("PROFILE"), the word. A group is an entity, named after its most
// specific prefix (the sort key's, else the partition key's), whose key
// templates keep the prefix and turn the rest into a parameter named after
// it ("USER#{userId}"). A value without a prefix is a parameter named after
// the attribute. Index keys the group's items carry get templates the
// same way.

var word = regexp.MustCompile(`^[A-Za-z][A-Za-z_]*$`)

// shape is how one key value is built: a prefix before a parameter, or a
// constant word.
type shape struct {
	prefix string // "USER#": a parameter follows
	word   string // "PROFILE": the whole value
}

func shapeOf(v attr.Value) shape {
	s, ok := v.(attr.String)
	if !ok {
		return shape{}
	}
	str := string(s)
	if i := strings.IndexByte(str, '#'); i > 0 && i < 40 {
		return shape{prefix: str[:i+1]}
	}
	if word.MatchString(str) && strings.ToUpper(str) == str && len(str) <= 40 {
		return shape{word: str}
	}
	return shape{}
}

// label names a shape: "USER#" is User, "ORDER_ITEM#" OrderItem.
func label(s shape) string {
	src := s.prefix
	if src == "" {
		src = s.word
	}
	var b strings.Builder
	for _, w := range trimWords(strings.ToLower(src)) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// param names the parameter after a prefix ("USER#": userId) or an
// attribute ("customer_id": customerId).
func param(s shape, attrName string) string {
	if s.prefix != "" {
		l := label(s)
		if l != "" {
			return strings.ToLower(l[:1]) + l[1:] + "Id"
		}
	}
	words := trimWords(attrName)
	if len(words) == 0 {
		return "value"
	}
	var b strings.Builder
	for i, w := range words {
		if strings.ToUpper(w) == w {
			w = strings.ToLower(w) // "PK" is pk, "USER_ID" userId
		}
		if i == 0 {
			b.WriteString(strings.ToLower(w[:1]) + w[1:])
		} else {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	p := b.String()
	if p[0] >= '0' && p[0] <= '9' {
		p = "p" + p
	}
	return p
}

// template builds a key template from a shape.
func template(s shape, attrName string, used map[string]bool) string {
	if s.word != "" {
		return s.word
	}
	p := param(s, attrName)
	for base, n := p, 2; used[p]; n++ {
		p = base + string(rune('0'+n%10))
	}
	used[p] = true
	return escape(s.prefix) + "{" + p + "}"
}

// escape doubles the template syntax's braces in a literal.
func escape(s string) string {
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}

type group struct {
	pk, sk shape
	items  []attr.Item
}

// inferEntities returns the entities of one table's sample, with names not
// in taken.
func inferEntities(t *model.Table, items []attr.Item, taken map[string]bool) []model.Entity {
	pkName, skName := "", ""
	for _, k := range t.KeySchema {
		if k.KeyType == schema.KeyTypeHash {
			pkName = k.AttributeName
		} else {
			skName = k.AttributeName
		}
	}
	var groups []*group
	index := map[[2]shape]*group{}
	for _, it := range items {
		key := [2]shape{shapeOf(it[pkName])}
		if skName != "" {
			key[1] = shapeOf(it[skName])
		}
		g := index[key]
		if g == nil {
			g = &group{pk: key[0], sk: key[1]}
			index[key] = g
			groups = append(groups, g)
		}
		g.items = append(g.items, it)
	}
	var out []model.Entity
	for _, g := range groups {
		name := label(g.sk)
		if name == "" || g.sk.prefix == g.pk.prefix && g.pk.prefix != "" {
			name = label(g.pk)
		}
		if name == "" {
			name = label(shape{word: t.TableName})
		}
		if name == "" {
			name = "Item"
		}
		for base, n := name, 2; taken[name]; n++ {
			name = base + itoa(n)
		}
		taken[name] = true
		used := map[string]bool{}
		e := model.Entity{Name: name, Table: t.TableName, Keys: map[string]string{}}
		e.Keys[pkName] = template(g.pk, pkName, used)
		if skName != "" {
			if g.sk.prefix != "" && g.sk.prefix == g.pk.prefix && sameValues(g.items, pkName, skName) {
				e.Keys[skName] = e.Keys[pkName] // the item that describes its collection: PK = SK
			} else {
				e.Keys[skName] = template(g.sk, skName, used)
			}
		}
		// Index keys that every item of the group carries.
		for _, k := range t.KeyAttributes() {
			if _, done := e.Keys[k]; done {
				continue
			}
			var s *shape
			all := true
			for _, it := range g.items {
				v, ok := it[k]
				if !ok {
					all = false
					break
				}
				sh := shapeOf(v)
				if s == nil {
					s = &sh
				} else if *s != sh {
					all = false
					break
				}
			}
			if all && s != nil {
				e.Keys[k] = template(*s, k, used)
			}
		}
		e.Attributes = attributes(t, g.items, e.Keys)
		out = append(out, e)
	}
	return out
}

func sameValues(items []attr.Item, a, b string) bool {
	for _, it := range items {
		if !attr.Equal(it[a], it[b]) {
			return false
		}
	}
	return true
}

func itoa(n int) string {
	const digits = "0123456789"
	if n < 10 {
		return digits[n : n+1]
	}
	return itoa(n/10) + digits[n%10:n%10+1]
}

// attributes describes the group's other attributes: the type most of
// their values have, whether every item carries them, and a generator
// inferred from the values.
func attributes(t *model.Table, items []attr.Item, keys map[string]string) []model.Attribute {
	type stat struct {
		types  map[string]int
		values map[string][]attr.Value
		count  int
	}
	stats := map[string]*stat{}
	var order []string
	for _, it := range items {
		names := make([]string, 0, len(it))
		for k := range it {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if _, isKey := keys[k]; isKey {
				continue
			}
			st := stats[k]
			if st == nil {
				st = &stat{types: map[string]int{}, values: map[string][]attr.Value{}}
				stats[k] = st
				order = append(order, k)
			}
			typ := it[k].Type().String()
			st.types[typ]++
			st.values[typ] = append(st.values[typ], it[k])
			st.count++
		}
	}
	var out []model.Attribute
	for _, k := range order {
		st := stats[k]
		typ, best := "", -1
		for ty, n := range st.types {
			if n > best || n == best && ty < typ {
				typ, best = ty, n
			}
		}
		if kt := t.AttributeType(k); kt != "" {
			typ = string(kt) // an index key attribute keeps its declared type
		}
		a := model.Attribute{Name: k, Type: typ, Generator: gen.Infer(typ, st.values[typ])}
		if st.count == len(items) {
			a.Required = true
		} else {
			a.Frequency = float64(st.count) / float64(len(items))
		}
		out = append(out, a)
	}
	return out
}
