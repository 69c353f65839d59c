package partition

import "github.com/dynamodb-workbench/workbench/engine/attr"

// HashKey64 is the partition hash of an encoded partition key: FNV-1a 64
// over the bytes, then the SplitMix64 finaliser so that nearby keys spread
// over the whole 64-bit space. The engine stores items by this hash (its
// hashKey64 calls it; a test pins the values), so items loaded in the engine
// and keys named in a workload land on the same partitions. DynamoDB's real hash is not public;
// any stable, well-spread hash gives the same shape.
func HashKey64(encoded []byte) uint64 {
	h := uint64(14695981039346656037) // FNV-1a 64 offset basis
	for _, c := range encoded {
		h ^= uint64(c)
		h *= 1099511628211 // FNV-1a 64 prime
	}
	// SplitMix64 finaliser.
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// HashKey hashes a partition-key value (S, N or B; several for a composite
// key of several attributes, in key-schema order) exactly as the engine does:
// each value through attr.AppendKey, then HashKey64.
func HashKey(values ...attr.Value) uint64 {
	var buf [64]byte
	enc := buf[:0]
	for _, v := range values {
		enc = attr.AppendKey(enc, v)
	}
	return HashKey64(enc)
}

// HashString is HashKey(attr.String(s)): the hash of a String partition key,
// which is what the simulator's key names are.
func HashString(s string) uint64 {
	var buf [64]byte
	return HashKey64(attr.AppendKey(buf[:0], attr.String(s)))
}
