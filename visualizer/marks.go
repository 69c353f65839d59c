package visualizer

import (
	"encoding/base32"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// marksEncoding writes item keys with digits and lower-case letters only,
// so they can follow a prefix in an HTML id, a CSS selector or a URL, and
// they sort like the keys they encode.
var marksEncoding = base32.NewEncoding("0123456789abcdefghijklmnopqrstuv").WithPadding(base32.NoPadding)

// ItemKey is the identity of an item by its primary key: the
// order-preserving encoding of its partition key then its sort key
// (attr.AppendKey, the engine's own key bytes) in lower-case base32hex. It
// is stable across snapshots and safe in HTML ids. rangeKey is "" for a
// table without a sort key. A key attribute that is missing or not S, N or
// B (never so in a table) adds a distinct marker so the function never
// fails.
func ItemKey(it attr.Item, hashKey, rangeKey string) string {
	var buf [64]byte
	b := marksAppendKeyPart(buf[:0], it[hashKey])
	if rangeKey != "" {
		b = marksAppendKeyPart(b, it[rangeKey])
	}
	return marksEncoding.EncodeToString(b)
}

func marksAppendKeyPart(b []byte, v attr.Value) []byte {
	if v != nil && v.Type().IsScalarKeyType() {
		return attr.AppendKey(b, v)
	}
	// Only ghosts or hand-built items can get here; the marker keeps
	// broken keys apart from each other without failing.
	b = append(b, 0xFF)
	return append(attr.AppendValue(b, v), 0x00, 0x01)
}

// marksRawKey decodes an ItemKey back to the engine's key bytes.
func marksRawKey(key string) (string, bool) {
	b, err := marksEncoding.DecodeString(key)
	return string(b), err == nil
}

// MarkKind says what happened to a row a moment ago.
type MarkKind uint8

// The kinds of change the views highlight.
const (
	MarkNone      MarkKind = iota // no recent change
	MarkPut                       // a new item
	MarkUpdate                    // an item changed
	MarkDelete                    // deleted by the user
	MarkTTLDelete                 // deleted by the TTL sweeper (the service)
	MarkIndexIn                   // entered an index (it gained the index's keys)
	MarkIndexOut                  // left an index (it lost a key, or was deleted)
)

var marksNames = [...]string{"none", "put", "update", "delete", "ttl-delete", "index-in", "index-out"}

// String names the kind: "put", "ttl-delete", ...
func (k MarkKind) String() string {
	if int(k) < len(marksNames) {
		return marksNames[k]
	}
	return "mark-" + strconv.Itoa(int(k))
}

// MarshalText writes the kind's name, so views read well as JSON.
func (k MarkKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Mark is a recent change to one row. Seq grows with every change: the UI
// alternates two CSS classes by its parity, so a second change to the same
// row restarts the flash animation instead of leaving it finished.
type Mark struct {
	Kind MarkKind
	Seq  uint64
}

// Class is the mark's CSS classes, e.g. "wb-mark-put wb-flash-0"; "" for
// no mark.
func (m Mark) Class() string {
	if m.Kind == MarkNone {
		return ""
	}
	var b strings.Builder
	b.WriteString("wb-mark-")
	b.WriteString(m.Kind.String())
	b.WriteString(" wb-flash-")
	b.WriteByte('0' + byte(m.Seq%2))
	return b.String()
}
