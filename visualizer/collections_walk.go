package visualizer

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// collectionsGhost is a deleted item placed where it was stored.
type collectionsGhost struct {
	key  string
	item attr.Item
}

// collectionsGhostGroup is the ghosts of one collection, in key order.
type collectionsGhostGroup struct {
	prefix string
	ghosts []collectionsGhost
}

// collectionsGroupGhosts places the ghosts in the view and groups them by
// collection, in storage order. A ghost with no place (lacking the view's
// keys) is left out; of two ghosts with one key, the later wins.
func collectionsGroupGhosts(ts *engine.TableSnapshot, l *collectionsLayout, items []attr.Item) []collectionsGhostGroup {
	if len(items) == 0 {
		return nil
	}
	type placed struct {
		collectionsGhost
		plen int
	}
	var list []placed
	seen := map[string]int{}
	for _, it := range items {
		key, plen, ok := ts.KeyOf(l.index, it)
		if !ok {
			continue
		}
		g := placed{collectionsGhost{key, l.project(it)}, plen}
		if j, dup := seen[key]; dup {
			list[j] = g
			continue
		}
		seen[key] = len(list)
		list = append(list, g)
	}
	slices.SortFunc(list, func(a, b placed) int { return strings.Compare(a.key, b.key) })
	var groups []collectionsGhostGroup
	for _, g := range list {
		p := g.key[:g.plen]
		if n := len(groups); n == 0 || groups[n-1].prefix != p {
			groups = append(groups, collectionsGhostGroup{prefix: p})
		}
		last := &groups[len(groups)-1]
		last.ghosts = append(last.ghosts, g.collectionsGhost)
	}
	return groups
}

// collectionsSlot is one collection of the merged sequence: live (info
// set), with or without ghosts, or ghosts only.
type collectionsSlot struct {
	live   bool
	info   engine.CollectionInfo
	ghosts *collectionsGhostGroup
}

// collectionsWalk is what one walk over a table's or index's keys finds:
// the totals and the collections of one window.
type collectionsWalk struct {
	totalItems, totalCollections, matching int
	largestSize, largestItems              int
	largestPK                              string
	window                                 []collectionsSlot
}

// collectionsWalkKey names a walk without ghosts: the items it walked and
// what chose the window. A table's items are named by its name and
// Version, which every snapshot until the next write shares, so the page's
// renders at each clock tick (each one with a new snapshot) find the walk
// of 100,000 items done. An index can change without a write to the table
// (a new GSI fills in, one is replaced): its walks are named by its
// entries' count and its keys too (indexState).
type collectionsWalkKey struct {
	table         string
	version       uint64
	index, pk     string
	state         indexState
	offset, limit int
}

// collectionsWalks keeps the last few walks: the rows of a window change
// with the clock (expiry) and the marks, the walk only with the items.
var collectionsWalks = collectionsLRU[collectionsWalkKey, *collectionsWalk]{size: 4}

// walkKey names the walk of ts (see collectionsWalkKey).
func walkKey(ts *engine.TableSnapshot, l *collectionsLayout, pk string, offset, limit int) collectionsWalkKey {
	k := collectionsWalkKey{table: ts.Description.TableName, version: ts.Version(), pk: pk, offset: offset, limit: limit}
	if l.index != "" {
		k.index, k.state = l.index, indexStateOf(ts, l)
	}
	return k
}

// indexState is what an index holds beside the table's items (Version):
// how many entries (a new GSI's backfill adds them without a write to the
// table) and under which keys (an index replaced by one of the same name).
type indexState struct {
	entries int
	keys    string
}

// indexStateOf returns the state of l's index in ts.
func indexStateOf(ts *engine.TableSnapshot, l *collectionsLayout) indexState {
	n, _ := ts.IndexLen(l.index)
	return indexState{entries: n, keys: strings.Join(l.hash, ",") + "|" + strings.Join(l.rng, ",") + "|" + l.projectionText()}
}

// collectionsLatestKey names the latest walk of a table's window, whatever
// its version.
type collectionsLatestKey struct {
	table, pk     string
	offset, limit int
}

// collectionsLatest keeps the latest walk of a few tables' windows.
var collectionsLatest = collectionsLRU[collectionsLatestKey, *collectionsWalk]{size: 4}

// staleWalk returns the walk of ts's window when it is done, else the
// latest walk of an earlier version (stale true), else nil. Only a table's
// walks (not an index's) are kept so.
func staleWalk(ts *engine.TableSnapshot, l *collectionsLayout, pk string, offset, limit int) (w *collectionsWalk, stale bool) {
	if l.index != "" {
		return nil, false
	}
	if w, ok := collectionsWalks.get(walkKey(ts, l, pk, offset, limit)); ok {
		return w, false
	}
	if w, ok := collectionsLatest.get(collectionsLatestKey{ts.Description.TableName, pk, offset, limit}); ok {
		return w, true
	}
	return nil, false
}

// withGhosts places ghosts (the rows of items deleted a moment ago) on a
// remembered walk's window without walking again: a collection of the
// window gets its ghosts, and a collection only ghosts still show takes
// its place in storage order when it falls inside the window (on the last
// page, after it). The totals stay the walk's.
func withGhosts(w *collectionsWalk, groups []collectionsGhostGroup, last bool) *collectionsWalk {
	if len(groups) == 0 {
		return w
	}
	out := *w
	out.window = make([]collectionsSlot, 0, len(w.window)+len(groups))
	gi := 0
	for _, s := range w.window {
		if !s.live {
			out.window = append(out.window, collectionsSlot{ghosts: s.ghosts})
			continue
		}
		for ; gi < len(groups); gi++ {
			cmp := s.info.Compare(groups[gi].prefix)
			if cmp < 0 {
				break
			}
			if cmp == 0 {
				s.ghosts = &groups[gi]
				gi++
				break
			}
			if len(out.window) > 0 { // before the window's first: another page's
				out.window = append(out.window, collectionsSlot{ghosts: &groups[gi]})
			}
		}
		out.window = append(out.window, s)
	}
	if last {
		for ; gi < len(groups); gi++ { // the last page: the rest
			out.window = append(out.window, collectionsSlot{ghosts: &groups[gi]})
		}
	}
	return &out
}

// WarmCollections walks ts's item collections for Collections' window of
// opts (its first page unless opts says otherwise) and remembers the walk,
// calling step between collections: a long job (the page's dataset load)
// prepares the view in its slices, and the render after it finds the walk
// of 100,000 items done. It stops with step's error.
func WarmCollections(ts *engine.TableSnapshot, opts CollectionsOptions, step func() error) error {
	l, err := collectionsLayoutOf(ts.Description, opts.Index)
	if err != nil {
		return err
	}
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultCollectionsLimit
	}
	_, err = collectionsWalkOf(ts, l, opts.PartitionKey, max(opts.Offset, 0), limit, nil, step)
	return err
}

// collectionsWalkOf walks the keys once for the totals and the window,
// merging the ghosts' collections in storage order. Walks without ghosts
// are remembered. step, when set, is called between collections and stops
// the walk with its error.
func collectionsWalkOf(ts *engine.TableSnapshot, l *collectionsLayout, pk string, offset, limit int, ghostItems []attr.Item, step func() error) (*collectionsWalk, error) {
	var key collectionsWalkKey
	if len(ghostItems) == 0 {
		key = walkKey(ts, l, pk, offset, limit)
		if w, ok := collectionsWalks.get(key); ok {
			return w, nil
		}
	}
	ghosts := collectionsGroupGhosts(ts, l, ghostItems)
	match := collectionsMatcher(ts, l, pk)
	w := &collectionsWalk{}
	consider := func(s collectionsSlot) {
		if match != nil && !match(s) {
			return
		}
		if w.matching >= offset && w.matching-offset < limit {
			w.window = append(w.window, s)
		}
		w.matching++
	}
	var largest engine.CollectionInfo
	gi := 0
	var stopped error
	found := ts.Collections(l.index, func(c engine.CollectionInfo) bool {
		if step != nil {
			if stopped = step(); stopped != nil {
				return false
			}
		}
		w.totalCollections++
		w.totalItems += c.Items
		if c.Bytes > w.largestSize {
			w.largestSize, largest = c.Bytes, c
		}
		for ; gi < len(ghosts); gi++ {
			cmp := c.Compare(ghosts[gi].prefix)
			if cmp < 0 {
				break
			}
			if cmp == 0 {
				consider(collectionsSlot{live: true, info: c, ghosts: &ghosts[gi]})
				gi++
				return true
			}
			consider(collectionsSlot{ghosts: &ghosts[gi]})
		}
		consider(collectionsSlot{live: true, info: c})
		return true
	})
	if !found {
		return nil, fmt.Errorf("visualizer: table %s has no index %s", l.table, l.index)
	}
	if stopped != nil {
		return nil, stopped
	}
	for ; gi < len(ghosts); gi++ {
		consider(collectionsSlot{ghosts: &ghosts[gi]})
	}
	if largest.Items > 0 {
		w.largestPK, w.largestItems = collectionsKeyText(largest.First.Item(), l.hash), largest.Items
	}
	if len(ghostItems) == 0 {
		collectionsWalks.put(key, w)
		if l.index == "" {
			collectionsLatest.put(collectionsLatestKey{ts.Description.TableName, pk, offset, limit}, w)
		}
	}
	return w, nil
}

// collectionsMatcher returns the PartitionKey filter, nil for none. With
// one partition key attribute the text is read as a key value and the
// collection found by its prefix; with several (a multi-attribute GSI) the
// display texts are compared.
func collectionsMatcher(ts *engine.TableSnapshot, l *collectionsLayout, pk string) func(collectionsSlot) bool {
	if pk == "" {
		return nil
	}
	text := func(s collectionsSlot) string {
		if s.live {
			return collectionsKeyText(s.info.First.Item(), l.hash)
		}
		return collectionsKeyText(s.ghosts.ghosts[0].item, l.hash)
	}
	if len(l.hash) != 1 {
		return func(s collectionsSlot) bool { return text(s) == pk }
	}
	v, ok := collectionsParseKey(pk, l.hashType[0])
	prefix := ""
	if ok {
		prefix, ok = ts.CollectionPrefix(l.index, attr.Item{l.hash[0]: v})
	}
	if !ok {
		return func(collectionsSlot) bool { return false }
	}
	return func(s collectionsSlot) bool {
		if s.live {
			return s.info.Compare(prefix) == 0
		}
		return s.ghosts.prefix == prefix
	}
}

// collectionsParseKey reads a key value from its display text.
func collectionsParseKey(text string, t attr.Type) (attr.Value, bool) {
	switch t {
	case attr.TypeS:
		return attr.String(text), true
	case attr.TypeN:
		n, err := attr.ParseNumber(text)
		return n, err == nil
	case attr.TypeB:
		b, err := base64.StdEncoding.DecodeString(text)
		return attr.Binary(b), err == nil && len(b) > 0
	}
	return nil, false
}

// collectionsLRU remembers the last few results computed from immutable
// snapshots: a panel re-rendered as the clock ticks asks again about the
// same snapshot. Keys hold the snapshot weakly, so the cache keeps none
// alive and a new snapshot never matches an old one.
type collectionsLRU[K comparable, V any] struct {
	mu   sync.Mutex
	size int
	keys []K // most recent first
	vals []V
}

func (c *collectionsLRU[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, x := range c.keys {
		if x == k {
			v := c.vals[i]
			copy(c.keys[1:i+1], c.keys[:i])
			copy(c.vals[1:i+1], c.vals[:i])
			c.keys[0], c.vals[0] = k, v
			return v, true
		}
	}
	var zero V
	return zero, false
}

// clear forgets everything (benchmarks measure the first call).
func (c *collectionsLRU[K, V]) clear() {
	c.mu.Lock()
	c.keys, c.vals = nil, nil
	c.mu.Unlock()
}

func (c *collectionsLRU[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.keys) < c.size {
		var zk K
		var zv V
		c.keys, c.vals = append(c.keys, zk), append(c.vals, zv)
	}
	copy(c.keys[1:], c.keys)
	copy(c.vals[1:], c.vals)
	c.keys[0], c.vals[0] = k, v
}
