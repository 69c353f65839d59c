package app

import (
	"maps"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// How long the live views show a change: a highlighted row, and a deleted
// row fading out. Real time, not clock time: they are for the eye.
const (
	markLifetime  = 3 * time.Second
	ghostLifetime = 4 * time.Second
	// maxPending bounds the changes queued between two publications; past
	// it the log stops highlighting until the next one (a bulk write shows
	// as a whole new view anyway).
	maxPending = 5000
	// maxTTLDeletes bounds the TTL deletions kept per table for the timeline.
	maxTTLDeletes = 500
)

// liveLog turns the engine's changes into what the views highlight: marks
// on changed rows and index entries, ghosts of deleted items, and the TTL
// sweeper's deletions. The engine reports changes under its own lock, where
// nothing may call back into it, so record only queues them; publish
// resolves them against the database's key schemas later.
type liveLog struct {
	mu      sync.Mutex
	db      *engine.Database
	quiet   bool // a bulk load is running: highlight nothing (ttlDeleted still counts)
	queue   []engine.Change
	dropped bool
	seq     uint64

	marks      map[string]map[string]liveMark
	ghosts     map[string][]ghost
	ttlDeletes map[string][]visualizer.TTLEvent
	ttlAttr    func(table string) string
	// ttlDeleted counts the sweeper's deletions by table, all of them:
	// ttlDeletes keeps only the latest, and the queue drops changes past
	// maxPending, so neither can be counted for the total.
	ttlDeleted map[string]int

	// writes counts the engine's changes, even quiet ones: an apply in
	// slices sees by it that the engine changed under its copy.
	writes atomic.Uint64
}

type liveMark struct {
	mark  visualizer.Mark
	until time.Time
}

type ghost struct {
	item  attr.Item
	until time.Time
}

// record queues one change. It runs under the engine's lock.
func (l *liveLog) record(db *engine.Database, c engine.Change, _ time.Time) {
	l.writes.Add(1)
	l.mu.Lock()
	defer l.mu.Unlock()
	if db != l.db {
		return
	}
	if c.Cause == engine.CauseTTL && c.Index == "" && c.After == nil {
		if l.ttlDeleted == nil {
			l.ttlDeleted = map[string]int{}
		}
		l.ttlDeleted[c.Table]++
	}
	if l.quiet {
		return
	}
	if len(l.queue) >= maxPending {
		l.dropped = true
		return
	}
	l.queue = append(l.queue, c)
}

// pending reports whether changes wait to be published.
func (l *liveLog) pending() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.queue) > 0
}

// expire reports whether a mark or ghost has outlived its time by now.
func (l *liveLog) expire(now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, byKey := range l.marks {
		for _, m := range byKey {
			if !now.Before(m.until) {
				return true
			}
		}
	}
	for _, list := range l.ghosts {
		for _, g := range list {
			if !now.Before(g.until) {
				return true
			}
		}
	}
	return false
}

// ttlDeletedCounts returns a copy of the sweeper's deletion counts by table.
func (l *liveLog) ttlDeletedCounts() map[string]int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return maps.Clone(l.ttlDeleted)
}

// publish resolves the queued changes and returns fresh copies of the
// marks, ghosts and TTL deletions current at now.
func (l *liveLog) publish(now time.Time, keys func(table string) (hash, rng string)) (map[string]map[string]visualizer.Mark, map[string][]attr.Item, map[string][]visualizer.TTLEvent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.marks == nil {
		l.marks = map[string]map[string]liveMark{}
		l.ghosts = map[string][]ghost{}
		l.ttlDeletes = map[string][]visualizer.TTLEvent{}
	}
	for _, c := range l.queue {
		l.apply(c, now, keys)
	}
	l.queue = l.queue[:0]
	l.dropped = false

	marks := map[string]map[string]visualizer.Mark{}
	for view, byKey := range l.marks {
		out := map[string]visualizer.Mark{}
		for k, m := range byKey {
			if now.Before(m.until) {
				out[k] = m.mark
			} else {
				delete(byKey, k)
			}
		}
		if len(out) > 0 {
			marks[view] = out
		}
	}
	ghosts := map[string][]attr.Item{}
	for table, list := range l.ghosts {
		kept := list[:0]
		for _, g := range list {
			if now.Before(g.until) {
				kept = append(kept, g)
				ghosts[table] = append(ghosts[table], g.item)
			}
		}
		l.ghosts[table] = kept
	}
	ttl := make(map[string][]visualizer.TTLEvent, len(l.ttlDeletes))
	for table, list := range l.ttlDeletes {
		ttl[table] = append([]visualizer.TTLEvent(nil), list...)
	}
	return marks, ghosts, ttl
}

// apply turns one change into marks, a ghost and a TTL event.
func (l *liveLog) apply(c engine.Change, now time.Time, keys func(table string) (hash, rng string)) {
	hash, rng := keys(c.Table)
	if hash == "" {
		return
	}
	item := c.After
	if item == nil {
		item = c.Before
	}
	key := visualizer.ItemKey(item, hash, rng)
	l.seq++
	kind := visualizer.MarkUpdate
	switch {
	case c.Index != "" && c.Before == nil:
		kind = visualizer.MarkIndexIn
	case c.Index != "" && c.After == nil:
		kind = visualizer.MarkIndexOut
	case c.Before == nil:
		kind = visualizer.MarkPut
	case c.After == nil && c.Cause == engine.CauseTTL:
		kind = visualizer.MarkTTLDelete
	case c.After == nil:
		kind = visualizer.MarkDelete
	}
	view := c.Table
	if c.Index != "" {
		view += "/" + c.Index
	}
	if l.marks[view] == nil {
		l.marks[view] = map[string]liveMark{}
	}
	l.marks[view][key] = liveMark{mark: visualizer.Mark{Kind: kind, Seq: l.seq}, until: now.Add(markLifetime)}

	if c.Index != "" || c.After != nil {
		return
	}
	l.ghosts[c.Table] = append(l.ghosts[c.Table], ghost{item: c.Before, until: now.Add(ghostLifetime)})
	if c.Cause != engine.CauseTTL {
		return
	}
	ev := visualizer.TTLEvent{Key: key, At: c.Time}
	if v, ok := c.Before[hash]; ok {
		ev.PK = visualizer.FormatValue(v)
	}
	if v, ok := c.Before[rng]; ok && rng != "" {
		ev.SK = visualizer.FormatValue(v)
	}
	if l.ttlAttr != nil {
		if v, ok := c.Before[l.ttlAttr(c.Table)].(attr.Number); ok {
			if secs, ok := v.Int64(); ok {
				ev.ExpiredAt = time.Unix(secs, 0).UTC()
			}
		}
	}
	list := append(l.ttlDeletes[c.Table], ev)
	if len(list) > maxTTLDeletes {
		list = list[len(list)-maxTTLDeletes:]
	}
	l.ttlDeletes[c.Table] = list
}

// keyNames returns a table's key attribute names from a snapshot.
func keyNames(snap *engine.Snapshot) func(table string) (string, string) {
	return func(table string) (string, string) {
		ts := snap.Table(table)
		if ts == nil {
			return "", ""
		}
		var hash, rng string
		for _, k := range ts.Description.KeySchema {
			switch k.KeyType {
			case schema.KeyTypeHash:
				hash = k.AttributeName
			case schema.KeyTypeRange:
				rng = k.AttributeName
			}
		}
		return hash, rng
	}
}
