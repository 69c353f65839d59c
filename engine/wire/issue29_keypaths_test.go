package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29, non-scalar key paths, as raw JSON: dynalite's suite, run
// against DynamoDB, refuses a projection or filter path into a key
// attribute ("should return ValidationException for non-scalar key access
// / index access in ProjectionExpression / FilterExpression",
// test/getItem.js, query.js, scan.js).

const keyScalarsMsg = "Key attributes must be scalars; list random access '[]' and map lookup '.' are not allowed: "

// keyPathsRangeTable is dynalite's testRangeTable: key (a, b), LSIs on
// (a, c) and (a, d), GSIs on c and (c, d).
const keyPathsRangeTable = `{"TableName":"range","BillingMode":"PAY_PER_REQUEST",` +
	`"AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"},{"AttributeName":"c","AttributeType":"S"},{"AttributeName":"d","AttributeType":"S"}],` +
	`"KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}],` +
	`"LocalSecondaryIndexes":[{"IndexName":"index1","KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"c","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}},` +
	`{"IndexName":"index2","KeySchema":[{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"d","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],` +
	`"GlobalSecondaryIndexes":[{"IndexName":"index3","KeySchema":[{"AttributeName":"c","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}},` +
	`{"IndexName":"index4","KeySchema":[{"AttributeName":"c","KeyType":"HASH"},{"AttributeName":"d","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]}`

const keyPathsHashTable = `{"TableName":"hash","BillingMode":"PAY_PER_REQUEST","AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],"KeySchema":[{"AttributeName":"a","KeyType":"HASH"}]}`

func TestIssue29NonScalarKeyPaths(t *testing.T) {
	db := engine.New()
	dispatchOK(t, db, "CreateTable", keyPathsRangeTable)
	dispatchOK(t, db, "CreateTable", keyPathsHashTable)
	dispatchOK(t, db, "PutItem", `{"TableName":"range","Item":{"a":{"S":"1"},"b":{"S":"1"},"e":{"M":{"f":{"S":"x"}}}}}`)
	const src = "dynalite's test/getItem.js, query.js and scan.js, run against DynamoDB"
	runFidelity(t, db, []fidelityCase{
		{"GetItem, a map lookup into the hash key", "GetItem", `{"TableName":"hash","Key":{"a":{"S":"1"}},"ProjectionExpression":"#a.b.c","ExpressionAttributeNames":{"#a":"a"}}`,
			"ValidationException", keyScalarsMsg + "Key: a", src},
		{"GetItem, a list index into the hash key", "GetItem", `{"TableName":"hash","Key":{"a":{"S":"1"}},"ProjectionExpression":"#a[0]","ExpressionAttributeNames":{"#a":"a"}}`,
			"ValidationException", keyScalarsMsg + "Key: a", src},
		{"GetItem, into an index key", "GetItem", `{"TableName":"range","Key":{"a":{"S":"1"},"b":{"S":"1"}},"ProjectionExpression":"#d.b.c","ExpressionAttributeNames":{"#d":"d"}}`,
			"ValidationException", keyScalarsMsg + "IndexKey: d", src},
		{"BatchGetItem's projection alike", "BatchGetItem", `{"RequestItems":{"hash":{"Keys":[{"a":{"S":"1"}}],"ProjectionExpression":"#a[0]","ExpressionAttributeNames":{"#a":"a"}}}}`,
			"ValidationException", keyScalarsMsg + "Key: a", "dynalite's test/getItem.js (the GetItem case), BatchGetItem reading the same way"},
		{"Query's filter into an index key", "Query", `{"TableName":"range","KeyConditionExpression":"a = :a","FilterExpression":"attribute_exists(d.c) AND c = :b","ExpressionAttributeValues":{":a":{"S":"1"},":b":{"N":"1"}}}`,
			"ValidationException", keyScalarsMsg + "IndexKey: d", src},
		{"Query's filter, a list index", "Query", `{"TableName":"range","KeyConditionExpression":"a = :a","FilterExpression":"d[1] = :b","ExpressionAttributeValues":{":a":{"S":"1"},":b":{"N":"1"}}}`,
			"ValidationException", keyScalarsMsg + "IndexKey: d", src},
		{"Query's projection into an index key", "Query", `{"TableName":"range","KeyConditionExpression":"a = :a","ProjectionExpression":"d[0]","ExpressionAttributeValues":{":a":{"S":"1"}}}`,
			"ValidationException", keyScalarsMsg + "IndexKey: d", src},
		{"Scan's filter into the table key, named before an index's", "Scan", `{"TableName":"range","FilterExpression":"d.x = :a AND b.c = :a","ExpressionAttributeValues":{":a":{"S":"1"}}}`,
			"ValidationException", keyScalarsMsg + "Key: b", src},
		{"Scan's projection", "Scan", `{"TableName":"hash","ProjectionExpression":"a.b"}`,
			"ValidationException", keyScalarsMsg + "Key: a", src},
		{"UpdateItem into an index key", "UpdateItem", `{"TableName":"range","Key":{"a":{"S":"1"},"b":{"S":"1"}},"UpdateExpression":"SET d.y = :v","ExpressionAttributeValues":{":v":{"S":"z"}}}`,
			"ValidationException", keyScalarsMsg + "IndexKey: d", "Alternator's test_gsi.py test_gsi_wrong_type_attribute_update_nested, quoting DynamoDB"},
		{"top-level keys and paths into other attributes pass", "Scan", `{"TableName":"range","ProjectionExpression":"a, d, e.f","FilterExpression":"e.f = :x","ExpressionAttributeValues":{":x":{"S":"x"}}}`,
			"", `"Count":1`, src},
	})
}
