package engine

import "sync"

// Database is an in-memory DynamoDB: tables, their items and indexes. Its
// methods are named after the API operations and take and return the API's
// shapes. One writer at a time (a single lock), as go-memdb does.
type Database struct {
	mu    sync.RWMutex
	clock Clock
}

// Option configures a Database.
type Option func(*Database)

// WithClock sets the clock the engine reads time from (default: the wall clock).
func WithClock(c Clock) Option { return func(d *Database) { d.clock = c } }

// New returns an empty database.
func New(opts ...Option) *Database {
	d := &Database{clock: SystemClock{}}
	for _, o := range opts {
		o(d)
	}
	return d
}
