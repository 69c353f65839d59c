package engine

import (
	"math"
	"math/bits"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// Scan implements DynamoDB's Scan: every item in partition-hash order, one
// page at a time, optionally one segment of a parallel scan.
func (d *Database) Scan(in *ScanInput) (*ScanOutput, error) {
	d.Tick()
	var c constraints
	c.readShape(in.TableName, in.IndexName, in.Select, in.ReturnConsumedCapacity, in.ConditionalOperator)
	c.limit(in.Limit, "limit", 1, 0)
	c.limit(in.Segment, "segment", 0, schema.MaxTotalSegments-1)
	c.limit(in.TotalSegments, "totalSegments", 1, schema.MaxTotalSegments)
	// The scalar members, then ScanFilter and AttributesToGet: the order in
	// which DynamoDB keeps ten of more violations (see shapeOrder).
	c.conditions("scanFilter", in.ScanFilter)
	c.attributesToGet(in.AttributesToGet)
	if err := c.err(); err != nil {
		return nil, err
	}
	req := exprRequest{names: in.ExpressionAttributeNames, values: in.ExpressionAttributeValues,
		filter: in.FilterExpression, projection: in.ProjectionExpression, legacy: newLegacy("Scan"),
		afterLegacy: func() *Error { return checkSegments(in.Segment, in.TotalSegments) }, valuesErr: heldValue(in.held.values, false)}
	// A duplicate in AttributesToGet is reported before the ScanFilter's
	// values and operand counts (dynalite's test/scan.js "duplicate values
	// in AttributesToGet", run against DynamoDB).
	req.legacy.attributesToGet(in.AttributesToGet)
	req.legacy.filterConditions("ScanFilter", in.ScanFilter, in.ConditionalOperator)
	// An invalid ExclusiveStartKey value comes after the ScanFilter's
	// errors and before a lone Segment and the placeholder maps
	// (dynalite's test/scan.js, "... on ExclusiveStartKey if ScanFilter ok
	// ... when table does not exist", "unsupported datatype in
	// ExclusiveStartKey" beside an empty FilterExpression).
	req.legacy.check(startKeyValue(in.held.item))
	p, err := req.parse()
	if err != nil {
		return nil, err
	}
	sel, err := selectMode(in.Select, p.projection != nil, in.AttributesToGet != nil, in.IndexName != nil, "Scan")
	if err != nil {
		return nil, err
	}

	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.lookup(*in.TableName)
	if err != nil {
		return nil, err
	}
	src, err := t.source(in.IndexName, sel, boolValue(in.ConsistentRead, false), p)
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
	if e := t.checkKeyPaths(p.projectionPaths()); e != nil {
		return nil, e
	}
	if e := t.checkKeyPaths(p.filterPaths()); e != nil {
		return nil, e
	}
	pg := src.readPage(r, true, deref(in.Limit), p.filter, src.shaper(p), sel == "COUNT")
	pg.partitions = src.partitionsCrossed(r, pg.last)
	if err := d.admitPage(src, pg, boolValue(in.ConsistentRead, false), pivot(r.lo).hash); err != nil {
		return nil, err
	}
	return src.output(pg, *in.TableName, in.ReturnConsumedCapacity, boolValue(in.ConsistentRead, false)), nil
}

// checkSegments pairs Segment with TotalSegments. DynamoDB checks it after
// the legacy ScanFilter and before the expression parameters' contents
// (dynalite's suite, against DynamoDB: its ScanFilter and "can only be
// specified" cases carry a lone Segment, its "missing TotalSegments" case
// an empty FilterExpression and ExpressionAttributeNames).
func checkSegments(seg, total *int64) *Error {
	switch {
	case seg != nil && total == nil:
		return validationf("The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	case seg == nil && total != nil:
		return validationf("The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	case seg != nil && *seg >= *total:
		return validationf("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: %d is not less than TotalSegments: %d", *seg, *total)
	}
	return nil
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

// partitionsCrossed is how many of the source's modelled partitions a Scan
// page read: those from the one holding the range's start to the one
// holding where the page stopped (the range's end when it ran to it).
// DynamoDB charges a Scan at least one minimum read per partition it
// visits, empty ones included: a Scan of a new on-demand table (4
// partitions) holding one tiny item costs 4 RCU strongly consistent and 2
// eventually consistent (Alternator's test_scan_consumed_capacity, run
// against DynamoDB; capacity-and-partitions.md "Query/Scan minimum"). The
// partition count is the layout a table of this throughput and size starts
// with (partition.New): 4 on demand, 1 for a small provisioned table, whose
// Scan so still costs 1.
func (s *readSource) partitionsCrossed(r keyRange, last *entry) int {
	pt, bytes := s.t.def.ProvisionedThroughput, s.t.bytes
	if s.ix != nil && s.ix.global {
		pt, bytes = s.ix.throughput, s.ix.bytes
	}
	n := partition.Count(startingSpec(s.t.def.BillingMode, pt, bytes))
	if n <= 1 {
		return 1
	}
	end := uint64(math.MaxUint64)
	switch {
	case last != nil:
		end = last.hash
	case !r.hiOpen:
		if h := pivot(r.hi).hash; h > 0 {
			end = h - 1 // hi is exclusive: a segment ends before the next one starts
		}
	}
	return partition.RangeIndex(end, n) - partition.RangeIndex(pivot(r.lo).hash, n) + 1
}

// startingSpec is the partition model's spec of a table or GSI of billing
// mode with throughput pt, holding bytes: provisioned when it has
// throughput and is not on demand, else on demand. Partitions (the
// Partitions tab) and a Scan's minimum charge both lay it out from this.
func startingSpec(mode schema.BillingMode, pt *schema.ProvisionedThroughput, bytes int64) partition.Spec {
	spec := partition.Spec{Mode: partition.OnDemand, SizeGB: float64(bytes) / partition.GB}
	if rcu, wcu, ok := throughputOf(pt); ok && mode != schema.BillingPayPerRequest {
		spec.Mode, spec.RCU, spec.WCU = partition.Provisioned, rcu, wcu
	}
	return spec
}
