//go:build invariants

package engine

// invariantsEnabled turns on the after-write checks of invariants.go. The
// Makefile's test target builds with -tags invariants; production builds do
// not pay for them.
const invariantsEnabled = true
