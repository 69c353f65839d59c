package visualizer

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// DefaultExcludedLimit is how many excluded items a MembershipView lists
// when MembershipOptions.Limit is 0.
const DefaultExcludedLimit = 20

// MembershipOptions chooses what IndexMembership lists.
type MembershipOptions struct {
	// EntityOf names an item's entity (model.Recognizer); nil: no entity.
	EntityOf func(attr.Item) string
	// Offset and Limit choose the window of excluded items (Limit 0:
	// DefaultExcludedLimit).
	Offset, Limit int
}

// MembershipView tells which of a table's items a secondary index holds
// and, for the others, why not. The index's own entries are shown by
// Collections with CollectionsOptions.Index.
type MembershipView struct {
	Table, Index string
	Kind         string // "GSI" or "LSI"
	// Status is the index's status ("ACTIVE", "CREATING" while a new GSI
	// backfills, ...); Backfilling says a backfill is running.
	Status      string
	Backfilling bool
	// Keys are the index's key attributes in key-schema order;
	// KeyAttributes just their names.
	Keys          []IndexKey
	KeyAttributes []string
	// Projection is "ALL", "KEYS_ONLY" or "INCLUDE: a, b";
	// ProjectedAttributes lists INCLUDE's non-key attributes.
	Projection          string
	ProjectedAttributes []string

	// TableItems is the table's item count; In the index's entries; Out
	// the items the index cannot hold (see Reasons).
	TableItems, In, Out int
	// Pending is TableItems - In - Out: non-zero only while a GSI catches
	// up with its table (the propagation delay or a backfill). Positive:
	// items still to enter; negative: entries still to leave.
	Pending int
	// Reasons counts the excluded items by reason, most common first.
	Reasons []ReasonCount
	// Excluded is the window of excluded items, in table order.
	Excluded      []Excluded
	Offset, Limit int
}

// IndexKey is one key attribute of an index.
type IndexKey struct {
	Name string
	Role string // "HASH" or "RANGE"
	Type string // the declared type: S, N or B
}

// ReasonCount is how many items one reason keeps out of the index.
type ReasonCount struct {
	Reason string
	Items  int
}

// Excluded is a table item the index does not hold.
type Excluded struct {
	// Key is the ItemKey of the item's primary key; BaseKey the key as
	// "PK=…, SK=…", and PK, SK its values.
	Key, BaseKey, PK, SK string
	Entity               string
	// Reason says why, in plain words: "no GSI1SK attribute", "no GSI1PK
	// or GSI1SK attribute", "GSI1PK is N, the index key type is S".
	Reason string
	// Item is the whole item, shared: do not modify it.
	Item attr.Item
}

// IndexMembership reports which of the table's items the named GSI or LSI
// holds. An item is in an index when it carries every index key attribute
// with the declared type (engine/index.go); DynamoDB refuses writes that
// give a key attribute another type or an empty value, so those reasons
// only appear for items written before a GSI was added (its backfill skips
// them). An LSI shares the table's partition key, so it only excludes
// items lacking its sort key. The walk reads only the key attributes and is
// remembered for the snapshot; only the excluded items in the window are
// decoded.
func IndexMembership(ts *engine.TableSnapshot, index string, opts MembershipOptions) (*MembershipView, error) {
	if ts == nil {
		return nil, errors.New("visualizer: no table")
	}
	if index == "" {
		return nil, errors.New("visualizer: no index named")
	}
	l, err := collectionsLayoutOf(ts.Description, index)
	if err != nil {
		return nil, err
	}
	v := &MembershipView{
		Table: l.table, Index: index, Kind: l.kind, Status: "ACTIVE",
		Projection: l.projectionText(),
		Offset:     max(opts.Offset, 0), Limit: opts.Limit,
	}
	if v.Limit <= 0 {
		v.Limit = DefaultExcludedLimit
	}
	if l.projection.ProjectionType == schema.ProjectInclude {
		v.ProjectedAttributes = slices.Clone(l.projection.NonKeyAttributes)
	}
	for _, g := range ts.Description.GlobalSecondaryIndexes {
		if g.IndexName == index {
			v.Status = g.IndexStatus
			v.Backfilling = g.Backfilling != nil && *g.Backfilling
		}
	}
	for i, n := range l.hash {
		v.Keys = append(v.Keys, IndexKey{Name: n, Role: string(schema.KeyTypeHash), Type: l.hashType[i].String()})
	}
	for i, n := range l.rng {
		v.Keys = append(v.Keys, IndexKey{Name: n, Role: string(schema.KeyTypeRange), Type: l.rngType[i].String()})
	}
	v.KeyAttributes = append(slices.Clone(l.hash), l.rng...)
	v.In, _ = ts.IndexLen(index)

	w, _ := indexWalkOf(ts, l, v.Offset, v.Limit, nil)
	v.TableItems, v.Out, v.Reasons = w.tableItems, w.out, slices.Clone(w.reasons)
	v.Pending = v.TableItems - v.In - v.Out
	for _, x := range w.window {
		it := x.entry.Item()
		e := Excluded{
			Key: ItemKey(it, l.baseHash, l.baseRange), BaseKey: l.baseKeyText(it),
			PK: formatKeyText(it[l.baseHash]), Reason: x.reason, Item: it,
		}
		if l.baseRange != "" {
			e.SK = formatKeyText(it[l.baseRange])
		}
		if opts.EntityOf != nil {
			e.Entity = opts.EntityOf(it)
		}
		v.Excluded = append(v.Excluded, e)
	}
	return v, nil
}

// indexWalk is what one walk over a table finds about an index: the
// excluded items counted by reason and those of one window.
type indexWalk struct {
	tableItems, out int
	reasons         []ReasonCount
	window          []indexExcludedEntry
}

type indexExcludedEntry struct {
	entry  engine.StoredEntry
	reason string
}

// indexWalkKey names a walk: the table's items (Version), the index and
// its keys, and the window. The walk reads only the items, so a new
// snapshot of the same items (every clock tick publishes one) finds it.
type indexWalkKey struct {
	table         string
	version       uint64
	index, keys   string
	offset, limit int
}

// indexWalks keeps the last few walks, for re-renders as the clock ticks.
var indexWalks = collectionsLRU[indexWalkKey, *indexWalk]{size: 4}

// indexTally counts the items kept out for one reason.
type indexTally struct {
	reason string
	n      int
}

// WarmIndexMembership walks ts's items for IndexMembership's window of
// opts and remembers the walk, calling step every indexWarmEvery items: a
// job (the Indexes tab's, on a large table) prepares the view in slices,
// and the render after it finds the walk of a million items done. It stops
// with step's error.
func WarmIndexMembership(ts *engine.TableSnapshot, index string, opts MembershipOptions, step func() error) error {
	l, err := collectionsLayoutOf(ts.Description, index)
	if err != nil {
		return err
	}
	limit := opts.Limit
	if limit <= 0 {
		limit = DefaultExcludedLimit
	}
	_, err = indexWalkOf(ts, l, max(opts.Offset, 0), limit, step)
	return err
}

// indexWarmEvery is how many items a membership walk reads between two
// steps.
const indexWarmEvery = 64

// indexWalkOf reads the index key attributes of every item without
// decoding it (StoredEntry.Peek) and decodes none: the window keeps
// entries. step, when set, is called every indexWarmEvery items and stops
// the walk with its error (nothing is remembered then).
func indexWalkOf(ts *engine.TableSnapshot, l *collectionsLayout, offset, limit int, step func() error) (*indexWalk, error) {
	key := indexWalkKey{table: ts.Description.TableName, version: ts.Version(), index: l.index, keys: indexStateOf(ts, l).keys, offset: offset, limit: limit}
	if w, ok := indexWalks.get(key); ok {
		return w, nil
	}
	names := append(slices.Clone(l.hash), l.rng...)
	var types []attr.Type
	var hash []bool
	for _, t := range l.hashType {
		types, hash = append(types, t), append(hash, true)
	}
	for _, t := range l.rngType {
		types, hash = append(types, t), append(hash, false)
	}
	var stopped error
	w := &indexWalk{}
	vals := make([]engine.AttrInfo, len(names))
	// Reasons repeat over thousands of items: each set of missing
	// attributes is put in words once.
	missing := map[uint64]*indexTally{}
	other := map[string]*indexTally{}
	ts.Entries("", func(e engine.StoredEntry) bool {
		if step != nil && w.tableItems%indexWarmEvery == indexWarmEvery-1 {
			if stopped = step(); stopped != nil {
				return false
			}
		}
		w.tableItems++
		e.Peek(names, vals)
		var mask uint64
		for i, x := range vals {
			if x.Type == 0 {
				mask |= 1 << (i % 64)
			}
		}
		var t *indexTally
		if mask != 0 {
			if t = missing[mask]; t == nil {
				t = &indexTally{reason: indexReason(names, types, hash, vals)}
				missing[mask] = t
			}
		} else {
			reason := indexReason(names, types, hash, vals)
			if reason == "" {
				return true
			}
			if t = other[reason]; t == nil {
				t = &indexTally{reason: reason}
				other[reason] = t
			}
		}
		t.n++
		if w.out >= offset && w.out-offset < limit {
			w.window = append(w.window, indexExcludedEntry{e, t.reason})
		}
		w.out++
		return true
	})
	for _, t := range missing {
		w.reasons = append(w.reasons, ReasonCount{Reason: t.reason, Items: t.n})
	}
	for _, t := range other {
		w.reasons = append(w.reasons, ReasonCount{Reason: t.reason, Items: t.n})
	}
	slices.SortFunc(w.reasons, func(a, b ReasonCount) int {
		if a.Items != b.Items {
			return b.Items - a.Items
		}
		return strings.Compare(a.Reason, b.Reason)
	})
	if stopped != nil {
		return nil, stopped
	}
	indexWalks.put(key, w)
	return w, nil
}

// indexReason says why an item whose index key attributes read vals is
// not in the index, or "" when it is. It follows the engine: every key
// attribute present (index.treeKey), of the declared type, non-empty and
// within the key size limits (index.canHold).
func indexReason(names []string, types []attr.Type, hash []bool, vals []engine.AttrInfo) string {
	var missing []string
	for i, v := range vals {
		if v.Type == 0 && !slices.Contains(missing, names[i]) {
			missing = append(missing, names[i])
		}
	}
	if len(missing) > 0 {
		return "no " + indexJoinOr(missing) + " attribute"
	}
	for i, v := range vals {
		name := names[i]
		switch {
		case v.Type != types[i]:
			return fmt.Sprintf("%s is %s, the index key type is %s", name, v.Type, types[i])
		case v.Type == attr.TypeN:
			continue
		case len(v.Text) == 0:
			return name + " is empty"
		case hash[i] && len(v.Text) > schema.MaxPartitionKeyBytes:
			return fmt.Sprintf("%s is longer than the %d-byte partition key limit", name, schema.MaxPartitionKeyBytes)
		case !hash[i] && len(v.Text) > schema.MaxSortKeyBytes:
			return fmt.Sprintf("%s is longer than the %d-byte sort key limit", name, schema.MaxSortKeyBytes)
		}
	}
	return ""
}

// indexJoinOr lists names as "A", "A or B", "A, B or C".
func indexJoinOr(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
