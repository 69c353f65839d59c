package snippet

import "strings"

// The input shapes of the supported operations, after DynamoDB's API model
// (the AWS CLI's and botocore's service-2.json, the SDK for Go's types).
// They are what turns a JSON value into each language's type: a JSON number
// is an *int32 or an *int64 in Go, a JSON string an *string, an enum
// constant or, inside an attribute value, a []byte. The tests check them
// against the SDK for Go's structs and, where installed, the AWS CLI's
// argument tables.

type kind uint8

const (
	kString kind = iota
	kInt32
	kInt64
	kBool
	kEnum   // a string; a named string type in Go
	kStruct // members in the model's order
	kList
	kMap  // string keys
	kAttr // one AttributeValue
)

type shape struct {
	kind   kind
	name   string   // Go type name (in package types, or dynamodb for an operation's input) of a struct or enum
	values []string // an enum's values, for the Go constants
	fields []field  // a struct's members
	elem   *shape   // a list's element, a map's value
}

type field struct {
	name  string
	shape *shape
}

// member returns the struct's member called name, or nil.
func (s *shape) member(name string) *shape {
	for _, f := range s.fields {
		if f.name == name {
			return f.shape
		}
	}
	return nil
}

// operation is one supported API operation.
type operation struct {
	name      string // "BatchGetItem"
	input     *shape
	paginated bool // the AWS CLI paginates it automatically
}

func structure(name string, fields ...field) *shape {
	return &shape{kind: kStruct, name: name, fields: fields}
}

func enum(name string, values ...string) *shape {
	return &shape{kind: kEnum, name: name, values: values}
}

func listOf(elem *shape) *shape { return &shape{kind: kList, elem: elem} }
func mapOf(elem *shape) *shape  { return &shape{kind: kMap, elem: elem} }
func f(name string, s *shape) field {
	return field{name, s}
}

var (
	tString     = &shape{kind: kString}
	tInt32      = &shape{kind: kInt32}
	tInt64      = &shape{kind: kInt64}
	tBool       = &shape{kind: kBool}
	tAttr       = &shape{kind: kAttr}
	tAttrMap    = mapOf(tAttr) // Item, Key, ExpressionAttributeValues, ...
	tStringList = listOf(tString)
	tNames      = mapOf(tString) // ExpressionAttributeNames

	eSelect                 = enum("Select", "ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT")
	eReturnConsumedCapacity = enum("ReturnConsumedCapacity", "INDEXES", "TOTAL", "NONE")
	eReturnValue            = enum("ReturnValue", "NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW")
	eReturnItemCollection   = enum("ReturnItemCollectionMetrics", "SIZE", "NONE")
	eReturnOnFailure        = enum("ReturnValuesOnConditionCheckFailure", "ALL_OLD", "NONE")
	eConditionalOperator    = enum("ConditionalOperator", "AND", "OR")
	eComparisonOperator     = enum("ComparisonOperator", "EQ", "NE", "IN", "LE", "LT", "GE", "GT", "BETWEEN",
		"NOT_NULL", "NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH")
	eAttributeAction     = enum("AttributeAction", "ADD", "PUT", "DELETE")
	eBillingMode         = enum("BillingMode", "PROVISIONED", "PAY_PER_REQUEST")
	eKeyType             = enum("KeyType", "HASH", "RANGE")
	eScalarAttributeType = enum("ScalarAttributeType", "S", "N", "B")
	eProjectionType      = enum("ProjectionType", "ALL", "KEYS_ONLY", "INCLUDE")
	eStreamViewType      = enum("StreamViewType", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY")
	eSSEType             = enum("SSEType", "AES256", "KMS")
	eTableClass          = enum("TableClass", "STANDARD", "STANDARD_INFREQUENT_ACCESS")

	// legacy (pre-expression) parameters
	sCondition = structure("Condition",
		f("AttributeValueList", listOf(tAttr)),
		f("ComparisonOperator", eComparisonOperator))
	sExpected = structure("ExpectedAttributeValue",
		f("Value", tAttr),
		f("Exists", tBool),
		f("ComparisonOperator", eComparisonOperator),
		f("AttributeValueList", listOf(tAttr)))
	sAttributeValueUpdate = structure("AttributeValueUpdate",
		f("Value", tAttr),
		f("Action", eAttributeAction))

	sKeysAndAttributes = structure("KeysAndAttributes",
		f("Keys", listOf(tAttrMap)),
		f("AttributesToGet", tStringList),
		f("ConsistentRead", tBool),
		f("ProjectionExpression", tString),
		f("ExpressionAttributeNames", tNames))
	sWriteRequest = structure("WriteRequest",
		f("PutRequest", structure("PutRequest", f("Item", tAttrMap))),
		f("DeleteRequest", structure("DeleteRequest", f("Key", tAttrMap))))

	sTransactWriteItem = structure("TransactWriteItem",
		f("ConditionCheck", structure("ConditionCheck",
			f("Key", tAttrMap),
			f("TableName", tString),
			f("ConditionExpression", tString),
			f("ExpressionAttributeNames", tNames),
			f("ExpressionAttributeValues", tAttrMap),
			f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))),
		f("Put", structure("Put",
			f("Item", tAttrMap),
			f("TableName", tString),
			f("ConditionExpression", tString),
			f("ExpressionAttributeNames", tNames),
			f("ExpressionAttributeValues", tAttrMap),
			f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))),
		f("Delete", structure("Delete",
			f("Key", tAttrMap),
			f("TableName", tString),
			f("ConditionExpression", tString),
			f("ExpressionAttributeNames", tNames),
			f("ExpressionAttributeValues", tAttrMap),
			f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))),
		f("Update", structure("Update",
			f("Key", tAttrMap),
			f("UpdateExpression", tString),
			f("TableName", tString),
			f("ConditionExpression", tString),
			f("ExpressionAttributeNames", tNames),
			f("ExpressionAttributeValues", tAttrMap),
			f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))))
	sTransactGetItem = structure("TransactGetItem",
		f("Get", structure("Get",
			f("Key", tAttrMap),
			f("TableName", tString),
			f("ProjectionExpression", tString),
			f("ExpressionAttributeNames", tNames))))

	// tables
	sAttributeDefinition = structure("AttributeDefinition",
		f("AttributeName", tString),
		f("AttributeType", eScalarAttributeType))
	sKeySchema = listOf(structure("KeySchemaElement",
		f("AttributeName", tString),
		f("KeyType", eKeyType)))
	sProjection = structure("Projection",
		f("ProjectionType", eProjectionType),
		f("NonKeyAttributes", tStringList))
	sProvisionedThroughput = structure("ProvisionedThroughput",
		f("ReadCapacityUnits", tInt64),
		f("WriteCapacityUnits", tInt64))
	sOnDemandThroughput = structure("OnDemandThroughput",
		f("MaxReadRequestUnits", tInt64),
		f("MaxWriteRequestUnits", tInt64))
	sWarmThroughput = structure("WarmThroughput",
		f("ReadUnitsPerSecond", tInt64),
		f("WriteUnitsPerSecond", tInt64))
	sStreamSpecification = structure("StreamSpecification",
		f("StreamEnabled", tBool),
		f("StreamViewType", eStreamViewType))
	sSSESpecification = structure("SSESpecification",
		f("Enabled", tBool),
		f("SSEType", eSSEType),
		f("KMSMasterKeyId", tString))
	sGlobalSecondaryIndex = structure("GlobalSecondaryIndex",
		f("IndexName", tString),
		f("KeySchema", sKeySchema),
		f("Projection", sProjection),
		f("ProvisionedThroughput", sProvisionedThroughput),
		f("OnDemandThroughput", sOnDemandThroughput),
		f("WarmThroughput", sWarmThroughput))
	sLocalSecondaryIndex = structure("LocalSecondaryIndex",
		f("IndexName", tString),
		f("KeySchema", sKeySchema),
		f("Projection", sProjection))
	sGlobalSecondaryIndexUpdate = structure("GlobalSecondaryIndexUpdate",
		f("Update", structure("UpdateGlobalSecondaryIndexAction",
			f("IndexName", tString),
			f("ProvisionedThroughput", sProvisionedThroughput),
			f("OnDemandThroughput", sOnDemandThroughput),
			f("WarmThroughput", sWarmThroughput))),
		f("Create", structure("CreateGlobalSecondaryIndexAction",
			f("IndexName", tString),
			f("KeySchema", sKeySchema),
			f("Projection", sProjection),
			f("ProvisionedThroughput", sProvisionedThroughput),
			f("OnDemandThroughput", sOnDemandThroughput),
			f("WarmThroughput", sWarmThroughput))),
		f("Delete", structure("DeleteGlobalSecondaryIndexAction",
			f("IndexName", tString))))
)

// operations are the supported operations by name. Their inputs list the
// members of DynamoDB's API except those of global tables (ReplicaUpdates,
// MultiRegionConsistency, ...), which the workbench does not model.
var operations = map[string]*operation{}

func init() {
	def := func(name string, paginated bool, fields ...field) {
		operations[name] = &operation{name: name, input: structure(name+"Input", fields...), paginated: paginated}
	}
	def("Query", true,
		f("TableName", tString),
		f("IndexName", tString),
		f("Select", eSelect),
		f("AttributesToGet", tStringList),
		f("Limit", tInt32),
		f("ConsistentRead", tBool),
		f("KeyConditions", mapOf(sCondition)),
		f("QueryFilter", mapOf(sCondition)),
		f("ConditionalOperator", eConditionalOperator),
		f("ScanIndexForward", tBool),
		f("ExclusiveStartKey", tAttrMap),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ProjectionExpression", tString),
		f("FilterExpression", tString),
		f("KeyConditionExpression", tString),
		f("ExpressionAttributeNames", tNames),
		f("ExpressionAttributeValues", tAttrMap))
	def("Scan", true,
		f("TableName", tString),
		f("IndexName", tString),
		f("AttributesToGet", tStringList),
		f("Limit", tInt32),
		f("Select", eSelect),
		f("ScanFilter", mapOf(sCondition)),
		f("ConditionalOperator", eConditionalOperator),
		f("ExclusiveStartKey", tAttrMap),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("TotalSegments", tInt32),
		f("Segment", tInt32),
		f("ProjectionExpression", tString),
		f("FilterExpression", tString),
		f("ExpressionAttributeNames", tNames),
		f("ExpressionAttributeValues", tAttrMap),
		f("ConsistentRead", tBool))
	def("GetItem", false,
		f("TableName", tString),
		f("Key", tAttrMap),
		f("AttributesToGet", tStringList),
		f("ConsistentRead", tBool),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ProjectionExpression", tString),
		f("ExpressionAttributeNames", tNames))
	def("PutItem", false,
		f("TableName", tString),
		f("Item", tAttrMap),
		f("Expected", mapOf(sExpected)),
		f("ReturnValues", eReturnValue),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ReturnItemCollectionMetrics", eReturnItemCollection),
		f("ConditionalOperator", eConditionalOperator),
		f("ConditionExpression", tString),
		f("ExpressionAttributeNames", tNames),
		f("ExpressionAttributeValues", tAttrMap),
		f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))
	def("UpdateItem", false,
		f("TableName", tString),
		f("Key", tAttrMap),
		f("AttributeUpdates", mapOf(sAttributeValueUpdate)),
		f("Expected", mapOf(sExpected)),
		f("ConditionalOperator", eConditionalOperator),
		f("ReturnValues", eReturnValue),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ReturnItemCollectionMetrics", eReturnItemCollection),
		f("UpdateExpression", tString),
		f("ConditionExpression", tString),
		f("ExpressionAttributeNames", tNames),
		f("ExpressionAttributeValues", tAttrMap),
		f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))
	def("DeleteItem", false,
		f("TableName", tString),
		f("Key", tAttrMap),
		f("Expected", mapOf(sExpected)),
		f("ConditionalOperator", eConditionalOperator),
		f("ReturnValues", eReturnValue),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ReturnItemCollectionMetrics", eReturnItemCollection),
		f("ConditionExpression", tString),
		f("ExpressionAttributeNames", tNames),
		f("ExpressionAttributeValues", tAttrMap),
		f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))
	def("BatchGetItem", false,
		f("RequestItems", mapOf(sKeysAndAttributes)),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity))
	def("BatchWriteItem", false,
		f("RequestItems", mapOf(listOf(sWriteRequest))),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ReturnItemCollectionMetrics", eReturnItemCollection))
	def("TransactGetItems", false,
		f("TransactItems", listOf(sTransactGetItem)),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity))
	def("TransactWriteItems", false,
		f("TransactItems", listOf(sTransactWriteItem)),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("ReturnItemCollectionMetrics", eReturnItemCollection),
		f("ClientRequestToken", tString))
	def("CreateTable", false,
		f("AttributeDefinitions", listOf(sAttributeDefinition)),
		f("TableName", tString),
		f("KeySchema", sKeySchema),
		f("LocalSecondaryIndexes", listOf(sLocalSecondaryIndex)),
		f("GlobalSecondaryIndexes", listOf(sGlobalSecondaryIndex)),
		f("BillingMode", eBillingMode),
		f("ProvisionedThroughput", sProvisionedThroughput),
		f("StreamSpecification", sStreamSpecification),
		f("SSESpecification", sSSESpecification),
		f("Tags", listOf(structure("Tag", f("Key", tString), f("Value", tString)))),
		f("TableClass", eTableClass),
		f("DeletionProtectionEnabled", tBool),
		f("WarmThroughput", sWarmThroughput),
		f("ResourcePolicy", tString),
		f("OnDemandThroughput", sOnDemandThroughput))
	def("UpdateTable", false,
		f("AttributeDefinitions", listOf(sAttributeDefinition)),
		f("TableName", tString),
		f("BillingMode", eBillingMode),
		f("ProvisionedThroughput", sProvisionedThroughput),
		f("GlobalSecondaryIndexUpdates", listOf(sGlobalSecondaryIndexUpdate)),
		f("StreamSpecification", sStreamSpecification),
		f("SSESpecification", sSSESpecification),
		f("TableClass", eTableClass),
		f("DeletionProtectionEnabled", tBool),
		f("OnDemandThroughput", sOnDemandThroughput),
		f("WarmThroughput", sWarmThroughput))
	def("DescribeTable", false, f("TableName", tString))
	def("DeleteTable", false, f("TableName", tString))
	def("ListTables", true,
		f("ExclusiveStartTableName", tString),
		f("Limit", tInt32))
	def("UpdateTimeToLive", false,
		f("TableName", tString),
		f("TimeToLiveSpecification", structure("TimeToLiveSpecification",
			f("Enabled", tBool),
			f("AttributeName", tString))))
	def("DescribeTimeToLive", false, f("TableName", tString))
	// PartiQL: Parameters is a list of AttributeValue.
	def("ExecuteStatement", false,
		f("Statement", tString),
		f("Parameters", listOf(tAttr)),
		f("ConsistentRead", tBool),
		f("NextToken", tString),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity),
		f("Limit", tInt32),
		f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure))
	def("BatchExecuteStatement", false,
		f("Statements", listOf(structure("BatchStatementRequest",
			f("Statement", tString),
			f("Parameters", listOf(tAttr)),
			f("ConsistentRead", tBool),
			f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure)))),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity))
	def("ExecuteTransaction", false,
		f("TransactStatements", listOf(structure("ParameterizedStatement",
			f("Statement", tString),
			f("Parameters", listOf(tAttr)),
			f("ReturnValuesOnConditionCheckFailure", eReturnOnFailure)))),
		f("ClientRequestToken", tString),
		f("ReturnConsumedCapacity", eReturnConsumedCapacity))
}

// words splits a CamelCase name into its words, keeping acronyms whole as
// botocore's xform_name does: "SSESpecification" is "SSE", "Specification".
func words(name string) []string {
	var out []string
	start := 0
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	isLower := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
	for i := 1; i < len(name); i++ {
		if isUpper(name[i]) && (isLower(name[i-1]) || i+1 < len(name) && isUpper(name[i-1]) && isLower(name[i+1])) {
			out = append(out, name[start:i])
			start = i
		}
	}
	return append(out, name[start:])
}

// joinWords is name's words, lower-cased, joined by sep: kebab-case for
// CLI commands and options, snake_case for boto3's methods.
func joinWords(name, sep string) string {
	return strings.ToLower(strings.Join(words(name), sep))
}

// enumConstant is the SDK for Go's constant for an enum value ("ALL_NEW"
// of ReturnValue is ReturnValueAllNew), or "" when the value is not one
// the SDK knows.
func enumConstant(s *shape, value string) string {
	known := false
	for _, v := range s.values {
		known = known || v == value
	}
	if !known {
		return ""
	}
	var b strings.Builder
	b.WriteString(s.name)
	for _, part := range strings.Split(value, "_") {
		if part == "" {
			continue
		}
		b.WriteString(part[:1])
		b.WriteString(strings.ToLower(part[1:]))
	}
	return b.String()
}
