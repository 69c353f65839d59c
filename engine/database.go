package engine

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Database is an in-memory DynamoDB: tables, their items and indexes. Its
// methods are named after the API operations and take and return the API's
// shapes. One writer at a time (a single lock), as go-memdb does; readers
// share the lock.
type Database struct {
	mu      sync.RWMutex
	clock   Clock
	region  string
	account string
	tables  map[string]*table
	seq     uint64 // table ids

	observers []func(Change)
	txTokens  map[string]txRecord
	streams   *streamRegistry    // DynamoDB Streams (streams.go); nil until one is enabled
	backups   map[string]*backup // on-demand backups by ARN (backup.go)
	backupSeq uint64
	policySeq uint64 // resource-policy revisions
	endpoint  string // DescribeEndpoints' address; "" for the regional one
	// streamBytes is the stream records' byte budget; 0 for the default
	// (streams_retention.go).
	streamBytes int64

	gsiDelay     time.Duration // how long a GSI lags its table
	backfillTime time.Duration // how long a GSI added by UpdateTable backfills

	collectionLimit int64         // the LSI item-collection size limit
	ttlDelay        time.Duration // how long an expired item waits for deletion
	// nextDue is the earliest time (Unix nanoseconds) at which delayed work
	// (GSI propagation, TTL deletion) falls due; 0 when none is waiting.
	nextDue atomic.Int64

	throttle throttler // throttle mode's buckets (throttle.go)

	// compactMin is the floor of dead arena space for compaction
	// (compact.go); tests lower it.
	compactMin int64
}

// Option configures a Database.
type Option func(*Database)

// WithClock sets the clock the engine reads time from (default: the wall clock).
func WithClock(c Clock) Option { return func(d *Database) { d.clock = c } }

// WithRegion sets the region and account that appear in ARNs.
func WithRegion(region, account string) Option {
	return func(d *Database) { d.region, d.account = region, account }
}

// WithGSIPropagationDelay makes every GSI lag its table by d, so that a
// read can miss a fresh write as it can on DynamoDB (default: none).
func WithGSIPropagationDelay(delay time.Duration) Option {
	return func(d *Database) { d.gsiDelay = delay }
}

// WithIndexBackfillTime sets how long a GSI added to a live table stays
// CREATING before it becomes ACTIVE (default: until the next operation):
// for the first half its resources are allocated and the table is
// UPDATING; for the second it backfills (Backfilling true) with the table
// ACTIVE again.
func WithIndexBackfillTime(delay time.Duration) Option {
	return func(d *Database) { d.backfillTime = delay }
}

// WithItemCollectionLimit lowers the LSI item-collection size limit
// (DynamoDB's is 10 GB), so that the limit can be shown on small data.
func WithItemCollectionLimit(bytes int64) Option {
	return func(d *Database) { d.collectionLimit = bytes }
}

// WithThrottling turns throttle mode on or off (default off): provisioned
// tables answer ProvisionedThroughputExceededException when a partition's
// share and burst are spent (throttle.go).
func WithThrottling(on bool) Option {
	return func(d *Database) { d.throttle.on.Store(on) }
}

// SetGSIPropagationDelay changes the GSI lag of a running database.
func (d *Database) SetGSIPropagationDelay(delay time.Duration) {
	d.mu.Lock()
	d.gsiDelay = delay
	d.mu.Unlock()
}

// noteDue records that delayed work falls due at t. The caller holds the
// writer lock.
func (d *Database) noteDue(t time.Time) {
	n := t.UnixNano()
	if cur := d.nextDue.Load(); cur == 0 || n < cur {
		d.nextDue.Store(n)
	}
}

// Tick performs the delayed work that is due by the clock's current time:
// GSI propagation and TTL deletions. Operations call it themselves; a
// driver of a virtual clock calls it after moving the clock.
func (d *Database) Tick() {
	due := d.nextDue.Load()
	if due == 0 || d.clock.Now().UnixNano() < due {
		return
	}
	d.mu.Lock()
	d.settleLocked()
	d.mu.Unlock()
}

// settleLocked performs all due delayed work and recomputes nextDue. The
// caller holds the writer lock.
func (d *Database) settleLocked() {
	now := d.clock.Now()
	d.nextDue.Store(0)
	for _, t := range d.tables {
		allocating := false
		for _, ix := range t.indexOrder {
			if ix.status == indexCreating {
				switch {
				case !now.Before(ix.readyAt):
					ix.status, ix.backfilling = indexActive, false
				case !now.Before(ix.backfillAt):
					ix.backfilling = true
					d.noteDue(ix.readyAt)
				default:
					allocating = true
					d.noteDue(ix.backfillAt)
				}
			}
			ix.settlePending(now)
			if len(ix.pending) > 0 {
				d.noteDue(ix.pending[0].due)
			}
		}
		// The table is UPDATING while a new index's resources are
		// allocated, ACTIVE again once it backfills (DynamoDB's guide:
		// other updates are allowed from then on).
		if t.status == statusUpdating && !allocating {
			t.status = statusActive
		}
		d.sweepTTL(t, now)
	}
}

// New returns an empty database.
func New(opts ...Option) *Database {
	d := &Database{
		clock:    SystemClock{},
		region:   "us-east-1",
		account:  "000000000000",
		tables:   map[string]*table{},
		txTokens: map[string]txRecord{},

		collectionLimit: schema.MaxItemCollectionBytes,
		compactMin:      defaultCompactMin,
	}
	for _, o := range opts {
		o(d)
	}
	return d
}

// Cause says who made a change: a user's request, or the service itself (a
// TTL deletion, recorded in streams under the dynamodb.amazonaws.com principal).
type Cause uint8

// Causes of a change.
const (
	CauseUser Cause = iota
	CauseTTL
)

// Change is one item-level change, recorded once and shared by streams, the
// TTL archive view and live highlighting. Before is nil for an insert, After
// nil for a delete. Index is empty for the base table.
type Change struct {
	Table  string
	Index  string
	Before attr.Item
	After  attr.Item
	Cause  Cause
	Time   time.Time
}

// Observe registers fn to be called, under the writer lock, with every
// change. fn must not call back into the Database.
func (d *Database) Observe(fn func(Change)) {
	d.mu.Lock()
	d.observers = append(d.observers, fn)
	d.mu.Unlock()
}

// record publishes a change to the observers. The caller holds the lock.
func (d *Database) record(c Change) {
	if len(d.observers) == 0 {
		return
	}
	c.Time = d.clock.Now()
	for _, fn := range d.observers {
		fn(c)
	}
}

// lookup finds a table by a data-plane TableName parameter (name or ARN).
// The caller holds the lock.
func (d *Database) lookup(param string) (*table, *Error) {
	t, ok := d.tables[tableNameFromParam(param)]
	if !ok || !t.matchesName(param) && param != t.def.TableName {
		return nil, Errorf(CodeResourceNotFound, "Requested resource not found")
	}
	return t, nil
}

// lookupControl finds a table for a control-plane call, whose not-found
// message names the table.
func (d *Database) lookupControl(param string) (*table, *Error) {
	t, ok := d.tables[tableNameFromParam(param)]
	if !ok {
		return nil, Errorf(CodeResourceNotFound, "Requested resource not found: Table: %s not found", param)
	}
	return t, nil
}

func (d *Database) tableArn(name string) string {
	return fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", d.region, d.account, name)
}
