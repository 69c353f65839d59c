package server

import (
	"bytes"
	"errors"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

func TestOpenShareStore(t *testing.T) {
	logger := log.New(io.Discard, "", 0)

	// Nothing configured: no store.
	opts := Options{Logger: logger}
	closeStore, err := OpenShareStore(&opts)
	if err != nil || opts.Store != nil {
		t.Fatalf("no -data: %v, %v", opts.Store, err)
	}
	closeStore()

	dir := filepath.Join(t.TempDir(), "a", "b")
	opts = Options{Logger: logger, DataDir: dir}
	closeStore, err = OpenShareStore(&opts)
	if err != nil || opts.Store == nil {
		t.Fatalf("-data: %v", err)
	}
	defer closeStore()
	if _, err := os.Stat(filepath.Join(dir, sharestore.BoltFile)); err != nil {
		t.Errorf("-data did not create the store: %v", err)
	}

	// The folder is in use: an error when given, a warning when implicit.
	second := Options{Logger: logger, DataDir: dir}
	if _, err := OpenShareStore(&second); !errors.Is(err, sharestore.ErrInUse) {
		t.Errorf("explicit -data in use: %v", err)
	}
	var logged bytes.Buffer
	implicit := Options{Logger: log.New(&logged, "", 0), DataDir: dir, DataDirImplicit: true}
	closeImplicit, err := OpenShareStore(&implicit)
	if err != nil || implicit.Store != nil || !strings.Contains(logged.String(), "without a share store") {
		t.Errorf("implicit folder in use: %v, store %v, log %q", err, implicit.Store, logged.String())
	}
	closeImplicit()

	bad := Options{Logger: logger, StoreSpec: "redis://x"}
	if _, err := OpenShareStore(&bad); err == nil {
		t.Error("-store redis://: no error")
	}
}

func TestDefaultDataDir(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_DATA_HOME", xdg)
	if got := DefaultDataDir(); got != filepath.Join(xdg, "dynamodb-workbench") {
		t.Errorf("with XDG_DATA_HOME: %q", got)
	}
	t.Setenv("XDG_DATA_HOME", "relative/path") // the spec says to ignore it
	if got := DefaultDataDir(); !filepath.IsAbs(got) && got != "data" {
		t.Errorf("with a relative XDG_DATA_HOME: %q", got)
	}
}
