package attr

// Size returns the number of bytes DynamoDB counts for v towards the item
// size (data-types-and-limits.md §6):
//
//	S            UTF-8 length
//	N            Number.Size (base-100 digit pairs + exponent byte [+ sign byte])
//	B            length of the raw (decoded) bytes
//	BOOL, NULL   1
//	SS, NS, BS   sum of the element sizes
//	L            3 + Σ (size(element) + 1)
//	M            3 + Σ (UTF-8 length of key + size(value) + 1)
//
// A nil Value has size 0.
func Size(v Value) int {
	switch x := v.(type) {
	case String:
		return len(x)
	case Number:
		return x.Size()
	case Binary:
		return len(x)
	case Bool, Null:
		return 1
	case StringSet:
		n := 0
		for _, s := range x {
			n += len(s)
		}
		return n
	case NumberSet:
		n := 0
		for _, e := range x {
			n += e.Size()
		}
		return n
	case BinarySet:
		n := 0
		for _, b := range x {
			n += len(b)
		}
		return n
	case List:
		n := 3
		for _, e := range x {
			n += Size(e) + 1
		}
		return n
	case Map:
		n := 3
		for k, e := range x {
			n += len(k) + Size(e) + 1
		}
		return n
	}
	return 0
}

// AttributeSize is the size of one top-level attribute: the UTF-8 length of
// its name plus the size of its value.
func AttributeSize(name string, v Value) int { return len(name) + Size(v) }

// ItemSize is the size of a whole item, the figure DynamoDB compares with its
// 400 KB limit and rounds for capacity units: the sum of AttributeSize over
// the attributes. {"shirt-color":"R","shirt-size":"M"} is 23 bytes.
func ItemSize(it Item) int {
	n := 0
	for k, v := range it {
		n += len(k) + Size(v)
	}
	return n
}
