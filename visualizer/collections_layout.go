package visualizer

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

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

// collectionsKeyText joins the display text of item's values of names.
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
