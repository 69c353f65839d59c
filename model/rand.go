package model

import "github.com/dynamodb-workbench/workbench/model/gen"

// Rand is the random source of dataset generators (gen.Rand: SplitMix64,
// the same values on every platform and Go release).
type Rand = gen.Rand

// NewRand returns a source seeded with seed and a stream number, so that
// two generators with the same seed can draw independent values.
func NewRand(seed int64, stream uint64) *Rand { return gen.NewRand(seed, stream) }

// Pick returns a random element of list.
func Pick[T any](r *Rand, list []T) T { return gen.Pick(r, list) }

// Lorem returns n characters of lorem-ipsum words.
func Lorem(r *Rand, n int) string { return gen.Lorem(r, n) }

// Slab hands out the bytes of strings written once (gen.Slab).
type Slab = gen.Slab

// LoremIn is Lorem with its text in s.
func LoremIn(s *Slab, r *Rand, n int) string { return gen.LoremIn(s, r, n) }

// UUID returns a random UUID in the version-4 layout.
func UUID(r *Rand) string { return gen.UUID(r) }
