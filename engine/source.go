package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// readSource is what a Query or Scan reads: the table itself or one of its
// indexes, with the key that orders it.
type readSource struct {
	t         *table
	ix        *index // nil for the table
	tree      *itemTree
	key       keySchema
	countOnly bool
	mode      capacity.ReadMode

	// fetch: an LSI read that needs attributes the index does not project
	// reads each base item too, charged per item.
	fetch   bool
	fetched float64
}

// source resolves IndexName for a read and applies the rules that depend
// on the index: GSIs are eventually consistent only, ALL_ATTRIBUTES needs a
// GSI that projects everything, and a GSI cannot return what it does not
// hold (an LSI fetches it from the table instead).
func (t *table) source(indexName *string, sel string, consistent bool, p *parsed) (*readSource, *Error) {
	s := &readSource{t: t, tree: t.items, key: t.key, countOnly: sel == "COUNT", mode: readMode(consistent)}
	if indexName == nil {
		return s, nil
	}
	ix, ok := t.indexes[*indexName]
	if !ok {
		return nil, validationf("The table does not have the specified index: %s", *indexName)
	}
	if ix.global && consistent {
		return nil, validationf("Consistent reads are not supported on global secondary indexes")
	}
	if ix.status != indexActive {
		// Unverified wording; DynamoDB refuses reads until the index is ACTIVE.
		return nil, validationf("Cannot read from backfilling global secondary index: %s", ix.name)
	}
	s.ix, s.tree, s.key = ix, ix.tree, ix.key
	missing := ""
	if p.projection != nil {
		for _, path := range p.projection.Paths() {
			if !ix.projects(t, path[0].Name) {
				missing = path[0].Name
				break
			}
		}
	}
	if ix.global {
		if sel == "ALL_ATTRIBUTES" && !ix.projectsAll() {
			return nil, validationf("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for global secondary index %s because its projection type is not ALL", ix.name)
		}
		if missing != "" {
			// Unverified wording; DynamoDB refuses to project what a GSI lacks.
			return nil, validationf("One or more parameter values were invalid: Global secondary index %s does not project attribute %s", ix.name, missing)
		}
		return s, nil
	}
	if p.filter != nil {
		for _, path := range p.filter.Paths() {
			if !ix.projects(t, path[0].Name) {
				missing = path[0].Name
			}
		}
	}
	s.fetch = !ix.projectsAll() && (sel == "ALL_ATTRIBUTES" || missing != "")
	return s, nil
}

// load returns what a read sees of an entry: the stored item, or for an
// LSI that must fetch, the table's item.
func (s *readSource) load(e entry) attr.Item {
	item := e.decode()
	if !s.fetch {
		return item
	}
	base, ok := s.t.get(s.t.key.treeKeyOf(item))
	if !ok {
		return item
	}
	s.fetched += capacity.ReadUnits(base.size, s.mode)
	return base.decode()
}

// startKey validates ExclusiveStartKey and returns the tree key it
// designates: the table key, plus the index key on an index.
func (s *readSource) startKey(esk attr.Item) (string, *Error) {
	bad := validationf("The provided starting key is invalid: The provided key element does not match the schema")
	if s.ix == nil {
		k, err := s.t.keyOfKey(esk)
		if err != nil {
			return "", bad
		}
		return k, nil
	}
	for _, ka := range append(append([]keyAttr(nil), s.t.key.all...), s.ix.key.all...) {
		if v, ok := esk[ka.name]; !ok || v.Type() != ka.typ {
			return "", bad
		}
	}
	for name := range esk {
		if !s.t.key.has(name) && !s.ix.key.has(name) {
			return "", bad
		}
	}
	k, ok := s.ix.treeKey(s.t, esk)
	if !ok {
		return "", bad
	}
	return k, nil
}

// shaper returns how each matching item is shaped for the response.
func (s *readSource) shaper(p *parsed) func(attr.Item) attr.Item {
	if p.projection == nil {
		return func(it attr.Item) attr.Item { return it }
	}
	return p.projection.Apply
}

// lastKey is LastEvaluatedKey for the entry a page stopped at: the table
// key, plus the index key on an index.
func (s *readSource) lastKey(e *entry) attr.Item {
	item := e.decode()
	out := s.t.key.keyItem(item)
	if s.ix != nil {
		for _, a := range s.ix.key.all {
			out[a.name] = item[a.name]
		}
	}
	return out
}

// charge books a read's units where DynamoDB books them: a GSI's own
// capacity, or the table's (reported per LSI for an LSI read).
func (s *readSource) charge(u *usage, units float64) {
	switch {
	case s.ix == nil:
		u.Table = units
	case s.ix.global:
		u.AddGSI(s.ix.name, units)
	default:
		u.AddLSI(s.ix.name, units+s.fetched)
	}
}

// exprAttrs describes key attributes for the expression package.
func (k keySchema) exprAttrs(attrs []keyAttr) []expr.KeyAttr {
	out := make([]expr.KeyAttr, len(attrs))
	for i, a := range attrs {
		out[i] = expr.KeyAttr{Name: a.name, Type: a.typ}
	}
	return out
}
