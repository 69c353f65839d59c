package engine

import (
	"errors"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Issue 29: the values nested in a batch, a transaction, Expected and
// AttributeUpdates are judged where DynamoDB judges them, not at decode.
// DynamoDB checks the request's shape first (the "N validation errors
// detected" constraints, the table names), then the values, then whether
// the tables exist: dynalite's suite, run against DynamoDB, records the
// values' errors on tables that do not exist ("abc") and the constraints'
// aggregation; that the constraints come before the values is dynalite's
// validations/index.js order (checkValidations, then the operation's
// custom checks, which read the values).

const (
	mapKeys = "Value '%s' at 'requestItems' failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]"
	rccHi   = "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
	ricmHi  = "Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]"
	rvHi    = "1 validation error detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]"
)

func mapKeysOf(rendered string) string { return strings.Replace(mapKeys, "%s", rendered, 1) }

var batchWriteHeldCases = []heldCase{
	// dynalite's validations/index.js order (constraints, then the custom checks).
	{"an enum violation before an item's value", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{}}}}]},"ReturnConsumedCapacity":"hi"}`,
		CodeValidation, "1 validation error detected: " + rccHi},
	// dynalite's test/batchWriteItem.js 'short table name' (the violation) and the order above.
	{"a short table name before a key's value", "BatchWriteItem",
		`{"RequestItems":{"a":[{"DeleteRequest":{"Key":{"a":{"N":"b"}}}}]}}`,
		CodeValidation, "1 validation error detected: " + mapKeysOf("{a=[{DeleteRequest: {Key: {...}}}]}")},
	// dynalite's test/batchWriteItem.js 'incorrect attributes', against DynamoDB.
	{"the five violations of 'incorrect attributes'", "BatchWriteItem",
		`{"RequestItems":{"aa;":[{"PutRequest":{},"DeleteRequest":{}}]},"ReturnConsumedCapacity":"hi","ReturnItemCollectionMetrics":"hi"}`,
		CodeValidation, "5 validation errors detected: " + rccHi + "; " + ricmHi + "; " + mapKeysOf("{aa;=[{PutRequest: {Item: {...}}}]}") +
			"; Value null at 'requestItems.aa;.member.1.member.deleteRequest.key' failed to satisfy constraint: Member must not be null" +
			"; Value null at 'requestItems.aa;.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null"},
	// dynalite's test/batchWriteItem.js 'empty item in RequestItems'.
	{"an empty request in words of its own", "BatchWriteItem",
		`{"RequestItems":{"abc":[{}]}}`,
		CodeValidation, attr.MsgMultipleTypes},
	// dynalite's test/batchWriteItem.js 'duplicate string in set'.
	{"an item's value before the table", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"SS":["a","a"]}}}}]}}`,
		CodeValidation, oneOf + "Input collection [a, a] contains duplicates."},
	// dynalite's test/batchWriteItem.js value cases (a DeleteRequest's key, inferred alike).
	{"a key's value before the table", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"DeleteRequest":{"Key":{"a":{"N":"1e-131"}}}}]}}`,
		CodeValidation, attr.MsgNumberUnderflow},
	// dynalite's validations/batchWriteItem.js: every table's values before any table.
	{"a later table's value before the first table", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"S":"x"}}}}],"abd":[{"PutRequest":{"Item":{"a":{"S":"x"}}}},{"PutRequest":{"Item":{"a":{"NULL":false}}}}]}}`,
		CodeValidation, attr.MsgNullNotTrue},
	// dynalite's test/batchWriteItem.js 'item is too big with small attribute'.
	{"an item over 400 KB before the table", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"S":"abcd"},"b":{"S":"` + strings.Repeat("a", 409600-4-1) + `"}}}}]}}`,
		CodeValidation, "Item size has exceeded the maximum allowed size"},
	// dynalite's test/batchWriteItem.js 'just small enough with small attribute'.
	{"an item of 400 KB reaches the table", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"S":"abcd"},"b":{"S":"` + strings.Repeat("a", 409600-4-2) + `"}}}}]}}`,
		CodeResourceNotFound, "Requested resource not found"},
	// dynalite's test/batchWriteItem.js 'exactly 25 items and table does not exist'.
	{"25 sound requests reach the table", "BatchWriteItem",
		`{"RequestItems":{"abc":[` + strings.TrimSuffix(strings.Repeat(`{"DeleteRequest":{"Key":{"a":{"S":"x"}}}},`, 25), ",") + `]}}`,
		CodeResourceNotFound, "Requested resource not found"},
}

// The batches' own shape and duplicates, in DynamoDB's order.
var batchShapeCases = []heldCase{
	// dynalite's test/batchWriteItem.js 'missing RequestItems'.
	{"BatchWriteItem: a missing RequestItems with the enums", "BatchWriteItem",
		`{"ReturnConsumedCapacity":"hi","ReturnItemCollectionMetrics":"hi"}`,
		CodeValidation, "3 validation errors detected: " + rccHi + "; " + ricmHi + "; Value null at 'requestItems' failed to satisfy constraint: Member must not be null"},
	// dynalite's test/batchWriteItem.js 'empty RequestItems'.
	{"BatchWriteItem: an empty RequestItems", "BatchWriteItem", `{"RequestItems":{}}`,
		CodeValidation, "1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1"},
	// dynalite's test/batchWriteItem.js 'check table exists first before checking for duplicate keys'.
	{"BatchWriteItem: the table before duplicates", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"S":"x"},"c":{"S":"c"}}}},{"DeleteRequest":{"Key":{"a":{"S":"x"}}}}]}}`,
		CodeResourceNotFound, "Requested resource not found"},
	// dynalite's test/batchGetItem.js 'missing RequestItems'.
	{"BatchGetItem: a missing RequestItems with the enum", "BatchGetItem", `{"ReturnConsumedCapacity":"hi"}`,
		CodeValidation, "2 validation errors detected: " + rccHi + "; Value null at 'requestItems' failed to satisfy constraint: Member must not be null"},
	// dynalite's test/batchGetItem.js 'duplicated keys' (the key's names in another order: the same key).
	{"BatchGetItem: duplicates before the table", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"a":{"S":"x"},"b":{"N":"1"}},{"b":{"N":"1"},"a":{"S":"x"}},{"a":{"S":"x"},"b":{"N":"1"}}]}}}`,
		CodeValidation, "Provided list of item keys contains duplicates"},
	// dynalite's test/batchGetItem.js 'empty ProjectionExpression' (beside duplicated keys).
	{"BatchGetItem: the projection before duplicates", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"a":{"S":"x"}},{"a":{"S":"x"}}],"ProjectionExpression":""}}}`,
		CodeValidation, "Invalid ProjectionExpression: The expression can not be empty;"},
	// dynalite's test/batchGetItem.js 'duplicated mixed up keys' (AttributesToGet's duplicate first).
	{"BatchGetItem: AttributesToGet's duplicate before the keys'", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"a":{"S":"x"}},{"a":{"S":"y"}},{"a":{"S":"x"}}],"AttributesToGet":["a","a"]}}}`,
		CodeValidation, oneOf + "Duplicate value in attribute name: a"},
}

var batchGetHeldCases = []heldCase{
	// dynalite's validations/index.js order.
	{"an enum violation before a key's value", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"a":{}}]}},"ReturnConsumedCapacity":"hi"}`,
		CodeValidation, "1 validation error detected: " + rccHi},
	// dynalite's test/batchWriteItem.js 'short table name' (the violation) and the order above.
	{"a short table name before a key's value", "BatchGetItem",
		`{"RequestItems":{"a":{"Keys":[{"a":{"S":"a","N":"1"}}]}}}`,
		CodeValidation, "1 validation error detected: " + mapKeysOf("{a={Keys: [{...}]}}")},
	// dynalite's test/batchGetItem.js 'short table name with no keys'.
	{"a short table name and missing keys", "BatchGetItem",
		`{"RequestItems":{"a":{}},"ReturnConsumedCapacity":"hi","ReturnItemCollectionMetrics":"hi"}`,
		CodeValidation, "3 validation errors detected: " + rccHi + "; " + mapKeysOf("{a={Keys: []}}") +
			"; Value null at 'requestItems.a.member.keys' failed to satisfy constraint: Member must not be null"},
	// dynalite's test/batchGetItem.js 'empty keys'.
	{"a short table name and empty keys", "BatchGetItem",
		`{"RequestItems":{"a":{"Keys":[]}}}`,
		CodeValidation, "2 validation errors detected: " + mapKeysOf("{a={Keys: []}}") +
			"; Value '[]' at 'requestItems.a.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1"},
	// dynalite's validations/batchGetItem.js order; test/batchGetItem.js 'duplicate values in AttributesToGet'.
	{"a duplicate in AttributesToGet before a key's value", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"a":{}}],"AttributesToGet":["a","a"]}}}`,
		CodeValidation, oneOf + "Duplicate value in attribute name: a"},
	// dynalite's test/batchWriteItem.js value cases (a DeleteRequest's key, inferred alike).
	{"a key's value before the table", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"a":{"S":"x"}},{"a":{"NS":["1","b","a"]}}]}}}`,
		CodeValidation, attr.MsgNumberInvalid + ": b"},
	// inferred: a name is held with the values (no recording of its place).
	{"an empty attribute name in a key, before the table", "BatchGetItem",
		`{"RequestItems":{"abc":{"Keys":[{"":{"S":"x"}}]}}}`,
		CodeValidation, attr.MsgEmptyName},
}

var transactHeldCases = []heldCase{
	// dynalite's validations/index.js order.
	{"an enum violation before a Put's value", "TransactWriteItems",
		`{"TransactItems":[{"Put":{"TableName":"abc","Item":{"a":{}}}}],"ReturnConsumedCapacity":"hi"}`,
		CodeValidation, "1 validation error detected: " + rccHi},
	// inferred from PutItem's (dynalite's test/putItem.js).
	{"a Put's value before the table", "TransactWriteItems",
		`{"TransactItems":[{"Put":{"TableName":"abc","Item":{"a":{"BS":[]}}}}]}`,
		CodeValidation, attr.MsgEmptyBinarySet},
	// inferred: every action is validated before any table (Alternator's test_transact_write_cancellation_reasons_validationerror).
	{"a later action's value before the first action's table", "TransactWriteItems",
		`{"TransactItems":[{"Delete":{"TableName":"abc","Key":{"a":{"S":"x"}}}},{"ConditionCheck":{"TableName":"abc","Key":{"a":{"S":"a","N":"1"}},"ConditionExpression":"attribute_exists(a)"}}]}`,
		CodeValidation, attr.MsgMultipleTypes},
	// as PutItem's: dynalite's test/putItem.js.
	{"ExpressionAttributeNames without an expression before a Put's value", "TransactWriteItems",
		`{"TransactItems":[{"Put":{"TableName":"abc","Item":{"a":{}},"ExpressionAttributeNames":{"#a":"a"}}}]}`,
		CodeValidation, "ExpressionAttributeNames can only be specified when using expressions"},
	// as UpdateItem's: dynalite's test/updateItem.js 'empty/invalid numbers in ExpressionAttributeValues'.
	{"an Update's value before its empty UpdateExpression", "TransactWriteItems",
		`{"TransactItems":[{"Update":{"TableName":"abc","Key":{"a":{"S":"x"}},"UpdateExpression":"","ExpressionAttributeValues":{":b":{"N":"b"}}}}]}`,
		CodeValidation, "ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: b for key :b"},
	// inferred from GetItem's (dynalite's test/getItem.js).
	{"a Get's key before the table", "TransactGetItems",
		`{"TransactItems":[{"Get":{"TableName":"abc","Key":{"a":{"NULL":false}}}}]}`,
		CodeValidation, attr.MsgNullNotTrue},
	// dynalite's validations/index.js order.
	{"an enum violation before a Get's key", "TransactGetItems",
		`{"TransactItems":[{"Get":{"TableName":"abc","Key":{"a":{}}}}],"ReturnConsumedCapacity":"hi"}`,
		CodeValidation, "1 validation error detected: Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [TOTAL, NONE]"},
}

var legacyHeldCases = []heldCase{
	// dynalite's test/putItem.js 'empty expected value'.
	{"PutItem: an Expected value before the table", "PutItem",
		`{"TableName":"abc","Item":{},"Expected":{"a":{"Value":{}}}}`,
		CodeValidation, attr.MsgEmptyValue},
	// dynalite's test/putItem.js 'expected value has empty numeric in set' (in a list: inferred).
	{"PutItem: an Expected list member before the table", "PutItem",
		`{"TableName":"abc","Item":{},"Expected":{"a":{"ComparisonOperator":"IN","AttributeValueList":[{"S":"x"},{"NS":["1",""]}]}}}`,
		CodeValidation, attr.MsgNumberInvalid},
	// dynalite's validations/index.js order.
	{"PutItem: an enum violation before an Expected value", "PutItem",
		`{"TableName":"abc","Item":{"a":{"S":"x"}},"Expected":{"a":{"Value":{}}},"ReturnValues":"hi"}`,
		CodeValidation, rvHi},
	// dynalite's validations/putItem.js: the Item, then the conditions.
	{"PutItem: the Item's value before Expected's", "PutItem",
		`{"TableName":"abc","Item":{"a":{"N":"b"}},"Expected":{"a":{"Value":{}}}}`,
		CodeValidation, attr.MsgNumberInvalid + ": b"},
	// issue 29's envelope for PutItem's set errors.
	{"PutItem: an Expected set, enveloped as the Item's", "PutItem",
		`{"TableName":"abc","Item":{},"Expected":{"a":{"Value":{"SS":[]}}}}`,
		CodeValidation, "1 validation error detected: " + attr.MsgEmptyStringSet},
	// inferred: dynalite's validations read an entry's values first.
	{"DeleteItem: an entry's value before its own error", "DeleteItem",
		`{"TableName":"abc","Key":{},"Expected":{"a":{"Exists":false,"Value":{"S":"a","N":"1"}}}}`,
		CodeValidation, attr.MsgMultipleTypes},
	// dynalite's test/updateItem.js 'empty update value'.
	{"UpdateItem: an update value before the table", "UpdateItem",
		`{"TableName":"abc","Key":{"a":{"S":"a"}},"AttributeUpdates":{"a":{"Value":{}}}}`,
		CodeValidation, attr.MsgEmptyValue},
	// dynalite's test/updateItem.js 'update value has empty numeric in set'.
	{"UpdateItem: an update value with an empty number", "UpdateItem",
		`{"TableName":"abc","Key":{"a":{"S":"a"}},"AttributeUpdates":{"a":{"Value":{"NS":["1",""]}}}}`,
		CodeValidation, attr.MsgNumberInvalid},
	// dynalite's validations/index.js order.
	{"UpdateItem: an enum violation before an update value", "UpdateItem",
		`{"TableName":"abc","Key":{"a":{"S":"a"}},"AttributeUpdates":{"a":{"Value":{}}},"ReturnValues":"hi"}`,
		CodeValidation, rvHi},
	// dynalite's updateItem.js "update has no value" (AttributeUpdates'
	// error before Expected's), in today's envelope (issue 29).
	{"UpdateItem: AttributeUpdates' error before Expected's value", "UpdateItem",
		`{"TableName":"abc","Key":{},"Expected":{"a":{"Value":{}}},"AttributeUpdates":{"a":{"x":"whatever"}}}`,
		CodeValidation, "1 validation error detected: " + oneOf + "Only DELETE action is allowed when no attribute value is specified"},
	// dynalite's validations/updateItem.js: the Key, then AttributeUpdates; enveloped today (issue 29).
	{"UpdateItem: the Key's value before the updates'", "UpdateItem",
		`{"TableName":"abc","Key":{"a":{"NULL":false}},"AttributeUpdates":{"a":{"Value":{}}}}`,
		CodeValidation, "1 validation error detected: " + attr.MsgNullNotTrue},
}

// An invalid attribute name in an Item or Key is held with its values and
// reported where they are (no recording shows DynamoDB judging names
// elsewhere: dynalite's suite has no such case; Alternator's test_limits.py
// records only the refusal, on a table that exists).
var nameHeldCases = []heldCase{
	{"PutItem: ExpressionAttributeNames without an expression before an empty name", "PutItem",
		`{"TableName":"abc","Item":{"":{"S":"x"}},"ExpressionAttributeNames":{"#a":"a"}}`,
		CodeValidation, "1 validation error detected: ExpressionAttributeNames can only be specified when using expressions"},
	{"PutItem: an enum violation before a nested empty name", "PutItem",
		`{"TableName":"abc","Item":{"a":{"M":{"":{"S":"x"}}}},"ReturnValues":"hi"}`,
		CodeValidation, rvHi},
	{"PutItem: an empty name before Expected's own error", "PutItem",
		`{"TableName":"abc","Item":{"":{"S":"x"}},"Expected":{"a":{}}}`,
		CodeValidation, attr.MsgEmptyName},
	{"GetItem: a name too long before the table", "GetItem",
		`{"TableName":"abc","Key":{"` + strings.Repeat("n", attr.MaxNameLength+1) + `":{"S":"x"}}}`,
		CodeValidation, attr.MsgNameTooLong},
	{"DeleteItem: an empty ConditionExpression after the Key's empty name", "DeleteItem",
		`{"TableName":"abc","Key":{"":{"S":"x"}},"ConditionExpression":""}`,
		CodeValidation, attr.MsgEmptyName},
	{"BatchWriteItem: an empty name in an item before the table", "BatchWriteItem",
		`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"L":[{"M":{"":{"NULL":true}}}]}}}}]}}`,
		CodeValidation, attr.MsgEmptyName},
}

func TestNestedHeldValuesInDynamoDBsOrder(t *testing.T) {
	db, _ := newTestDB(t)
	t.Run("BatchWriteItem", func(t *testing.T) { runHeldCases(t, db, batchWriteHeldCases) })
	t.Run("BatchGetItem", func(t *testing.T) { runHeldCases(t, db, batchGetHeldCases) })
	t.Run("batch shape", func(t *testing.T) { runHeldCases(t, db, batchShapeCases) })
	t.Run("transactions", func(t *testing.T) { runHeldCases(t, db, transactHeldCases) })
	t.Run("Expected and AttributeUpdates", func(t *testing.T) { runHeldCases(t, db, legacyHeldCases) })
	t.Run("attribute names", func(t *testing.T) { runHeldCases(t, db, nameHeldCases) })
}

// A member the walk meets as JSON null, or not of the shape it expects, is
// left for the decode of the whole: a null Value is no value, and a
// mistyped one is still the SerializationException it always was.
func TestHeldWalkLeavesOtherShapes(t *testing.T) {
	db, _ := newTestDB(t)
	runHeldCases(t, db, []heldCase{
		{"a null Value beside a held one", "UpdateItem",
			`{"TableName":"abc","Key":{"a":{"S":"a"}},"AttributeUpdates":{"a":{"Value":{}},"b":{"Value":null,"Action":"DELETE"}}}`,
			CodeValidation, attr.MsgEmptyValue},
		{"a null Item beside a held key", "BatchWriteItem",
			`{"RequestItems":{"abc":[{"PutRequest":{"Item":null}},{"DeleteRequest":{"Key":{"a":{}}}}]}}`,
			CodeValidation, "1 validation error detected: Value null at 'requestItems.abc.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null"},
	})
	var se *attr.SerializationError
	err := DecodeRequest([]byte(`{"RequestItems":{"abc":[{"DeleteRequest":{"Key":{"a":{}}}},{"PutRequest":{"Item":{"a":{"S":7}}}}]}}`), new(BatchWriteItemInput))
	if !errors.As(err, &se) {
		t.Fatalf("a mistyped value after a held one: %v, want a SerializationError", err)
	}
}
