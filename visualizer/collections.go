package visualizer

import (
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
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
