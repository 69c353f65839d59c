package engine

import (
	"encoding/binary"
	"errors"
	"math/bits"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Items are stored in a compact binary form rather than as maps: a stored
// item costs about its DynamoDB size plus a little framing, instead of the
// several hundred bytes of map buckets and boxed values a map would need.
// Decoding is zero-copy for strings and numbers (they are substrings of the
// stored string), so a read allocates only the map, one array for the
// string and number values (attr.Boxes) and the containers of other types.
//
// Format: item = uvarint(n) (name value)*; name = a token of the tree's
// codec (codec.go): uvarint(id<<1) for a name of the table's dictionary,
// uvarint(len<<1|1) bytes for one given inline; value = type byte, then
// S/N/B: uvarint(len) bytes (a value of up to 14 bytes has its length in
// the type byte's high bits instead: appendScalar); BOOL: one byte; NULL:
// nothing; SS/NS/BS:
// uvarint(n) (uvarint(len) bytes)*; L: uvarint(n) value*; M: uvarint(n)
// (uvarint(len) bytes value)*, its names always inline. In a tree's record
// the key attributes the key holds verbatim are left out (codec.go), and n
// does not count them.

// encodeItem appends the plain stored form of item: every name inline,
// nothing left to a key (streams, copies).
func encodeItem(dst []byte, item attr.Item) []byte { return plain.encode(dst, "", item) }

// encode appends the stored form of item, whose tree key after the hash
// is key. The caller holds the writer lock (names may be numbered).
func (c *codec) encode(dst []byte, key string, item attr.Item) []byte {
	dst, _, _ = c.encodeChecked(dst, key, item)
	return dst
}

// encodeChecked is encode with namesAndSize's checks in the same walk of
// the item's map (a walk is a tenth of a load's time under wasm): the
// stored form, the item's size, and the message of the first invalid name
// met, if any (the whole item is encoded even so: the observers' plain
// copies take any item). Names are numbered as encode numbers them, so an
// item refused afterwards (for a name, its size, an index key) may leave
// new names in the dictionary, which holds names, never items.
func (c *codec) encodeChecked(dst []byte, key string, item attr.Item) ([]byte, int, string) {
	e, dst := c.startRecord(dst, key, len(item))
	for name, v := range item {
		dst = e.attr(dst, name, v)
	}
	return e.finish(dst)
}

// encodeFields is encodeChecked for an item held as Fields, in their
// order. It reports false, having written nothing of use, for Fields that
// repeat a name: their item is their map's (attr.Fields.Item).
func (c *codec) encodeFields(dst []byte, key string, f attr.Fields) ([]byte, int, string, bool) {
	for i := 1; i < len(f); i++ {
		for j := range i {
			if len(f[i].Name) == len(f[j].Name) && f[i].Name == f[j].Name {
				return dst, 0, "", false
			}
		}
	}
	e, dst := c.startRecord(dst, key, len(f))
	for _, x := range f {
		dst = e.attr(dst, x.Name, x.Value)
	}
	dst, size, msg := e.finish(dst)
	return dst, size, msg, true
}

// recordEncoder is one record's encoding under way (encodeChecked).
type recordEncoder struct {
	c          *codec
	mask       uint32 // key parts the data leaves out
	left, size int
	msg        string
}

// startRecord appends the attribute count of an item of n attributes whose
// tree key after the hash is key.
func (c *codec) startRecord(dst []byte, key string, n int) (recordEncoder, []byte) {
	e := recordEncoder{c: c}
	if len(c.parts) > 0 {
		var raw rawParts
		e.mask = c.omitted(key, &raw)
	}
	e.left = bits.OnesCount32(e.mask &^ c.dup)
	return e, appendUvarint(dst, uint64(n-e.left))
}

// attr checks and appends one attribute, unless the key holds it.
func (e *recordEncoder) attr(dst []byte, name string, v attr.Value) []byte {
	if e.msg == "" {
		e.msg = checkNames(name, v)
	}
	e.size += len(name) + attr.Size(v)
	if e.mask != 0 && e.c.left(e.mask, name) {
		e.left--
		return dst
	}
	dst = e.c.appendName(dst, name)
	return encodeValue(dst, v)
}

func (e *recordEncoder) finish(dst []byte) ([]byte, int, string) {
	if e.left != 0 {
		panic("engine: an item encoded without the key attributes of its key")
	}
	return dst, e.size, e.msg
}

var appendUvarint = binary.AppendUvarint

func appendBytes(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

// appendScalar appends an S, N or B value: a tag byte with its type in the
// low four bits and, for up to 14 bytes, its length plus one in the high
// four; a longer value's length follows as a uvarint.
func appendScalar(dst []byte, t attr.Type, s string) []byte {
	if len(s) < 15 {
		return append(append(dst, byte(t)|byte(len(s)+1)<<4), s...)
	}
	return appendBytes(append(dst, byte(t)), s)
}

func encodeValue(dst []byte, v attr.Value) []byte {
	switch x := v.(type) {
	case attr.String:
		return appendScalar(dst, attr.TypeS, string(x))
	case attr.Number:
		return appendScalar(dst, attr.TypeN, x.String())
	case attr.Binary:
		return appendScalar(dst, attr.TypeB, string(x))
	}
	dst = append(dst, byte(v.Type()))
	switch x := v.(type) {
	case attr.Bool:
		if x {
			dst = append(dst, 1)
		} else {
			dst = append(dst, 0)
		}
	case attr.Null:
	case attr.StringSet:
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, e := range x {
			dst = appendBytes(dst, e)
		}
	case attr.NumberSet:
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, e := range x {
			dst = appendBytes(dst, e.String())
		}
	case attr.BinarySet:
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, e := range x {
			dst = appendBytes(dst, string(e))
		}
	case attr.List:
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for _, e := range x {
			dst = encodeValue(dst, e)
		}
	case attr.Map:
		dst = binary.AppendUvarint(dst, uint64(len(x)))
		for k, e := range x {
			dst = appendBytes(dst, k)
			dst = encodeValue(dst, e)
		}
	}
	return dst
}

var errCorrupt = errors.New("engine: corrupt stored item")

// decoder reads the stored form; strings are substrings of data.
type decoder struct {
	data  string
	pos   int
	err   error
	boxes attr.Boxes // backing for S and N values; empty means ordinary boxing
}

func (d *decoder) uvarint() int {
	var x uint64
	var shift uint
	for d.pos < len(d.data) {
		b := d.data[d.pos]
		d.pos++
		x |= uint64(b&0x7f) << shift
		if b < 0x80 {
			return int(x)
		}
		shift += 7
	}
	d.err = errCorrupt
	return 0
}

func (d *decoder) str() string { return d.bytes(d.uvarint()) }

// bytes reads the next n bytes.
func (d *decoder) bytes(n int) string {
	if d.err != nil || n < 0 || d.pos+n > len(d.data) {
		d.err = errCorrupt
		return ""
	}
	s := d.data[d.pos : d.pos+n]
	d.pos += n
	return s
}

// scalar reads the bytes of an S, N or B value whose tag byte was tag.
func (d *decoder) scalar(tag byte) string {
	if n := int(tag>>4) - 1; n >= 0 {
		return d.bytes(n)
	}
	return d.str()
}

// decodeItem rebuilds an item from its plain stored form.
func decodeItem(data string) attr.Item { return plain.decode("", data) }

// decode rebuilds an item from its stored form under key.
func (c *codec) decode(key, data string) attr.Item {
	var raw rawParts
	var keep uint32
	if len(c.parts) > 0 {
		keep = c.omitted(key, &raw) &^ c.dup
	}
	d := decoder{data: data}
	n := d.uvarint()
	k := bits.OnesCount32(keep)
	// Most top-level attributes are strings and numbers: one array for
	// all of them (nested ones beyond that count are boxed one by one).
	d.boxes = attr.NewBoxes(n + k)
	item := make(attr.Item, n+k)
	for m := keep; m != 0; m &= m - 1 {
		i := bits.TrailingZeros32(m)
		item[c.parts[i].name] = c.keyValue(&d.boxes, i, key[raw[i][0]:raw[i][1]])
	}
	names := c.names()
	for i := 0; i < n && d.err == nil; i++ {
		name := d.name(names)
		item[name] = d.value()
	}
	if d.err != nil {
		// Stored data is only ever written by encode; corruption is a bug.
		panic(d.err)
	}
	return item
}

func (d *decoder) value() attr.Value {
	if d.pos >= len(d.data) {
		d.err = errCorrupt
		return attr.Null{}
	}
	tag := d.data[d.pos]
	d.pos++
	switch attr.Type(tag & 0xF) {
	case attr.TypeS:
		return d.boxes.String(d.scalar(tag))
	case attr.TypeN:
		return d.boxes.Number(d.scalar(tag))
	case attr.TypeB:
		return attr.Binary(d.scalar(tag))
	case attr.TypeBOOL:
		if d.pos >= len(d.data) {
			d.err = errCorrupt
			return attr.Bool(false)
		}
		b := d.data[d.pos] == 1
		d.pos++
		return attr.Bool(b)
	case attr.TypeNULL:
		return attr.Null{}
	case attr.TypeSS:
		out := make(attr.StringSet, d.uvarint())
		for i := range out {
			out[i] = d.str()
		}
		return out
	case attr.TypeNS:
		out := make(attr.NumberSet, d.uvarint())
		for i := range out {
			out[i] = attr.NumberFromCanonical(d.str())
		}
		return out
	case attr.TypeBS:
		out := make(attr.BinarySet, d.uvarint())
		for i := range out {
			out[i] = []byte(d.str())
		}
		return out
	case attr.TypeL:
		out := make(attr.List, d.uvarint())
		for i := range out {
			out[i] = d.value()
		}
		return out
	case attr.TypeM:
		n := d.uvarint()
		out := make(attr.Map, n)
		for i := 0; i < n && d.err == nil; i++ {
			k := d.str()
			out[k] = d.value()
		}
		return out
	}
	d.err = errCorrupt
	return attr.Null{}
}
