package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// keyRange is a half-open range [lo, hi) of tree keys; hiOpen means no upper
// bound.
type keyRange struct {
	lo, hi string
	hiOpen bool
}

// successor returns the smallest string greater than every string that has
// prefix p, and false when there is none (p is all 0xFF bytes).
func successor(p string) (string, bool) {
	b := []byte(p)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != 0xFF {
			b[i]++
			return string(b[:i+1]), true
		}
	}
	return "", false
}

// prefixRange is the range of all keys that start with p.
func prefixRange(p string) keyRange {
	hi, ok := successor(p)
	return keyRange{lo: p, hi: hi, hiOpen: !ok}
}

// after narrows r to keys strictly after k (forward paging).
func (r keyRange) after(k string) keyRange {
	if next := k + "\x00"; next > r.lo {
		r.lo = next
	}
	return r
}

// before narrows r to keys strictly before k (backward paging).
func (r keyRange) before(k string) keyRange {
	if r.hiOpen || k < r.hi {
		r.hi, r.hiOpen = k, false
	}
	return r
}

// walk visits the entries of tree within r, ascending or descending, until fn
// returns false.
func walk(tree *itemTree, r keyRange, forward bool, fn func(entry) bool) {
	lo, hi := pivot(r.lo), pivot(r.hi)
	if forward {
		if r.hiOpen {
			tree.AscendGreaterOrEqual(lo, fn)
		} else {
			tree.AscendRange(lo, hi, fn)
		}
		return
	}
	back := func(e entry) bool {
		if entryLess(e, lo) {
			return false
		}
		if !r.hiOpen && !entryLess(e, hi) {
			return true
		}
		return fn(e)
	}
	if r.hiOpen {
		tree.Descend(back)
	} else {
		tree.DescendLessOrEqual(hi, back)
	}
}

// page is the result of reading one Query or Scan page.
type page struct {
	items     []attr.Item
	count     int64
	scanned   int64
	bytesRead int
	last      *entry // set when the page stopped early (Limit or 1 MB)
	// partitions is how many partitions a Scan page crossed (0 for a Query,
	// which reads one): each costs at least one minimum read.
	partitions int
}

// units is the page's read cost: its bytes summed and rounded up once, and
// for a Scan at least the minimum read of each partition it crossed.
func (pg page) units(consistent bool) float64 {
	u := capacity.QueryReadUnits(pg.bytesRead, readMode(consistent))
	return max(u, float64(pg.partitions)*capacity.ReadUnits(0, readMode(consistent)))
}

// readPage reads the source's entries in r, stopping after limit entries (0: no limit) or
// 1 MB of data, keeping those that pass filter, shaped by keep.
func (s *readSource) readPage(r keyRange, forward bool, limit int64, filter *expr.Condition, keep func(attr.Item) attr.Item, countOnly bool) page {
	var pg page
	walk(s.tree, r, forward, func(e entry) bool {
		pg.scanned++
		pg.bytesRead += e.size
		var item attr.Item
		if filter != nil || !countOnly {
			item = s.load(e)
		}
		if filter == nil || filter.Eval(item) {
			pg.count++
			if !countOnly {
				pg.items = append(pg.items, keep(item))
			}
		}
		if (limit > 0 && pg.scanned >= limit) || pg.bytesRead >= schema.MaxPageBytes {
			last := e // copied here so that only the last entry escapes
			pg.last = &last
			return false
		}
		return true
	})
	return pg
}

// selectMode resolves Select and its rules shared by Query and Scan.
// It returns the effective Select value. byNames says the projection came
// from AttributesToGet, which the messages name instead of
// ProjectionExpression. Query's messages carry the "1 validation error
// detected: " envelope and Scan's do not, and Scan's ALL_PROJECTED_ATTRIBUTES
// message also says "Querying" (moto's aws_verified
// test_projection_expression_rejected_for_non_specific_select and
// test_attributes_to_get_rejected_for_non_specific_select, recorded against
// DynamoDB).
func selectMode(sel string, hasProjection, byNames, hasIndex bool, op string) (string, *Error) {
	env := ""
	if op == "Query" {
		env = "1 validation error detected: "
	}
	what := "ProjectionExpression"
	if byNames {
		what = "AttributesToGet"
	}
	switch sel {
	case "":
		if hasProjection {
			return "SPECIFIC_ATTRIBUTES", nil
		}
		if hasIndex {
			return "ALL_PROJECTED_ATTRIBUTES", nil
		}
		return "ALL_ATTRIBUTES", nil
	case "SPECIFIC_ATTRIBUTES":
		if !hasProjection {
			return "", validationf("%sMust specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES", env)
		}
	case "COUNT":
		if hasProjection {
			return "", validationf("%sCannot specify the %s when choosing to get only the Count", env, what)
		}
	case "ALL_ATTRIBUTES":
		if hasProjection {
			return "", validationf("%sCannot specify the %s when choosing to get ALL_ATTRIBUTES", env, what)
		}
	case "ALL_PROJECTED_ATTRIBUTES":
		if !hasIndex {
			return "", validationf("%sALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName", env)
		}
		if hasProjection {
			return "", validationf("%sCannot specify the %s when choosing to get ALL_PROJECTED_ATTRIBUTES", env, what)
		}
	}
	return sel, nil
}
