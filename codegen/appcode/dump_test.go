package appcode

import (
	"os"
	"testing"
)

// TestDumpExports writes every pattern's exports into $APPCODE_DUMP (a
// debugging aid; skipped without it).
func TestDumpExports(t *testing.T) {
	dir := os.Getenv("APPCODE_DUMP")
	if dir == "" {
		t.Skip("set APPCODE_DUMP to a directory")
	}
	for _, l := range languages {
		exportAll(t, dir, l.info.Name)
	}
}
