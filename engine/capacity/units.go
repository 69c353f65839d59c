package capacity

// Unit sizes (capacity-and-partitions.md §1).
const (
	// ReadUnitBytes is what one read unit covers: one strongly consistent
	// read of up to 4 KB (guide, "Read capacity units").
	ReadUnitBytes = 4 * 1024

	// WriteUnitBytes is what one write unit covers: one write of up to 1 KB
	// (guide, "Write capacity units").
	WriteUnitBytes = 1024
)

// ReadMode is the consistency a read is charged for.
type ReadMode int

// Read modes.
const (
	// Eventual is an eventually consistent read: half a unit per 4 KB.
	Eventual ReadMode = iota
	// Strong is a strongly consistent read: one unit per 4 KB.
	Strong
	// Transactional is a read inside TransactGetItems: two units per 4 KB.
	Transactional
)

// String names the mode.
func (m ReadMode) String() string {
	switch m {
	case Eventual:
		return "eventual"
	case Strong:
		return "strong"
	case Transactional:
		return "transactional"
	}
	return "ReadMode(?)"
}

// halves is the mode's cost of one 4 KB block, in half units.
func (m ReadMode) halves() int64 {
	switch m {
	case Strong:
		return 2
	case Transactional:
		return 4
	}
	return 1
}

// blocks is ceil(size/unit), and at least 1: an empty or missing item still
// costs the minimum (guide: "Item not found still costs the minimum").
// Negative sizes count as zero.
func blocks(size, unit int) int64 {
	if size <= 0 {
		return 1
	}
	return int64((size-1)/unit + 1)
}

// fromHalves turns a count of half units into the float64 DynamoDB reports.
// Every multiple of 0.5 up to 2^52 is exact in a float64, so nothing is
// lost; the arithmetic before this point is integer.
func fromHalves(h int64) float64 { return float64(h) / 2 }

// ReadUnits is the cost of reading one item of size bytes (GetItem, each key
// of a BatchGetItem, each item of TransactGetItems): ceil(size/4 KB) blocks,
// at least one, times 0.5 (Eventual), 1 (Strong) or 2 (Transactional).
func ReadUnits(size int, mode ReadMode) float64 {
	return fromHalves(blocks(size, ReadUnitBytes) * mode.halves())
}

// QueryReadUnits is the cost of a Query or Scan page that read totalSize
// bytes of items (before any filter): the sizes are summed first and the
// total is rounded up once, so ten items totalling 40.8 KB cost 11 units,
// not 10 × 1. An empty page still costs one block.
func QueryReadUnits(totalSize int, mode ReadMode) float64 {
	return ReadUnits(totalSize, mode)
}

// WriteUnits is the cost of writing (or deleting) one item of size bytes:
// ceil(size/1 KB), at least one, doubled inside TransactWriteItems.
func WriteUnits(size int, transactional bool) float64 {
	h := blocks(size, WriteUnitBytes) * 2
	if transactional {
		h *= 2
	}
	return fromHalves(h)
}

// WriteCostOfChange is the cost of a PutItem or UpdateItem that turns an item
// of oldSize bytes into one of newSize bytes: the units of the larger of the
// two (guide). Pass 0 for an item that did not exist.
func WriteCostOfChange(oldSize, newSize int) float64 {
	return WriteUnits(max(oldSize, newSize), false)
}
