package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// BatchWriteItem implements DynamoDB's BatchWriteItem: up to 25 puts and
// deletes over any tables. The whole batch is validated before anything is
// written; each write is then atomic on its own.
func (d *Database) BatchWriteItem(in *BatchWriteItemInput) (*BatchWriteItemOutput, error) {
	d.Tick()
	// The request's shape first, its violations counted together
	// (dynalite's test/batchWriteItem.js, run against DynamoDB: "incorrect
	// attributes" lists the enums, the table names, then each request's
	// missing key and item; "short table name and missing requests" the
	// table names before an empty list).
	var c constraints
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	c.enum(in.ReturnItemCollectionMetrics, "returnItemCollectionMetrics", enumReturnItemCollection...)
	names := sortedKeys(in.RequestItems)
	// A missing or empty RequestItems is a violation counted with the
	// others (dynalite's test/batchWriteItem.js "empty body", "missing
	// RequestItems", "empty RequestItems", against DynamoDB; the engine said
	// "The requestItems parameter is required for BatchWriteItem", an older
	// service's wording dynalite's validations still carry).
	switch {
	case in.RequestItems == nil:
		c.null("requestItems")
	case len(in.RequestItems) == 0:
		c.bad("{}", "requestItems", schema.MinLength(1))
	}
	c.tableKeys(names, "requestItems", func() string { return describeRequestItems(in.RequestItems) })
	total := 0
	for _, name := range names {
		n := len(in.RequestItems[name])
		total += n
		if n < 1 || total > schema.MaxBatchWriteRequests {
			c.bad(describeRequestItems(in.RequestItems), "requestItems", "Map value must satisfy constraint: [Member must have length less than or equal to 25, Member must have length greater than or equal to 1]")
			break
		}
	}
	for _, name := range names {
		for i, wr := range in.RequestItems[name] {
			at := func(member string) string {
				return fmt.Sprintf("requestItems.%s.member.%d.member.%s", name, i+1, member)
			}
			if wr.DeleteRequest != nil && wr.DeleteRequest.Key == nil {
				c.null(at("deleteRequest.key"))
			}
			if wr.PutRequest != nil && wr.PutRequest.Item == nil {
				c.null(at("putRequest.item"))
			}
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	// Then, table by table, the requests' contents, before any table is
	// looked up (dynalite's suite, against DynamoDB, on a table that does
	// not exist: "empty item in RequestItems", the values' and the item
	// size's cases).
	for _, name := range names {
		for _, wr := range in.RequestItems[name] {
			if wr.PutRequest == nil && wr.DeleteRequest == nil {
				// DynamoDB's words for an empty WriteRequest ({}), as
				// dynalite's test/batchWriteItem.js records them.
				return nil, validationf("%s", attr.MsgMultipleTypes)
			}
		}
		for i, wr := range in.RequestItems[name] {
			switch {
			case wr.PutRequest != nil && wr.DeleteRequest != nil:
				// Unverified wording: DynamoDB rejects a WriteRequest
				// with both members.
				return nil, validationf("Supplied WriteRequest must contain exactly one of PutRequest or DeleteRequest")
			case wr.PutRequest != nil:
				if e := heldValue(in.held.of("RequestItems", name, strconv.Itoa(i), "PutRequest", "Item"), false); e != nil {
					return nil, e
				}
				if size, msg := namesAndSize(wr.PutRequest.Item); msg == "" && size > schema.MaxItemSizeBytes {
					return nil, validationf("Item size has exceeded the maximum allowed size")
				}
			default:
				if e := heldValue(in.held.of("RequestItems", name, strconv.Itoa(i), "DeleteRequest", "Key"), false); e != nil {
					return nil, e
				}
			}
		}
	}

	d.mu.Lock()
	defer d.mu.Unlock()
	type tableWrites struct {
		name   string
		t      *table
		writes []*write
	}
	batch := make([]tableWrites, 0, len(names))
	for _, name := range names {
		t, err := d.lookup(name)
		if err != nil {
			return nil, err
		}
		tw := tableWrites{name: name, t: t}
		seen := map[string]bool{}
		for _, wr := range in.RequestItems[name] {
			var w *write
			if wr.PutRequest != nil {
				w, err = d.prepareput(t, wr.PutRequest.Item)
			} else {
				w, err = d.preparedelete(t, wr.DeleteRequest.Key)
			}
			if err != nil {
				return nil, err
			}
			if seen[w.key] {
				return nil, validationf("Provided list of item keys contains duplicates")
			}
			seen[w.key] = true
			tw.writes = append(tw.writes, w)
		}
		batch = append(batch, tw)
	}

	out := &BatchWriteItemOutput{UnprocessedItems: map[string][]WriteRequest{}}
	processed := 0
	var throttled *Error // the last throttling error, raised only if nothing was processed
	for _, tw := range batch {
		u := usage{tableName: tw.name}
		for j, w := range tw.writes {
			if err := d.admitWrite(tw.t, w); err != nil {
				// Throttled writes come back as UnprocessedItems.
				out.UnprocessedItems[tw.name] = append(out.UnprocessedItems[tw.name], in.RequestItems[tw.name][j])
				throttled = err
				continue
			}
			processed++
			u.Table += capacity.WriteUnits(max(w.oldSize(), w.size), false)
			chargeIndexes(&u, w, 1)
			d.apply(tw.t, w, CauseUser)
			if m := tw.t.collectionMetrics(w, in.ReturnItemCollectionMetrics); m != nil {
				if out.ItemCollectionMetrics == nil {
					out.ItemCollectionMetrics = map[string][]ItemCollectionMetrics{}
				}
				out.ItemCollectionMetrics[tw.name] = append(out.ItemCollectionMetrics[tw.name], *m)
			}
		}
		if cc := u.report(in.ReturnConsumedCapacity, true); cc != nil {
			out.ConsumedCapacity = append(out.ConsumedCapacity, *cc)
		}
	}
	if processed == 0 && throttled != nil {
		return nil, throttled // only when none could be processed
	}
	return out, nil
}

// describeRequestItems renders RequestItems the way DynamoDB's constraint
// messages print a map value: {table=[...], ...}.
func describeRequestItems(m map[string][]WriteRequest) string {
	return describeBatch(sortedKeys(m), "[", "]", func(name string) []string {
		reqs := make([]string, len(m[name]))
		for i, r := range m[name] {
			reqs[i] = "{DeleteRequest: {Key: {...}}}"
			if r.PutRequest != nil {
				reqs[i] = "{PutRequest: {Item: {...}}}"
			}
		}
		return reqs
	})
}

// describeBatch renders a batch's RequestItems, {name=<prefix>e1, e2<suffix>,
// ...}, with elems(name) its members' renderings.
func describeBatch(names []string, prefix, suffix string, elems func(name string) []string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, name := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name + "=" + prefix + strings.Join(elems(name), ", ") + suffix)
	}
	b.WriteByte('}')
	return b.String()
}
