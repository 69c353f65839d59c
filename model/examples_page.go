package model

import (
	"cmp"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// A list's example is a page of a real collection, not one item: a range
// from one item's value to the same value returns that item alone, and a
// designer reading "1 item" cannot tell a list from a get (issue 25). So
// the candidates are grouped by the parameters that pick the collection
// (the partition key and the fixed parts of the sort key), the largest
// groups are tried first, and a range's bounds span the group's first to
// last value.

// pageTries is how many of the largest collections a Query tries.
const pageTries = 8

// lowBounds and highBounds are the name endings of a range's lower and
// upper bounds.
var (
	lowBounds  = []string{"From", "Start", "Min", "After", "Since"}
	highBounds = []string{"To", "End", "Max", "Before", "Until"}
)

// boundStem returns the attribute a bound parameter reads ("createdAtFrom"
// -> "createdAt", low) when the parameter is one.
func boundStem(name string) (stem string, low, ok bool) {
	for _, s := range lowBounds {
		if st, found := strings.CutSuffix(name, s); found && st != "" {
			return st, true, true
		}
	}
	for _, s := range highBounds {
		if st, found := strings.CutSuffix(name, s); found && st != "" {
			return st, false, true
		}
	}
	return "", false, false
}

// pageGroup is one collection among the candidates.
type pageGroup struct {
	params Params
	count  int
	lo, hi map[string]string // per bound stem
}

// pageExample returns parameters for a Query that read the largest
// collection among items, with any range spanning it, and the items a run
// returns; ok is false when no group returns anything.
func (m *Model) pageExample(ap *AccessPattern, sh reqShape, items []attr.Item, entity *Entity, rec *Recognizer, current Params, run func(Params) int) (Params, int, bool) {
	groups := map[string]*pageGroup{}
	var order []string
	for _, it := range items {
		var keyParams Params
		if rec != nil {
			e, p := rec.EntityOf(sh.table, it)
			if entity != nil && e != entity && (e != nil || sh.index == "") {
				continue
			}
			keyParams = p
			if e != nil {
				keyParams = rec.allParams(e, it, p)
			}
		}
		p := m.derive(ap, sh, it, keyParams, current)
		var key []string
		stems := map[string]string{}
		for _, par := range ap.Parameters {
			if stem, _, ok := boundStem(par.Name); ok {
				if v, ok := text(it[stem]); ok {
					stems[stem] = v
				} else if v, ok := keyParams[stem]; ok {
					stems[stem] = v
				}
				if _, ok := stems[stem]; ok {
					continue
				}
			}
			key = append(key, par.Name+"="+p[par.Name])
		}
		k := strings.Join(key, "\x00")
		g := groups[k]
		if g == nil {
			g = &pageGroup{params: p, lo: map[string]string{}, hi: map[string]string{}}
			groups[k] = g
			order = append(order, k)
		}
		g.count++
		for stem, v := range stems {
			if lo, ok := g.lo[stem]; !ok || less(v, lo) {
				g.lo[stem] = v
			}
			if hi, ok := g.hi[stem]; !ok || less(hi, v) {
				g.hi[stem] = v
			}
		}
	}
	// The largest collections first; among equals, the first seen.
	sort.SliceStable(order, func(i, j int) bool { return groups[order[i]].count > groups[order[j]].count })
	var best Params
	bestN := 0
	for i, k := range order {
		if i == pageTries {
			break
		}
		g := groups[k]
		p := make(Params, len(g.params))
		for n, v := range g.params {
			p[n] = v
		}
		for _, par := range ap.Parameters {
			if stem, low, ok := boundStem(par.Name); ok {
				if low && g.lo[stem] != "" {
					p[par.Name] = g.lo[stem]
				} else if !low && g.hi[stem] != "" {
					p[par.Name] = g.hi[stem]
				}
			}
		}
		if n := run(p); n > bestN {
			best, bestN = p, n
		}
		if bestN >= g.count && bestN >= 2 {
			break // no smaller group can do better
		}
	}
	return best, bestN, bestN > 0
}

// less orders two values of an attribute: as numbers when both are, else
// as text (how a key sorts them).
func less(a, b string) bool {
	x, err1 := strconv.ParseFloat(a, 64)
	y, err2 := strconv.ParseFloat(b, 64)
	if err1 == nil && err2 == nil {
		return x < y
	}
	return a < b
}

// A create's example is a new item: derived from an existing item (so its
// other attributes look like the data's), with its most specific key
// parameter moved to a value no item holds, shaped like the others: the
// next number of a sequence, the next ULID or UUID. An example that copies
// an existing key fails the create's attribute_not_exists condition.

var (
	reTrailingDigits = regexp.MustCompile(`[0-9]+$`)
	reHexID          = regexp.MustCompile(`^[0-9a-f-]+$`)
	reULIDLike       = regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{26}$`)
)

// freshKey changes p so that ap's Item has a key no item of db holds;
// false when it cannot.
func (m *Model) freshKey(db *engine.Database, ap *AccessPattern, sh reqShape, p Params, seen []string, taken claims) bool {
	used := func() bool { return keyExists(db, m, ap, p) || taken[taken.id(m, ap, p)] }
	param := freshParam(m, ap, sh)
	if param == "" {
		return !used()
	}
	if !used() {
		return true
	}
	base := p[param]
	// A sequence continues after the largest value seen.
	if loc := reTrailingDigits.FindStringIndex(base); loc != nil {
		for _, s := range seen {
			if l := reTrailingDigits.FindStringIndex(s); l != nil && s[:l[0]] == base[:loc[0]] && cmp.Compare(len(s), len(base)) == 0 && s > base {
				base = s
			}
		}
	}
	// A sequence's new value is taken from the top of its width (00191
	// becomes 99999, then 99998, ...): the next number after the values
	// seen exists as soon as the dataset is loaded larger than the one the
	// examples were found on (the model's 1,000 items, the page's 10,000),
	// and the create would fail its attribute_not_exists condition.
	if loc := reTrailingDigits.FindStringIndex(base); loc != nil && loc[1]-loc[0] >= 4 && loc[1]-loc[0] <= 18 {
		top := base[:loc[0]] + strings.Repeat("9", loc[1]-loc[0])
		for i := 0; i < 64; i++ {
			p[param] = bump(top, -i)
			if !used() {
				return true
			}
		}
	}
	v := base
	for step := 1; step < 1<<20; step *= 2 {
		v = bump(v, step)
		p[param] = v
		if !used() {
			return true
		}
	}
	return false
}

// freshParam is the create's most specific key parameter: the sort key's
// last, else the partition key's last.
func freshParam(m *Model, ap *AccessPattern, sh reqShape) string {
	if len(sh.keys) == 0 {
		return ""
	}
	t := m.Table(sh.table)
	if t == nil {
		return ""
	}
	for _, k := range []string{t.RangeKey(), t.HashKey()} {
		if tpl := sh.keys[0][k]; k != "" && tpl != nil && len(tpl.Params()) > 0 {
			ps := tpl.Params()
			return ps[len(ps)-1]
		}
	}
	return ""
}

// keyExists reports whether the item ap's request would put, bound with p,
// already exists.
func keyExists(db *engine.Database, m *Model, ap *AccessPattern, p Params) bool {
	table, key, ok := writeKey(m, ap, p)
	if !ok {
		return false
	}
	out, err := db.GetItem(&engine.GetItemInput{TableName: &table, Key: key})
	return err == nil && out.Item != nil
}

// writeKey returns the table and primary key a single-item write bound
// with p addresses.
func writeKey(m *Model, ap *AccessPattern, p Params) (string, attr.Item, bool) {
	in, err := ap.Input(p)
	if err != nil {
		return "", nil, false
	}
	var table *string
	var item attr.Item
	switch x := in.(type) {
	case *engine.PutItemInput:
		table, item = x.TableName, x.Item
	case *engine.UpdateItemInput:
		table, item = x.TableName, x.Key
	case *engine.DeleteItemInput:
		table, item = x.TableName, x.Key
	}
	if table == nil {
		return "", nil, false
	}
	t := m.Table(*table)
	if t == nil {
		return "", nil, false
	}
	key := attr.Item{}
	for _, k := range t.KeyAttributes() {
		if v, ok := item[k]; ok {
			key[k] = v
		}
	}
	return *table, key, true
}

// claims are the items the write examples found so far address, so that
// two creates do not make the same new key and a delete does not remove
// the item an update is shown on.
type claims map[string]bool

func (c claims) id(m *Model, ap *AccessPattern, p Params) string {
	table, key, ok := writeKey(m, ap, p)
	if !ok {
		return ""
	}
	names := make([]string, 0, len(key))
	for k := range key {
		names = append(names, k)
	}
	slices.Sort(names)
	s := table
	for _, k := range names {
		v, _ := text(key[k])
		s += "\x00" + k + "=" + v
	}
	return s
}

// bump returns s moved on by step in its own alphabet: a trailing number
// counts up (keeping its width when it fits), a ULID or a lowercase hex id
// (a UUID) steps its last characters, anything else gets a suffix.
func bump(s string, step int) string {
	if loc := reTrailingDigits.FindStringIndex(s); loc != nil && loc[1]-loc[0] <= 18 {
		n, _ := strconv.ParseInt(s[loc[0]:], 10, 64)
		w := loc[1] - loc[0]
		d := strconv.FormatInt(n+int64(step), 10)
		if len(d) < w {
			d = strings.Repeat("0", w-len(d)) + d
		}
		return s[:loc[0]] + d
	}
	switch {
	case reULIDLike.MatchString(s):
		return stepIn(s, "0123456789ABCDEFGHJKMNPQRSTVWXYZ", step)
	case reHexID.MatchString(s) && strings.ContainsAny(s, "0123456789abcdef"):
		return stepIn(s, "0123456789abcdef", step)
	}
	return s + "-" + strconv.Itoa(step)
}

// stepIn adds step to the trailing characters of s read as digits of
// alphabet, carrying leftwards over characters of the alphabet (a '-'
// stops nothing: it is skipped).
func stepIn(s, alphabet string, step int) string {
	b := []byte(s)
	base := len(alphabet)
	carry := step
	for i := len(b) - 1; i >= 0 && carry > 0; i-- {
		d := strings.IndexByte(alphabet, b[i])
		if d < 0 {
			continue
		}
		d += carry
		b[i] = alphabet[d%base]
		carry = d / base
	}
	return string(b)
}

// emptyParam reports whether one of ap's parameters is empty in p: an
// update or delete derived from an item lacking an attribute would set it
// to "" (a ValidationException for a key) or address nothing.
func emptyParam(ap *AccessPattern, p Params) bool {
	return slices.ContainsFunc(ap.Parameters, func(par Parameter) bool {
		return (ap.FanOut == nil || par.Name != ap.FanOut.Parameter) && p[par.Name] == ""
	})
}
