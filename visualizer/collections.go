package visualizer

import (
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"weak"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Defaults of CollectionsOptions.
const (
	DefaultCollectionsLimit = 20 // collections per window
	DefaultMaxRows          = 50 // rows shown per collection
	// CellTextRunes is how long an attribute's text may grow before it is
	// cut with "…".
	CellTextRunes = 60
)

// CollectionsOptions chooses what Collections shows.
type CollectionsOptions struct {
	// Index is "" for the table, else a GSI or LSI name: the view then
	// groups the index's entries by the index's keys.
	Index string
	// EntityOf names an item's entity (model.Recognizer); nil: no entity.
	EntityOf func(attr.Item) string
	// TTLAttribute is the table's TTL attribute, "" when TTL is off.
	TTLAttribute string
	// Now is the virtual clock: an item whose TTL is at or before Now is
	// Expired (until the sweeper deletes it).
	Now time.Time
	// Marks are recent changes by ItemKey of the table's primary key.
	Marks map[string]Mark
	// Ghosts are items deleted a moment ago that the UI still shows fading
	// out. They are merged into their collections in key order, as rows
	// with State Deleted; a ghost whose key is live again is dropped.
	Ghosts []attr.Item
	// Offset and Limit choose the window of collections (Limit 0:
	// DefaultCollectionsLimit).
	Offset, Limit int
	// MaxRows is how many rows a collection shows (0: DefaultMaxRows); the
	// rest are counted in Collection.Hidden.
	MaxRows int
	// PartitionKey, when set, shows only the collection whose partition
	// key reads exactly so (its display text, as in Collection.PK).
	PartitionKey string
	// Stale, when set, lets a table's view take its totals and window
	// from the walk of an earlier version of the table when this version's
	// is not done yet (CollectionsView.Stale says so): the page then walks
	// the new version in a job's slices (WarmCollections) instead of in
	// its render, which a clock whose sweeper deletes items at every tick
	// would otherwise pay at every tick.
	Stale bool
}

// CollectionsView is one window of a table's or an index's item
// collections, with everything the UI renders.
type CollectionsView struct {
	Table string
	Index string // "" for the table
	Kind  string // "table", "GSI" or "LSI"
	// HashKey and RangeKey name the view's key attributes (comma-separated
	// for a multi-attribute GSI key; RangeKey "" without a sort key), and
	// HashType, RangeType their declared types.
	HashKey, RangeKey   string
	HashType, RangeType string
	// Projection is an index's projection ("ALL", "KEYS_ONLY",
	// "INCLUDE: a, b"); "" for the table.
	Projection string

	Collections []Collection

	// TotalItems and TotalCollections count the whole table or index.
	TotalItems, TotalCollections int
	// Matching is how many collections the window is taken from: those
	// matching PartitionKey (all of them without one), plus collections
	// that only ghosts still show.
	Matching int
	// Offset, Limit and MaxRows are the window actually used.
	Offset, Limit, MaxRows int
	PartitionKey           string

	// LargestSize is the byte size of the largest collection of the whole
	// table or index, LargestPK its partition key and LargestItems its
	// item count.
	LargestSize  int
	LargestPK    string
	LargestItems int

	// Stale is set when the totals and the window come from the walk of
	// an earlier version of the table (CollectionsOptions.Stale); the rows
	// are the current version's.
	Stale bool `json:",omitempty"`
}

// Collection is one item collection: the items sharing a partition key.
type Collection struct {
	// ID identifies the collection across snapshots (its encoded partition
	// key in ItemKey's alphabet), for HTML ids.
	ID string
	// PK is the partition key's display text.
	PK string
	// Items and Size count every item of the collection (bytes: the sum of
	// the item sizes, in an index of the projections), shown or not;
	// ghosts are not counted.
	Items int
	Size  int
	// Rows are the first MaxRows rows in sort-key order, ghosts included;
	// Hidden counts the collection's items not shown.
	Rows   []Row
	Hidden int
	// Marked says some item of the collection (shown or not) has a mark.
	Marked bool
}

// RowState is a row's life: live, expired (its TTL has passed but the
// sweeper has not deleted it yet) or deleted (a ghost).
type RowState uint8

// Row states.
const (
	Live RowState = iota
	Expired
	Deleted
)

// String names the state: "live", "expired" or "deleted".
func (s RowState) String() string {
	switch s {
	case Expired:
		return "expired"
	case Deleted:
		return "deleted"
	}
	return "live"
}

// MarshalText writes the state's name.
func (s RowState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Segment is one '#'-separated part of a sort key.
type Segment struct {
	Text string
	// Shared says this part and every part before it read the same as in
	// the row above, so the UI can dim repeated parents and the
	// PARENT#CHILD#... hierarchy reads at a glance.
	Shared bool
}

// Cell is one attribute of a row.
type Cell struct {
	Name string
	Type string // S, N, B, BOOL, NULL, SS, NS, BS, L or M
	Text string // FormatValue, cut to CellTextRunes
}

// Row is one item (or index entry) of a collection.
type Row struct {
	// Key is the ItemKey of the table's primary key, also in index views.
	Key string
	// PK and SK are the view's key values as text (SK "" without a sort
	// key; a multi-attribute key's values joined by ", ").
	PK, SK     string
	SKSegments []Segment `json:",omitzero"`
	// BaseKey is the table's key in an index view: "PK=…, SK=…".
	BaseKey string `json:",omitzero"`
	Entity  string `json:",omitzero"`
	// Size is the item's DynamoDB size (in an index, its projection's).
	Size int
	// Attrs are the attributes other than the view's keys (and, in an
	// index view, the table's keys, shown in BaseKey), sorted by name.
	Attrs []Cell
	// Item is the entry as stored: the item, or its projection in an
	// index. It is shared and must not be modified.
	Item  attr.Item
	State RowState
	// ExpiresAt is the TTL expiry (zero without a usable TTL); ExpiresIn
	// says it for people: "in 3m", "expired 2h ago", or why the TTL value
	// is ignored ("never expires: not a Number").
	ExpiresAt time.Time `json:",omitzero"`
	ExpiresIn string    `json:",omitzero"`
	Mark      Mark      `json:",omitzero"`
}

// collectionsLayout is what the views need to know about the keys of a
// table or one of its indexes.
type collectionsLayout struct {
	table, index, kind  string
	hash, rng           []string    // the view's key attributes
	hashType, rngType   []attr.Type // and their declared types
	baseHash, baseRange string      // the table's key
	skip                map[string]bool
	projection          schema.Projection
	hasProjection       bool
}

// collectionsLayoutOf reads the layout of the table (index "") or of an
// index from a table description.
func collectionsLayoutOf(d *engine.TableDescription, index string) (*collectionsLayout, error) {
	if d == nil {
		return nil, errors.New("visualizer: no table")
	}
	l := &collectionsLayout{table: d.TableName, index: index, kind: "table", skip: map[string]bool{}}
	declared := func(name string) attr.Type {
		for _, a := range d.AttributeDefinitions {
			if a.AttributeName == name {
				t, _ := attr.ParseType(string(a.AttributeType))
				return t
			}
		}
		return 0
	}
	split := func(ks []schema.KeySchemaElement) {
		for _, e := range ks {
			if e.KeyType == schema.KeyTypeHash {
				l.hash = append(l.hash, e.AttributeName)
				l.hashType = append(l.hashType, declared(e.AttributeName))
			} else {
				l.rng = append(l.rng, e.AttributeName)
				l.rngType = append(l.rngType, declared(e.AttributeName))
			}
			l.skip[e.AttributeName] = true
		}
	}
	for _, e := range d.KeySchema {
		if e.KeyType == schema.KeyTypeHash {
			l.baseHash = e.AttributeName
		} else {
			l.baseRange = e.AttributeName
		}
	}
	if index == "" {
		split(d.KeySchema)
		return l, nil
	}
	for _, g := range d.GlobalSecondaryIndexes {
		if g.IndexName == index {
			l.kind, l.projection, l.hasProjection = "GSI", g.Projection, true
			split(g.KeySchema)
		}
	}
	for _, x := range d.LocalSecondaryIndexes {
		if x.IndexName == index {
			l.kind, l.projection, l.hasProjection = "LSI", x.Projection, true
			split(x.KeySchema)
		}
	}
	if !l.hasProjection {
		return nil, fmt.Errorf("visualizer: table %s has no index %s", d.TableName, index)
	}
	l.skip[l.baseHash] = true
	if l.baseRange != "" {
		l.skip[l.baseRange] = true
	}
	return l, nil
}

// projectionText prints an index projection: "ALL", "KEYS_ONLY" or
// "INCLUDE: a, b".
func (l *collectionsLayout) projectionText() string {
	if !l.hasProjection {
		return ""
	}
	p := l.projection
	t := string(p.ProjectionType)
	if t == "" {
		t = string(schema.ProjectAll)
	}
	if p.ProjectionType == schema.ProjectInclude {
		t += ": " + strings.Join(p.NonKeyAttributes, ", ")
	}
	return t
}

// project is what the index holds of a table item (for ghosts, which are
// table items).
func (l *collectionsLayout) project(it attr.Item) attr.Item {
	if !l.hasProjection || l.projection.ProjectionType == schema.ProjectAll || l.projection.ProjectionType == "" {
		return it
	}
	out := attr.Item{}
	for name := range l.skip {
		if v, ok := it[name]; ok {
			out[name] = v
		}
	}
	if l.projection.ProjectionType == schema.ProjectInclude {
		for _, name := range l.projection.NonKeyAttributes {
			if v, ok := it[name]; ok {
				out[name] = v
			}
		}
	}
	return out
}

// keyText joins the display text of item's values of names.
func collectionsKeyText(it attr.Item, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return formatKeyText(it[names[0]])
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = formatKeyText(it[n])
	}
	return strings.Join(parts, ", ")
}

// baseKeyText is the table key of an item as "PK=…, SK=…".
func (l *collectionsLayout) baseKeyText(it attr.Item) string {
	s := l.baseHash + "=" + formatKeyText(it[l.baseHash])
	if l.baseRange != "" {
		s += ", " + l.baseRange + "=" + formatKeyText(it[l.baseRange])
	}
	return s
}

func collectionsTypes(ts []attr.Type) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = t.String()
	}
	return strings.Join(parts, ", ")
}

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

// Collections builds one window of the item collections of a table or an
// index. It walks the snapshot's keys once for the totals and decodes only
// the rows it shows (and, to place a PartitionKey among several key
// attributes, each collection's first item). Without ghosts the walk is
// remembered for the snapshot, so asking again as the clock ticks only
// rebuilds the rows.
func Collections(ts *engine.TableSnapshot, opts CollectionsOptions) (*CollectionsView, error) {
	if ts == nil {
		return nil, errors.New("visualizer: no table")
	}
	l, err := collectionsLayoutOf(ts.Description, opts.Index)
	if err != nil {
		return nil, err
	}
	v := &CollectionsView{
		Table: l.table, Index: opts.Index, Kind: l.kind,
		HashKey: strings.Join(l.hash, ", "), RangeKey: strings.Join(l.rng, ", "),
		HashType: collectionsTypes(l.hashType), RangeType: collectionsTypes(l.rngType),
		Projection: l.projectionText(),
		Offset:     max(opts.Offset, 0), Limit: opts.Limit, MaxRows: opts.MaxRows,
		PartitionKey: opts.PartitionKey,
	}
	if v.Limit <= 0 {
		v.Limit = DefaultCollectionsLimit
	}
	if v.MaxRows <= 0 {
		v.MaxRows = DefaultMaxRows
	}
	var w *collectionsWalk
	if opts.Stale {
		w, v.Stale = staleWalk(ts, l, opts.PartitionKey, v.Offset, v.Limit)
		if w != nil && len(opts.Ghosts) > 0 {
			w = withGhosts(w, collectionsGroupGhosts(ts, l, opts.Ghosts), v.Offset+len(w.window) >= w.matching)
		}
	}
	if w == nil {
		var err error
		w, err = collectionsWalkOf(ts, l, opts.PartitionKey, v.Offset, v.Limit, opts.Ghosts, nil)
		if err != nil {
			return nil, err
		}
	}
	v.TotalItems, v.TotalCollections, v.Matching = w.totalItems, w.totalCollections, w.matching
	v.LargestSize, v.LargestPK, v.LargestItems = w.largestSize, w.largestPK, w.largestItems
	marks := collectionsRawMarks(opts.Marks)
	v.Collections = make([]Collection, 0, len(w.window))
	for _, s := range w.window {
		v.Collections = append(v.Collections, collectionsBuild(ts, l, &opts, s, v.MaxRows, marks))
	}
	return v, nil
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
// (a new GSI fills in): its walks are named by the snapshot, held weakly.
type collectionsWalkKey struct {
	ts            weak.Pointer[engine.TableSnapshot]
	table         string
	version       uint64
	index, pk     string
	offset, limit int
}

// collectionsWalks keeps the last few walks: the rows of a window change
// with the clock (expiry) and the marks, the walk only with the items.
var collectionsWalks = collectionsLRU[collectionsWalkKey, *collectionsWalk]{size: 4}

// walkKey names the walk of ts (see collectionsWalkKey).
func walkKey(ts *engine.TableSnapshot, l *collectionsLayout, pk string, offset, limit int) collectionsWalkKey {
	if l.index == "" {
		return collectionsWalkKey{table: ts.Description.TableName, version: ts.Version(), pk: pk, offset: offset, limit: limit}
	}
	return collectionsWalkKey{ts: weak.Make(ts), index: l.index, pk: pk, offset: offset, limit: limit}
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

// collectionsRawMarks turns the marks' ItemKeys back into engine key bytes
// (StoredEntry.TableKey), to find marks on rows not shown without
// decoding them.
func collectionsRawMarks(marks map[string]Mark) map[string]bool {
	var raw map[string]bool
	for k, m := range marks {
		if m.Kind == MarkNone {
			continue
		}
		if b, ok := marksRawKey(k); ok {
			if raw == nil {
				raw = map[string]bool{}
			}
			raw[b] = true
		}
	}
	return raw
}

// collectionsBuild decodes the shown rows of one collection, merging its
// ghosts in key order.
func collectionsBuild(ts *engine.TableSnapshot, l *collectionsLayout, opts *CollectionsOptions, s collectionsSlot, maxRows int, marks map[string]bool) Collection {
	var c Collection
	var prefix string
	var gs []collectionsGhost
	if s.ghosts != nil {
		gs, prefix = s.ghosts.ghosts, s.ghosts.prefix
	}
	if s.live {
		c.Items, c.Size, prefix = s.info.Items, s.info.Bytes, s.info.Prefix()
	}
	if len(prefix) >= 8 {
		c.ID = marksEncoding.EncodeToString([]byte(prefix[8:]))
	}
	var prev []string
	add := func(it attr.Item, size int, state RowState) {
		var r Row
		r, prev = collectionsRow(l, opts, it, size, state, prev)
		if r.Mark.Kind != MarkNone {
			c.Marked = true
		}
		c.Rows = append(c.Rows, r)
	}
	gi, shown := 0, 0
	if s.live {
		ts.CollectionEntries(l.index, prefix, func(e engine.StoredEntry) bool {
			if len(c.Rows) < maxRows && gi < len(gs) {
				key := e.Key()
				for ; gi < len(gs) && gs[gi].key < key && len(c.Rows) < maxRows; gi++ {
					add(gs[gi].item, attr.ItemSize(gs[gi].item), Deleted)
				}
				if gi < len(gs) && gs[gi].key == key {
					gi++ // the item is back: the live row stands for it
				}
			}
			if len(c.Rows) < maxRows {
				add(e.Item(), e.Size(), Live)
				shown++
				return true
			}
			// Past the shown rows only a mark is still looked for.
			if len(marks) == 0 || c.Marked {
				return false
			}
			c.Marked = marks[e.TableKey()]
			return !c.Marked
		})
	}
	for ; gi < len(gs) && len(c.Rows) < maxRows; gi++ {
		add(gs[gi].item, attr.ItemSize(gs[gi].item), Deleted)
	}
	c.Hidden = c.Items - shown
	switch {
	case len(c.Rows) > 0:
		c.PK = c.Rows[0].PK
	case s.live:
		c.PK = collectionsKeyText(s.info.First.Item(), l.hash)
	}
	return c
}

// collectionsRow builds the row of one item; prev is the sort-key
// segments of the row above, and the row's own are returned for the next.
func collectionsRow(l *collectionsLayout, opts *CollectionsOptions, it attr.Item, size int, state RowState, prev []string) (Row, []string) {
	r := Row{
		Key:   ItemKey(it, l.baseHash, l.baseRange),
		PK:    collectionsKeyText(it, l.hash),
		SK:    collectionsKeyText(it, l.rng),
		Size:  size,
		Item:  it,
		State: state,
	}
	if l.index != "" {
		r.BaseKey = l.baseKeyText(it)
	}
	var parts []string
	if len(l.rng) > 0 {
		parts = strings.Split(r.SK, "#")
		r.SKSegments = make([]Segment, len(parts))
		shared := prev != nil
		for i, p := range parts {
			shared = shared && i < len(prev) && prev[i] == p
			r.SKSegments[i] = Segment{Text: p, Shared: shared}
		}
	}
	if opts.EntityOf != nil {
		r.Entity = opts.EntityOf(it)
	}
	names := make([]string, 0, len(it))
	for name := range it {
		if !l.skip[name] {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	r.Attrs = make([]Cell, len(names))
	for i, name := range names {
		v := it[name]
		r.Attrs[i] = Cell{Name: name, Type: formatTypeName(v), Text: formatTruncate(v, CellTextRunes)}
	}
	if opts.TTLAttribute != "" {
		if v, ok := it[opts.TTLAttribute]; ok {
			r.ExpiresAt, r.ExpiresIn = ttlExpiry(v, opts.Now)
			if state == Live && !r.ExpiresAt.IsZero() && !r.ExpiresAt.After(opts.Now) {
				r.State = Expired
			}
		}
	}
	r.Mark = opts.Marks[r.Key]
	return r, parts
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
