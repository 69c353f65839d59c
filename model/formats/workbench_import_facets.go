package formats

import (
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// facet makes the entity of a facet.
func (im *importer) facet(t *model.Table, fc *nwFacet, items []attr.Item, types map[string]string) {
	def := &t.TableDefinition
	name := strings.TrimSpace(fc.FacetName)
	if name == "" {
		name = "Facet"
	}
	e := model.Entity{Name: im.entities.unique(name), Table: def.TableName, Keys: map[string]string{}}
	params := names{}
	aliases := map[string]string{def.HashKey(): fc.KeyAttributeAlias.PartitionKeyAlias}
	if rk := def.RangeKey(); rk != "" {
		aliases[rk] = fc.KeyAttributeAlias.SortKeyAlias
	}
	var done []string // key attributes with a template, in order
	for _, k := range def.KeyAttributes() {
		if !strings.Contains(aliases[k], "{") {
			if j := sameAs(k, done, def, items); j != "" {
				e.Keys[k] = e.Keys[j]
				done = append(done, k)
				continue
			}
		}
		if values := keyValues(k, items); len(values) == 1 && aliases[k] != "" && !strings.Contains(aliases[k], "{") &&
			aliases[k] != escapeTemplate(values[0]) {
			// An alias that is no template ("AccountId"), with too few
			// items to read one from: a template guessed from one value
			// would be a guess, so the alias is kept as the parameter.
			p := paramName(aliases[k])
			if p == "" {
				p = paramName(k)
			}
			if p == "" {
				p = "value"
			}
			p = params.unique(p)
			e.Keys[k] = "{" + p + "}"
			im.warn("facet %s of table %s: the key alias %q of %s is not a template, and one sample item is too few to read one from; it is kept as the template {%s}",
				fc.FacetName, def.TableName, aliases[k], k, p)
			done = append(done, k)
			continue
		}
		e.Keys[k] = inferTemplate(k, def.AttributeType(k), aliases[k], items, params)
		done = append(done, k)
	}
	// The facet's key aliases are the entity's names for its keys (the
	// views' facets show them): kept when they are names the templates'
	// parameters do not already say ("Account Id", or a name over a
	// constant template).
	for _, k := range def.KeyAttributes() {
		a := strings.TrimSpace(aliases[k])
		if a == "" || a == k || strings.Contains(a, "{") {
			continue
		}
		if tpl, err := model.ParseTemplate(e.Keys[k]); err == nil && (strings.Join(tpl.Params(), "#") == a || slices.Contains(tpl.Params(), a)) {
			continue
		}
		if e.KeyAliases == nil {
			e.KeyAliases = map[string]string{}
		}
		e.KeyAliases[k] = a
	}
	// Index keys: a template only when the items show one (a shared
	// prefix or a constant); otherwise the items' own values serve.
	for _, g := range def.GlobalSecondaryIndexes {
		for _, k := range g.KeyAttributes() {
			if _, ok := e.Keys[k]; ok {
				continue
			}
			if j := sameAs(k, done, def, items); j != "" {
				e.Keys[k] = e.Keys[j]
			} else if tpl := indexTemplate(k, def.AttributeType(k), items, params); tpl != "" {
				e.Keys[k] = tpl
			} else {
				continue
			}
			done = append(done, k)
		}
	}
	declared := map[string]bool{}
	for _, k := range def.KeyAttributes() {
		declared[k] = true
	}
	for _, a := range fc.NonKeyAttributes {
		if a == "" || declared[a] {
			continue
		}
		declared[a] = true
		typ := string(def.AttributeType(a))
		if typ == "" {
			typ = types[a]
		}
		if typ == "" {
			for _, it := range items {
				if v, ok := it[a]; ok {
					typ = v.Type().String()
					break
				}
			}
		}
		if typ == "" {
			typ = "S"
			im.warn("facet %s of table %s: attribute %s has no declared type; it is taken as S", fc.FacetName, def.TableName, a)
		}
		required := len(items) > 0
		for _, it := range items {
			if _, ok := it[a]; !ok {
				required = false
				break
			}
		}
		e.Attributes = append(e.Attributes, model.Attribute{Name: a, Type: typ, Required: required})
	}
	im.m.Entities = append(im.m.Entities, e)
}

// sameAs returns the first of the attributes done that holds, in every
// item, the same value as k (an item whose sort key repeats its partition
// key, "ACCT#1" and "ACCT#1"), so that both share a template; else "".
func sameAs(k string, done []string, def *schema.TableDefinition, items []attr.Item) string {
	if len(items) == 0 {
		return ""
	}
	for _, j := range done {
		if def.AttributeType(j) != def.AttributeType(k) {
			continue
		}
		same := true
		for _, it := range items {
			a, aok := text(it[k])
			b, bok := text(it[j])
			if !aok || !bok || a != b {
				same = false
				break
			}
		}
		if same {
			return j
		}
	}
	return ""
}

// inferTemplate returns the key template of key attribute k for a facet:
// its alias when that is a template that fits the facet's items, else one
// read from the items: a constant when they all hold one value, a shared
// prefix up to a '#' or '|' separator followed by a parameter, or a lone
// parameter.
func inferTemplate(k string, typ schema.ScalarType, alias string, items []attr.Item, params names) string {
	values := keyValues(k, items)
	if strings.Contains(alias, "{") {
		if tpl, err := model.ParseTemplate(alias); err == nil && fits(tpl, typ, values) {
			for _, p := range tpl.Params() {
				params[p] = true
			}
			return alias
		}
	}
	if typ == schema.TypeS && len(values) > 1 {
		if tpl := segmentTemplate(k, alias, values, params); tpl != "" {
			return tpl
		}
	}
	// One value throughout is a constant ("PROFILE") when several items
	// show it, or when the alias says so (the export writes a constant
	// template as the alias).
	if len(values) > 0 && allEqual(values) && (len(values) > 1 || alias == escapeTemplate(values[0])) {
		return escapeTemplate(values[0])
	}
	prefix := ""
	if typ == schema.TypeS {
		prefix = sharedPrefix(values)
	}
	var base string
	switch {
	case alias != "" && alias != k && !strings.Contains(alias, "{"):
		base = alias
	case prefix != "":
		base = strings.ToLower(lastWord(prefix))
	}
	if base = paramName(base); base == "" {
		base = paramName(k)
	}
	if base == "" {
		base = "value"
	}
	if params[base] {
		base = paramName(base + "_" + k)
	}
	return escapeTemplate(prefix) + "{" + params.unique(base) + "}"
}

// indexTemplate returns a template for index key attribute k when the
// facet's items holding it share a prefix or a value, else "".
func indexTemplate(k string, typ schema.ScalarType, items []attr.Item, params names) string {
	values := keyValues(k, items)
	if len(values) == 0 || typ != schema.TypeS {
		return ""
	}
	if len(values) > 1 {
		if tpl := segmentTemplate(k, "", values, params); tpl != "" {
			return tpl
		}
	}
	if allEqual(values) && len(values) > 1 {
		return escapeTemplate(values[0])
	}
	prefix := sharedPrefix(values)
	if prefix == "" {
		return ""
	}
	base := paramName(strings.ToLower(lastWord(prefix)))
	if base == "" || params[base] {
		base = paramName(k)
	}
	if base == "" {
		base = "value"
	}
	return escapeTemplate(prefix) + "{" + params.unique(base) + "}"
}

func keyValues(k string, items []attr.Item) []string {
	var out []string
	for _, it := range items {
		if s, ok := text(it[k]); ok {
			out = append(out, s)
		}
	}
	return out
}

func allEqual(vs []string) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return false
		}
	}
	return true
}

// fits reports whether tpl suits a key of type typ and matches every value.
func fits(tpl *model.Template, typ schema.ScalarType, values []string) bool {
	// A number or binary key takes a lone parameter; its constants come
	// from the data, where they are known to be valid.
	if typ != schema.TypeS && !tpl.IsParam() {
		return false
	}
	for _, v := range values {
		if !tpl.Match(v, nil) {
			return false
		}
	}
	return true
}

// sharedPrefix is the values' common prefix cut after its last '#' or '|',
// provided every value goes on past it; else "".
func sharedPrefix(values []string) string {
	if len(values) == 0 {
		return ""
	}
	p := values[0]
	for _, v := range values[1:] {
		n := 0
		for n < len(p) && n < len(v) && p[n] == v[n] {
			n++
		}
		p = p[:n]
	}
	cut := strings.LastIndexAny(p, "#|")
	if cut < 0 {
		return ""
	}
	p = p[:cut+1]
	for _, v := range values {
		if len(v) == len(p) {
			return ""
		}
	}
	return p
}

// lastWord is the last run of letters and digits in s ("ACCT" of "ACCT#").
func lastWord(s string) string {
	ws := words(s)
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// paramName makes a template parameter name of s: its letters, digits and
// '_' ("Song Id" is "SongId"), starting with a letter or '_'.
func paramName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; isAlnum(c) || c == '_' {
			b.WriteByte(c)
		}
	}
	n := b.String()
	if n != "" && isDigit(n[0]) {
		n = "_" + n
	}
	return n
}

// escapeTemplate writes s as template literal text.
func escapeTemplate(s string) string {
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}

// segmentTemplate reads a template from values made of '#'-separated
// segments in the same number ("VIN#WDDJK7DA4FF954840#TRIP#2023-05-01"):
// a segment that every value holds and that reads as a word is literal
// ("VIN", "TRIP"), any other a parameter named after the literal before it
// ({vin}, {trip}). A sample's identifier is never taken for a constant,
// and two parameters keep entities with the same first segment apart.
// It returns "" when the values differ in shape or have no parameter.
func segmentTemplate(k, alias string, values []string, params names) string {
	n := strings.Count(values[0], "#") + 1
	if n < 2 {
		return ""
	}
	split := make([][]string, len(values))
	for i, v := range values {
		split[i] = strings.Split(v, "#")
		if len(split[i]) != n {
			return ""
		}
	}
	literal := make([]bool, n)
	lastParam, literals := -1, 0
	for j := 0; j < n; j++ {
		seg := split[0][j]
		same := true
		for _, s := range split {
			same = same && s[j] == seg
		}
		literal[j] = same && seg != "" && !idLike(seg)
		if literal[j] {
			literals++
			continue
		}
		for _, s := range split {
			if s[j] == "" {
				return "" // a parameter would be empty
			}
		}
		lastParam = j
	}
	if lastParam < 0 || literals == 0 {
		return ""
	}
	var b strings.Builder
	last := ""
	for j := 0; j < n; j++ {
		seg := split[0][j]
		if j > 0 {
			b.WriteByte('#')
		}
		if literal[j] {
			b.WriteString(escapeTemplate(seg))
			last = seg
			continue
		}
		// The facet's alias names its last parameter, as a lone one.
		base := ""
		if j == lastParam && alias != "" && alias != k && !strings.Contains(alias, "{") {
			base = paramName(alias)
		}
		if base == "" {
			base = paramName(strings.ToLower(lastWord(last)))
		}
		if base == "" {
			base = paramName(k)
		}
		if base == "" {
			base = "value"
		}
		b.WriteString("{" + params.unique(base) + "}")
	}
	return b.String()
}

// idLike reports whether a key segment reads as a value rather than a
// word: it holds a digit ("WDDJK7DA4FF954840", "2023-05-01") or is long.
func idLike(seg string) bool {
	return strings.ContainsAny(seg, "0123456789") || len(seg) > 24
}
