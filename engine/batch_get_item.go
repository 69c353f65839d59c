package engine

import (
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// BatchGetItem implements DynamoDB's BatchGetItem: up to 100 keys over any
// tables, each charged like a GetItem, the answer capped at 16 MB with the
// rest returned as UnprocessedKeys.
func (d *Database) BatchGetItem(in *BatchGetItemInput) (*BatchGetItemOutput, error) {
	d.Tick()
	var c constraints
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", enumReturnConsumedCapacity...)
	// The table names are counted with the request's other violations,
	// after the enum and before each table's Keys (dynalite's
	// test/batchGetItem.js, run against DynamoDB: "short table name with
	// no keys", "empty keys", "incorrect attributes").
	c.tableKeys(sortedKeys(in.RequestItems), "requestItems", func() string { return describeKeysAndAttributes(in.RequestItems) })
	if in.RequestItems == nil {
		// Counted with the enum (dynalite's test/batchGetItem.js "missing
		// RequestItems", run against DynamoDB; it said "The requestItems
		// parameter is required for BatchGetItem", the wording of an older
		// service that dynalite's validations still carry).
		c.null("requestItems")
	} else if len(in.RequestItems) == 0 {
		// An empty map: today's wording (issue 29, quoting the service;
		// note the capitalised member name).
		c.v.AddMessage("Value at 'RequestItems' failed to satisfy constraint: Member must have length greater than or equal to 1")
	}
	for _, name := range sortedKeys(in.RequestItems) {
		ka := in.RequestItems[name]
		switch {
		case ka.Keys == nil:
			c.null("requestItems." + name + ".member.keys")
		case len(ka.Keys) == 0:
			c.bad("[]", "requestItems."+name+".member.keys", "Member must have length greater than or equal to 1")
		case len(ka.Keys) > schema.MaxBatchGetKeys:
			c.v.AddMessage("Value at 'RequestItems." + name + ".member.Keys' failed to satisfy constraint: Member must have length less than or equal to 100")
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	total := 0
	for _, ka := range in.RequestItems {
		total += len(ka.Keys)
	}
	if total > schema.MaxBatchGetKeys {
		return nil, validationf("Too many items requested for the BatchGetItem call")
	}
	type tableReq struct {
		name string
		ka   KeysAndAttributes
		p    *parsed
	}
	reqs := make([]tableReq, 0, len(in.RequestItems))
	for _, name := range sortedKeys(in.RequestItems) {
		ka := in.RequestItems[name]
		req := exprRequest{names: ka.ExpressionAttributeNames, projection: ka.ProjectionExpression, legacy: newLegacy("GetItem")}
		req.legacy.attributesToGet(ka.AttributesToGet)
		p, err := req.parse()
		if err != nil {
			return nil, err
		}
		// The keys' values come after the table's expression parameters
		// and AttributesToGet, before the table is looked up (dynalite's
		// validations/batchGetItem.js order; its suite, against DynamoDB,
		// answers a bad value on a table that does not exist).
		// A key repeated verbatim is refused there too, before the table
		// (dynalite's test/batchGetItem.js "duplicated keys", on a table
		// that does not exist); keys equal only under the table's schema
		// are found after it is looked up.
		seen := make(map[string]bool, len(ka.Keys))
		for i, k := range ka.Keys {
			if e := heldValue(in.held.of("RequestItems", name, "Keys", strconv.Itoa(i)), false); e != nil {
				return nil, e
			}
			id := string(attr.AppendItem(nil, k))
			if seen[id] {
				return nil, validationf("Provided list of item keys contains duplicates")
			}
			seen[id] = true
		}
		reqs = append(reqs, tableReq{name, ka, p})
	}

	d.mu.RLock()
	defer d.mu.RUnlock()
	type resolved struct {
		t    *table
		keys []string
	}
	res := make([]resolved, len(reqs))
	for i, r := range reqs {
		t, err := d.lookup(r.name)
		if err != nil {
			return nil, err
		}
		seen := make(map[string]bool, len(r.ka.Keys))
		keys := make([]string, len(r.ka.Keys))
		for j, k := range r.ka.Keys {
			tk, err := t.keyOfKey(k)
			if err != nil {
				return nil, err
			}
			if seen[tk] {
				return nil, validationf("Provided list of item keys contains duplicates")
			}
			seen[tk] = true
			keys[j] = tk
		}
		if e := t.checkKeyPaths(r.p.projectionPaths()); e != nil {
			return nil, e
		}
		res[i] = resolved{t, keys}
	}

	out := &BatchGetItemOutput{Responses: map[string][]attr.Item{}, UnprocessedKeys: map[string]KeysAndAttributes{}}
	responseBytes, processed := 0, 0
	var throttled *Error // the last throttling error, raised only if nothing was read
	for i, r := range reqs {
		u := usage{tableName: r.name}
		mode := readMode(boolValue(r.ka.ConsistentRead, false))
		items := []attr.Item{}
		for j, tk := range res[i].keys {
			e, found := res[i].t.get(tk)
			size := 0
			if found {
				size = e.size
			}
			limited := responseBytes >= schema.MaxBatchGetResponseBytes
			if !limited {
				if err := d.admitRead(res[i].t, nil, pivot(tk).hash, capacity.ReadUnits(size, mode)); err != nil {
					limited = true // throttled keys come back as UnprocessedKeys
					throttled = err
				}
			}
			if limited {
				un := out.UnprocessedKeys[r.name]
				if un.Keys == nil {
					un = r.ka
					un.Keys = nil
				}
				un.Keys = append(un.Keys, r.ka.Keys[j])
				out.UnprocessedKeys[r.name] = un
				continue
			}
			processed++
			if found {
				responseBytes += e.size
				items = append(items, project(e.decode(), r.p))
			}
			u.Table += capacity.ReadUnits(size, mode)
		}
		out.Responses[r.name] = items
		if cc := u.report(in.ReturnConsumedCapacity, true); cc != nil {
			out.ConsumedCapacity = append(out.ConsumedCapacity, *cc)
		}
	}
	if processed == 0 && throttled != nil {
		return nil, throttled // only when none could be processed
	}
	return out, nil
}

// describeKeysAndAttributes renders BatchGetItem's RequestItems for a
// constraint message, as describeRequestItems does BatchWriteItem's
// (unverified: dynalite's suite matches '{.+}').
func describeKeysAndAttributes(m map[string]KeysAndAttributes) string {
	return describeBatch(sortedKeys(m), "{Keys: [", "]}", func(name string) []string {
		keys := make([]string, len(m[name].Keys))
		for i := range keys {
			keys[i] = "{...}"
		}
		return keys
	})
}
