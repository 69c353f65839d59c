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

var (
	tString     = &Shape{Kind: String}
	tInt32      = &Shape{Kind: Int32}
	tInt64      = &Shape{Kind: Int64}
	tBool       = &Shape{Kind: Bool}
	tAttr       = &Shape{Kind: Attr}
	tAttrMap    = AttrMap
	tStringList = &Shape{Kind: List, Elem: tString}
	tNames      = &Shape{Kind: Map, Elem: tString} // ExpressionAttributeNames

	eSelect                 = &Shape{Kind: Enum, Name: "Select", Values: []string{"ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES", "SPECIFIC_ATTRIBUTES", "COUNT"}}
	eReturnConsumedCapacity = &Shape{Kind: Enum, Name: "ReturnConsumedCapacity", Values: []string{"INDEXES", "TOTAL", "NONE"}}
	eReturnValue            = &Shape{Kind: Enum, Name: "ReturnValue", Values: []string{"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW"}}
	eReturnItemCollection   = &Shape{Kind: Enum, Name: "ReturnItemCollectionMetrics", Values: []string{"SIZE", "NONE"}}
	eReturnOnFailure        = &Shape{Kind: Enum, Name: "ReturnValuesOnConditionCheckFailure", Values: []string{"ALL_OLD", "NONE"}}
	eConditionalOperator    = &Shape{Kind: Enum, Name: "ConditionalOperator", Values: []string{"AND", "OR"}}
	eComparisonOperator     = &Shape{Kind: Enum, Name: "ComparisonOperator", Values: []string{"EQ", "NE", "IN", "LE", "LT", "GE", "GT", "BETWEEN", "NOT_NULL", "NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH"}}
	eAttributeAction        = &Shape{Kind: Enum, Name: "AttributeAction", Values: []string{"ADD", "PUT", "DELETE"}}
	eBillingMode            = &Shape{Kind: Enum, Name: "BillingMode", Values: []string{"PROVISIONED", "PAY_PER_REQUEST"}}
	eKeyType                = &Shape{Kind: Enum, Name: "KeyType", Values: []string{"HASH", "RANGE"}}
	eScalarAttributeType    = &Shape{Kind: Enum, Name: "ScalarAttributeType", Values: []string{"S", "N", "B"}}
	eProjectionType         = &Shape{Kind: Enum, Name: "ProjectionType", Values: []string{"ALL", "KEYS_ONLY", "INCLUDE"}}
	eStreamViewType         = &Shape{Kind: Enum, Name: "StreamViewType", Values: []string{"NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES", "KEYS_ONLY"}}
	eSSEType                = &Shape{Kind: Enum, Name: "SSEType", Values: []string{"AES256", "KMS"}}
	eTableClass             = &Shape{Kind: Enum, Name: "TableClass", Values: []string{"STANDARD", "STANDARD_INFREQUENT_ACCESS"}}

	// legacy (pre-expression) parameters
	sCondition = &Shape{Kind: Struct, Name: "Condition", Fields: []Field{
		Field{"AttributeValueList", &Shape{Kind: List, Elem: tAttr}},
		Field{"ComparisonOperator", eComparisonOperator},
	}}
	sExpected = &Shape{Kind: Struct, Name: "ExpectedAttributeValue", Fields: []Field{
		Field{"Value", tAttr},
		Field{"Exists", tBool},
		Field{"ComparisonOperator", eComparisonOperator},
		Field{"AttributeValueList", &Shape{Kind: List, Elem: tAttr}},
	}}
	sAttributeValueUpdate = &Shape{Kind: Struct, Name: "AttributeValueUpdate", Fields: []Field{
		Field{"Value", tAttr},
		Field{"Action", eAttributeAction},
	}}

	sKeysAndAttributes = &Shape{Kind: Struct, Name: "KeysAndAttributes", Fields: []Field{
		Field{"Keys", &Shape{Kind: List, Elem: tAttrMap}},
		Field{"AttributesToGet", tStringList},
		Field{"ConsistentRead", tBool},
		Field{"ProjectionExpression", tString},
		Field{"ExpressionAttributeNames", tNames},
	}}
	sWriteRequest = &Shape{Kind: Struct, Name: "WriteRequest", Fields: []Field{
		Field{"PutRequest", &Shape{Kind: Struct, Name: "PutRequest", Fields: []Field{
			Field{"Item", tAttrMap},
		}}},
		Field{"DeleteRequest", &Shape{Kind: Struct, Name: "DeleteRequest", Fields: []Field{
			Field{"Key", tAttrMap},
		}}},
	}}

	sTransactWriteItem = &Shape{Kind: Struct, Name: "TransactWriteItem", Fields: []Field{
		Field{"ConditionCheck", &Shape{Kind: Struct, Name: "ConditionCheck", Fields: []Field{
			Field{"Key", tAttrMap},
			Field{"TableName", tString},
			Field{"ConditionExpression", tString},
			Field{"ExpressionAttributeNames", tNames},
			Field{"ExpressionAttributeValues", tAttrMap},
			Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure},
		}}},
		Field{"Put", &Shape{Kind: Struct, Name: "Put", Fields: []Field{
			Field{"Item", tAttrMap},
			Field{"TableName", tString},
			Field{"ConditionExpression", tString},
			Field{"ExpressionAttributeNames", tNames},
			Field{"ExpressionAttributeValues", tAttrMap},
			Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure},
		}}},
		Field{"Delete", &Shape{Kind: Struct, Name: "Delete", Fields: []Field{
			Field{"Key", tAttrMap},
			Field{"TableName", tString},
			Field{"ConditionExpression", tString},
			Field{"ExpressionAttributeNames", tNames},
			Field{"ExpressionAttributeValues", tAttrMap},
			Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure},
		}}},
		Field{"Update", &Shape{Kind: Struct, Name: "Update", Fields: []Field{
			Field{"Key", tAttrMap},
			Field{"UpdateExpression", tString},
			Field{"TableName", tString},
			Field{"ConditionExpression", tString},
			Field{"ExpressionAttributeNames", tNames},
			Field{"ExpressionAttributeValues", tAttrMap},
			Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure},
		}}},
	}}
	sTransactGetItem = &Shape{Kind: Struct, Name: "TransactGetItem", Fields: []Field{
		Field{"Get", &Shape{Kind: Struct, Name: "Get", Fields: []Field{
			Field{"Key", tAttrMap},
			Field{"TableName", tString},
			Field{"ProjectionExpression", tString},
			Field{"ExpressionAttributeNames", tNames},
		}}},
	}}

	// tables
	sAttributeDefinition = &Shape{Kind: Struct, Name: "AttributeDefinition", Fields: []Field{
		Field{"AttributeName", tString},
		Field{"AttributeType", eScalarAttributeType},
	}}
	sKeySchema = &Shape{Kind: List, Elem: &Shape{Kind: Struct, Name: "KeySchemaElement", Fields: []Field{
		Field{"AttributeName", tString},
		Field{"KeyType", eKeyType},
	}}}

	sProjection = &Shape{Kind: Struct, Name: "Projection", Fields: []Field{
		Field{"ProjectionType", eProjectionType},
		Field{"NonKeyAttributes", tStringList},
	}}
	sProvisionedThroughput = &Shape{Kind: Struct, Name: "ProvisionedThroughput", Fields: []Field{
		Field{"ReadCapacityUnits", tInt64},
		Field{"WriteCapacityUnits", tInt64},
	}}
	sOnDemandThroughput = &Shape{Kind: Struct, Name: "OnDemandThroughput", Fields: []Field{
		Field{"MaxReadRequestUnits", tInt64},
		Field{"MaxWriteRequestUnits", tInt64},
	}}
	sWarmThroughput = &Shape{Kind: Struct, Name: "WarmThroughput", Fields: []Field{
		Field{"ReadUnitsPerSecond", tInt64},
		Field{"WriteUnitsPerSecond", tInt64},
	}}
	sStreamSpecification = &Shape{Kind: Struct, Name: "StreamSpecification", Fields: []Field{
		Field{"StreamEnabled", tBool},
		Field{"StreamViewType", eStreamViewType},
	}}
	sSSESpecification = &Shape{Kind: Struct, Name: "SSESpecification", Fields: []Field{
		Field{"Enabled", tBool},
		Field{"SSEType", eSSEType},
		Field{"KMSMasterKeyId", tString},
	}}
	sGlobalSecondaryIndex = &Shape{Kind: Struct, Name: "GlobalSecondaryIndex", Fields: []Field{
		Field{"IndexName", tString},
		Field{"KeySchema", sKeySchema},
		Field{"Projection", sProjection},
		Field{"ProvisionedThroughput", sProvisionedThroughput},
		Field{"OnDemandThroughput", sOnDemandThroughput},
		Field{"WarmThroughput", sWarmThroughput},
	}}
	sLocalSecondaryIndex = &Shape{Kind: Struct, Name: "LocalSecondaryIndex", Fields: []Field{
		Field{"IndexName", tString},
		Field{"KeySchema", sKeySchema},
		Field{"Projection", sProjection},
	}}
	sGlobalSecondaryIndexUpdate = &Shape{Kind: Struct, Name: "GlobalSecondaryIndexUpdate", Fields: []Field{
		Field{"Update", &Shape{Kind: Struct, Name: "UpdateGlobalSecondaryIndexAction", Fields: []Field{
			Field{"IndexName", tString},
			Field{"ProvisionedThroughput", sProvisionedThroughput},
			Field{"OnDemandThroughput", sOnDemandThroughput},
			Field{"WarmThroughput", sWarmThroughput},
		}}},
		Field{"Create", &Shape{Kind: Struct, Name: "CreateGlobalSecondaryIndexAction", Fields: []Field{
			Field{"IndexName", tString},
			Field{"KeySchema", sKeySchema},
			Field{"Projection", sProjection},
			Field{"ProvisionedThroughput", sProvisionedThroughput},
			Field{"OnDemandThroughput", sOnDemandThroughput},
			Field{"WarmThroughput", sWarmThroughput},
		}}},
		Field{"Delete", &Shape{Kind: Struct, Name: "DeleteGlobalSecondaryIndexAction", Fields: []Field{
			Field{"IndexName", tString},
		}}},
	}}
)

// Operations are the supported operations by name. Their inputs list the
// members of DynamoDB's API except those of global tables (ReplicaUpdates,
// MultiRegionConsistency, ...), which the workbench does not model.
var Operations = map[string]*Operation{}

// AttrMap is a map of attribute values: an Item, a Key,
// ExpressionAttributeValues, ...
var AttrMap = &Shape{Kind: Map, Elem: tAttr}

func init() {
	def := func(name string, paginated bool, fields ...Field) {
		Operations[name] = &Operation{Name: name, Input: &Shape{Kind: Struct, Name: name + "Input", Fields: fields}, Paginated: paginated}
	}
	def("Query", true,
		Field{"TableName", tString},
		Field{"IndexName", tString},
		Field{"Select", eSelect},
		Field{"AttributesToGet", tStringList},
		Field{"Limit", tInt32},
		Field{"ConsistentRead", tBool},
		Field{"KeyConditions", &Shape{Kind: Map, Elem: sCondition}},
		Field{"QueryFilter", &Shape{Kind: Map, Elem: sCondition}},
		Field{"ConditionalOperator", eConditionalOperator},
		Field{"ScanIndexForward", tBool},
		Field{"ExclusiveStartKey", tAttrMap},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ProjectionExpression", tString},
		Field{"FilterExpression", tString},
		Field{"KeyConditionExpression", tString},
		Field{"ExpressionAttributeNames", tNames},
		Field{"ExpressionAttributeValues", tAttrMap})
	def("Scan", true,
		Field{"TableName", tString},
		Field{"IndexName", tString},
		Field{"AttributesToGet", tStringList},
		Field{"Limit", tInt32},
		Field{"Select", eSelect},
		Field{"ScanFilter", &Shape{Kind: Map, Elem: sCondition}},
		Field{"ConditionalOperator", eConditionalOperator},
		Field{"ExclusiveStartKey", tAttrMap},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"TotalSegments", tInt32},
		Field{"Segment", tInt32},
		Field{"ProjectionExpression", tString},
		Field{"FilterExpression", tString},
		Field{"ExpressionAttributeNames", tNames},
		Field{"ExpressionAttributeValues", tAttrMap},
		Field{"ConsistentRead", tBool})
	def("GetItem", false,
		Field{"TableName", tString},
		Field{"Key", tAttrMap},
		Field{"AttributesToGet", tStringList},
		Field{"ConsistentRead", tBool},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ProjectionExpression", tString},
		Field{"ExpressionAttributeNames", tNames})
	def("PutItem", false,
		Field{"TableName", tString},
		Field{"Item", tAttrMap},
		Field{"Expected", &Shape{Kind: Map, Elem: sExpected}},
		Field{"ReturnValues", eReturnValue},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ReturnItemCollectionMetrics", eReturnItemCollection},
		Field{"ConditionalOperator", eConditionalOperator},
		Field{"ConditionExpression", tString},
		Field{"ExpressionAttributeNames", tNames},
		Field{"ExpressionAttributeValues", tAttrMap},
		Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure})
	def("UpdateItem", false,
		Field{"TableName", tString},
		Field{"Key", tAttrMap},
		Field{"AttributeUpdates", &Shape{Kind: Map, Elem: sAttributeValueUpdate}},
		Field{"Expected", &Shape{Kind: Map, Elem: sExpected}},
		Field{"ConditionalOperator", eConditionalOperator},
		Field{"ReturnValues", eReturnValue},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ReturnItemCollectionMetrics", eReturnItemCollection},
		Field{"UpdateExpression", tString},
		Field{"ConditionExpression", tString},
		Field{"ExpressionAttributeNames", tNames},
		Field{"ExpressionAttributeValues", tAttrMap},
		Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure})
	def("DeleteItem", false,
		Field{"TableName", tString},
		Field{"Key", tAttrMap},
		Field{"Expected", &Shape{Kind: Map, Elem: sExpected}},
		Field{"ConditionalOperator", eConditionalOperator},
		Field{"ReturnValues", eReturnValue},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ReturnItemCollectionMetrics", eReturnItemCollection},
		Field{"ConditionExpression", tString},
		Field{"ExpressionAttributeNames", tNames},
		Field{"ExpressionAttributeValues", tAttrMap},
		Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure})
	def("BatchGetItem", false,
		Field{"RequestItems", &Shape{Kind: Map, Elem: sKeysAndAttributes}},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity})
	def("BatchWriteItem", false,
		Field{"RequestItems", &Shape{Kind: Map, Elem: &Shape{Kind: List, Elem: sWriteRequest}}},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ReturnItemCollectionMetrics", eReturnItemCollection})
	def("TransactGetItems", false,
		Field{"TransactItems", &Shape{Kind: List, Elem: sTransactGetItem}},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity})
	def("TransactWriteItems", false,
		Field{"TransactItems", &Shape{Kind: List, Elem: sTransactWriteItem}},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"ReturnItemCollectionMetrics", eReturnItemCollection},
		Field{"ClientRequestToken", tString})
	def("CreateTable", false,
		Field{"AttributeDefinitions", &Shape{Kind: List, Elem: sAttributeDefinition}},
		Field{"TableName", tString},
		Field{"KeySchema", sKeySchema},
		Field{"LocalSecondaryIndexes", &Shape{Kind: List, Elem: sLocalSecondaryIndex}},
		Field{"GlobalSecondaryIndexes", &Shape{Kind: List, Elem: sGlobalSecondaryIndex}},
		Field{"BillingMode", eBillingMode},
		Field{"ProvisionedThroughput", sProvisionedThroughput},
		Field{"StreamSpecification", sStreamSpecification},
		Field{"SSESpecification", sSSESpecification},
		Field{"Tags", &Shape{Kind: List, Elem: &Shape{Kind: Struct, Name: "Tag", Fields: []Field{
			Field{"Key", tString},
			Field{"Value", tString},
		}}}},
		Field{"TableClass", eTableClass},
		Field{"DeletionProtectionEnabled", tBool},
		Field{"WarmThroughput", sWarmThroughput},
		Field{"ResourcePolicy", tString},
		Field{"OnDemandThroughput", sOnDemandThroughput})
	def("UpdateTable", false,
		Field{"AttributeDefinitions", &Shape{Kind: List, Elem: sAttributeDefinition}},
		Field{"TableName", tString},
		Field{"BillingMode", eBillingMode},
		Field{"ProvisionedThroughput", sProvisionedThroughput},
		Field{"GlobalSecondaryIndexUpdates", &Shape{Kind: List, Elem: sGlobalSecondaryIndexUpdate}},
		Field{"StreamSpecification", sStreamSpecification},
		Field{"SSESpecification", sSSESpecification},
		Field{"TableClass", eTableClass},
		Field{"DeletionProtectionEnabled", tBool},
		Field{"OnDemandThroughput", sOnDemandThroughput},
		Field{"WarmThroughput", sWarmThroughput})
	def("DescribeTable", false, Field{"TableName", tString})
	def("DeleteTable", false, Field{"TableName", tString})
	def("ListTables", true,
		Field{"ExclusiveStartTableName", tString},
		Field{"Limit", tInt32})
	def("UpdateTimeToLive", false,
		Field{"TableName", tString},
		Field{"TimeToLiveSpecification", &Shape{Kind: Struct, Name: "TimeToLiveSpecification", Fields: []Field{
			Field{"Enabled", tBool},
			Field{"AttributeName", tString},
		}}},
	)
	def("DescribeTimeToLive", false, Field{"TableName", tString})
	// PartiQL: Parameters is a list of AttributeValue.
	def("ExecuteStatement", false,
		Field{"Statement", tString},
		Field{"Parameters", &Shape{Kind: List, Elem: tAttr}},
		Field{"ConsistentRead", tBool},
		Field{"NextToken", tString},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity},
		Field{"Limit", tInt32},
		Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure})
	def("BatchExecuteStatement", false,
		Field{"Statements", &Shape{Kind: List, Elem: &Shape{Kind: Struct, Name: "BatchStatementRequest", Fields: []Field{
			Field{"Statement", tString},
			Field{"Parameters", &Shape{Kind: List, Elem: tAttr}},
			Field{"ConsistentRead", tBool},
			Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure},
		}}}},

		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity})
	def("ExecuteTransaction", false,
		Field{"TransactStatements", &Shape{Kind: List, Elem: &Shape{Kind: Struct, Name: "ParameterizedStatement", Fields: []Field{
			Field{"Statement", tString},
			Field{"Parameters", &Shape{Kind: List, Elem: tAttr}},
			Field{"ReturnValuesOnConditionCheckFailure", eReturnOnFailure},
		}}}},

		Field{"ClientRequestToken", tString},
		Field{"ReturnConsumedCapacity", eReturnConsumedCapacity})
}
