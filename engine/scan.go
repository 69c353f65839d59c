package engine

import (
	"math/bits"
)

// Scan implements DynamoDB's Scan: every item in partition-hash order, one
// page at a time, optionally one segment of a parallel scan.
func (d *Database) Scan(in *ScanInput) (*ScanOutput, error) {
	var c constraints
	c.tableName(in.TableName, "tableName")
	indexNameConstraint(&c, in.IndexName)
	c.enum(in.Select, "select", enumSelect...)
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	c.enum(in.ConditionalOperator, "conditionalOperator", enumConditionalOperator...)
	if in.Limit != nil && *in.Limit < 1 {
		c.bad(*in.Limit, "limit", "Member must have value greater than or equal to 1")
	}
	if in.Segment != nil {
		if *in.Segment < 0 {
			c.bad(*in.Segment, "segment", "Member must have value greater than or equal to 0")
		} else if *in.Segment > 999999 {
			c.bad(*in.Segment, "segment", "Member must have value less than or equal to 999999")
		}
	}
	if in.TotalSegments != nil {
		if *in.TotalSegments < 1 {
			c.bad(*in.TotalSegments, "totalSegments", "Member must have value greater than or equal to 1")
		} else if *in.TotalSegments > 1000000 {
			c.bad(*in.TotalSegments, "totalSegments", "Member must have value less than or equal to 1000000")
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	switch {
	case in.Segment != nil && in.TotalSegments == nil:
		return nil, validationf("The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	case in.Segment == nil && in.TotalSegments != nil:
		return nil, validationf("The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	case in.Segment != nil && *in.Segment >= *in.TotalSegments:
		return nil, validationf("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: %d is not less than TotalSegments: %d", *in.Segment, *in.TotalSegments)
	}
	req := exprRequest{names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		filter: in.FilterExpression, projection: in.ProjectionExpression, legacy: newLegacy("Scan")}
	req.legacy.filterConditions("ScanFilter", in.ScanFilter, in.ConditionalOperator)
	req.legacy.attributesToGet(in.AttributesToGet)
	p, err := req.parse()
	if err != nil {
		return nil, err
	}
	sel, err := selectMode(in.Select, p.projection != nil, in.IndexName != nil, "Scanning")
	if err != nil {
		return nil, err
	}

	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookup(*in.TableName)
	if err != nil {
		return nil, err
	}
	src, err := t.source(in.IndexName, sel, boolValue(in.ConsistentRead, false))
	if err != nil {
		return nil, err
	}
	r := keyRange{hiOpen: true}
	if in.Segment != nil {
		r = segmentRange(uint64(*in.Segment), uint64(*in.TotalSegments))
	}
	if in.ExclusiveStartKey != nil {
		k, err := src.startKey(in.ExclusiveStartKey)
		if err != nil {
			return nil, err
		}
		if !r.contains(k) {
			return nil, validationf("The provided starting key is invalid: Invalid ExclusiveStartKey. Please use ExclusiveStartKey with correct Segment. TotalSegments: %d Segment: %d", *in.TotalSegments, *in.Segment)
		}
		r = r.after(k)
	}
	pg := readPage(src.tree, r, true, deref(in.Limit), p.filter, src.shaper(p), sel == "COUNT")
	return src.output(pg, *in.TableName, in.ReturnConsumedCapacity, boolValue(in.ConsistentRead, false)), nil
}

// segmentRange is segment i of n: an equal slice of the 64-bit partition-hash
// space, so segments are disjoint and together cover every item.
func segmentRange(i, n uint64) keyRange {
	bound := func(k uint64) string {
		// floor(k * 2^64 / n), computed without overflow.
		q, _ := bits.Div64(k, 0, n)
		return string(appendHash(nil, q))
	}
	r := keyRange{lo: bound(i), hiOpen: true}
	if i == 0 {
		r.lo = ""
	}
	if i+1 < n {
		r.hi, r.hiOpen = bound(i+1), false
	}
	return r
}
