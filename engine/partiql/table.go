package partiql

import (
	"slices"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// tableInfo is what planning needs to know about a table: its keys, their
// types and its indexes.
type tableInfo struct {
	name    string
	keys    []string // hash, then range if any
	types   map[string]string
	indexes map[string]indexInfo
}

// indexInfo is one secondary index.
type indexInfo struct {
	global     bool
	keys       []string
	projection schema.Projection
}

// describe looks a table up through DescribeTable. A missing table is the
// item operations' ResourceNotFoundException wording.
func describe(db *engine.Database, name string) (*tableInfo, error) {
	out, err := db.DescribeTable(&engine.DescribeTableInput{TableName: &name})
	if err != nil {
		if e, ok := err.(*engine.Error); ok && e.Code == engine.CodeResourceNotFound {
			return nil, engine.Errorf(engine.CodeResourceNotFound, msgNotFound)
		}
		return nil, err
	}
	t := out.Table
	ti := &tableInfo{name: t.TableName, keys: keyNames(t.KeySchema), types: map[string]string{}, indexes: map[string]indexInfo{}}
	for _, d := range t.AttributeDefinitions {
		ti.types[d.AttributeName] = string(d.AttributeType)
	}
	for _, g := range t.GlobalSecondaryIndexes {
		ti.indexes[g.IndexName] = indexInfo{global: true, keys: keyNames(g.KeySchema), projection: g.Projection}
	}
	for _, l := range t.LocalSecondaryIndexes {
		ti.indexes[l.IndexName] = indexInfo{keys: keyNames(l.KeySchema), projection: l.Projection}
	}
	return ti, nil
}

func keyNames(ks []schema.KeySchemaElement) []string {
	names := make([]string, len(ks))
	for _, k := range ks {
		if k.KeyType == schema.KeyTypeHash {
			names[0] = k.AttributeName
		} else {
			names[len(ks)-1] = k.AttributeName
		}
	}
	return names
}

// projects reports whether index ix carries attribute a.
func (ti *tableInfo) projects(ix indexInfo, a string) bool {
	if ix.projection.ProjectionType == schema.ProjectAll || slices.Contains(ti.keys, a) || slices.Contains(ix.keys, a) {
		return true
	}
	return ix.projection.ProjectionType == schema.ProjectInclude && slices.Contains(ix.projection.NonKeyAttributes, a)
}
