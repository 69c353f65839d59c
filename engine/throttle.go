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
// provisioned table (on-demand tables: see below), and every GSI with its own provisioned throughput, gets
// a partition.Layout built from its throughput and its data, and each
// partition a pair of token buckets (reads and writes) refilled at the
// partition's share and banking 300 s of unused capacity (burst), plus a
// pair of one-second buckets at the partition ceilings (3,000 RCU and 1,000
// WCU), which burst never lifts a partition above. A request draws its
// capacity units from the partition owning its partition-key hash (the
// first 8 bytes of the tree key); one that does not fit fails with
// ProvisionedThroughputExceededException and changes nothing.
//
// On-demand tables and their GSIs (each its own) are throttled too: a
// layout from partition.New in on-demand mode (NewOnDemand's 4 partitions,
// more if the data needs them; a table switched from provisioned keeps its
// provisioned layout, partition.SwitchToOnDemand) gives each partition a
// pair of one-second buckets at the ceilings (3,000 RRU, 1,000 WRU), and
// the table a pair of one-second buckets at twice its previous peak (a new
// table's previous peak is 6,000 RRU + 2,000 WRU, so 12,000 RRU / 4,000
// WRU at once). The units served are counted per second of the engine's
// clock; when a second with traffic is over, partition's ObservePeak takes
// them: a new peak raises the table's buckets to twice it at once (the
// increase is available immediately) and may double the partitions, whose
// children inherit their parent's ceiling balance. A request that does not
// fit fails with ThrottlingException (the on-demand auto-scaling message)
// and changes nothing. Simplifications: the peak counts served units, not
// throttled ones, so the allowance can at most double per second; a new
// peak counts at the end of its second, not after the up to 30 minutes
// DynamoDB may take (the simulator's PeakLag is not modelled); there is no
// OnDemandThroughput cap, no account quota (RequestLimitExceeded) and no
// "linear mix" of reads and writes (each dimension is limited on its own).
//
// Limits of this first version:
//   - TTL deletions are not throttled (they are free on DynamoDB). A
//     transaction draws twice its writes' units, all or nothing, and is
//     cancelled on the first action that does not fit, with reason
//     ProvisionedThroughputExceeded (ThrottlingError on demand).
//   - A conditional write whose condition fails draws nothing.
//   - A Scan page draws on the partition its range starts in (a DynamoDB
//     scan page reads one partition at a time; the engine's may span more).
//   - No adaptive capacity and no split for heat or for size while the
//     table lives: the layout is built from the data the table holds when
//     throttling first sees it, and changes only with UpdateTable.
//   - A request larger than a partition's whole bucket (a 400 KB write on a
//     1 WCU table) is admitted when the bucket is full and empties it
//     (inferred; DynamoDB does serve such writes).

// errThroughputExceeded is the exception a throttled request on a
// provisioned table gets.
func errThroughputExceeded() *Error {
	return Errorf(CodeProvisionedThroughputExceeded, "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.")
}

// onDemandThrottledMessage is DynamoDB's message for on-demand throttling
// (capacity-and-partitions.md §5).
const onDemandThrottledMessage = "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html"

// errOnDemandThrottled is the exception a throttled request on an on-demand
// table or GSI gets.
func errOnDemandThrottled() *Error {
	return &Error{Code: CodeThrottling, Message: onDemandThrottledMessage}
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

// tableBuckets are one table's buckets: the base table's and its GSIs',
// provisioned and on demand (both kept across mode switches).
type tableBuckets struct {
	base  *layoutBuckets // nil until the table is first seen provisioned
	gsi   map[*index]*layoutBuckets
	od    *layoutBuckets // nil until the table is first seen on demand
	odGSI map[*index]*layoutBuckets
}

// layoutBuckets is one table's or GSI's layout and its partitions' buckets,
// in hash order.
type layoutBuckets struct {
	layout      *partition.Layout
	rcu, wcu    float64            // provisioned: the throughput the layout was built for
	read, write []*capacity.Bucket // provisioned: the partitions' shares; nil on demand
	readCeil    []*capacity.Bucket
	writeCeil   []*capacity.Bucket

	// On demand: the table's one-second buckets at twice the previous peak,
	// and the units served in the clock second sec.
	tableRead, tableWrite *capacity.Bucket
	sec                   int64
	servedR, servedW      float64
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

// newOnDemandBuckets builds the layout of an on-demand table or GSI holding
// bytes, or, when from (its provisioned buckets) is given, from's layout
// switched to on demand; nil if the model refuses it.
func newOnDemandBuckets(from *layoutBuckets, bytes int64, now time.Time) *layoutBuckets {
	var l *partition.Layout
	if from != nil {
		l = from.layout.Clone()
		if _, err := l.SwitchToOnDemand(); err != nil {
			l = nil
		}
	}
	if l == nil {
		var err error
		if l, err = partition.New(partition.Spec{Mode: partition.OnDemand, SizeGB: float64(bytes) / partition.GB}); err != nil {
			return nil
		}
	}
	lb := &layoutBuckets{layout: l, sec: now.Unix()}
	lb.tableRead = capacity.NewBucket(l.RCU(), 0, now)
	lb.tableWrite = capacity.NewBucket(l.WCU(), 0, now)
	for range l.Len() {
		lb.readCeil = append(lb.readCeil, capacity.NewBucket(partition.PartitionRCU, 0, now))
		lb.writeCeil = append(lb.writeCeil, capacity.NewBucket(partition.PartitionWCU, 0, now))
	}
	return lb
}

// tick starts the clock second of now on an on-demand layout: the units
// served in the last second with traffic go to ObservePeak, and a new peak
// raises the table's buckets (and may double the partitions).
func (lb *layoutBuckets) tick(now time.Time) {
	sec := now.Unix()
	if sec == lb.sec {
		return
	}
	r, w := lb.servedR, lb.servedW
	lb.sec, lb.servedR, lb.servedW = sec, 0, 0
	if r == 0 && w == 0 {
		return
	}
	old := lb.layout.Partitions()
	if _, rose := lb.layout.ObservePeak(r, w); !rose {
		return
	}
	lb.tableRead = raise(lb.tableRead, lb.layout.RCU(), now)
	lb.tableWrite = raise(lb.tableWrite, lb.layout.WCU(), now)
	parts := lb.layout.Partitions()
	if len(parts) == len(old) {
		return
	}
	readCeil, writeCeil := lb.readCeil, lb.writeCeil
	lb.readCeil, lb.writeCeil = nil, nil
	j := 0
	for _, p := range parts {
		for j+1 < len(old) && old[j+1].Lo <= p.Lo {
			j++
		}
		lb.readCeil = append(lb.readCeil, raise(readCeil[j], partition.PartitionRCU, now))
		lb.writeCeil = append(lb.writeCeil, raise(writeCeil[j], partition.PartitionWCU, now))
	}
}

// raise returns a new one-second bucket at rate that keeps b's deficit at
// now: what b lacks of its rate, the new bucket lacks of its own.
func raise(b *capacity.Bucket, rate float64, now time.Time) *capacity.Bucket {
	nb := capacity.NewBucket(rate, 0, now)
	nb.Take(now, max(b.Rate()-b.Balance(now), 0))
	return nb
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
	if t.def.EffectiveBillingMode() != schema.BillingProvisioned {
		return d.onDemandBuckets(t, tb, ix, now)
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

// onDemandBuckets is buckets for an on-demand table or GSI: built on first
// sight (from the provisioned layout if the table was provisioned before),
// its clock second brought up to now.
func (d *Database) onDemandBuckets(t *table, tb *tableBuckets, ix *index, now time.Time) *layoutBuckets {
	if ix == nil {
		if tb.od == nil {
			tb.od = newOnDemandBuckets(tb.base, t.bytes, now)
		}
		if tb.od != nil {
			tb.od.tick(now)
		}
		return tb.od
	}
	if !ix.global {
		return nil // LSIs draw on the table's capacity
	}
	lb, ok := tb.odGSI[ix]
	if !ok {
		if tb.odGSI == nil {
			tb.odGSI = map[*index]*layoutBuckets{}
		}
		for old := range tb.odGSI { // forget dropped indexes
			if t.indexes[old.name] != old {
				delete(tb.odGSI, old)
			}
		}
		lb = newOnDemandBuckets(tb.gsi[ix], ix.bytes, now)
		tb.odGSI[ix] = lb
	}
	if lb != nil {
		lb.tick(now)
	}
	return lb
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

// demand is what one request draws: units per bucket, and per on-demand
// layout the read and write units it serves (for its peak).
type demand struct {
	units  map[*capacity.Bucket]float64
	served map[*layoutBuckets][2]float64
}

func newDemand() *demand {
	return &demand{units: map[*capacity.Bucket]float64{}}
}

// add books units on the partition of lb owning hash (and, on demand, on
// the table's bucket).
func (dm *demand) add(lb *layoutBuckets, hash uint64, units float64, write bool) {
	if lb == nil || units <= 0 {
		return
	}
	i := lb.layout.Locate(hash)
	if write {
		if lb.write != nil {
			dm.units[lb.write[i]] += units
		}
		dm.units[lb.writeCeil[i]] += units
	} else {
		if lb.read != nil {
			dm.units[lb.read[i]] += units
		}
		dm.units[lb.readCeil[i]] += units
	}
	if lb.tableRead == nil {
		return
	}
	if dm.served == nil {
		dm.served = map[*layoutBuckets][2]float64{}
	}
	s := dm.served[lb]
	if write {
		dm.units[lb.tableWrite] += units
		s[1] += units
	} else {
		dm.units[lb.tableRead] += units
		s[0] += units
	}
	dm.served[lb] = s
}

// take draws the whole demand at now, or nothing if any bucket falls short.
func (dm *demand) take(now time.Time) bool {
	if !dm.fits(now) {
		return false
	}
	for b, units := range dm.units {
		b.Take(now, min(units, b.Capacity()))
	}
	for lb, s := range dm.served {
		lb.servedR += s[0]
		lb.servedW += s[1]
	}
	return true
}

// err is the exception for a demand that does not fit: ThrottlingException
// when it draws on an on-demand table or GSI, else
// ProvisionedThroughputExceededException.
func (dm *demand) err() *Error {
	if len(dm.served) > 0 {
		return errOnDemandThrottled()
	}
	return errThroughputExceeded()
}

// admitWrite draws a prepared write's units: the table's (with its LSIs',
// which DynamoDB draws from the table) from the partition owning the item's
// key, each GSI's from the GSI partition owning the entry it removes or
// stores. It returns ProvisionedThroughputExceededException (on demand,
// ThrottlingException), having drawn nothing, when they do not fit. The caller holds the writer lock.
func (d *Database) admitWrite(t *table, w *write) *Error {
	if !d.throttle.on.Load() {
		return nil
	}
	d.throttle.mu.Lock()
	defer d.throttle.mu.Unlock()
	now := d.clock.Now()
	dm := newDemand()
	d.addWrite(dm, t, w, 1, now)
	if !dm.take(now) {
		return dm.err()
	}
	return nil
}

// addWrite books a prepared write's units, times factor (2 in a
// transaction), on the buckets that pay for them. The caller holds the
// throttler's lock.
func (d *Database) addWrite(dm *demand, t *table, w *write, factor float64, now time.Time) {
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
func (dm *demand) fits(now time.Time) bool {
	for b, units := range dm.units {
		if b.Balance(now) < min(units, b.Capacity()) {
			return false
		}
	}
	return true
}

// admitTransaction draws the capacity of a transaction's writes (twice a
// plain write's), all or nothing. It returns the index of the first action
// that does not fit, or -1. The caller holds the writer lock.
func (d *Database) admitTransaction(actions []txAction) (int, *CancellationReason) {
	if !d.throttle.on.Load() {
		return -1, nil
	}
	d.throttle.mu.Lock()
	defer d.throttle.mu.Unlock()
	now := d.clock.Now()
	dm := newDemand()
	for i, a := range actions {
		if a.check {
			continue
		}
		d.addWrite(dm, a.t, a.w, 2, now)
		if !dm.fits(now) {
			// The reason codes of the API model: ThrottlingError on demand,
			// ProvisionedThroughputExceeded on provisioned capacity.
			err := dm.err()
			code := "ProvisionedThroughputExceeded"
			if err.Code == CodeThrottling {
				code = "ThrottlingError"
			}
			return i, &CancellationReason{Code: code, Message: err.Message}
		}
	}
	dm.take(now)
	return -1, nil
}

// admitRead draws units read from the table (ix nil) or an index at the
// partition owning hash, or returns ProvisionedThroughputExceededException
// (on demand, ThrottlingException).
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
	dm := newDemand()
	dm.add(d.buckets(t, ix, now), hash, units, false)
	if !dm.take(now) {
		return dm.err()
	}
	return nil
}

// admitPage draws a Query or Scan page's units (as output charges them) at
// the partition owning hash.
func (d *Database) admitPage(s *readSource, pg page, consistent bool, hash uint64) *Error {
	if !d.throttle.on.Load() {
		return nil
	}
	units := pg.units(consistent)
	if s.ix != nil && !s.ix.global {
		units += s.fetched
	}
	return d.admitRead(s.t, s.ix, hash, units)
}
