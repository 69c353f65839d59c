package wire_test

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29: values nested in batches, transactions, Expected and
// AttributeUpdates judged where DynamoDB judges them, as raw JSON
// (engine/decode_nested_test.go has the engine's cases): after the
// request's shape, before the tables are looked up ("abc" does not exist).
func TestIssue29NestedHeldValueOrder(t *testing.T) {
	const (
		v        = "ValidationException"
		rccHi    = "Value 'hi' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"
		mapKeys  = "failed to satisfy constraint: Map keys must satisfy constraint: [Member must have length less than or equal to 255, Member must have length greater than or equal to 3, Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]"
		order    = "dynalite's validations/index.js order: the constraints, then the values"
		empty    = "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"
		multiple = "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes"
	)
	runFidelity(t, engine.New(), []fidelityCase{
		{"BatchWriteItem: an enum violation before an item's value", "BatchWriteItem",
			`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{}}}}]},"ReturnConsumedCapacity":"hi"}`,
			v, "1 validation error detected: " + rccHi, order},
		{"BatchWriteItem: a short table name before a value", "BatchWriteItem",
			`{"RequestItems":{"a":[{"PutRequest":{"Item":{"a":{"S":"a","N":"1"}}}}]}}`,
			v, "1 validation error detected: Value '{a=[{PutRequest: {Item: {...}}}]}' at 'requestItems' " + mapKeys,
			"dynalite's test/batchWriteItem.js 'short table name' (the map's rendering unverified: '{.+}')"},
		{"BatchWriteItem: incorrect attributes", "BatchWriteItem",
			`{"RequestItems":{"aa;":[{"PutRequest":{},"DeleteRequest":{}}]},"ReturnConsumedCapacity":"hi","ReturnItemCollectionMetrics":"hi"}`,
			v, "5 validation errors detected: " + rccHi + "; Value 'hi' at 'returnItemCollectionMetrics' failed to satisfy constraint: Member must satisfy enum value set: [SIZE, NONE]; Value '{aa;=[{PutRequest: {Item: {...}}}]}' at 'requestItems' " + mapKeys +
				"; Value null at 'requestItems.aa;.member.1.member.deleteRequest.key' failed to satisfy constraint: Member must not be null; Value null at 'requestItems.aa;.member.1.member.putRequest.item' failed to satisfy constraint: Member must not be null",
			"dynalite's test/batchWriteItem.js 'incorrect attributes'"},
		{"BatchWriteItem: an empty request", "BatchWriteItem", `{"RequestItems":{"abc":[{}]}}`,
			v, multiple, "dynalite's test/batchWriteItem.js 'empty item in RequestItems'"},
		{"BatchWriteItem: a key's value before the table", "BatchWriteItem",
			`{"RequestItems":{"abc":[{"DeleteRequest":{"Key":{"a":{"N":"1e126"}}}}]}}`,
			v, "Number overflow. Attempting to store a number with magnitude larger than supported range", "dynalite's test/batchWriteItem.js 'huge positive number'"},
		{"BatchWriteItem: an item over 400 KB before the table", "BatchWriteItem",
			`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"S":"abcd"},"b":{"S":"` + strings.Repeat("a", 409600-5) + `"}}}}]}}`,
			v, "Item size has exceeded the maximum allowed size", "dynalite's test/batchWriteItem.js 'item is too big with small attribute'"},
		{"BatchGetItem: an enum violation before a key's value", "BatchGetItem",
			`{"RequestItems":{"abc":{"Keys":[{"a":{}}]}},"ReturnConsumedCapacity":"hi"}`,
			v, "1 validation error detected: " + rccHi, order},
		{"BatchGetItem: a short table name and empty keys", "BatchGetItem", `{"RequestItems":{"a":{"Keys":[]}}}`,
			v, "2 validation errors detected: Value '{a={Keys: []}}' at 'requestItems' " + mapKeys + "; Value '[]' at 'requestItems.a.member.keys' failed to satisfy constraint: Member must have length greater than or equal to 1",
			"dynalite's test/batchGetItem.js 'empty keys'"},
		{"BatchGetItem: a short table name and missing keys", "BatchGetItem", `{"RequestItems":{"aa;":{}},"ReturnConsumedCapacity":"hi"}`,
			v, "3 validation errors detected: " + rccHi + "; Value '{aa;={Keys: []}}' at 'requestItems' " + mapKeys + "; Value null at 'requestItems.aa;.member.keys' failed to satisfy constraint: Member must not be null",
			"dynalite's test/batchGetItem.js 'incorrect attributes'"},
		{"BatchGetItem: a duplicate in AttributesToGet before a key's value", "BatchGetItem",
			`{"RequestItems":{"abc":{"Keys":[{"a":{}}],"AttributesToGet":["a","a"]}}}`,
			v, "One or more parameter values were invalid: Duplicate value in attribute name: a", "dynalite's validations/batchGetItem.js order"},
		{"BatchGetItem: a key's value before the table", "BatchGetItem", `{"RequestItems":{"abc":{"Keys":[{"a":{"BS":["Yg==","Yg=="]}}]}}}`,
			v, "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates.", "dynalite's test/batchGetItem.js 'duplicate binary in set'"},
		{"TransactWriteItems: an enum violation before a Put's value", "TransactWriteItems",
			`{"TransactItems":[{"Put":{"TableName":"abc","Item":{"a":{}}}}],"ReturnConsumedCapacity":"hi"}`,
			v, "1 validation error detected: " + rccHi, order},
		{"TransactWriteItems: a later action's value before the first one's table", "TransactWriteItems",
			`{"TransactItems":[{"Delete":{"TableName":"abc","Key":{"a":{"S":"x"}}}},{"Put":{"TableName":"abc","Item":{"a":{"M":{"b":{}}}}}}]}`,
			v, empty, "inferred: every action validated before any table (Alternator's test_transact_write_cancellation_reasons_validationerror)"},
		{"TransactWriteItems: an Update's value before its empty UpdateExpression", "TransactWriteItems",
			`{"TransactItems":[{"Update":{"TableName":"abc","Key":{"a":{"S":"x"}},"UpdateExpression":"","ExpressionAttributeValues":{":b":{"S":"a","N":"1"}}}}]}`,
			v, "ExpressionAttributeValues contains invalid value: " + multiple + " for key :b", "as UpdateItem's: dynalite's test/updateItem.js"},
		{"TransactGetItems: a key's value before the table", "TransactGetItems",
			`{"TransactItems":[{"Get":{"TableName":"abc","Key":{"a":{"SS":["a","a"]}}}}]}`,
			v, "One or more parameter values were invalid: Input collection [a, a] contains duplicates.", "as GetItem's: dynalite's test/getItem.js"},
		{"PutItem: an Expected value before the table", "PutItem", `{"TableName":"abc","Item":{},"Expected":{"a":{"Value":{}}}}`,
			v, empty, "dynalite's test/putItem.js 'empty expected value'"},
		{"PutItem: an enum violation before an Expected value", "PutItem",
			`{"TableName":"abc","Item":{"a":{"S":"x"}},"Expected":{"a":{"Value":{}}},"ReturnValues":"hi"}`,
			v, "1 validation error detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]", order},
		{"UpdateItem: an update value before the table", "UpdateItem",
			`{"TableName":"abc","Key":{"a":{"S":"a"}},"AttributeUpdates":{"a":{"Value":{"NS":["1",""]}}}}`,
			v, "The parameter cannot be converted to a numeric value", "dynalite's test/updateItem.js 'update value has empty numeric in set'"},
		{"UpdateItem: AttributeUpdates' error before Expected's value", "UpdateItem",
			`{"TableName":"abc","Key":{},"Expected":{"a":{"Value":{}}},"AttributeUpdates":{"a":{"x":"whatever"}}}`,
			v, "1 validation error detected: One or more parameter values were invalid: Only DELETE action is allowed when no attribute value is specified",
			"dynalite's test/updateItem.js 'update has no value', in today's envelope (issue 29)"},
		{"PutItem: an enum violation before an empty attribute name", "PutItem",
			`{"TableName":"abc","Item":{"":{"S":"x"}},"ReturnValues":"hi"}`,
			v, "1 validation error detected: Value 'hi' at 'returnValues' failed to satisfy constraint: Member must satisfy enum value set: [NONE, ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATED_NEW]",
			"inferred: a name is held with the values (no recording of its place)"},
		{"PutItem: an empty attribute name before Expected's own error", "PutItem",
			`{"TableName":"abc","Item":{"a":{"M":{"":{"S":"x"}}}},"Expected":{"a":{}}}`,
			v, "One or more parameter values were invalid: Empty attribute name", "inferred, as the values' place (dynalite's test/putItem.js)"},
		{"GetItem: an empty attribute name before the table", "GetItem", `{"TableName":"abc","Key":{"":{"S":"x"}}}`,
			v, "One or more parameter values were invalid: Empty attribute name", "inferred, as the values' place (dynalite's test/getItem.js)"},
		{"BatchWriteItem: a missing RequestItems with an enum", "BatchWriteItem", `{"ReturnConsumedCapacity":"hi"}`,
			v, "2 validation errors detected: " + rccHi + "; Value null at 'requestItems' failed to satisfy constraint: Member must not be null",
			"dynalite's test/batchWriteItem.js 'missing RequestItems'"},
		{"BatchWriteItem: an empty RequestItems", "BatchWriteItem", `{"RequestItems":{}}`,
			v, "1 validation error detected: Value '{}' at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
			"dynalite's test/batchWriteItem.js 'empty RequestItems'"},
		{"BatchWriteItem: the table before duplicates", "BatchWriteItem",
			`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{"S":"x"}}}},{"DeleteRequest":{"Key":{"a":{"S":"x"}}}}]}}`,
			"ResourceNotFoundException", "Requested resource not found", "dynalite's test/batchWriteItem.js 'check table exists first before checking for duplicate keys'"},
		{"BatchGetItem: duplicates before the table", "BatchGetItem",
			`{"RequestItems":{"abc":{"Keys":[{"a":{"S":"x"},"b":{"N":"1"}},{"b":{"N":"1"},"a":{"S":"x"}}]}}}`,
			v, "Provided list of item keys contains duplicates", "dynalite's test/batchGetItem.js 'duplicated keys'"},
		{"a value DynamoDB cannot read is still a SerializationException", "BatchWriteItem",
			`{"RequestItems":{"abc":[{"PutRequest":{"Item":{"a":{}}}},{"DeleteRequest":{"Key":{"a":{"S":true}}}}]}}`,
			"SerializationException", "TRUE_VALUE cannot be converted to String", "dynalite's assertType (serialization errors come first)"},
	})
}
