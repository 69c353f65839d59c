package engine

import (
	"unsafe"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Reads build an attr.Item for every item they return, and storing a
// String or Number in an attr.Value interface costs one small heap
// allocation each: the runtime copies the 16-byte string header to the heap
// and points the interface at the copy. For a typical item that is most of
// a read's allocations and a third of its time (BenchmarkGetItem).
//
// boxes gives the values of one decoded item a shared backing array
// instead: one allocation holds the string headers of all the item's S and
// N values, and each interface points at its own element. The result is
// indistinguishable from ordinary boxing to every reader (type switches,
// assertions, comparisons, the GC): an interface holding a non-pointer type
// is always a (type, pointer to the value) pair, and a pointer into an array
// keeps the whole array alive. The elements are written once, before their
// interface exists, and never again, so the values stay immutable as
// attr.Value requires. TestBoxesMatchOrdinaryBoxing checks the equivalence.

// iface is the layout of a non-empty interface value such as attr.Value:
// its method table (one per interface and concrete type) and its data
// pointer.
type iface struct {
	tab  unsafe.Pointer
	data unsafe.Pointer
}

// The method tables of attr.String and attr.Number as attr.Values, taken
// from ordinary conversions of empty values (which allocate nothing).
var (
	stringTab = methodTable(attr.String(""))
	numberTab = methodTable(attr.Number{})
)

func methodTable(v attr.Value) unsafe.Pointer { return (*iface)(unsafe.Pointer(&v)).tab }

// attr.Number must stay a struct of one string for a Number and a String to
// share a backing array; this fails to compile if it ever changes size.
var _ [unsafe.Sizeof(attr.Number{}) - unsafe.Sizeof("")]struct{}
var _ [unsafe.Sizeof("") - unsafe.Sizeof(attr.Number{})]struct{}

// boxes hands out attr.Values backed by one array. The zero value is empty:
// it falls back to ordinary conversions.
type boxes struct {
	free []string
}

// newBoxes reserves room for n S or N values.
func newBoxes(n int) boxes { return boxes{free: make([]string, n)} }

// String returns s as an attr.Value.
func (b *boxes) String(s string) attr.Value {
	if len(b.free) == 0 {
		return attr.String(s)
	}
	return b.box(stringTab, s)
}

// Number returns the canonical number text as an attr.Value.
func (b *boxes) Number(text string) attr.Value {
	if len(b.free) == 0 {
		return attr.NumberFromCanonical(text)
	}
	return b.box(numberTab, text)
}

func (b *boxes) box(tab unsafe.Pointer, s string) attr.Value {
	p := &b.free[0]
	*p = s
	b.free = b.free[1:]
	var v attr.Value
	*(*iface)(unsafe.Pointer(&v)) = iface{tab: tab, data: unsafe.Pointer(p)}
	return v
}
