package sharestore

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
)

// sharesBucket holds id -> canonical document.
var sharesBucket = []byte("shares")

// lockTimeout is how long OpenBolt waits for another process's lock on the
// file before saying the folder is in use.
const lockTimeout = time.Second

// Bolt is the embedded store: one bbolt file.
type Bolt struct {
	db *bolt.DB
}

var _ Store = (*Bolt)(nil)

// ErrInUse: another process holds the database file.
var ErrInUse = errors.New("the share store is in use by another process")

// OpenBolt opens (creating when absent) the bbolt database at path and its
// folder.
func OpenBolt(path string) (*Bolt, error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("share store: %w", err)
	}
	_, statErr := os.Stat(path)
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: lockTimeout})
	if errors.Is(err, bolt.ErrTimeout) {
		return nil, fmt.Errorf("share store %s: %w (another workbench running on the same -data?)", path, ErrInUse)
	}
	if err != nil {
		return nil, fmt.Errorf("share store %s: %w", path, err)
	}
	if os.IsNotExist(statErr) {
		// A new file's directory entry must reach the disk too, or a power
		// cut could lose the whole file along with its acknowledged shares.
		if err := syncDir(dir); err != nil {
			db.Close()
			return nil, fmt.Errorf("share store %s: %w", path, err)
		}
	}
	err = db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(sharesBucket)
		return err
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("share store %s: %w", path, err)
	}
	return &Bolt{db: db}, nil
}

// syncDir fsyncs a folder (a no-op where folders cannot be opened for it).
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// Path returns the database file's path.
func (s *Bolt) Path() string { return s.db.Path() }

// Put stores doc's canonical form. It returns after bbolt has committed
// the transaction, which fsyncs the file: the share survives a crash or a
// power cut from then on.
func (s *Bolt) Put(ctx context.Context, doc []byte) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	canon, id, err := Canonical(doc)
	if err != nil {
		return "", err
	}
	err = s.db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket(sharesBucket)
		if b.Get([]byte(id)) != nil {
			return nil // content-addressed: already stored, byte for byte
		}
		return b.Put([]byte(id), canon)
	})
	if err != nil {
		return "", fmt.Errorf("share store: %w", err)
	}
	return id, nil
}

// Get returns the document stored under id.
func (s *Bolt) Get(ctx context.Context, id string) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	var doc []byte
	err := s.db.View(func(tx *bolt.Tx) error {
		if v := tx.Bucket(sharesBucket).Get([]byte(id)); v != nil {
			doc = append([]byte(nil), v...) // v is valid only inside the transaction
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("share store: %w", err)
	}
	if doc == nil {
		return nil, ErrNotFound
	}
	if err := verify(id, doc); err != nil {
		return nil, err
	}
	return doc, nil
}

// Close closes the database file.
func (s *Bolt) Close() error { return s.db.Close() }
