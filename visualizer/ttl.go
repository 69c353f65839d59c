package visualizer

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Defaults of TimelineOptions.
const (
	DefaultTimelineWindow  = time.Hour
	DefaultTimelineBuckets = 60
	DefaultTimelineList    = 20
)

// TTLEvent is one deletion by the TTL sweeper, as the UI records it from
// the engine's changes (Cause TTL).
type TTLEvent struct {
	Key       string    // ItemKey of the item's primary key
	PK, SK    string    // its key values as text
	At        time.Time // clock time of the deletion
	ExpiredAt time.Time // the item's TTL; zero when unknown
}

// TimelineOptions chooses what TTLTimeline shows.
type TimelineOptions struct {
	// TTLAttribute is the table's TTL attribute; "" gives an empty view.
	TTLAttribute string
	// Now is the virtual clock.
	Now time.Time
	// Window is the span shown, from Now-Window/4 to Now+3*Window/4
	// (0: DefaultTimelineWindow).
	Window time.Duration
	// Deletes are the sweeper's deletions the UI recorded.
	Deletes []TTLEvent
	// Buckets is how many bars the window is cut into (0:
	// DefaultTimelineBuckets); List how many items Next, Awaiting and
	// Deleted hold (0: DefaultTimelineList).
	Buckets, List int
}

// TimelineView is the TTL picture of a table: what will expire, what has
// expired and waits for the sweeper, and what the sweeper deleted, with
// how long after expiry.
type TimelineView struct {
	TTLAttribute string
	// Now, Start and End place the window; BucketWidth is End-Start over
	// the number of buckets.
	Now, Start, End     time.Time
	Window, BucketWidth time.Duration

	// Items is the table's item count; WithTTL the items carrying the TTL
	// attribute, Ignored those among them whose value never expires (not
	// a Number, or more than five years in the past).
	Items, WithTTL, Ignored int
	// Expired counts the items whose TTL has passed that are still in the
	// table, awaiting deletion (ExpiredBefore of them expired before
	// Start); Upcoming the items expiring after Now within the window,
	// Later those after End.
	Expired, ExpiredBefore, Upcoming, Later int
	// Deletions counts the recorded deletions, DeletionsInWindow those in
	// the window; MeanLag and MaxLag are over the deletions whose expiry is
	// known.
	Deletions, DeletionsInWindow int
	MeanLag, MaxLag              time.Duration

	// Buckets cut the window in equal spans; MaxBucket is the largest
	// count of any bucket, for scaling bars.
	Buckets   []TimelineBucket
	MaxBucket int

	// Next are the items expiring soonest after Now; Awaiting the expired
	// items still present, longest expired first; Deleted the latest
	// deletions, newest first.
	Next     []TTLItem
	Awaiting []TTLItem
	Deleted  []TTLDeletion
}

// TimelineBucket is one span of the window.
type TimelineBucket struct {
	Start time.Time
	// Expired counts items still present whose expiry is in the span and
	// not after Now; Expiring those expiring in the span after Now;
	// Deleted the deletions recorded in the span.
	Expired, Expiring, Deleted int
}

// TTLItem is one item with its expiry.
type TTLItem struct {
	Key    string // ItemKey
	PK, SK string
	At     time.Time
	When   string // "in 3m", "expired 2h ago"
}

// TTLDeletion is one recorded deletion.
type TTLDeletion struct {
	Key       string
	PK, SK    string
	At        time.Time
	ExpiredAt time.Time
	// Delay is At-ExpiredAt, how long the item outlived its TTL; Lag says
	// it for people ("2m 5s"), "" when the expiry is unknown.
	Delay time.Duration
	Lag   string
}

// ttlExpiry reads a TTL value as the engine's sweeper does (engine.TTLTime
// and the five-year rule of engine/ttl.go): the expiry and its text, or a
// zero time and why the value never expires.
func ttlExpiry(v attr.Value, now time.Time) (time.Time, string) {
	at, ok := engine.TTLTime(v)
	if !ok {
		if _, num := v.(attr.Number); num {
			return time.Time{}, "never expires: out of range"
		}
		return time.Time{}, "never expires: not a Number"
	}
	if at.Before(now.Add(-engine.TTLIgnoreAge)) {
		return time.Time{}, "never expires: over 5 years past"
	}
	return at, ExpiresIn(at, now)
}

// ttlIndex is what every timeline of one snapshot needs, whatever the
// clock says: the items' usable TTL values in expiry order. The clock
// ticks far more often than the data changes, so it is built once per
// snapshot (ttlIndexes) and each timeline then costs a few binary
// searches and the items in view.
type ttlIndex struct {
	items, withTTL int
	notNumber      int     // present but not a Number the sweeper reads
	at             []int64 // expiry in Unix nanoseconds, ascending
	// entries are the items with a usable TTL in storage order, in chunks
	// of ttlChunk (a growing slice of 100,000 would copy itself over and
	// over); ord maps a position in at to its entry.
	entries [][]engine.StoredEntry
	ord     []int32
	// storageAt is at in storage order (byStorage).
	once      sync.Once
	storageAt []int64
}

// ttlChunk is how many entries a chunk of ttlIndex.entries holds.
const ttlChunk = 1024

// entry returns the item at position i of the expiry order.
func (x *ttlIndex) entry(i int) engine.StoredEntry {
	j := int(x.ord[i])
	return x.entries[j/ttlChunk][j%ttlChunk]
}

// ttlIndexKey names a ttlIndex: a table's items (its name and Version,
// which every snapshot until the next write shares, so that a clock tick's
// new snapshot finds it) and an attribute.
type ttlIndexKey struct {
	table   string
	version uint64
	attr    string
}

// ttlIndexes keeps the indexes of the last few table versions.
var ttlIndexes = collectionsLRU[ttlIndexKey, *ttlIndex]{size: 4}

// ttlLast keeps, per table and attribute, the last index built: the next
// version's index starts from it (ttlIndexFrom).
var ttlLast = collectionsLRU[[2]string, *ttlIndex]{size: 4}

// ttlIndexOf returns the TTL index of ts for attribute name, from the
// cache when it can.
func ttlIndexOf(ts *engine.TableSnapshot, name string) *ttlIndex {
	x, _ := ttlIndexStep(ts, name, nil)
	return x
}

// ttlIndexStep is ttlIndexOf calling step, when set, every few thousand
// entries of the walk; step's error stops it (nothing is remembered).
func ttlIndexStep(ts *engine.TableSnapshot, name string, step func() error) (*ttlIndex, error) {
	key := ttlIndexKey{ts.Description.TableName, ts.Version(), name}
	if x, ok := ttlIndexes.get(key); ok {
		return x, nil
	}
	last := [2]string{ts.Description.TableName, name}
	prev, _ := ttlLast.get(last)
	x, err := ttlIndexFrom(ts, name, prev, step)
	if err != nil {
		return nil, err
	}
	ttlIndexes.put(key, x)
	ttlLast.put(last, x)
	return x, nil
}

// WarmTTL builds the TTL index of ts for attribute name in a long job's
// slices (step), so that the Time tab's first render after a dataset load
// finds it built.
func WarmTTL(ts *engine.TableSnapshot, name string, step func() error) error {
	_, err := ttlIndexStep(ts, name, step)
	return err
}

// ttlStepEvery is how many entries a walk reads between two steps (a
// variable for tests).
var ttlStepEvery = 2048

// ttlIndexFrom builds the TTL index of ts, reusing prev (an index of an
// earlier version of the same table, or nil): an entry no write touched
// since keeps its expiry and its place in the expiry order, so that a clock
// playing over 100,000 items, whose sweeper deletes a few at each tick,
// costs a walk of the keys rather than a read of every TTL and a sort.
// The result is the index a fresh build gives (TestTTLIndexFrom).
func ttlIndexFrom(ts *engine.TableSnapshot, name string, prev *ttlIndex, step func() error) (*ttlIndex, error) {
	x := &ttlIndex{}
	var at []int64
	var entries [][]engine.StoredEntry
	// kept[j] is the new position of prev's entry j, -1 when it is gone.
	var kept []int32
	k, pn := 0, 0 // the next of prev's entries in storage order, and their count
	if prev != nil {
		pn = len(prev.at)
		kept = make([]int32, pn)
		for i := range kept {
			kept[i] = -1
		}
	}
	var fresh []int32 // new positions whose expiry was read now
	names := []string{name}
	info := make([]engine.AttrInfo, 1)
	add := func(e engine.StoredEntry, t int64) int32 {
		if len(at)%ttlChunk == 0 {
			entries = append(entries, make([]engine.StoredEntry, 0, ttlChunk))
		}
		last := len(entries) - 1
		at, entries[last] = append(at, t), append(entries[last], e)
		return int32(len(at) - 1)
	}
	var stopped error
	ts.Entries("", func(e engine.StoredEntry) bool {
		x.items++
		if step != nil && x.items%ttlStepEvery == 0 {
			if stopped = step(); stopped != nil {
				return false
			}
		}
		// prev's entries before this key are gone (deleted, or their TTL
		// no longer usable); one with this key and the same stored item
		// keeps its expiry.
		for k < pn && prev.stored(k).Compare(e) < 0 {
			k++
		}
		if k < pn && prev.stored(k).Compare(e) == 0 {
			j := k
			k++
			if prev.stored(j).SameItem(e) {
				x.withTTL++
				kept[j] = add(e, prev.storedAt(j))
				return true
			}
		}
		e.Peek(names, info)
		if info[0].Type == 0 {
			return true
		}
		x.withTTL++
		if info[0].Type != attr.TypeN {
			x.notNumber++
			return true
		}
		t, ok := engine.TTLTime(attr.NumberFromCanonical(info[0].Text))
		if !ok {
			x.notNumber++
			return true
		}
		fresh = append(fresh, add(e, t.UnixNano()))
		return true
	})
	if stopped != nil {
		return nil, stopped
	}
	// The expiry order: prev's order of the entries it kept (their
	// storage order has not changed, so ties stay in storage order), merged
	// with the fresh entries sorted, ties again in storage order.
	byExpiry := func(a, b int32) int {
		if c := cmp.Compare(at[a], at[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	}
	slices.SortFunc(fresh, byExpiry)
	ord := make([]int32, 0, len(at))
	fi := 0
	if prev != nil {
		for _, j := range prev.ord {
			p := kept[j]
			if p < 0 {
				continue
			}
			for fi < len(fresh) && byExpiry(fresh[fi], p) < 0 {
				ord = append(ord, fresh[fi])
				fi++
			}
			ord = append(ord, p)
		}
	}
	ord = append(ord, fresh[fi:]...)
	x.at, x.entries, x.ord = make([]int64, len(ord)), entries, ord
	for i, j := range ord {
		x.at[i] = at[j]
	}
	return x, nil
}

// stored returns prev's entry j in storage order, and storedAt its expiry.
func (x *ttlIndex) stored(j int) engine.StoredEntry { return x.entries[j/ttlChunk][j%ttlChunk] }

func (x *ttlIndex) storedAt(j int) int64 { return x.byStorage()[j] }

// byStorage is the expiries in storage order (at is in expiry order),
// built once per index when a later version first asks.
func (x *ttlIndex) byStorage() []int64 {
	x.once.Do(func() {
		x.storageAt = make([]int64, len(x.at))
		for i, j := range x.ord {
			x.storageAt[j] = x.at[i]
		}
	})
	return x.storageAt
}

// ttlNanos is t in Unix nanoseconds, clamped to what an int64 holds
// (UnixNano is undefined outside 1678-2262; a zero clock is year 1).
func ttlNanos(t time.Time) int64 {
	switch {
	case t.Before(time.Unix(0, math.MinInt64)):
		return math.MinInt64
	case t.After(time.Unix(0, math.MaxInt64)):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// TTLTimeline builds the TTL view of a table. Expiry follows the engine
// exactly (engine.TTLTime, engine.TTLIgnoreAge): a Number of epoch seconds
// expires its item when the clock reaches it, unless it lies more than five
// years in the past; anything else never expires. The TTL values are read
// once per snapshot without decoding items (see ttlIndex); only the items
// listed are decoded.
func TTLTimeline(ts *engine.TableSnapshot, opts TimelineOptions) *TimelineView {
	v := &TimelineView{TTLAttribute: opts.TTLAttribute, Now: opts.Now, Window: opts.Window}
	if v.Window <= 0 {
		v.Window = DefaultTimelineWindow
	}
	nb := opts.Buckets
	if nb <= 0 {
		nb = DefaultTimelineBuckets
	}
	nl := opts.List
	if nl <= 0 {
		nl = DefaultTimelineList
	}
	v.Start = opts.Now.Add(-v.Window / 4)
	v.End = v.Start.Add(v.Window)
	v.BucketWidth = max(v.Window/time.Duration(nb), 1)
	v.Buckets = make([]TimelineBucket, nb)
	for i := range v.Buckets {
		v.Buckets[i].Start = v.Start.Add(time.Duration(i) * v.BucketWidth)
	}
	bucket := func(t time.Time) int {
		if t.Before(v.Start) || !t.Before(v.End) {
			return -1
		}
		return min(int(t.Sub(v.Start)/v.BucketWidth), nb-1)
	}

	var l *collectionsLayout
	if ts != nil {
		l, _ = collectionsLayoutOf(ts.Description, "")
	}
	switch {
	case l != nil && opts.TTLAttribute != "":
		x := ttlIndexOf(ts, opts.TTLAttribute)
		v.Items, v.WithTTL = x.items, x.withTTL
		// Positions in expiry order: the first value not too old, the
		// first after Now, the first in view and the first past the view.
		search := func(t time.Time) int { // the first at or after t
			i, _ := slices.BinarySearch(x.at, ttlNanos(t))
			return i
		}
		iOld := search(opts.Now.Add(-engine.TTLIgnoreAge))
		iNow := max(search(opts.Now.Add(1)), iOld)
		iStart := max(search(v.Start), iOld)
		iEnd := max(search(v.End), iOld)
		v.Ignored = x.notNumber + iOld
		v.Expired = iNow - iOld
		v.ExpiredBefore = min(iStart, iNow) - iOld
		v.Upcoming = max(iEnd-iNow, 0)
		v.Later = len(x.at) - max(iEnd, iNow)
		for i := iStart; i < iEnd; i++ {
			at := time.Unix(0, x.at[i])
			if i < iNow {
				// An item expiring at Now belongs left of the 'now'
				// line, which can fall on a bucket boundary.
				if at.Equal(opts.Now) {
					at = at.Add(-1)
				}
				if b := bucket(at); b >= 0 {
					v.Buckets[b].Expired++
				}
			} else if b := bucket(at); b >= 0 {
				v.Buckets[b].Expiring++
			}
		}
		list := func(from, to int) []TTLItem {
			out := make([]TTLItem, 0, to-from)
			for i := from; i < to; i++ {
				it := x.entry(i).Item()
				at := time.Unix(0, x.at[i]).UTC()
				t := TTLItem{Key: ItemKey(it, l.baseHash, l.baseRange), PK: formatKeyText(it[l.baseHash]), At: at, When: ExpiresIn(at, opts.Now)}
				if l.baseRange != "" {
					t.SK = formatKeyText(it[l.baseRange])
				}
				out = append(out, t)
			}
			return out
		}
		v.Awaiting = list(iOld, min(iOld+nl, iNow))
		v.Next = list(iNow, min(iNow+nl, len(x.at)))
	case ts != nil:
		v.Items, _ = ts.IndexLen("") // not Len: safe on a zero TableSnapshot
	}

	var lagSum time.Duration
	lagN := 0
	for _, d := range opts.Deletes {
		v.Deletions++
		if b := bucket(d.At); b >= 0 {
			v.DeletionsInWindow++
			v.Buckets[b].Deleted++
		}
		if !d.ExpiredAt.IsZero() {
			lag := d.At.Sub(d.ExpiredAt)
			lagSum += lag
			lagN++
			v.MaxLag = max(v.MaxLag, lag)
		}
	}
	if lagN > 0 {
		v.MeanLag = lagSum / time.Duration(lagN)
	}
	recent := slices.Clone(opts.Deletes)
	slices.SortStableFunc(recent, func(a, b TTLEvent) int { return b.At.Compare(a.At) })
	for _, d := range recent[:min(len(recent), nl)] {
		x := TTLDeletion{Key: d.Key, PK: d.PK, SK: d.SK, At: d.At, ExpiredAt: d.ExpiredAt}
		if !d.ExpiredAt.IsZero() {
			x.Delay = d.At.Sub(d.ExpiredAt)
			x.Lag = FormatDuration(x.Delay)
		}
		v.Deleted = append(v.Deleted, x)
	}
	for _, b := range v.Buckets {
		v.MaxBucket = max(v.MaxBucket, b.Expired+b.Expiring, b.Deleted)
	}
	return v
}

// Geometry of the timeline picture.
const (
	ttlWidth    = 720.0
	ttlHeight   = 184.0
	ttlLeft     = 54.0 // room for the scale ("deleted" at 11 px)
	ttlRight    = 12.0
	ttlTop      = 22.0  // top of the expiry bars
	ttlBase     = 86.0  // the axis between expiries (above) and deletions (below)
	ttlHalf     = 60.0  // the tallest bar
	ttlLabelY   = 172.0 // time labels
	ttlMaxTicks = 8
)

// ttlSteps are the tick spacings the axis may use.
var ttlSteps = []time.Duration{
	time.Second, 2 * time.Second, 5 * time.Second, 10 * time.Second, 15 * time.Second, 30 * time.Second,
	time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute, 15 * time.Minute, 30 * time.Minute,
	time.Hour, 2 * time.Hour, 3 * time.Hour, 6 * time.Hour, 12 * time.Hour,
	24 * time.Hour, 2 * 24 * time.Hour, 7 * 24 * time.Hour, 14 * 24 * time.Hour, 28 * 24 * time.Hour,
	91 * 24 * time.Hour, 365 * 24 * time.Hour,
}

// SVG draws the timeline: expiries as bars above the axis (items expired
// but still present before the 'now' line, over a shaded past, in class
// wb-ttl-expired; upcoming ones in wb-ttl-expiring), deletions by the
// sweeper as bars below it (wb-ttl-deleted), clock-time labels in UTC.
func (v *TimelineView) SVG() string {
	s := NewSVG(ttlWidth, ttlHeight, "wb-ttl-timeline",
		"TTL timeline: "+strconv.Itoa(v.Expired)+" expired awaiting deletion, "+strconv.Itoa(v.Upcoming)+" expiring in view, "+strconv.Itoa(v.DeletionsInWindow)+" deleted by TTL in view")
	plotW := ttlWidth - ttlLeft - ttlRight
	x := func(t time.Time) float64 {
		if v.Window <= 0 {
			return ttlLeft
		}
		return ttlLeft + plotW*float64(t.Sub(v.Start))/float64(v.Window)
	}
	nowX := x(v.Now)
	s.Empty("rect", A("class", "wb-ttl-past"), AN("x", ttlLeft), AN("y", ttlTop-6), AN("width", max(nowX-ttlLeft, 0)), AN("height", 2*ttlHalf+12))

	scale := 0.0
	if v.MaxBucket > 0 {
		scale = ttlHalf / float64(v.MaxBucket)
	}
	bh := func(n int) float64 { return max(float64(n)*scale, 1.5) }
	barW := 0.0
	if len(v.Buckets) > 0 {
		barW = plotW / float64(len(v.Buckets))
	}
	bar := func(class string, bx, y, w, h float64, tip string) {
		s.Open("rect", A("class", class), AN("x", bx), AN("y", y), AN("width", w), AN("height", h))
		s.Text("title", tip)
		s.Close("rect")
	}
	for _, b := range v.Buckets {
		bx := x(b.Start) + 0.5
		w := max(barW-1, 0.5)
		span := b.Start.UTC().Format("15:04:05") + "–" + b.Start.Add(v.BucketWidth).UTC().Format("15:04:05")
		top := ttlBase
		if b.Expired > 0 {
			h := bh(b.Expired)
			top -= h
			bar("wb-ttl-bar wb-ttl-expired", bx, top, w, h, strconv.Itoa(b.Expired)+" expired, awaiting deletion, "+span)
		}
		if b.Expiring > 0 {
			h := bh(b.Expiring)
			top -= h
			bar("wb-ttl-bar wb-ttl-expiring", bx, top, w, h, strconv.Itoa(b.Expiring)+" expiring, "+span)
		}
		if b.Deleted > 0 {
			bar("wb-ttl-bar wb-ttl-deleted", bx, ttlBase+1, w, bh(b.Deleted), strconv.Itoa(b.Deleted)+" deleted by TTL, "+span)
		}
	}
	s.Empty("line", A("class", "wb-ttl-axis"), AN("x1", ttlLeft), AN("y1", ttlBase+0.5), AN("x2", ttlWidth-ttlRight), AN("y2", ttlBase+0.5))

	// Ticks at round clock times.
	step := ttlSteps[len(ttlSteps)-1]
	for _, st := range ttlSteps {
		if v.Window/st <= ttlMaxTicks {
			step = st
			break
		}
	}
	layout := "15:04"
	switch {
	case step < time.Minute:
		layout = "15:04:05"
	case step >= 24*time.Hour:
		layout = "Jan 2"
	}
	first := v.Start.Truncate(step)
	if first.Before(v.Start) {
		first = first.Add(step)
	}
	for t, i := first, 0; !t.After(v.End) && i <= ttlMaxTicks+1; t, i = t.Add(step), i+1 {
		tx := x(t)
		s.Empty("line", A("class", "wb-ttl-tick"), AN("x1", tx), AN("y1", ttlBase+0.5), AN("x2", tx), AN("y2", ttlLabelY-10))
		s.Text("text", t.UTC().Format(layout), A("class", "wb-ttl-label"), AN("x", tx), AN("y", ttlLabelY), A("text-anchor", "middle"))
	}

	s.Empty("line", A("class", "wb-ttl-now"), AN("x1", nowX), AN("y1", ttlTop-10), AN("x2", nowX), AN("y2", ttlBase+ttlHalf+6))
	s.Text("text", "now", A("class", "wb-ttl-now-label"), AN("x", nowX), AN("y", ttlTop-12), A("text-anchor", "middle"))

	// The scale and what each half means.
	s.Text("text", strconv.Itoa(v.MaxBucket), A("class", "wb-ttl-scale"), AN("x", ttlLeft-4), AN("y", ttlBase-ttlHalf+4), A("text-anchor", "end"))
	s.Text("text", "expire", A("class", "wb-ttl-scale"), AN("x", ttlLeft-4), AN("y", ttlBase-4), A("text-anchor", "end"))
	s.Text("text", "deleted", A("class", "wb-ttl-scale"), AN("x", ttlLeft-4), AN("y", ttlBase+14), A("text-anchor", "end"))
	if v.ExpiredBefore > 0 {
		s.Text("text", "◀ "+strconv.Itoa(v.ExpiredBefore)+" expired earlier", A("class", "wb-ttl-earlier"), AN("x", ttlLeft+4), AN("y", ttlTop-12))
	}
	return s.String()
}
