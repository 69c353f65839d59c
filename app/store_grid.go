package app

import (
	"fmt"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The grid's writes. Each is one real request through the wire protocol
// (Run), so what the engine refuses comes back in DynamoDB's words and
// every change shows in the live views like any other.

// UpdateAttribute sets one attribute of an existing item (UpdateItem SET).
// The item must still exist: a cell edited after its row was deleted
// elsewhere fails with ConditionalCheckFailedException rather than
// creating an item of one attribute.
func (s *Store) UpdateAttribute(table string, key attr.Item, name string, v attr.Value) (*Result, error) {
	return s.updateItem(table, key, "SET #a = :v", name, v)
}

// RemoveAttribute removes one attribute of an existing item (UpdateItem
// REMOVE).
func (s *Store) RemoveAttribute(table string, key attr.Item, name string) (*Result, error) {
	return s.updateItem(table, key, "REMOVE #a", name, nil)
}

func (s *Store) updateItem(table string, key attr.Item, update, name string, v attr.Value) (*Result, error) {
	req := map[string]any{
		"TableName":                table,
		"Key":                      key,
		"UpdateExpression":         update,
		"ExpressionAttributeNames": map[string]string{"#a": name},
		"ReturnConsumedCapacity":   "INDEXES",
	}
	if cond := existsCondition(key, req); cond != "" {
		req["ConditionExpression"] = cond
	}
	if v != nil {
		req["ExpressionAttributeValues"] = attr.Item{":v": v}
	}
	return s.runJSON("UpdateItem", req)
}

// existsCondition returns attribute_exists on the key's first attribute,
// adding its name to the request's ExpressionAttributeNames.
func existsCondition(key attr.Item, req map[string]any) string {
	for k := range key {
		names, _ := req["ExpressionAttributeNames"].(map[string]string)
		if names == nil {
			names = map[string]string{}
			req["ExpressionAttributeNames"] = names
		}
		names["#k"] = k
		return "attribute_exists(#k)"
	}
	return ""
}

// PutNewItem adds an item whose key must be new (PutItem with
// attribute_not_exists), so adding or duplicating a row never silently
// replaces another item.
func (s *Store) PutNewItem(table string, item attr.Item, hashKey string) (*Result, error) {
	req := map[string]any{
		"TableName":                table,
		"Item":                     item,
		"ConditionExpression":      "attribute_not_exists(#k)",
		"ExpressionAttributeNames": map[string]string{"#k": hashKey},
		"ReturnConsumedCapacity":   "INDEXES",
	}
	return s.runJSON("PutItem", req)
}

// MoveItem changes an item's key: DynamoDB cannot update a key attribute,
// so the old item is deleted and the new one put in one transaction (both
// or neither), the new key required to be free.
func (s *Store) MoveItem(table string, oldKey, item attr.Item, hashKey string) (*Result, error) {
	req := map[string]any{
		"TransactItems": []map[string]any{
			{"Delete": map[string]any{
				"TableName":                table,
				"Key":                      oldKey,
				"ConditionExpression":      "attribute_exists(#k)",
				"ExpressionAttributeNames": map[string]string{"#k": hashKey},
			}},
			{"Put": map[string]any{
				"TableName":                table,
				"Item":                     item,
				"ConditionExpression":      "attribute_not_exists(#k)",
				"ExpressionAttributeNames": map[string]string{"#k": hashKey},
			}},
		},
		"ReturnConsumedCapacity": "INDEXES",
	}
	return s.runJSON("TransactWriteItems", req)
}

// runJSON runs a request built as a Go value.
func (s *Store) runJSON(operation string, req any) (*Result, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return nil, s.fail(fmt.Errorf("%s: %v", operation, err))
	}
	return s.Run(operation, body)
}

// SetFacets shows (or hides) the entities' own names for key attributes in
// the grid and the collections view.
func (s *Store) SetFacets(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.facets = on
	s.publishLocked()
}
