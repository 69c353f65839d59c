package app

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/model"
)

// ---- requests ----

// Run sends one request to the in-page engine through the same wire
// protocol code the server uses, so the answer (items, order, capacity,
// error type and wording) is exactly what the DynamoDB endpoint answers.
func (s *Store) Run(operation string, request []byte) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := s.dispatchLocked(operation, request)
	s.result = r
	s.message, s.err = "Ran "+r.outcome(), ""
	s.publishLocked()
	return r, nil
}

// RunPattern runs one of the design's access patterns with its example
// parameters, overridden by params: once, or once per value of its fan-out,
// summing counts and capacity and concatenating the items.
func (s *Store) RunPattern(name string, params model.Params) (*Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ap := s.applied.AccessPattern(name)
	if ap == nil {
		return nil, s.failLocked(fmt.Errorf("there is no access pattern %q", name))
	}
	p := ap.Examples()
	for k, v := range params {
		p[k] = v
	}
	var total *Result
	for _, q := range ap.Runs(p) {
		body, err := ap.Bind(q)
		if err != nil {
			return nil, s.failLocked(fmt.Errorf("access pattern %s: %w", name, err))
		}
		r := s.dispatchLocked(ap.Operation, withCapacity(body))
		r.Pattern = name
		if total == nil {
			total = r
			continue
		}
		total.merge(r)
		if r.Status != 200 {
			break
		}
	}
	s.result = total
	s.message, s.err = "Ran access pattern "+name+": "+total.outcome(), ""
	s.publishLocked()
	return total, nil
}

// outcome says in a few words how a request went, for the status line.
func (r *Result) outcome() string {
	switch {
	case r == nil:
		return "nothing"
	case r.Status != 200 || r.ErrorType != "":
		return fmt.Sprintf("%s, which failed: %s", r.Operation, r.ErrorType)
	case r.HasCount:
		return r.Operation + ", " + countItems(r.Count)
	case len(r.Items) > 0 || r.Operation == "GetItem":
		return r.Operation + ", " + countItems(len(r.Items))
	}
	return r.Operation
}

// countItems is "1 item" or "n items".
func countItems(n int) string {
	if n == 1 {
		return "1 item"
	}
	return fmt.Sprintf("%d items", n)
}

// withCapacity asks for consumed capacity per table and index when the
// request does not say, so every run shows its cost.
func withCapacity(body []byte) []byte {
	var probe map[string]json.RawMessage
	if json.Unmarshal(body, &probe) != nil {
		return body
	}
	if _, ok := probe["ReturnConsumedCapacity"]; ok {
		return body
	}
	if len(probe) == 0 {
		return []byte(`{"ReturnConsumedCapacity":"INDEXES"}`)
	}
	// The body is a valid object: drop its closing brace, add the member.
	trimmed := bytes.TrimSpace(body)
	trimmed = trimmed[:len(trimmed)-1]
	return append(append([]byte(nil), trimmed...), []byte(`,"ReturnConsumedCapacity":"INDEXES"}`)...)
}

// dispatchLocked runs one request. The caller holds s.mu.
func (s *Store) dispatchLocked(operation string, request []byte) *Result {
	start := s.wall()
	status, resp := wire.DispatchCore(s.db, wire.TargetPrefix+operation, request)
	r := &Result{
		Operation: operation,
		Request:   append([]byte(nil), request...),
		Status:    status,
		Response:  resp,
		Requests:  1,
		Duration:  s.wall().Sub(start),
	}
	r.parse()
	return r
}

// parse fills the result's fields from the response body.
func (r *Result) parse() {
	if r.Status != 200 {
		var e struct {
			Type    string `json:"__type"`
			Message string `json:"message"`
		}
		if json.Unmarshal(r.Response, &e) == nil {
			r.ErrorType = e.Type
			if i := strings.LastIndexByte(e.Type, '#'); i >= 0 {
				r.ErrorType = e.Type[i+1:]
			}
			r.ErrorMessage = e.Message
		}
		return
	}
	var out struct {
		Item             attr.Item                  `json:"Item"`
		Items            []attr.Item                `json:"Items"`
		Attributes       attr.Item                  `json:"Attributes"`
		Responses        json.RawMessage            `json:"Responses"`
		Count            *int                       `json:"Count"`
		ScannedCount     *int                       `json:"ScannedCount"`
		LastEvaluatedKey attr.Item                  `json:"LastEvaluatedKey"`
		ConsumedCapacity json.RawMessage            `json:"ConsumedCapacity"`
		Other            map[string]json.RawMessage `json:"-"`
	}
	if err := json.Unmarshal(r.Response, &out); err != nil {
		r.ErrorMessage = "the response could not be read: " + err.Error()
		return
	}
	switch {
	case out.Item != nil:
		r.Items = []attr.Item{out.Item}
	case out.Items != nil:
		r.Items = out.Items
	case out.Attributes != nil:
		r.Items = []attr.Item{out.Attributes}
	case len(out.Responses) > 0:
		r.Items = responsesItems(out.Responses)
	}
	if out.Count != nil {
		r.HasCount = true
		r.Count = *out.Count
		if out.ScannedCount != nil {
			r.ScannedCount = *out.ScannedCount
		}
	}
	r.LastEvaluatedKey = out.LastEvaluatedKey
	r.Capacity = parseCapacity(out.ConsumedCapacity)
}

// responsesItems reads BatchGetItem's Responses (table -> items, tables in
// name order) or TransactGetItems' Responses ([{Item}]).
func responsesItems(raw json.RawMessage) []attr.Item {
	var byTable map[string][]attr.Item
	if json.Unmarshal(raw, &byTable) == nil {
		names := make([]string, 0, len(byTable))
		for n := range byTable {
			names = append(names, n)
		}
		sort.Strings(names)
		var items []attr.Item
		for _, n := range names {
			items = append(items, byTable[n]...)
		}
		return items
	}
	var list []struct {
		Item attr.Item `json:"Item"`
	}
	if json.Unmarshal(raw, &list) == nil {
		var items []attr.Item
		for _, e := range list {
			if e.Item != nil {
				items = append(items, e.Item)
			}
		}
		return items
	}
	return nil
}

// parseCapacity reads ConsumedCapacity, one object or a list of them.
func parseCapacity(raw json.RawMessage) []engine.ConsumedCapacity {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var list []engine.ConsumedCapacity
	if raw[0] == '[' {
		if json.Unmarshal(raw, &list) != nil {
			return nil
		}
		return list
	}
	var one engine.ConsumedCapacity
	if json.Unmarshal(raw, &one) != nil {
		return nil
	}
	return []engine.ConsumedCapacity{one}
}

// merge adds a fan-out's next request to the total.
func (r *Result) merge(next *Result) {
	r.Requests++
	r.Items = append(r.Items, next.Items...)
	r.Count += next.Count
	r.ScannedCount += next.ScannedCount
	r.HasCount = r.HasCount || next.HasCount
	r.Duration += next.Duration
	r.Capacity = sumCapacity(r.Capacity, next.Capacity)
	if next.Status != 200 {
		r.Status, r.Response = next.Status, next.Response
		r.ErrorType, r.ErrorMessage = next.ErrorType, next.ErrorMessage
		r.Request = next.Request
	}
}

// sumCapacity adds b's units into a copy of a, table by table.
func sumCapacity(a, b []engine.ConsumedCapacity) []engine.ConsumedCapacity {
	out := slices.Clone(a)
	for _, c := range b {
		found := false
		for i := range out {
			if out[i].TableName == c.TableName {
				out[i] = addCapacity(out[i], c)
				found = true
				break
			}
		}
		if !found {
			out = append(out, c)
		}
	}
	return out
}

// addCapacity adds b's units to a's, index by index.
func addCapacity(a, b engine.ConsumedCapacity) engine.ConsumedCapacity {
	a.CapacityUnits += b.CapacityUnits
	a.ReadCapacityUnits = addUnits(a.ReadCapacityUnits, b.ReadCapacityUnits)
	a.WriteCapacityUnits = addUnits(a.WriteCapacityUnits, b.WriteCapacityUnits)
	if b.Table != nil {
		var t engine.Capacity
		if a.Table != nil {
			t = *a.Table
		}
		t = addIndexCapacity(t, *b.Table)
		a.Table = &t
	}
	a.GlobalSecondaryIndexes = addIndexes(a.GlobalSecondaryIndexes, b.GlobalSecondaryIndexes)
	a.LocalSecondaryIndexes = addIndexes(a.LocalSecondaryIndexes, b.LocalSecondaryIndexes)
	return a
}

func addIndexes(a, b map[string]engine.Capacity) map[string]engine.Capacity {
	if len(b) == 0 {
		return a
	}
	out := make(map[string]engine.Capacity, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = addIndexCapacity(out[k], v)
	}
	return out
}

func addIndexCapacity(a, b engine.Capacity) engine.Capacity {
	a.CapacityUnits += b.CapacityUnits
	a.ReadCapacityUnits = addUnits(a.ReadCapacityUnits, b.ReadCapacityUnits)
	a.WriteCapacityUnits = addUnits(a.WriteCapacityUnits, b.WriteCapacityUnits)
	return a
}

func addUnits(a, b *float64) *float64 {
	if b == nil {
		return a
	}
	v := *b
	if a != nil {
		v += *a
	}
	return &v
}

// TotalCapacity is the sum of the result's capacity units over tables.
func (r *Result) TotalCapacity() float64 {
	var t float64
	for _, c := range r.Capacity {
		t += c.CapacityUnits
	}
	return t
}

// PutItem writes an item given as DynamoDB JSON into a table of the
// applied design.
func (s *Store) PutItem(table string, itemJSON []byte) (*Result, error) {
	var it attr.Item
	if err := json.Unmarshal(itemJSON, &it); err != nil {
		return nil, s.fail(fmt.Errorf("the item is not valid DynamoDB JSON: %v", err))
	}
	body, err := json.Marshal(struct {
		TableName              string    `json:"TableName"`
		Item                   attr.Item `json:"Item"`
		ReturnConsumedCapacity string    `json:"ReturnConsumedCapacity"`
	}{table, it, "INDEXES"})
	if err != nil {
		return nil, s.fail(err)
	}
	return s.Run("PutItem", body)
}

// DeleteItem deletes the item with the given key from a table.
func (s *Store) DeleteItem(table string, key attr.Item) (*Result, error) {
	body, err := json.Marshal(struct {
		TableName              string    `json:"TableName"`
		Key                    attr.Item `json:"Key"`
		ReturnConsumedCapacity string    `json:"ReturnConsumedCapacity"`
	}{table, key, "INDEXES"})
	if err != nil {
		return nil, s.fail(err)
	}
	return s.Run("DeleteItem", body)
}
