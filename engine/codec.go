package engine

import (
	"math/bits"
	"strings"
	"sync/atomic"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// A record (arena.go) holds its item without what its key already says and
// with its attribute names as small numbers: a stored item then weighs
// about its DynamoDB size rather than half as much again (issue 28). A
// tree's codec knows both: the layout of its tree keys and the table's
// name dictionary.
//
// Key attributes. A key part of type S or B whose value holds no zero byte
// is, in the key, its raw bytes and a terminator (attr.AppendKey): the
// item's data leaves it out and decoding takes it from the key. Which parts
// were left out is read off the key (no escape in the part), so nothing
// marks them. Numbers and escaped values are stored in the data as usual.
//
// Names. A table numbers the top-level attribute names of its items in
// order of first use; the data names an attribute by uvarint(id<<1), or by
// uvarint(len<<1|1) and the bytes for a name the dictionary does not take
// (past maxDictNames, or longer than maxDictNameLen, so that items with
// endless distinct names cannot grow it without bound). The dictionary is
// append-only and shared by the table's trees, their clones (snapshots,
// backups, the PITR base) and their compacted copies: a record once written
// decodes to the same names for as long as it lives. Readers without the
// writer's lock load the list atomically, as they do arena.chunks.
type codec struct {
	dict  *nameDict // nil: every name inline (encodeItem's plain form)
	parts []keyPart // the parts of the tree key after the hash
	dup   uint32    // parts whose name an earlier part has
}

// keyPart is one encoded part of a tree key: a key attribute, or (typ 0)
// an index entry's 8-byte tie hash (index.go).
type keyPart struct {
	name string
	typ  attr.Type
	_    [0]func() // not comparable: no equality function in the page's wasm
}

// maxKeyParts bounds a layout: four hash and four range attributes of a
// GSI, the tie, and the table's two.
const maxKeyParts = 16

// plain is the codec of self-contained stored forms (streams, copies).
var plain = &codec{}

// newCodec is the codec of a tree whose keys are the attributes of keys in
// order, a nil group standing for an index's tie hash: a table's is
// newCodec(newNameDict(), t.key.all), an index's newCodec(t.codec.dict,
// ix.key.all, nil, t.key.all).
func newCodec(dict *nameDict, keys ...[]keyAttr) *codec {
	c := &codec{dict: dict}
	for _, k := range keys {
		if k == nil {
			c.parts = append(c.parts, keyPart{})
		}
		for _, a := range k {
			for _, q := range c.parts {
				if q.name == a.name {
					c.dup |= 1 << len(c.parts)
				}
			}
			c.parts = append(c.parts, keyPart{name: a.name, typ: a.typ})
		}
	}
	return c
}

// rawParts holds where each part's raw bytes lie in a key.
type rawParts [maxKeyParts][2]int32

// omitted finds the parts of key (the tree key after the hash) that the
// data leaves out: bit i of the mask is set for each, key[raw[i][0]:raw[i][1]]
// its bytes.
func (c *codec) omitted(key string, raw *rawParts) (mask uint32) {
	pos := 0
	for i, p := range c.parts {
		switch p.typ {
		case 0:
			pos += 8
			continue
		case attr.TypeS, attr.TypeB:
			z := strings.IndexByte(key[pos:], 0)
			if z >= 0 && pos+z+1 < len(key) && key[pos+z+1] == 0x01 {
				raw[i] = [2]int32{int32(pos), int32(pos + z)}
				mask |= 1 << i
				pos += z + 2
				continue
			}
		}
		next, ok := skipKeyValue(key, pos, p.typ)
		if !ok {
			panic(errCorrupt)
		}
		pos = next
	}
	return mask
}

// left reports whether name is a part in mask (left out of the data).
func (c *codec) left(mask uint32, name string) bool {
	for m := mask; m != 0; m &= m - 1 {
		if c.parts[bits.TrailingZeros32(m)].name == name {
			return true
		}
	}
	return false
}

// keyValue returns the value of part i from its raw key bytes.
func (c *codec) keyValue(b *attr.Boxes, i int, raw string) attr.Value {
	if c.parts[i].typ == attr.TypeB {
		return attr.Binary(raw)
	}
	return b.String(raw)
}

// names is the dictionary's list now (nil for the plain codec).
func (c *codec) names() []string {
	if c == nil || c.dict == nil {
		return nil
	}
	return c.dict.list()
}

// appendName appends the token of a top-level name. The caller holds the
// writer lock.
func (c *codec) appendName(dst []byte, name string) []byte {
	if id, ok := c.dict.id(name); ok {
		return appendUvarint(dst, uint64(id)<<1)
	}
	dst = appendUvarint(dst, uint64(len(name))<<1|1)
	return append(dst, name...)
}

// name reads a name token; names is c.names().
func (d *decoder) name(names []string) string {
	x := d.uvarint()
	if x&1 == 1 {
		return d.bytes(x >> 1)
	}
	if x>>1 < len(names) {
		return names[x>>1]
	}
	d.err = errCorrupt
	return ""
}

// nameDict is a table's attribute names, each held once.
type nameDict struct {
	names atomic.Value      // []string, append-only; ids index it
	ids   map[string]uint32 // the writer's index of names
	max   int               // names it takes at most
	// seen caches ids by a hash of a name's length and end bytes: most
	// names of a table differ there, and a map lookup compares every
	// name of a small map's length ("email", "total", "items"): a fifth
	// of encoding an item. Writer only; seen[i] is ids' name for seenID[i].
	seen   []string
	seenID []uint32
}

// maxDictNames is how many names a table's dictionary takes (a variable
// so that tests can see it full); names longer than maxDictNameLen stay
// inline.
var maxDictNames = 1 << 12

const maxDictNameLen = 64

func newNameDict() *nameDict {
	d := &nameDict{ids: map[string]uint32{}, max: maxDictNames, seen: make([]string, 64), seenID: make([]uint32, 64)}
	d.names.Store([]string(nil))
	return d
}

func (d *nameDict) list() []string { return d.names.Load().([]string) }

// id returns name's id, numbering it if the dictionary takes it. The
// caller holds the writer lock.
func (d *nameDict) id(name string) (int, bool) {
	if d == nil || name == "" {
		return 0, false
	}
	h := (len(name)*7 + int(name[0])*3 + int(name[len(name)-1])) & 63
	if d.seen[h] == name {
		return int(d.seenID[h]), true
	}
	if id, ok := d.ids[name]; ok {
		d.seen[h], d.seenID[h] = d.list()[id], id
		return int(id), true
	}
	cur := d.list()
	if len(cur) >= d.max || len(name) > maxDictNameLen {
		return 0, false
	}
	name = strings.Clone(name) // not a piece of the request that brought it
	// Appending may write past a reader's list, never within it.
	d.names.Store(append(cur, name))
	d.ids[name] = uint32(len(cur))
	return len(cur), true
}

// fromKey finds name among the key parts the data leaves out: the part and
// its raw bytes (the reads of single attributes: StoredEntry.Lookup, Peek).
func (c *codec) fromKey(key, name string) (part int, raw string, ok bool) {
	if c == nil || len(c.parts) == 0 {
		return 0, "", false
	}
	var r rawParts
	for m := c.omitted(key, &r); m != 0; m &= m - 1 {
		if i := bits.TrailingZeros32(m); c.parts[i].name == name {
			return i, key[r[i][0]:r[i][1]], true
		}
	}
	return 0, "", false
}
