package ddbapi

// The input shapes of the supported operations, after DynamoDB's API model
// (the AWS CLI's and botocore's service-2.json, the SDK for Go's types).
// They are what turns a JSON value into each language's type: a JSON number
// is an *int32 or an *int64 in Go, a JSON string an *string, an enum
// constant or, inside an attribute value, a []byte. snippet's tests check them
// against the SDK for Go's structs and, where installed, the AWS CLI's
// argument tables.

// Kind is what a shape is.
type Kind uint8

const (
	String Kind = iota
	Int32
	Int64
	Bool
	Enum   // a string; a named string type in Go
	Struct // members in the model's order
	List
	Map  // string keys
	Attr // one AttributeValue
)

// Shape is the type of a value of a request.
type Shape struct {
	Kind   Kind
	Name   string   // Go type name (in package types, or dynamodb for an operation's input) of a struct or enum
	Values []string // an enum's values, for the Go constants
	Fields []Field  // a struct's members
	Elem   *Shape   // a list's element, a map's value
}

// Field is a member of a structure.
type Field struct {
	Name  string
	Shape *Shape
}

// Member returns the struct's member called name, or nil.
func (s *Shape) Member(name string) *Shape {
	for _, f := range s.Fields {
		if f.Name == name {
			return f.Shape
		}
	}
	return nil
}

// Operation is one supported API operation.
type Operation struct {
	Name      string // "BatchGetItem"
	Input     *Shape
	Paginated bool // the AWS CLI paginates it automatically
}

func structure(name string, fields ...Field) *Shape {
	return &Shape{Kind: Struct, Name: name, Fields: fields}
}

func enum(name string, values ...string) *Shape {
	return &Shape{Kind: Enum, Name: name, Values: values}
}

func listOf(elem *Shape) *Shape { return &Shape{Kind: List, Elem: elem} }
func mapOf(elem *Shape) *Shape  { return &Shape{Kind: Map, Elem: elem} }
func f(name string, s *Shape) Field {
	return Field{name, s}
}

var (
	tString     = &Shape{Kind: String}
	tInt32      = &Shape{Kind: Int32}
	tInt64      = &Shape{Kind: Int64}
	tBool       = &Shape{Kind: Bool}
	tAttr       = &Shape{Kind: Attr}
	tAttrMap    = AttrMap
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

// Operations are the supported operations by name. Their inputs list the
// members of DynamoDB's API except those of global tables (ReplicaUpdates,
// MultiRegionConsistency, ...), which the workbench does not model.
var Operations = map[string]*Operation{}

// AttrMap is a map of attribute values: an Item, a Key,
// ExpressionAttributeValues, ...
var AttrMap = mapOf(tAttr)

func init() {
	def := func(name string, paginated bool, fields ...Field) {
		Operations[name] = &Operation{Name: name, Input: structure(name+"Input", fields...), Paginated: paginated}
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
