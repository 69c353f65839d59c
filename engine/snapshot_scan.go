package engine

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Key-level reads of a snapshot, for the workbench's views. The views are
// recomputed after every write on tables of 100,000 items under
// WebAssembly, where decoding every item (a map and a box per attribute)
// costs far too much. These walks read the stored entries instead: an
// entry's tree key is the partition hash followed by the encoded key
// (table.go), so an item collection is one contiguous run of entries
// sharing a prefix, and a few attributes can be read from the stored form
// (storage.go) while skipping the rest.

// scanLayout is the layout of the tree keys of a table or of one index: the
// encoded values that follow the 8-byte hash, in order.
type scanLayout struct {
	names []string    // key attribute of each encoded part
	types []attr.Type // declared type of each part
	nhash int         // parts[:nhash] form the partition key
	table int         // parts[table:] are the table's primary key (in an index, after an 8-byte tie hash)
}

// skip returns the position after parts [from, to) of the encoded key s,
// starting at pos; ok is false when s does not hold them.
func (l *scanLayout) skip(s string, pos, from, to int) (int, bool) {
	for i := from; i < to; i++ {
		var ok bool
		if pos, ok = skipKeyValue(s, pos, l.types[i]); !ok {
			return 0, false
		}
	}
	return pos, true
}

// skipKeyValue returns the position after one attr.AppendKey encoding of
// type t that starts at pos.
func skipKeyValue(s string, pos int, t attr.Type) (int, bool) {
	switch t {
	case attr.TypeS, attr.TypeB:
		// Bytes with 0x00 escaped as 0x00 0xFF, then 0x00 0x01.
		for {
			i := strings.IndexByte(s[pos:], 0)
			if i < 0 || pos+i+1 >= len(s) {
				return 0, false
			}
			pos += i + 2
			if s[pos-1] == 0x01 {
				return pos, true
			}
		}
	case attr.TypeN:
		if pos >= len(s) {
			return 0, false
		}
		var end byte
		switch s[pos] { // the sign bytes of attr.AppendKey
		case 0x02: // zero: the sign byte alone
			return pos + 1, true
		case 0x03: // positive
			end = 0x00 // digit pairs are 1..100
		case 0x01: // negative
			end = 0xFF // digit pairs are 2..101
		default:
			return 0, false
		}
		pos += 2 // sign and exponent
		if pos > len(s) {
			return 0, false
		}
		i := strings.IndexByte(s[pos:], end)
		if i < 0 {
			return 0, false
		}
		return pos + i + 1, true
	}
	return 0, false
}

// scan returns the layout and tree of the table (index "") or of the named
// index; ok is false when there is no such index.
func (ts *TableSnapshot) scan(index string) (*scanLayout, *itemTree, bool) {
	d := ts.Description
	if d == nil {
		return nil, nil, false
	}
	l := &scanLayout{}
	add := func(ks []schema.KeySchemaElement, kt schema.KeyType) {
		for _, e := range ks {
			if e.KeyType != kt {
				continue
			}
			var t attr.Type
			for _, a := range d.AttributeDefinitions {
				if a.AttributeName == e.AttributeName {
					t, _ = attr.ParseType(string(a.AttributeType))
				}
			}
			l.names = append(l.names, e.AttributeName)
			l.types = append(l.types, t)
		}
	}
	tree := ts.items
	if index != "" {
		var ks []schema.KeySchemaElement
		found := false
		for _, g := range d.GlobalSecondaryIndexes {
			if g.IndexName == index {
				ks, found = g.KeySchema, true
			}
		}
		for _, x := range d.LocalSecondaryIndexes {
			if x.IndexName == index {
				ks, found = x.KeySchema, true
			}
		}
		tree = ts.indexes[index]
		if !found || tree == nil {
			return nil, nil, false
		}
		add(ks, schema.KeyTypeHash)
		l.nhash = len(l.names)
		add(ks, schema.KeyTypeRange)
		l.table = len(l.names)
	}
	if tree == nil {
		return nil, nil, false
	}
	add(d.KeySchema, schema.KeyTypeHash)
	if index == "" {
		l.nhash = len(l.names)
	}
	add(d.KeySchema, schema.KeyTypeRange)
	return l, tree, true
}

// StoredEntry is one entry met by a key-level walk: an item of the table,
// or the projection of one in an index. Its key, size and single
// attributes are read without decoding the item.
type StoredEntry struct {
	e entry
	l *scanLayout
}

// Key is the entry's tree key: the order of the walk is the order of keys
// compared as strings. KeyOf gives the same form for any item.
func (s StoredEntry) Key() string { return fullKey(s.e) }

// Size is the DynamoDB size of the item (in an index, of its projection).
func (s StoredEntry) Size() int { return s.e.size }

// Compare orders two entries of one table (or one index) as the walks
// meet them: negative when s comes first, zero for the same key. It is
// Key's order without building the keys.
func (s StoredEntry) Compare(o StoredEntry) int {
	switch {
	case s.e.hash < o.e.hash:
		return -1
	case s.e.hash > o.e.hash:
		return 1
	}
	return strings.Compare(s.e.rest(), o.e.rest())
}

// SameItem reports whether two entries hold the same stored item. An item
// no write touched is shared by every later snapshot, so comparing an
// entry of one snapshot with its counterpart in the next is cheap: views
// rebuild only what changed between them.
func (s StoredEntry) SameItem(o StoredEntry) bool { return s.e.kd == o.e.kd }

// Item decodes the entry; nil for the zero StoredEntry, which no walk
// gives. The item's strings are shared with the snapshot.
func (s StoredEntry) Item() attr.Item {
	if s.l == nil {
		return nil
	}
	return s.e.decode()
}

// TableKey is the encoded primary key of the table item the entry stands
// for: attr.AppendKey of its partition key, then of its sort key. In the
// table it is the entry's key after the hash; an index entry ends with it,
// after the 8-byte hash that orders equal index keys.
func (s StoredEntry) TableKey() string {
	if s.l == nil || s.l.table == 0 {
		return s.e.rest()
	}
	rest := s.e.rest()
	pos, ok := s.l.skip(rest, 0, 0, s.l.table)
	if !ok || pos+8 > len(rest) {
		return ""
	}
	return rest[pos+8:] // after the tie hash (index.go, putTieHash)
}

// Attr reads one top-level attribute from the stored form, skipping the
// others.
func (s StoredEntry) Attr(name string) (attr.Value, bool) {
	var out [1]attr.Value
	s.Lookup([]string{name}, out[:])
	return out[0], out[0] != nil
}

// Lookup reads several top-level attributes in one pass over the stored
// form: out[i] receives the value of names[i], or nil when the item lacks
// it. out must be at least as long as names.
func (s StoredEntry) Lookup(names []string, out []attr.Value) {
	clear(out)
	if len(out) < len(names) {
		names = names[:len(out)]
	}
	c := s.e.c
	d := decoder{data: s.e.data()}
	dict := c.names()
	n := d.uvarint()
	found := 0
	for i := 0; i < n && d.err == nil && found < len(names); i++ {
		name := d.name(dict)
		j := -1
		for k, want := range names {
			if want == name && out[k] == nil {
				j = k
				break
			}
		}
		if j < 0 {
			d.scanSkip()
			continue
		}
		if v := d.value(); d.err == nil {
			out[j] = v
			found++
		}
	}
	for j := 0; j < len(names) && found < len(names); j++ {
		// A name asked for twice is filled once.
		if out[j] != nil || slices.Contains(names[:j], names[j]) {
			continue
		}
		if i, raw, ok := c.fromKey(s.e.rest(), names[j]); ok {
			out[j] = c.keyValue(&attr.Boxes{}, i, raw)
			found++
		}
	}
}

// AttrInfo is what a walk can tell of one stored attribute without
// building its value.
type AttrInfo struct {
	Type attr.Type // 0 when the item lacks the attribute
	// Text is an S's text, an N's canonical digits or a B's raw bytes,
	// shared with the stored item; "" for the other types.
	Text string
}

// Peek is Lookup without building values: out[i] receives the type of
// names[i] and, for S, N and B, its text. It allocates nothing, so a walk
// over every item can afford it.
func (s StoredEntry) Peek(names []string, out []AttrInfo) {
	clear(out)
	if len(out) < len(names) {
		names = names[:len(out)]
	}
	// A hand-run loop rather than the decoder's methods: walks call this
	// for every item, and under WebAssembly each call counts.
	c, data := s.e.c, s.e.data()
	dict := c.names()
	n, pos, ok := scanUvarint(data, 0)
	found := 0
	for i := 0; ok && i < n && found < len(names); i++ {
		var tok, size int
		if tok, pos, ok = scanUvarint(data, pos); !ok {
			return
		}
		var name string
		switch size = tok >> 1; {
		case tok&1 == 0 && size < len(dict):
			name = dict[size]
		case tok&1 == 1 && size <= len(data)-pos:
			name = data[pos : pos+size]
			pos += size
		default:
			return
		}
		if pos >= len(data) {
			return
		}
		j := -1
		for k, want := range names {
			if want == name && out[k].Type == 0 {
				j = k
				break
			}
		}
		tag := data[pos]
		t := attr.Type(tag & 0xF)
		if t == attr.TypeS || t == attr.TypeN || t == attr.TypeB {
			if size = int(tag>>4) - 1; size >= 0 {
				pos++
			} else if size, pos, ok = scanUvarint(data, pos+1); !ok {
				return
			}
			if size > len(data)-pos {
				return
			}
			if j >= 0 {
				out[j] = AttrInfo{Type: t, Text: data[pos : pos+size]}
				found++
			}
			pos += size
			continue
		}
		d := decoder{data: data, pos: pos}
		d.scanSkip()
		if d.err != nil {
			return
		}
		pos = d.pos
		if j >= 0 {
			out[j] = AttrInfo{Type: t}
			found++
		}
	}
	for j := 0; j < len(names) && found < len(names); j++ {
		if out[j].Type != 0 || slices.Contains(names[:j], names[j]) {
			continue
		}
		if i, raw, ok := c.fromKey(s.e.rest(), names[j]); ok {
			out[j] = AttrInfo{Type: c.parts[i].typ, Text: raw}
			found++
		}
	}
}

// scanUvarint reads a uvarint at pos: its value and the position after it.
func scanUvarint(s string, pos int) (int, int, bool) {
	if pos < len(s) && s[pos] < 0x80 {
		return int(s[pos]), pos + 1, true
	}
	var x uint64
	for shift := uint(0); pos < len(s) && shift < 64; shift += 7 {
		b := s[pos]
		pos++
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return int(x), pos, x < 1<<62 // callers check it against what is left
		}
	}
	return 0, pos, false
}

// scanSkip moves past one stored value without building it.
func (d *decoder) scanSkip() {
	if d.pos >= len(d.data) {
		d.err = errCorrupt
		return
	}
	tag := d.data[d.pos]
	d.pos++
	switch attr.Type(tag & 0xF) {
	case attr.TypeS, attr.TypeN, attr.TypeB:
		d.scalar(tag)
	case attr.TypeBOOL:
		if d.pos >= len(d.data) {
			d.err = errCorrupt
			return
		}
		d.pos++
	case attr.TypeNULL:
	case attr.TypeSS, attr.TypeNS, attr.TypeBS:
		for n, i := d.uvarint(), 0; i < n && d.err == nil; i++ {
			d.str()
		}
	case attr.TypeL:
		for n, i := d.uvarint(), 0; i < n && d.err == nil; i++ {
			d.scanSkip()
		}
	case attr.TypeM:
		for n, i := d.uvarint(), 0; i < n && d.err == nil; i++ {
			d.str()
			d.scanSkip()
		}
	default:
		d.err = errCorrupt
	}
}

// CollectionInfo summarises one item collection of a table or an index:
// the entries sharing a partition-key value.
type CollectionInfo struct {
	Items int         // entries in the collection
	Bytes int         // the sum of their sizes
	First StoredEntry // the first entry, in sort-key order
}

// partitionKey is the encoded partition key, the part of the first
// entry's key after the hash that every entry of the collection shares.
func (c CollectionInfo) partitionKey() string {
	rest, l := c.First.e.rest(), c.First.l
	if l == nil {
		return rest
	}
	end, ok := l.skip(rest, 0, 0, l.nhash)
	if !ok {
		return rest
	}
	return rest[:end]
}

// Prefix is the tree-key prefix every entry of the collection shares: the
// partition hash and the encoded partition key. Collections are stored in
// the order of their prefixes compared as strings.
func (c CollectionInfo) Prefix() string {
	pk := c.partitionKey()
	return string(appendHash(make([]byte, 0, 8+len(pk)), c.First.e.hash)) + pk
}

// Compare orders the collection against another collection's prefix
// (-1, 0 or +1) without building its own.
func (c CollectionInfo) Compare(prefix string) int {
	p := pivot(prefix)
	switch h := c.First.e.hash; {
	case h < p.hash:
		return -1
	case h > p.hash:
		return 1
	}
	return strings.Compare(c.partitionKey(), p.rest())
}

// Collections calls fn with each item collection of the table (index "")
// or of the named index, in storage order, until fn returns false. It
// decodes no item, and reads an entry's key bytes only when its hash
// equals the previous entry's: a lone item costs one hash comparison.
// It reports false when there is no such index.
func (ts *TableSnapshot) Collections(index string, fn func(CollectionInfo) bool) bool {
	l, tree, ok := ts.scan(index)
	if !ok {
		return false
	}
	var cur CollectionInfo
	var pk string // cur's encoded partition key, once needed
	open, known, stopped := false, false, false
	tree.Ascend(func(e entry) bool {
		if open && e.hash == cur.First.e.hash {
			if !known {
				pk, known = cur.partitionKey(), true
			}
			// The encodings are prefix-free, so an entry whose key starts
			// with the whole partition key belongs to the collection; a
			// different key of equal hash (a collision) starts another.
			if strings.HasPrefix(e.rest(), pk) {
				cur.Items++
				cur.Bytes += e.size
				return true
			}
		}
		if open && !fn(cur) {
			stopped = true
			return false
		}
		cur = CollectionInfo{Items: 1, Bytes: e.size, First: StoredEntry{e, l}}
		open, known = true, false
		return true
	})
	if open && !stopped {
		fn(cur)
	}
	return true
}

// CollectionEntries calls fn with the entries of the collection whose
// prefix is given (CollectionInfo.Prefix, or CollectionPrefix), in
// sort-key order, until fn returns false. It reports false when there is
// no such index.
func (ts *TableSnapshot) CollectionEntries(index, prefix string, fn func(StoredEntry) bool) bool {
	l, tree, ok := ts.scan(index)
	if !ok {
		return false
	}
	p := pivot(prefix)
	tree.AscendGreaterOrEqual(p, func(e entry) bool {
		if e.hash != p.hash || !strings.HasPrefix(e.rest(), p.rest()) {
			return false
		}
		return fn(StoredEntry{e, l})
	})
	return true
}

// Entries calls fn with every entry of the table (index "") or of the
// named index, in storage order, until fn returns false. It reports false
// when there is no such index.
func (ts *TableSnapshot) Entries(index string, fn func(StoredEntry) bool) bool {
	l, tree, ok := ts.scan(index)
	if !ok {
		return false
	}
	tree.Ascend(func(e entry) bool { return fn(StoredEntry{e, l}) })
	return true
}

// IndexLen is the number of entries of the named index (the table's items
// for index ""); ok is false when there is no such index.
func (ts *TableSnapshot) IndexLen(index string) (n int, ok bool) {
	_, tree, ok := ts.scan(index)
	if !ok {
		return 0, false
	}
	return tree.Len(), true
}

// KeyOf returns where item is, or would be, stored in the table (index "")
// or the named index: its tree key, comparable with StoredEntry.Key, and
// the length of its collection's prefix. ok is false when the item lacks a
// key attribute or holds one of another type than declared: it has no
// place there (for an index: the item is not in it).
func (ts *TableSnapshot) KeyOf(index string, item attr.Item) (key string, prefixLen int, ok bool) {
	l, _, ok := ts.scan(index)
	if !ok {
		return "", 0, false
	}
	b, plen, ok := scanAppendKey(l, item, len(l.names))
	if !ok {
		return "", 0, false
	}
	return string(b), plen, true
}

// CollectionPrefix returns the tree-key prefix of the collection of the
// table (index "") or named index whose partition key values item holds;
// only the partition key attributes are needed.
func (ts *TableSnapshot) CollectionPrefix(index string, item attr.Item) (string, bool) {
	l, _, ok := ts.scan(index)
	if !ok {
		return "", false
	}
	b, _, ok := scanAppendKey(l, item, l.nhash)
	if !ok {
		return "", false
	}
	return string(b), true
}

// scanAppendKey encodes parts [0, upto) of item's key after 8 bytes
// reserved for the partition hash, written once the partition key is in;
// plen is the length of that prefix.
func scanAppendKey(l *scanLayout, item attr.Item, upto int) (b []byte, plen int, ok bool) {
	b = make([]byte, 8, 64)
	tie := -1
	for i := 0; i < upto; i++ {
		v, ok := item[l.names[i]]
		if !ok || v == nil || v.Type() != l.types[i] || !v.Type().IsScalarKeyType() {
			return nil, 0, false
		}
		if i == l.table && l.table > 0 { // an index entry's table key: its tie hash first
			tie = len(b)
			b = append(b, make([]byte, 8)...)
		}
		b = attr.AppendKey(b, v)
		if i == l.nhash-1 {
			appendHash(b[:0], hashKey64(b[8:]))
			plen = len(b)
		}
	}
	if tie >= 0 && upto == len(l.names) {
		putTieHash(b[tie:])
	}
	return b, plen, true
}

// TTLIgnoreAge is how far in the past a TTL value may lie and still
// expire its item: older values are ignored (DynamoDB's five-year rule).
const TTLIgnoreAge = ttlIgnoreAge

// TTLTime reads a TTL attribute value as the sweeper does (ttl.go): a
// Number of epoch seconds within ±1e11; ok is false for anything else,
// which never expires. Whether the value is older than TTLIgnoreAge is
// left to the caller, who knows the time.
func TTLTime(v attr.Value) (time.Time, bool) {
	n, ok := v.(attr.Number)
	if !ok {
		return time.Time{}, false
	}
	f, err := strconv.ParseFloat(n.String(), 64)
	if err != nil || f > 1e11 || f < -1e11 {
		return time.Time{}, false
	}
	return time.Unix(0, int64(f*1e9)).UTC(), true
}
