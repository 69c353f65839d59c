package sharestore

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/model"
)

// Store keeps shared model documents by id.
type Store interface {
	// Put validates doc, stores its canonical form durably and returns its
	// id. Storing a document that is already there changes nothing and
	// returns the same id. A document that is not a valid model is an
	// *InvalidError, one over MaxDocument a *TooLargeError.
	Put(ctx context.Context, doc []byte) (id string, err error)
	// Get returns the canonical document stored under id, or ErrNotFound.
	Get(ctx context.Context, id string) ([]byte, error)
	// Close releases the store.
	Close() error
}

// MaxDocument is the largest document a store takes, in bytes, as sent: a
// model with its design and a sample dataset
// fits with room to spare, and the bound keeps one share from filling the
// disk or the server's memory.
const MaxDocument = 1 << 20

// MaxCanonical bounds a document's canonical form, which may be longer
// than the document sent (members left at their defaults are spelled out):
// the limit a sender sees is MaxDocument, on what they sent.
const MaxCanonical = 2 * MaxDocument

// IDLength is the length of a share id: 18 bytes of SHA-256, base64url.
const IDLength = 24

// ErrNotFound: no share has that id.
var ErrNotFound = errors.New("no shared model has this id")

// TooLargeError is a document over MaxDocument.
type TooLargeError struct {
	Size, Limit int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the model is %d bytes, over the %d bytes a share may hold", e.Size, e.Limit)
}

// InvalidError is a document that is not a valid model; Err is
// model.Parse's error.
type InvalidError struct {
	Err error
}

func (e *InvalidError) Error() string { return "not a valid model: " + e.Err.Error() }
func (e *InvalidError) Unwrap() error { return e.Err }

// Canonical parses and validates doc and returns its canonical form
// (model.Marshal of the parsed, migrated model) and the id it is stored
// under.
func Canonical(doc []byte) (canon []byte, id string, err error) {
	if len(doc) > MaxDocument {
		return nil, "", &TooLargeError{Size: len(doc), Limit: MaxDocument}
	}
	m, err := model.Parse(doc)
	if err != nil {
		return nil, "", &InvalidError{Err: err}
	}
	canon, err = model.Marshal(m)
	if err != nil {
		return nil, "", &InvalidError{Err: err}
	}
	if len(canon) > MaxCanonical {
		return nil, "", &TooLargeError{Size: len(canon), Limit: MaxCanonical}
	}
	return canon, ID(canon), nil
}

// ID returns the id of a canonical document.
func ID(canon []byte) string {
	sum := sha256.Sum256(canon)
	return base64.RawURLEncoding.EncodeToString(sum[:IDLength/4*3])
}

// ValidID reports whether id has the form of a share id. Stores look up
// nothing else, so a malformed id never reaches a database.
func ValidID(id string) bool {
	if len(id) != IDLength {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// verify checks a stored document against the id it was read under, so
// that a damaged store answers an error rather than another model.
func verify(id string, doc []byte) error {
	if ID(doc) != id {
		return fmt.Errorf("shared model %s is damaged in the store (its content no longer matches its id)", id)
	}
	return nil
}

// BoltFile is the name of the embedded database in the data folder.
const BoltFile = "share.db"

// openTimeout bounds creating the DynamoDB table when Open is used.
const openTimeout = 5 * time.Minute

// Open returns the store spec names:
//
//   - "" or "bolt": the embedded database BoltFile in dataDir (created
//     with the folder when absent);
//   - "dynamodb://TABLE?endpoint=URL&region=R": a DynamoDB table, created
//     when absent; endpoint and region are optional (the SDK's defaults:
//     AWS itself, AWS_REGION).
func Open(spec, dataDir string) (Store, error) {
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	return OpenContext(ctx, spec, dataDir)
}

// OpenContext is Open with a context for the DynamoDB store's set-up.
func OpenContext(ctx context.Context, spec, dataDir string) (Store, error) {
	switch {
	case spec == "" || spec == "bolt":
		if dataDir == "" {
			return nil, errors.New("share store: no data folder for the embedded store (-data)")
		}
		return OpenBolt(filepath.Join(dataDir, BoltFile))
	case strings.HasPrefix(spec, "dynamodb://"):
		table, endpoint, region, err := ParseDynamoDBSpec(spec)
		if err != nil {
			return nil, err
		}
		return OpenDynamoDB(ctx, table, endpoint, region)
	}
	return nil, fmt.Errorf("share store %q: expected \"bolt\" (the default, in -data) or dynamodb://TABLE?endpoint=URL&region=R", spec)
}

// ParseDynamoDBSpec reads "dynamodb://TABLE?endpoint=URL&region=R".
func ParseDynamoDBSpec(spec string) (table, endpoint, region string, err error) {
	u, err := url.Parse(spec)
	if err != nil {
		return "", "", "", fmt.Errorf("share store %q: %v", spec, err)
	}
	if u.Scheme != "dynamodb" || u.Host == "" || (u.Path != "" && u.Path != "/") || u.User != nil || u.Fragment != "" {
		return "", "", "", fmt.Errorf("share store %q: expected dynamodb://TABLE?endpoint=URL&region=R", spec)
	}
	q := u.Query()
	for k := range q {
		if k != "endpoint" && k != "region" {
			return "", "", "", fmt.Errorf("share store %q: unknown parameter %q (endpoint, region)", spec, k)
		}
	}
	table = u.Host
	if !validTableName(table) {
		return "", "", "", fmt.Errorf("share store %q: %q is not a DynamoDB table name (3 to 255 of a-z A-Z 0-9 _ - .)", spec, table)
	}
	return table, q.Get("endpoint"), q.Get("region"), nil
}

func validTableName(s string) bool {
	if len(s) < 3 || len(s) > 255 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}
