package engine

import (
	"sync"
	"sync/atomic"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Throttle mode: the engine enforces the modelled capacity on live
// requests (issue 5). It is off by default. When it is on, every
// provisioned table, and every GSI with its own provisioned throughput, gets
// a partition.Layout built from its throughput and its data, and each
// partition a pair of token buckets (reads and writes) refilled at the
// partition's share and banking 300 s of unused capacity (burst), plus a
// pair of one-second buckets at the partition ceilings (3,000 RCU and 1,000
// WCU), which burst never lifts a partition above. A request draws its
// capacity units from the partition owning its partition-key hash (the
// first 8 bytes of the tree key); one that does not fit fails with
// ProvisionedThroughputExceededException and changes nothing.
//
// Limits of this first version:
//   - On-demand tables and GSIs are not throttled.
//   - TTL deletions are not throttled (they are free on DynamoDB). A
//     transaction draws twice its writes' units, all or nothing, and is
//     cancelled with ProvisionedThroughputExceeded on the first action that
//     does not fit.
//   - A conditional write whose condition fails draws nothing.
//   - A Scan page draws on the partition its range starts in (a DynamoDB
//     scan page reads one partition at a time; the engine's may span more).
//   - No adaptive capacity and no split for heat or for size while the
//     table lives: the layout is built from the data the table holds when
//     throttling first sees it, and changes only with UpdateTable.
//   - A request larger than a partition's whole bucket (a 400 KB write on a
//     1 WCU table) is admitted when the bucket is full and empties it
//     (inferred; DynamoDB does serve such writes).

// errThroughputExceeded is the exception a throttled request gets.
func errThroughputExceeded() *Error {
	return Errorf(CodeProvisionedThroughputExceeded, "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.")
}

// SetThrottling turns throttle mode on or off on a running database.
// Buckets already built keep their balance.
func (d *Database) SetThrottling(on bool) { d.throttle.on.Store(on) }

// Throttling reports whether throttle mode is on.
func (d *Database) Throttling() bool { return d.throttle.on.Load() }

// throttler holds the buckets of throttle mode. Its own lock guards them, so
// that readers, which share the database lock, can draw on them.
type throttler struct {
	on     atomic.Bool
	mu     sync.Mutex
	tables map[*table]*tableBuckets
}

// tableBuckets are one table's buckets: the base table's and its GSIs'.
type tableBuckets struct {
	base *layoutBuckets // nil until the table is first seen provisioned
	gsi  map[*index]*layoutBuckets
}

// layoutBuckets is one table's or GSI's layout and its partitions' buckets,
// in hash order.
type layoutBuckets struct {
	layout      *partition.Layout
	rcu, wcu    float64 // the throughput the layout was built for
	read, write []*capacity.Bucket
	readCeil    []*capacity.Bucket
	writeCeil   []*capacity.Bucket
}

// throughputOf returns provisioned throughput as figures, and false when
// there is none.
func throughputOf(pt *schema.ProvisionedThroughput) (rcu, wcu float64, ok bool) {
	if pt == nil || pt.ReadCapacityUnits == nil || pt.WriteCapacityUnits == nil {
		return 0, 0, false
	}
	return float64(*pt.ReadCapacityUnits), float64(*pt.WriteCapacityUnits), true
}

// newLayoutBuckets builds the layout of a provisioned table or GSI holding
// bytes, and full-share buckets that start at start (the table's creation:
// the time since then is banked, up to 300 s).
func newLayoutBuckets(rcu, wcu float64, bytes int64, start time.Time) *layoutBuckets {
	l, err := partition.New(partition.Spec{Mode: partition.Provisioned, RCU: rcu, WCU: wcu, SizeGB: float64(bytes) / partition.GB})
	if err != nil {
		return nil // throughput the model refuses: not throttled
	}
	lb := &layoutBuckets{layout: l, rcu: rcu, wcu: wcu}
	for _, p := range l.Partitions() {
		lb.add(p, start, -1, -1)
	}
	return lb
}

// add appends partition p's buckets, starting at now. A non-negative read
// or write balance is the burst it inherits: the bucket is started that
// many seconds of refill earlier, so its first use finds that balance.
func (lb *layoutBuckets) add(p partition.Partition, now time.Time, readBal, writeBal float64) {
	bucket := func(rate, bal float64) *capacity.Bucket {
		if bal > rate && rate > 0 {
			return capacity.NewBucket(rate, capacity.BurstWindow, now.Add(-time.Duration((bal-rate)/rate*float64(time.Second))))
		}
		b := capacity.NewBucket(rate, capacity.BurstWindow, now)
		if bal >= 0 {
			b.Take(now, rate-bal) // less than a second's allotment
		}
		return b
	}
	lb.read = append(lb.read, bucket(p.RCU, readBal))
	lb.write = append(lb.write, bucket(p.WCU, writeBal))
	lb.readCeil = append(lb.readCeil, capacity.NewBucket(partition.PartitionRCU, 0, now))
	lb.writeCeil = append(lb.writeCeil, capacity.NewBucket(partition.PartitionWCU, 0, now))
}

// resize follows a throughput change (UpdateTable) at now: the layout's
// SetThroughput rescales every share and doubles the partitions if they
// cannot carry the new throughput (they never merge). Unchanged partitions
// keep their buckets at the new rate; new partitions inherit their
// parent's balance in proportion to the range they take over.
func (lb *layoutBuckets) resize(rcu, wcu float64, now time.Time) {
	old := lb.layout.Partitions()
	if _, err := lb.layout.SetThroughput(rcu, wcu); err != nil {
		return
	}
	lb.rcu, lb.wcu = rcu, wcu
	parts := lb.layout.Partitions()
	if len(parts) == len(old) {
		for i, p := range parts {
			lb.read[i].SetRate(now, p.RCU)
			lb.write[i].SetRate(now, p.WCU)
		}
		return
	}
	read, write := lb.read, lb.write
	lb.read, lb.write, lb.readCeil, lb.writeCeil = nil, nil, nil, nil
	j := 0
	for _, p := range parts {
		for j+1 < len(old) && old[j+1].Lo <= p.Lo {
			j++
		}
		frac := p.RangeFraction() / old[j].RangeFraction()
		lb.add(p, now, read[j].Balance(now)*frac, write[j].Balance(now)*frac)
	}
}

// buckets returns the table's buckets (ix nil) or a GSI's, built or brought
// up to date with the definition; nil when it is not throttled. The caller
// holds the throttler's lock and at least the database's read lock.
func (d *Database) buckets(t *table, ix *index, now time.Time) *layoutBuckets {
	th := &d.throttle
	tb := th.tables[t]
	if tb == nil {
		if th.tables == nil {
			th.tables = map[*table]*tableBuckets{}
		}
		for old := range th.tables { // forget dropped tables
			if d.tables[old.def.TableName] != old {
				delete(th.tables, old)
			}
		}
		tb = &tableBuckets{}
		th.tables[t] = tb
	}
	// On-demand tables (and their GSIs) are not throttled in this version.
	if t.def.EffectiveBillingMode() != schema.BillingProvisioned {
		return nil
	}
	if ix == nil {
		tb.base = refresh(tb.base, t.def.ProvisionedThroughput, t.bytes, t.created, now)
		return active(tb.base, t.def.ProvisionedThroughput)
	}
	if !ix.global {
		return nil // LSIs draw on the table's capacity
	}
	if _, ok := tb.gsi[ix]; !ok {
		if tb.gsi == nil {
			tb.gsi = map[*index]*layoutBuckets{}
		}
		for old := range tb.gsi { // forget dropped indexes
			if t.indexes[old.name] != old {
				delete(tb.gsi, old)
			}
		}
	}
	lb := refresh(tb.gsi[ix], ix.throughput, ix.bytes, t.created, now)
	tb.gsi[ix] = lb
	return active(lb, ix.throughput)
}

// active is lb when pt is provisioned throughput, else nil.
func active(lb *layoutBuckets, pt *schema.ProvisionedThroughput) *layoutBuckets {
	if _, _, ok := throughputOf(pt); !ok {
		return nil
	}
	return lb
}

// refresh builds lb for provisioned throughput pt, or brings it up to date
// with it; nil when there is no provisioned throughput.
func refresh(lb *layoutBuckets, pt *schema.ProvisionedThroughput, bytes int64, created, now time.Time) *layoutBuckets {
	rcu, wcu, ok := throughputOf(pt)
	switch {
	case !ok:
		return lb // kept: the partitions stay if the mode switches back
	case lb == nil:
		return newLayoutBuckets(rcu, wcu, bytes, created)
	case lb.rcu != rcu || lb.wcu != wcu:
		lb.resize(rcu, wcu, now)
	}
	return lb
}

// throttleResync brings a table's buckets up to date with its definition at
// once (UpdateTable), so that the new rates count from the update. The
// caller holds the writer lock.
func (d *Database) throttleResync(t *table) {
	if !d.throttle.on.Load() {
		return
	}
	d.throttle.mu.Lock()
	defer d.throttle.mu.Unlock()
	now := d.clock.Now()
	d.buckets(t, nil, now)
	for _, ix := range t.indexOrder {
		if ix.global {
			d.buckets(t, ix, now)
		}
	}
}

// demand is what one request draws: units per bucket.
type demand map[*capacity.Bucket]float64

// add books units on the partition of lb owning hash.
func (dm demand) add(lb *layoutBuckets, hash uint64, units float64, write bool) {
	if lb == nil || units <= 0 {
		return
	}
	i := lb.layout.Locate(hash)
	if write {
		dm[lb.write[i]] += units
		dm[lb.writeCeil[i]] += units
	} else {
		dm[lb.read[i]] += units
		dm[lb.readCeil[i]] += units
	}
}

// take draws the whole demand at now, or nothing if any bucket falls short.
func (dm demand) take(now time.Time) bool {
	if !dm.fits(now) {
		return false
	}
	for b, units := range dm {
		b.Take(now, min(units, b.Capacity()))
	}
	return true
}

// admitWrite draws a prepared write's units: the table's (with its LSIs',
// which DynamoDB draws from the table) from the partition owning the item's
// key, each GSI's from the GSI partition owning the entry it removes or
// stores. It returns ProvisionedThroughputExceededException, having drawn
// nothing, when they do not fit. The caller holds the writer lock.
func (d *Database) admitWrite(t *table, w *write) *Error {
	if !d.throttle.on.Load() {
		return nil
	}
	d.throttle.mu.Lock()
	defer d.throttle.mu.Unlock()
	now := d.clock.Now()
	dm := demand{}
	d.addWrite(dm, t, w, 1, now)
	if !dm.take(now) {
		return errThroughputExceeded()
	}
	return nil
}

// addWrite books a prepared write's units, times factor (2 in a
// transaction), on the buckets that pay for them. The caller holds the
// throttler's lock.
func (d *Database) addWrite(dm demand, t *table, w *write, factor float64, now time.Time) {
	units := capacity.WriteUnits(max(w.oldSize(), w.size), false)
	for _, op := range w.indexOps {
		if !op.ix.global {
			units += op.units
			continue
		}
		lb := d.buckets(t, op.ix, now)
		switch {
		case op.remove != "" && op.put != nil:
			dm.add(lb, pivot(op.remove).hash, factor*capacity.WriteUnits(op.oldSize, false), true)
			dm.add(lb, op.put.hash, factor*capacity.WriteUnits(op.newSize, false), true)
		case op.put != nil:
			dm.add(lb, op.put.hash, factor*op.units, true)
		default:
			dm.add(lb, pivot(op.remove).hash, factor*op.units, true)
		}
	}
	dm.add(d.buckets(t, nil, now), pivot(w.key).hash, factor*units, true)
}

// fits reports whether the whole demand can be drawn at now.
func (dm demand) fits(now time.Time) bool {
	for b, units := range dm {
		if b.Balance(now) < min(units, b.Capacity()) {
			return false
		}
	}
	return true
}

// admitTransaction draws the capacity of a transaction's writes (twice a
// plain write's), all or nothing. It returns the index of the first action
// that does not fit, or -1. The caller holds the writer lock.
func (d *Database) admitTransaction(actions []txAction) int {
	if !d.throttle.on.Load() {
		return -1
	}
	d.throttle.mu.Lock()
	defer d.throttle.mu.Unlock()
	now := d.clock.Now()
	dm := demand{}
	for i, a := range actions {
		if a.check {
			continue
		}
		d.addWrite(dm, a.t, a.w, 2, now)
		if !dm.fits(now) {
			return i
		}
	}
	dm.take(now)
	return -1
}

// admitRead draws units read from the table (ix nil) or an index at the
// partition owning hash, or returns ProvisionedThroughputExceededException.
// An LSI read draws on the table. The caller holds the database lock.
func (d *Database) admitRead(t *table, ix *index, hash uint64, units float64) *Error {
	if !d.throttle.on.Load() {
		return nil
	}
	d.throttle.mu.Lock()
	defer d.throttle.mu.Unlock()
	now := d.clock.Now()
	if ix != nil && !ix.global {
		ix = nil
	}
	dm := demand{}
	dm.add(d.buckets(t, ix, now), hash, units, false)
	if !dm.take(now) {
		return errThroughputExceeded()
	}
	return nil
}

// admitPage draws a Query or Scan page's units (as output charges them) at
// the partition owning hash.
func (d *Database) admitPage(s *readSource, pg page, consistent bool, hash uint64) *Error {
	if !d.throttle.on.Load() {
		return nil
	}
	units := capacity.QueryReadUnits(pg.bytesRead, readMode(consistent))
	if s.ix != nil && !s.ix.global {
		units += s.fetched
	}
	return d.admitRead(s.t, s.ix, hash, units)
}
