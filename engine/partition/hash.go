package partition

import (
	"crypto/md5" // a key hash, not a security measure
	"encoding/binary"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// HashKey64 is the partition hash of an encoded partition key (one or
// several attr.AppendKey encodings): the first 8 bytes of the MD5 of
// "Outliers" followed by the bytes DynamoDB is understood to hash
// (attr.AppendHashInput), read big-endian. That is dynalite's reading of
// DynamoDB's hash, and it reproduces the Scan orders and parallel-scan
// segments dynalite's suite records from DynamoDB (its test/scan.js: the
// keys "2", "8", "9", "1", ... and 7, 999.9, 8, ... in that order; S "3635"
// in segment 0 of 4096, N 2388 in segment 4095). DynamoDB does not
// document its hash. Bytes that are not such an encoding are hashed as
// they are.
//
// The engine stores items by this hash (its hashKey64 calls it; a test
// pins the values), so items loaded in the engine and keys named in a
// workload land on the same partitions.
func HashKey64(encoded []byte) uint64 {
	var buf [96]byte
	in := append(buf[:0], hashSalt...)
	if b, ok := attr.AppendHashInput(in, encoded); ok {
		in = b
	} else {
		in = append(in[:len(hashSalt)], encoded...)
	}
	sum := md5.Sum(in)
	return binary.BigEndian.Uint64(sum[:8])
}

// hashSalt is the prefix of every hashed key.
const hashSalt = "Outliers"

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
