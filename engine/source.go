package engine

import (
	"github.com/google/btree"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// readSource is what a Query or Scan reads: the table itself or one of its
// indexes, with the key that orders it.
type readSource struct {
	t         *table
	index     string // "" for the table
	tree      *btree.BTreeG[entry]
	key       keySchema
	countOnly bool
}

// source resolves IndexName for a read. Indexes arrive with secondary-index
// support; until then only the table can be read.
func (t *table) source(indexName *string, sel string, consistent bool) (*readSource, *Error) {
	if indexName != nil {
		return nil, validationf("The table does not have the specified index: %s", *indexName)
	}
	return &readSource{t: t, tree: t.items, key: t.key, countOnly: sel == "COUNT"}, nil
}

// startKey validates ExclusiveStartKey and returns the tree key it designates.
func (s *readSource) startKey(esk attr.Item) (string, *Error) {
	k, err := s.t.keyOfKey(esk)
	if err != nil {
		return "", validationf("The provided starting key is invalid: The provided key element does not match the schema")
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

// lastKey is LastEvaluatedKey for the entry a page stopped at.
func (s *readSource) lastKey(e *entry) attr.Item { return s.t.key.keyItem(e.decode()) }

// charge books a read's units where DynamoDB books them.
func (s *readSource) charge(u *usage, units float64) { u.table = units }

// exprAttrs describes key attributes for the expression package.
func (k keySchema) exprAttrs(attrs []keyAttr) []expr.KeyAttr {
	out := make([]expr.KeyAttr, len(attrs))
	for i, a := range attrs {
		out[i] = expr.KeyAttr{Name: a.name, Type: a.typ}
	}
	return out
}
