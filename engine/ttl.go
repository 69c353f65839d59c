package engine

import (
	"strconv"
	"time"

	"github.com/google/btree"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Time to live: an item whose TTL attribute is a Number of epoch seconds in
// the past is deleted by the service after a delay (DynamoDB: typically
// within 48 hours; here the Database's TTL delay). Until then reads still
// return it. The delay runs from the later of the item's expiry and the
// moment the sweeper could first see it (its write, or TTL being turned
// on): an item written already expired waits the whole delay, as it does
// in DynamoDB, whose background scan has to find it first. Values that are
// not Numbers, or more than five years in the past, never expire.
// Deletions consume no capacity and are recorded with CauseTTL (the
// dynamodb.amazonaws.com principal).

// ttlIgnoreAge is how far in the past a TTL value may be and still count.
const ttlIgnoreAge = 5 * 365 * 24 * time.Hour

// ttlChangeInterval is how often a table's TTL setting may change.
const ttlChangeInterval = time.Hour

// WithTTLDeletionDelay sets how long an expired item waits before the
// sweeper deletes it (default: it goes at the first sweep after expiry).
func WithTTLDeletionDelay(delay time.Duration) Option {
	return func(d *Database) { d.ttlDelay = delay }
}

// SetTTLDeletionDelay changes the deletion delay of a running database.
func (d *Database) SetTTLDeletionDelay(delay time.Duration) {
	d.mu.Lock()
	d.ttlDelay = delay
	d.noteAllTTL()
	d.mu.Unlock()
}

// ttlState is a table's TTL setting and its expiry index.
type ttlState struct {
	attribute  string
	enabled    bool
	lastChange time.Time
	// expiries orders the items that carry a Number TTL by the time the
	// deletion delay starts (expiryLess); byKey finds an item's entry
	// again. An entry names its key by a place in keys (free lists the
	// places given back), so the tree's nodes hold no pointers: under
	// WebAssembly, where a collection's marking runs between the page's
	// own work, every insert into a node of string-holding entries copied
	// them through the write barrier, a seventh of a load into a table
	// with a TTL.
	expiries *btree.BTreeG[expiry]
	byKey    map[string]expiry
	keys     []string
	free     []uint32
}

// expiry is one entry of the expiry index.
type expiry struct {
	at  int64  // when the deletion delay starts: max(exp, seen), Unix nanoseconds
	exp int64  // the TTL value itself, Unix nanoseconds
	ref uint32 // the item's tree key: keys[ref]
}

func newTTLState(name string, now time.Time) *ttlState {
	return &ttlState{attribute: name, enabled: true, lastChange: now,
		expiries: btree.NewG(btreeDegree, expiryLess), byKey: map[string]expiry{}}
}

// expiryLess orders entries by when their delay starts, then by place:
// the items a load writes already expired all start their wait at the
// load's clock, and a comparison of their keys read two strings far
// apart in memory. Items due at the same moment go in the order of their
// places (DynamoDB does not say in which order it deletes them).
func expiryLess(a, b expiry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	return a.ref < b.ref
}

// key is the tree key of e's item.
func (st *ttlState) key(e expiry) string { return st.keys[e.ref] }

// track indexes an item whose TTL value is exp, seen by the sweeper at
// seen (both Unix nanoseconds). The key must not be tracked already
// (forget first).
func (st *ttlState) track(key string, exp, seen int64) expiry {
	var ref uint32
	if n := len(st.free); n > 0 {
		ref, st.free = st.free[n-1], st.free[:n-1]
		st.keys[ref] = key
	} else {
		ref = uint32(len(st.keys))
		st.keys = append(st.keys, key)
	}
	e := expiry{at: max(exp, seen), exp: exp, ref: ref}
	st.expiries.ReplaceOrInsert(e)
	st.byKey[key] = e
	return e
}

// forget drops key's entry.
func (st *ttlState) forget(key string) {
	if e, ok := st.byKey[key]; ok {
		st.expiries.Delete(e)
		delete(st.byKey, key)
		st.keys[e.ref] = ""
		st.free = append(st.free, e.ref)
	}
}

// ttlOf reads an item's TTL attribute as an expiry time.
func ttlOf(item attr.Item, name string) (int64, bool) {
	n, ok := item[name].(attr.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(n.String(), 64)
	if err != nil || f > 1e11 || f < -1e11 {
		return 0, false
	}
	return int64(f * 1e9), true
}

// trackTTL keeps the expiry index in step with a write. The caller holds
// the writer lock.
func (d *Database) trackTTL(t *table, w *write) {
	if t.ttl == nil || !t.ttl.enabled {
		return
	}
	old, hadOld := t.ttl.byKey[w.key]
	t.ttl.forget(w.key)
	if w.item != nil && !w.del {
		if at, ok := ttlOf(w.item, t.ttl.attribute); ok {
			seen := d.clock.Now().UnixNano()
			if hadOld && old.exp == at {
				// The same TTL value rewritten: the sweeper's wait goes on.
				seen = old.at
			}
			e := t.ttl.track(w.key, at, seen)
			d.noteDue(time.Unix(0, e.at).Add(d.ttlDelay))
		}
	}
}

// sweepTTL deletes t's items whose expiry plus the deletion delay has
// passed. The caller holds the writer lock.
func (d *Database) sweepTTL(t *table, now time.Time) {
	if t.ttl == nil || !t.ttl.enabled {
		return
	}
	cutoff := now.Add(-d.ttlDelay).UnixNano()
	tooOld := now.Add(-ttlIgnoreAge).UnixNano()
	type dueItem struct {
		key string
		exp int64
	}
	var due []dueItem
	t.ttl.expiries.Ascend(func(e expiry) bool {
		if e.at > cutoff {
			d.noteDue(time.Unix(0, e.at).Add(d.ttlDelay))
			return false
		}
		due = append(due, dueItem{t.ttl.key(e), e.exp})
		return true
	})
	for _, e := range due {
		if e.exp < tooOld {
			t.ttl.forget(e.key) // a malformed value: never expires
			continue
		}
		old, ok := t.get(e.key)
		if !ok {
			t.ttl.forget(e.key)
			continue
		}
		w := &write{key: e.key, del: true}
		w.setOld(old)
		if err := t.planIndexes(w, false); err != nil {
			continue
		}
		d.apply(t, w, CauseTTL)
	}
}

// noteAllTTL recomputes when the next TTL deletion falls due.
func (d *Database) noteAllTTL() {
	for _, t := range d.tables {
		if t.ttl == nil || !t.ttl.enabled {
			continue
		}
		if e, ok := t.ttl.expiries.Min(); ok {
			d.noteDue(time.Unix(0, e.at).Add(d.ttlDelay))
		}
	}
}

// TimeToLiveSpecification is UpdateTimeToLive's setting.
type TimeToLiveSpecification struct {
	AttributeName *string `json:"AttributeName"`
	Enabled       *bool   `json:"Enabled"`
}

// UpdateTimeToLiveInput is the UpdateTimeToLive request.
type UpdateTimeToLiveInput struct {
	TableName               *string                  `json:"TableName"`
	TimeToLiveSpecification *TimeToLiveSpecification `json:"TimeToLiveSpecification"`
}

// UpdateTimeToLiveOutput is the UpdateTimeToLive response.
type UpdateTimeToLiveOutput struct {
	TimeToLiveSpecification *TimeToLiveSpecification `json:"TimeToLiveSpecification"`
}

// DescribeTimeToLiveInput is the DescribeTimeToLive request.
type DescribeTimeToLiveInput struct {
	TableName *string `json:"TableName"`
}

// TimeToLiveDescription reports a table's TTL setting.
type TimeToLiveDescription struct {
	TimeToLiveStatus string `json:"TimeToLiveStatus"`
	AttributeName    string `json:"AttributeName,omitempty"`
}

// DescribeTimeToLiveOutput is the DescribeTimeToLive response.
type DescribeTimeToLiveOutput struct {
	TimeToLiveDescription *TimeToLiveDescription `json:"TimeToLiveDescription"`
}

// UpdateTimeToLive implements DynamoDB's UpdateTimeToLive. The change takes
// effect at once (DynamoDB reports ENABLED right away too), and a table's
// setting may change once per hour.
func (d *Database) UpdateTimeToLive(in *UpdateTimeToLiveInput) (*UpdateTimeToLiveOutput, error) {
	var c constraints
	c.tableName(in.TableName)
	spec := in.TimeToLiveSpecification
	if spec == nil {
		c.null("timeToLiveSpecification")
	} else {
		if spec.AttributeName == nil {
			c.null("timeToLiveSpecification.attributeName")
		} else if n := len(*spec.AttributeName); n < 1 || n > schema.MaxTTLAttributeNameLength {
			rule := schema.MinLength(1)
			if n > 0 {
				rule = schema.MaxLength(schema.MaxTTLAttributeNameLength)
			}
			c.bad(*spec.AttributeName, "timeToLiveSpecification.attributeName", rule)
		}
		if spec.Enabled == nil {
			c.null("timeToLiveSpecification.enabled")
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.lookupControl(*in.TableName)
	if err != nil {
		return nil, err
	}
	now := d.clock.Now()
	name, enable := *spec.AttributeName, *spec.Enabled
	cur := t.ttl
	// Unverified wording for the three state errors below; DynamoDB answers
	// each with a ValidationException.
	switch {
	case enable && cur != nil && cur.enabled:
		return nil, validationf("TimeToLive is already enabled")
	case !enable && (cur == nil || !cur.enabled):
		return nil, validationf("TimeToLive is already disabled")
	case !enable && cur.attribute != name:
		return nil, validationf("TimeToLive is active on a different AttributeName: current AttributeName is %s", cur.attribute)
	}
	if cur != nil && now.Sub(cur.lastChange) < ttlChangeInterval {
		return nil, validationf("Time to live has been modified multiple times within a fixed interval")
	}
	if enable {
		// The sweeper starts looking now: items already expired wait the
		// whole delay from here.
		st := newTTLState(name, now)
		t.items.Ascend(func(e entry) bool {
			if at, ok := ttlOf(e.decode(), name); ok {
				st.track(fullKey(e), at, now.UnixNano())
			}
			return true
		})
		t.ttl = st
		d.noteAllTTL()
	} else {
		t.ttl = &ttlState{attribute: name, lastChange: now}
	}
	return &UpdateTimeToLiveOutput{TimeToLiveSpecification: &TimeToLiveSpecification{AttributeName: &name, Enabled: &enable}}, nil
}

// DescribeTimeToLive implements DynamoDB's DescribeTimeToLive.
func (d *Database) DescribeTimeToLive(in *DescribeTimeToLiveInput) (*DescribeTimeToLiveOutput, error) {
	var c constraints
	c.tableName(in.TableName)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookupControl(*in.TableName)
	if err != nil {
		return nil, err
	}
	desc := &TimeToLiveDescription{TimeToLiveStatus: "DISABLED"}
	if t.ttl != nil && t.ttl.enabled {
		desc.TimeToLiveStatus, desc.AttributeName = "ENABLED", t.ttl.attribute
	}
	return &DescribeTimeToLiveOutput{TimeToLiveDescription: desc}, nil
}

// fullKey is an entry's tree key as one string.
func fullKey(e entry) string { return string(appendHash(nil, e.hash)) + e.rest() }
