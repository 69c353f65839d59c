package model

import (
	"encoding/base64"
	"fmt"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// Keys is an entity's key templates compiled against its table: it builds
// the key values of items and requests and recognises the entity's items.
type Keys struct {
	Entity *Entity
	attrs  []keyAttr // primary key first (HASH, RANGE), then index keys by name
	nprim  int       // how many of attrs are the primary key
}

type keyAttr struct {
	name string
	// indexes are the key attributes of each secondary index an index key
	// attribute belongs to, as places in Keys.attrs (-1: not built from a
	// template, the item's own). It is set only when one of them gets all
	// of its keys: an item outside a sparse index carries none of its keys.
	indexes [][]keyRef
	typ     schema.ScalarType
	tpl     *Template
	// konst is a constant template's value, made once ("META" on every
	// item of an entity is one Value, immutable like every Value).
	konst attr.Value
}

// CompileKeys compiles entity e of m. It fails as Validate would on the
// entity's keys.
func (m *Model) CompileKeys(e *Entity) (*Keys, error) {
	t := m.Table(e.Table)
	if t == nil {
		return nil, fmt.Errorf("entity %s: table %q is not in the model", e.Name, e.Table)
	}
	k, errs := compileKeys(e, t)
	if len(errs) > 0 {
		if errs[0].attr != "" {
			return nil, fmt.Errorf("entity %s: keys.%s: %s", e.Name, errs[0].attr, errs[0].msg)
		}
		return nil, fmt.Errorf("entity %s: %s", e.Name, errs[0].msg)
	}
	return k, nil
}

// keyError is a problem with one key attribute of an entity.
type keyError struct {
	attr string // "" for the entity as a whole
	msg  string
}

// compileKeys compiles e's templates against table t, collecting every
// problem.
func compileKeys(e *Entity, t *Table) (*Keys, []keyError) {
	var errs []keyError
	k := &Keys{Entity: e}
	def := &t.TableDefinition
	primary := []string{def.HashKey()}
	if rk := def.RangeKey(); rk != "" {
		primary = append(primary, rk)
	}
	for _, name := range primary {
		if name == "" {
			continue
		}
		src, ok := e.Keys[name]
		if !ok {
			errs = append(errs, keyError{"", fmt.Sprintf("no template for key attribute %q of table %s", name, def.TableName)})
			continue
		}
		ka, err := compileKeyAttr(name, src, def.AttributeType(name))
		if err != "" {
			errs = append(errs, keyError{name, err})
			continue
		}
		k.attrs = append(k.attrs, ka)
	}
	k.nprim = len(k.attrs)
	indexKeys := map[string]bool{}
	for i := range def.GlobalSecondaryIndexes {
		for _, n := range def.GlobalSecondaryIndexes[i].KeyAttributes() {
			indexKeys[n] = true
		}
	}
	for i := range def.LocalSecondaryIndexes {
		for _, n := range def.LocalSecondaryIndexes[i].KeyAttributes() {
			indexKeys[n] = true
		}
	}
	names := make([]string, 0, len(e.Keys))
	for name := range e.Keys {
		if !slices.Contains(primary, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var all [][]string // every index's key attributes
	for i := range def.GlobalSecondaryIndexes {
		all = append(all, def.GlobalSecondaryIndexes[i].KeyAttributes())
	}
	for i := range def.LocalSecondaryIndexes {
		all = append(all, def.LocalSecondaryIndexes[i].KeyAttributes())
	}
	for _, name := range names {
		if !indexKeys[name] {
			errs = append(errs, keyError{name, fmt.Sprintf("%q is not a key attribute of table %s or of its indexes", name, def.TableName)})
			continue
		}
		ka, err := compileKeyAttr(name, e.Keys[name], def.AttributeType(name))
		if err != "" {
			errs = append(errs, keyError{name, err})
			continue
		}
		k.attrs = append(k.attrs, ka)
	}
	for i := k.nprim; i < len(k.attrs); i++ {
		for _, keys := range all {
			if !slices.Contains(keys, k.attrs[i].name) {
				continue
			}
			refs := make([]keyRef, len(keys))
			for j, n := range keys {
				refs[j] = keyRef{n, k.index(n)}
			}
			k.attrs[i].indexes = append(k.attrs[i].indexes, refs)
		}
	}
	return k, errs
}

// keyRef is a key attribute of an index: its name and its place in
// Keys.attrs (-1 when no template builds it).
type keyRef struct {
	name string
	at   int
}

// indexed reports whether index key attribute i belongs to an index all
// of whose key attributes the item gets: built (built[at] set; the
// primary key always is) or on the item already (on). Keys.Item and
// ItemBuilder share it.
func (k *Keys) indexed(i int, built []attr.Value, on func(name string) bool) bool {
	for _, keys := range k.attrs[i].indexes {
		all := true
		for _, r := range keys {
			if (r.at < 0 || built[r.at] == nil) && !on(r.name) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

func compileKeyAttr(name, src string, typ schema.ScalarType) (keyAttr, string) {
	tpl, err := ParseTemplate(src)
	if err != nil {
		return keyAttr{}, fmt.Sprintf("template %q: %v", src, err)
	}
	if typ == "" {
		return keyAttr{}, fmt.Sprintf("attribute %q has no AttributeDefinition", name)
	}
	if typ != schema.TypeS && !tpl.IsParam() {
		if !tpl.IsConstant() {
			return keyAttr{}, fmt.Sprintf("template %q: a key of type %s is a single parameter (\"{name}\") or a constant", src, typ)
		}
		if _, err := scalar(typ, tpl.lits[0]); err != nil {
			return keyAttr{}, fmt.Sprintf("template %q: %v", src, err)
		}
	}
	ka := keyAttr{name: name, typ: typ, tpl: tpl}
	if tpl.IsConstant() {
		ka.konst, _ = scalar(typ, tpl.lits[0]) // an S, or checked above
	}
	return ka, ""
}

// scalar converts a template's text to a key value of type typ: S as is, N
// parsed as a DynamoDB number, B from standard base64.
func scalar(typ schema.ScalarType, s string) (attr.Value, error) {
	switch typ {
	case schema.TypeN:
		n, err := attr.ParseNumber(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", s)
		}
		return n, nil
	case schema.TypeB:
		b, err := base64.StdEncoding.DecodeString(s)
		if err != nil || len(b) == 0 {
			return nil, fmt.Errorf("%q is not non-empty base64", s)
		}
		return attr.Binary(b), nil
	}
	return attr.String(s), nil
}

// text is the parameter text of a key value: an S as is, an N's canonical
// digits, a B in base64.
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

// lookup finds a parameter in p, then among the S, N and B attributes of it.
func lookup(p Params, it attr.Item) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if v, ok := p[name]; ok {
			return v, true
		}
		if v, ok := it[name]; ok {
			return text(v)
		}
		return "", false
	}
}

// Key builds the primary key of the entity's item with parameters p, for
// GetItem, DeleteItem and the like.
func (k *Keys) Key(p Params) (attr.Item, error) {
	key := make(attr.Item, k.nprim)
	for i := range k.attrs[:k.nprim] {
		ka := &k.attrs[i]
		v, err := ka.build(lookup(p, nil))
		if err != nil {
			return nil, err
		}
		key[ka.name] = v
	}
	return key, nil
}

// Item sets the entity's key attributes on it and returns it: parameters
// come from p, then from it's own S, N and B attributes. The primary key
// must build; an index key whose parameters are missing is left out (the
// item stays out of that index), and so is one whose indexes all miss
// another key (GSI2SK without GSI2PK: the item is not in GSI2).
func (k *Keys) Item(p Params, it attr.Item) (attr.Item, error) {
	if it == nil {
		it = make(attr.Item, len(k.attrs))
	}
	look := lookup(p, it)
	built := make([]attr.Value, len(k.attrs))
	for i := range k.attrs {
		ka := &k.attrs[i]
		v, err := ka.build(look)
		if err != nil {
			if i < k.nprim {
				return nil, err
			}
			continue
		}
		if i < k.nprim {
			it[ka.name] = v
		}
		built[i] = v
	}
	on := func(name string) bool { return it[name] != nil }
	for i := k.nprim; i < len(k.attrs); i++ {
		if built[i] != nil && k.indexed(i, built, on) {
			it[k.attrs[i].name] = built[i]
		}
	}
	return it, nil
}

// index returns the place of the key attribute named name in k.attrs.
func (k *Keys) index(name string) int {
	return slices.IndexFunc(k.attrs, func(ka keyAttr) bool { return ka.name == name })
}

// ItemBuilder is Keys.Item for one run of a generator, on an item held as
// attr.Fields (a generated dataset's form): each key attribute
// remembers the parameter values it last built from, and gives the same
// Value again while they do not change (a product's reviews share its
// partition key: one string and one Value for all of them, a Value being
// immutable). It is not safe for concurrent use.
type ItemBuilder struct {
	k     *Keys
	last  []builtKey   // by key attribute
	vals  []string     // scratch
	built []attr.Value // scratch: this item's key values, by key attribute
	box   attr.Boxes   // the S key values' boxes, 256 to an allocation
	text  gen.Slab     // the key values' text
	// p and f are what look reads: the item being built. look is made
	// once, not once an item.
	p    Args
	f    attr.Fields
	look func(string) (string, bool)
	on   func(string) bool // whether the item holds an attribute (Keys.indexed)
}

type builtKey struct {
	args []string
	v    attr.Value
}

// Builder returns an ItemBuilder of k's items.
func (k *Keys) Builder() *ItemBuilder {
	b := &ItemBuilder{k: k, last: make([]builtKey, len(k.attrs)), built: make([]attr.Value, len(k.attrs))}
	b.on = func(name string) bool { _, ok := b.f.Get(name); return ok }
	b.look = func(name string) (string, bool) {
		if v, ok := b.p.Get(name); ok {
			return v, true
		}
		if v, ok := b.f.Get(name); ok {
			return text(v)
		}
		return "", false
	}
	return b
}

// Keys returns the keys the builder builds.
func (b *ItemBuilder) Keys() *Keys { return b.k }

// Item is Keys.Item on Fields and Args: the same attributes, the same
// errors, the key attributes set in f (appended, or replacing a value of
// the name).
func (b *ItemBuilder) Item(p Args, f attr.Fields) (attr.Fields, error) {
	f, err := b.item(p, f)
	b.p, b.f = nil, nil // keep nothing of the item
	return f, err
}

func (b *ItemBuilder) item(p Args, f attr.Fields) (attr.Fields, error) {
	k := b.k
	b.p, b.f = p, f
	built := b.built
	for i := range k.attrs {
		ka := &k.attrs[i]
		v, err := b.build(i, ka, b.look)
		built[i] = nil
		if err != nil {
			if i < k.nprim {
				return nil, err
			}
			continue
		}
		if i < k.nprim {
			f.Set(ka.name, v)
			b.f = f
		}
		built[i] = v
	}
	if len(k.attrs) == k.nprim {
		return f, nil
	}
	b.f = f
	for i := k.nprim; i < len(k.attrs); i++ {
		if built[i] != nil && k.indexed(i, built, b.on) {
			f.Set(k.attrs[i].name, built[i])
			b.f = f
		}
	}
	return f, nil
}

func (b *ItemBuilder) build(i int, ka *keyAttr, look func(string) (string, bool)) (attr.Value, error) {
	if ka.konst != nil {
		return ka.konst, nil
	}
	vals, err := ka.tpl.values(look, b.vals[:0])
	if err != nil {
		return nil, fmt.Errorf("key attribute %s (%s): %w", ka.name, ka.tpl, err)
	}
	b.vals = vals
	last := &b.last[i]
	if last.v != nil && slices.Equal(last.args, vals) {
		return last.v, nil
	}
	var v attr.Value
	if ka.typ == schema.TypeS {
		// A key value boxed alone is an allocation of its own: a fifth of
		// a generated dataset's.
		v = b.box.Box(ka.tpl.join(vals, &b.text))
	} else if v, err = scalar(ka.typ, ka.tpl.join(vals, &b.text)); err != nil {
		return nil, fmt.Errorf("key attribute %s (%s): %w", ka.name, ka.tpl, err)
	}
	last.args, last.v = append(last.args[:0], vals...), v
	return v, nil
}

func (ka *keyAttr) build(look func(string) (string, bool)) (attr.Value, error) {
	if ka.konst != nil {
		return ka.konst, nil
	}
	s, err := ka.tpl.Expand(look)
	if err != nil {
		return nil, fmt.Errorf("key attribute %s (%s): %w", ka.name, ka.tpl, err)
	}
	v, err := scalar(ka.typ, s)
	if err != nil {
		return nil, fmt.Errorf("key attribute %s (%s): %w", ka.name, ka.tpl, err)
	}
	return v, nil
}

// Match reports whether item's primary key fits the entity's templates and
// returns the parameters read from it.
func (k *Keys) Match(item attr.Item) (Params, bool) {
	p := Params{}
	for _, ka := range k.attrs[:k.nprim] {
		s, ok := text(item[ka.name])
		if !ok || item[ka.name].Type().String() != string(ka.typ) || !ka.tpl.Match(s, p) {
			return nil, false
		}
	}
	return p, true
}

// specificity is how much literal text the primary key templates hold.
func (k *Keys) specificity() int {
	n := 0
	for _, ka := range k.attrs[:k.nprim] {
		n += ka.tpl.literalLen()
	}
	return n
}

// Recognizer tells which entity an item belongs to, from its primary key.
type Recognizer struct {
	byTable map[string][]*Keys // most specific first
}

// NewRecognizer compiles the key templates of every entity of m.
func (m *Model) NewRecognizer() (*Recognizer, error) {
	r := &Recognizer{byTable: map[string][]*Keys{}}
	for i := range m.Entities {
		k, err := m.CompileKeys(&m.Entities[i])
		if err != nil {
			return nil, err
		}
		r.byTable[k.Entity.Table] = append(r.byTable[k.Entity.Table], k)
	}
	for _, list := range r.byTable {
		slices.SortStableFunc(list, func(a, b *Keys) int { return b.specificity() - a.specificity() })
	}
	return r, nil
}

// EntityOf returns the entity of an item of table, with the parameters its
// key holds, or nil when no entity's templates fit. When several fit, the
// one whose templates hold the most literal text wins ("ORDER#{id}#ITEM"
// over "ORDER#{id}"), then the first in the model.
func (r *Recognizer) EntityOf(table string, item attr.Item) (*Entity, Params) {
	for _, k := range r.byTable[table] {
		if p, ok := k.Match(item); ok {
			return k.Entity, p
		}
	}
	return nil, nil
}

// EntityOf returns the entity an item of table belongs to, recognised from
// its primary key, and the parameters read from the key; nil when none
// fits or the model's templates do not compile. It compiles the templates
// on every call: use NewRecognizer for many items.
func (m *Model) EntityOf(table string, item attr.Item) (*Entity, Params) {
	r, err := m.NewRecognizer()
	if err != nil {
		return nil, nil
	}
	return r.EntityOf(table, item)
}
