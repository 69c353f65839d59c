package attr

import "unsafe"

// The engine's reads build an Item for every item they return, and storing a
// String or Number in a Value interface costs one small heap
// allocation each: the runtime copies the 16-byte string header to the heap
// and points the interface at the copy. For a typical item that is most of
// a read's allocations and a third of its time (the engine's BenchmarkGetItem); the generators' key
// values were a quarter of a dataset load's allocations.
//
// Boxes gives the values of one decoded item a shared backing array
// instead: one allocation holds the string headers of all the item's S and
// N values, and each interface points at its own element. The result is
// indistinguishable from ordinary boxing to every reader (type switches,
// assertions, comparisons, the GC): an interface holding a non-pointer type
// is always a (type, pointer to the value) pair, and a pointer into an array
// keeps the whole array alive. The elements are written once, before their
// interface exists, and never again, so the values stay immutable as
// Value requires. TestBoxesMatchOrdinaryBoxing checks the equivalence.

// iface is the layout of a non-empty interface value such as Value:
// its method table (one per interface and concrete type) and its data
// pointer.
type iface struct {
	tab  unsafe.Pointer
	data unsafe.Pointer
}

// The method tables of String and Number as Values, taken
// from ordinary conversions of empty values (which allocate nothing).
var (
	stringTab = methodTable(String(""))
	numberTab = methodTable(Number{})
)

func methodTable(v Value) unsafe.Pointer { return (*iface)(unsafe.Pointer(&v)).tab }

// Number must stay a struct of one string for a Number and a String to
// share a backing array; this fails to compile if it ever changes size.
var _ [unsafe.Sizeof(Number{}) - unsafe.Sizeof("")]struct{}
var _ [unsafe.Sizeof("") - unsafe.Sizeof(Number{})]struct{}

// Boxes hands out Values backed by one array. The zero value is empty:
// it falls back to ordinary conversions.
type Boxes struct {
	free []string
}

// NewBoxes reserves room for n S or N values.
func NewBoxes(n int) Boxes { return Boxes{free: make([]string, n)} }

// Len is the number of values b has room for.
func (b *Boxes) Len() int { return len(b.free) }

// String returns s as an Value.
func (b *Boxes) String(s string) Value {
	if len(b.free) == 0 {
		return String(s)
	}
	return b.box(stringTab, s)
}

// Box is String for a producer of many values (a dataset's generator):
// when b's array is used up it takes a new one of 256, so that the values
// share one allocation in 256.
func (b *Boxes) Box(s string) Value {
	if len(b.free) == 0 {
		*b = NewBoxes(256)
	}
	return b.String(s)
}

// Number returns the canonical number text as a Value.
func (b *Boxes) Number(text string) Value {
	if len(b.free) == 0 {
		return NumberFromCanonical(text)
	}
	return b.box(numberTab, text)
}

func (b *Boxes) box(tab unsafe.Pointer, s string) Value {
	p := &b.free[0]
	*p = s
	b.free = b.free[1:]
	var v Value
	*(*iface)(unsafe.Pointer(&v)) = iface{tab: tab, data: unsafe.Pointer(p)}
	return v
}
