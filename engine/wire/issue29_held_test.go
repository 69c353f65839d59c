package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29, attribute values judged where DynamoDB judges them, as raw
// JSON (engine/decode_test.go has the engine's cases): dynalite's
// test/query.js, scan.js, putItem.js, getItem.js and deleteItem.js, run
// against DynamoDB on a table that does not exist.
var heldValueOrder = []fidelityCase{
	{"a starting key's empty value, prefixed, before KeyConditions' errors", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ"}},"ExclusiveStartKey":{"a":{"L":[{"a":{}}]}}}`,
		"ValidationException", "The provided starting key is invalid: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/query.js 'should return ValidationException for unsupported datatype in ExclusiveStartKey'"},
	{"a starting key's NULL false, prefixed, before an empty KeyConditionExpression", "Query",
		`{"TableName":"abc","KeyConditionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ExclusiveStartKey":{"a":{"NULL":false}}}`,
		"ValidationException", "The provided starting key is invalid: One or more parameter values were invalid: Null attribute value types must have the value of true",
		"dynalite's test/query.js 'should return ValidationException for invalid values in ExclusiveStartKey'"},
	{"a starting key's duplicated set is not prefixed", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{}]}},"ExclusiveStartKey":{"a":{"BS":["Yg==","Yg=="]}}}`,
		"ValidationException", "One or more parameter values were invalid: Input collection [Yg==, Yg==]of type BS contains duplicates.",
		"dynalite's test/query.js '... invalid values in ExclusiveStartKey without provided message'"},
	{"nor its bad number", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"ExclusiveStartKey":{"a":{"N":"123456789012345678901234567890123456789"}}}`,
		"ValidationException", "Attempting to store more than 38 significant digits in a Number",
		"dynalite's test/query.js 'should return ValidationException for empty/invalid numbers in ExclusiveStartKey'"},
	{"a duplicate in AttributesToGet before the starting key and the missing key condition", "Query",
		`{"TableName":"abc","QueryFilter":{},"ExclusiveStartKey":{"a":{}},"AttributesToGet":["a","a"]}`,
		"ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: a",
		"dynalite's test/query.js 'should return ValidationException for duplicate values in AttributesToGet'"},
	{"Scan: the starting key after a sound ScanFilter, before a lone Segment", "Scan",
		`{"TableName":"abc","Segment":1,"ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"SS":["a"]}]}}}`,
		"ValidationException", "The provided starting key is invalid: Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/scan.js 'should return ValidationException on ExclusiveStartKey if ScanFilter ok with EQ on type SS when table does not exist'"},
	{"Scan: an empty number set in the starting key, unprefixed, before empty maps", "Scan",
		`{"TableName":"abc","Segment":1,"FilterExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ExclusiveStartKey":{"a":{"NS":[]}}}`,
		"ValidationException", "One or more parameter values were invalid: An number set  may not be empty",
		"dynalite's test/scan.js 'should return ValidationException for invalid values in ExclusiveStartKey with no provided message'"},
	{"Scan: several datatypes, prefixed", "Scan",
		`{"TableName":"abc","TotalSegments":1,"FilterExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ExclusiveStartKey":{"a":{"S":"a","N":"1"}}}`,
		"ValidationException", "The provided starting key is invalid: Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
		"dynalite's test/scan.js 'should return ValidationException for multiple datatypes in ExclusiveStartKey'"},
	{"PutItem: ExpressionAttributeValues without an expression before the Item's value", "PutItem",
		`{"TableName":"abc","Item":{"a":{}},"Expected":{"a":{}},"ExpressionAttributeValues":{}}`,
		"ValidationException", "1 validation error detected: ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
		"dynalite's test/putItem.js 'should return ValidationException if ExpressionAttributeValues but no ConditionExpression' (enveloped today: issue 29)"},
	{"PutItem: the Item's value before Expected's own error", "PutItem",
		`{"TableName":"abc","Item":{"a":{"M":{"a":{}}}},"Expected":{"a":{}}}`,
		"ValidationException", "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/putItem.js 'should return ValidationException for unsupported datatype in Item'"},
	{"PutItem: an empty set before an empty ExpressionAttributeNames", "PutItem",
		`{"TableName":"abc","Item":{"a":{"SS":[]}},"ExpressionAttributeNames":{},"ExpressionAttributeValues":{},"ConditionExpression":""}`,
		"ValidationException", "1 validation error detected: One or more parameter values were invalid: An string set  may not be empty",
		"dynalite's test/putItem.js 'should return ValidationException for invalid values in Item' (enveloped today: issue 29)"},
	{"GetItem: a Key's value before the table", "GetItem",
		`{"TableName":"abc","Key":{"a":{"N":"1e-131"}}}`,
		"ValidationException", "Number underflow. Attempting to store a number with magnitude smaller than supported range",
		"dynalite's test/getItem.js 'should return ValidationException for empty/invalid numbers in Key'"},
	{"DeleteItem: a value before an empty ConditionExpression", "DeleteItem",
		`{"TableName":"abc","Key":{},"ExpressionAttributeValues":{":b":{"S":"a","N":"1"}},"ConditionExpression":""}`,
		"ValidationException", "ExpressionAttributeValues contains invalid value: Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes for key :b",
		"dynalite's test/deleteItem.js 'should return ValidationException for multiple datatypes in ExpressionAttributeValues'"},
	{"DeleteItem: a bad key before a bad value", "DeleteItem",
		`{"TableName":"abc","Key":{},"ExpressionAttributeValues":{":b":{"a":""},"b":{"S":"a"}},"ConditionExpression":""}`,
		"ValidationException", `ExpressionAttributeValues contains invalid key: Syntax error; key: "b"`,
		"dynalite's test/deleteItem.js 'should return ValidationException for invalid keys in ExpressionAttributeValues'"},
	{"DeleteItem: ExpressionAttributeNames' keys before an empty ExpressionAttributeValues", "DeleteItem",
		`{"TableName":"abc","Key":{},"ExpressionAttributeNames":{"a":"a"},"ExpressionAttributeValues":{},"ConditionExpression":""}`,
		"ValidationException", `ExpressionAttributeNames contains invalid key: Syntax error; key: "a"`,
		"dynalite's test/deleteItem.js 'should return ValidationException for invalid ExpressionAttributeNames'"},
	{"UpdateItem: a value before an empty UpdateExpression", "UpdateItem",
		`{"TableName":"abc","Key":{},"ExpressionAttributeValues":{":b":{"N":"b"}},"ConditionExpression":"","UpdateExpression":""}`,
		"ValidationException", "ExpressionAttributeValues contains invalid value: The parameter cannot be converted to a numeric value: b for key :b",
		"dynalite's test/updateItem.js 'should return ValidationException for empty/invalid numbers in ExpressionAttributeValues'"},
	{"a value DynamoDB cannot read is still a SerializationException", "PutItem",
		`{"TableName":"abc","Item":{"a":{}},"ExpressionAttributeValues":{":v":{"N":1}}}`,
		"SerializationException", "NUMBER_VALUE cannot be converted to String",
		"dynalite's test/putItem.js assertType (the serialization errors come first)"},
}

func TestIssue29HeldValueOrder(t *testing.T) {
	runFidelity(t, engine.New(), heldValueOrder)
}
