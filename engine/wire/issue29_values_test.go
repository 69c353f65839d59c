package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// Issue 29, the place of a legacy condition's attribute-value errors, as
// raw JSON: dynalite's test/scan.js and query.js validations, run against
// DynamoDB, with their own invalid values (the Scan cases with their
// invalid ExclusiveStartKey {"a":{}}, judged after these): a bad
// AttributeValueList member comes after mixed parameters, expression
// parameters without an expression and a duplicate in AttributesToGet,
// and before the condition's operand count, a lone Segment and the
// number of key conditions.
var dynaliteValueOrder = []fidelityCase{
	{"mixing before a ScanFilter's empty value", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES","FilterExpression":"","ProjectionExpression":"","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} Expression parameters: {ProjectionExpression, FilterExpression}",
		"dynalite's test/scan.js 'should return ValidationException if expression and non-expression'"},
	{"ExpressionAttributeNames without an expression before it", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES","ExpressionAttributeNames":{},"ExpressionAttributeValues":{}}`,
		"ValidationException", "ExpressionAttributeNames can only be specified when using expressions",
		"dynalite's test/scan.js 'should return ValidationException if ExpressionAttributeNames but no FilterExpression'"},
	{"ExpressionAttributeValues without an expression before it", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"Segment":1,"Limit":1,"AttributesToGet":["a","a"],"ConditionalOperator":"OR","Select":"SPECIFIC_ATTRIBUTES","ExpressionAttributeValues":{}}`,
		"ValidationException", "ExpressionAttributeValues can only be specified when using expressions: FilterExpression is null",
		"dynalite's test/scan.js 'should return ValidationException if ExpressionAttributeValues but no FilterExpression'"},
	{"a duplicate in AttributesToGet before the values and their count", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"a":""},{"S":""}]}},"AttributesToGet":["a","a"]}`,
		"ValidationException", "One or more parameter values were invalid: Duplicate value in attribute name: a",
		"dynalite's test/scan.js 'should return ValidationException for duplicate values in AttributesToGet'"},
	{"an empty value before the operand count and a lone Segment", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{},{"S":""}]}}}`,
		"ValidationException", "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/scan.js 'should return ValidationException for bad attribute values in ScanFilter'"},
	{"a value of no known type alike", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"a":""},{"S":""}]}}}`,
		"ValidationException", "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/scan.js 'should return ValidationException for bad attribute values in ScanFilter'"},
	{"an empty set, the first invalid value of three", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"SS":[]},{}]}}}`,
		"ValidationException", "One or more parameter values were invalid: An string set  may not be empty",
		"dynalite's test/scan.js 'should return ValidationException for invalid values in ScanFilter'"},
	{"a number out of range", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"N":"1e126"}]}}}`,
		"ValidationException", "Number overflow. Attempting to store a number with magnitude larger than supported range",
		"dynalite's test/scan.js 'should return ValidationException for empty/invalid numbers in ScanFilter'"},
	{"two datatypes in one value", "Scan",
		`{"TableName":"abc","ExclusiveStartKey":{"a":{}},"Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"1"},{"S":"a","N":"1"}]}}}`,
		"ValidationException", "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
		"dynalite's test/scan.js 'should return ValidationException for multiple datatypes in ScanFilter'"},
	{"a body DynamoDB cannot read is still a SerializationException", "Scan",
		`{"TableName":"abc","Segment":1,"ScanFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":1}]}}}`,
		"SerializationException", "NUMBER_VALUE cannot be converted to String",
		"dynalite's test/scan.js 'ScanFilter.Attr.AttributeValueList.0 is not an attr struct' (assertType)"},
	{"QueryFilter's operand count before KeyConditions' values", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{}]}},"QueryFilter":{"a":{"ComparisonOperator":"EQ"}}}`,
		"ValidationException", "One or more parameter values were invalid: Invalid number of argument(s) for the EQ ComparisonOperator",
		"dynalite's test/query.js 'should check QueryFilter before KeyConditions'"},
	{"a key condition's value before the number of conditions", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"a":""}]},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}}`,
		"ValidationException", "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/query.js 'should return ValidationException for bad key type'"},
	{"a key condition's number alike", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"N":"b"}]},"b":{"ComparisonOperator":"NULL"},"c":{"ComparisonOperator":"NULL"}}}`,
		"ValidationException", "The parameter cannot be converted to a numeric value: b",
		"dynalite's test/query.js 'should return ValidationException if key has incorrect numeric type'"},
	{"a QueryFilter value before KeyConditions' unindexable operator", "Query",
		`{"TableName":"abc","KeyConditions":{"a":{"ComparisonOperator":"NULL"}},"QueryFilter":{"a":{"ComparisonOperator":"EQ","AttributeValueList":[{"a":""}]}}}`,
		"ValidationException", "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
		"dynalite's test/query.js 'should return ValidationException for bad key type in QueryFilter'"},
}

func TestIssue29ConditionValueOrder(t *testing.T) {
	runFidelity(t, engine.New(), dynaliteValueOrder)
}
