package engine

import "github.com/dynamodb-workbench/workbench/engine/expr"

// checkKeyPaths refuses a projection or filter path that descends into a
// key attribute (pk.x, pk[0]): key attributes are scalars. The table's own
// keys are judged first, in key-schema order ("Key: a"), then any index's
// ("IndexKey: d"), as dynalite's suite records DynamoDB (test/getItem.js,
// query.js, scan.js "non-scalar key/index access"). Which index key is
// named when several are hit is inferred: the first in the expression.
func (t *table) checkKeyPaths(paths []expr.Path) *Error {
	for _, ka := range t.key.all {
		for _, p := range paths {
			if len(p) > 1 && p[0].Name == ka.name {
				return keyPathError("Key", ka.name)
			}
		}
	}
	for _, p := range paths {
		if len(p) > 1 && t.isIndexKey(p[0].Name) {
			return keyPathError("IndexKey", p[0].Name)
		}
	}
	return nil
}

// isIndexKey reports whether name is a key attribute of any index.
func (t *table) isIndexKey(name string) bool {
	for _, ix := range t.indexOrder {
		if ix.key.has(name) {
			return true
		}
	}
	return false
}

func keyPathError(kind, name string) *Error {
	return validationf("Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: %s: %s", kind, name)
}

// projectionPaths and filterPaths are the paths a parsed request reads, nil
// when it has no such expression.
func (p *parsed) projectionPaths() []expr.Path {
	if p == nil || p.projection == nil {
		return nil
	}
	return p.projection.Paths()
}

func (p *parsed) filterPaths() []expr.Path {
	if p == nil || p.filter == nil {
		return nil
	}
	return p.filter.Paths()
}
