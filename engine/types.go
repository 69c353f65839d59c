package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// The request and response shapes of the DynamoDB API, with DynamoDB's field
// names and JSON tags, so the wire API, the page's raw-JSON editor and the
// model document all decode straight into them. Optional scalars are
// pointers: DynamoDB distinguishes "absent" from "zero" in its validation.

// ---- legacy (pre-expression) parameters ----

// Condition is a legacy KeyConditions / QueryFilter / ScanFilter entry.
type Condition struct {
	ComparisonOperator string                `json:"ComparisonOperator"`
	AttributeValueList []attr.AttributeValue `json:"AttributeValueList,omitempty"`

	// opSent records that a decoded request carried ComparisonOperator,
	// even as "": DynamoDB words "" as an enum violation and a missing
	// one as a null (see UnmarshalJSON).
	opSent bool
	// valueErr is the first AttributeValueList member the decoder found
	// invalid; the engine reports it in DynamoDB's order, not at decode.
	valueErr *Error
}

// ExpectedAttributeValue is a legacy Expected entry.
type ExpectedAttributeValue struct {
	Value              *attr.AttributeValue  `json:"Value,omitempty"`
	Exists             *bool                 `json:"Exists,omitempty"`
	ComparisonOperator string                `json:"ComparisonOperator,omitempty"`
	AttributeValueList []attr.AttributeValue `json:"AttributeValueList,omitempty"`

	// opSent: as Condition's (see ExpectedAttributeValue.UnmarshalJSON).
	opSent bool
}

// AttributeValueUpdate is a legacy AttributeUpdates entry.
type AttributeValueUpdate struct {
	Value  *attr.AttributeValue `json:"Value,omitempty"`
	Action string               `json:"Action,omitempty"`
}

// ---- capacity and metrics ----

// Capacity is the units consumed by one table or index.
type Capacity struct {
	CapacityUnits      float64  `json:"CapacityUnits"`
	ReadCapacityUnits  *float64 `json:"ReadCapacityUnits,omitempty"`
	WriteCapacityUnits *float64 `json:"WriteCapacityUnits,omitempty"`
}

// ConsumedCapacity is what a request consumed on one table (and, with
// ReturnConsumedCapacity=INDEXES, the breakdown per index).
type ConsumedCapacity struct {
	TableName              string              `json:"TableName,omitempty"`
	CapacityUnits          float64             `json:"CapacityUnits"`
	ReadCapacityUnits      *float64            `json:"ReadCapacityUnits,omitempty"`
	WriteCapacityUnits     *float64            `json:"WriteCapacityUnits,omitempty"`
	Table                  *Capacity           `json:"Table,omitempty"`
	GlobalSecondaryIndexes map[string]Capacity `json:"GlobalSecondaryIndexes,omitempty"`
	LocalSecondaryIndexes  map[string]Capacity `json:"LocalSecondaryIndexes,omitempty"`
}

// ItemCollectionMetrics reports an LSI item collection's estimated size.
type ItemCollectionMetrics struct {
	ItemCollectionKey   attr.Item `json:"ItemCollectionKey"`
	SizeEstimateRangeGB []float64 `json:"SizeEstimateRangeGB"`
}

// CancellationReason explains one action of a cancelled transaction.
type CancellationReason struct {
	Code    string    `json:"Code"`
	Message string    `json:"Message,omitempty"`
	Item    attr.Item `json:"Item,omitempty"`
}

// ---- tables ----

// CreateTableInput is the CreateTable request.
type CreateTableInput = schema.TableDefinition

// ProvisionedThroughputDescription is a table's or GSI's throughput as
// DescribeTable reports it.
type ProvisionedThroughputDescription struct {
	ReadCapacityUnits      int64    `json:"ReadCapacityUnits"`
	WriteCapacityUnits     int64    `json:"WriteCapacityUnits"`
	NumberOfDecreasesToday int64    `json:"NumberOfDecreasesToday"`
	LastIncreaseDateTime   *float64 `json:"LastIncreaseDateTime,omitempty"`
	LastDecreaseDateTime   *float64 `json:"LastDecreaseDateTime,omitempty"`
}

// BillingModeSummary is DescribeTable's billing block.
type BillingModeSummary struct {
	BillingMode                       schema.BillingMode `json:"BillingMode"`
	LastUpdateToPayPerRequestDateTime *float64           `json:"LastUpdateToPayPerRequestDateTime,omitempty"`
}

// GlobalSecondaryIndexDescription is one GSI in a TableDescription.
type GlobalSecondaryIndexDescription struct {
	IndexName             string                            `json:"IndexName"`
	KeySchema             []schema.KeySchemaElement         `json:"KeySchema"`
	Projection            schema.Projection                 `json:"Projection"`
	IndexStatus           string                            `json:"IndexStatus"`
	Backfilling           *bool                             `json:"Backfilling,omitempty"`
	ProvisionedThroughput *ProvisionedThroughputDescription `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput    *schema.OnDemandThroughput        `json:"OnDemandThroughput,omitempty"`
	IndexSizeBytes        int64                             `json:"IndexSizeBytes"`
	ItemCount             int64                             `json:"ItemCount"`
	IndexArn              string                            `json:"IndexArn"`
}

// LocalSecondaryIndexDescription is one LSI in a TableDescription.
type LocalSecondaryIndexDescription struct {
	IndexName      string                    `json:"IndexName"`
	KeySchema      []schema.KeySchemaElement `json:"KeySchema"`
	Projection     schema.Projection         `json:"Projection"`
	IndexSizeBytes int64                     `json:"IndexSizeBytes"`
	ItemCount      int64                     `json:"ItemCount"`
	IndexArn       string                    `json:"IndexArn"`
}

// TableDescription is what CreateTable, DescribeTable, UpdateTable and
// DeleteTable report about a table.
type TableDescription struct {
	TableName                 string                            `json:"TableName"`
	TableStatus               string                            `json:"TableStatus"`
	TableArn                  string                            `json:"TableArn"`
	TableId                   string                            `json:"TableId"`
	CreationDateTime          float64                           `json:"CreationDateTime"`
	AttributeDefinitions      []schema.AttributeDefinition      `json:"AttributeDefinitions"`
	KeySchema                 []schema.KeySchemaElement         `json:"KeySchema"`
	ProvisionedThroughput     *ProvisionedThroughputDescription `json:"ProvisionedThroughput,omitempty"`
	BillingModeSummary        *BillingModeSummary               `json:"BillingModeSummary,omitempty"`
	OnDemandThroughput        *schema.OnDemandThroughput        `json:"OnDemandThroughput,omitempty"`
	TableSizeBytes            int64                             `json:"TableSizeBytes"`
	ItemCount                 int64                             `json:"ItemCount"`
	GlobalSecondaryIndexes    []GlobalSecondaryIndexDescription `json:"GlobalSecondaryIndexes,omitempty"`
	LocalSecondaryIndexes     []LocalSecondaryIndexDescription  `json:"LocalSecondaryIndexes,omitempty"`
	StreamSpecification       *schema.StreamSpecification       `json:"StreamSpecification,omitempty"`
	LatestStreamArn           string                            `json:"LatestStreamArn,omitempty"`
	LatestStreamLabel         string                            `json:"LatestStreamLabel,omitempty"`
	TableClassSummary         *TableClassSummary                `json:"TableClassSummary,omitempty"`
	DeletionProtectionEnabled bool                              `json:"DeletionProtectionEnabled"`
	RestoreSummary            *RestoreSummary                   `json:"RestoreSummary,omitempty"`
}

// TableClassSummary reports the table class.
type TableClassSummary struct {
	TableClass string `json:"TableClass"`
}

// CreateTableOutput is the CreateTable response.
type CreateTableOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// DescribeTableInput is the DescribeTable request.
type DescribeTableInput struct {
	TableName *string `json:"TableName"`
}

// DescribeTableOutput is the DescribeTable response.
type DescribeTableOutput struct {
	Table *TableDescription `json:"Table"`
}

// DeleteTableInput is the DeleteTable request.
type DeleteTableInput struct {
	TableName *string `json:"TableName"`
}

// DeleteTableOutput is the DeleteTable response.
type DeleteTableOutput struct {
	TableDescription *DeletedTableDescription `json:"TableDescription"`
}

// DeletedTableDescription is DeleteTable's shorter description: DynamoDB
// answers the table's identity, status, throughput, billing and size, but
// not its key schema, attribute definitions, indexes or creation time
// (the API reference's example and recorded answers).
type DeletedTableDescription struct {
	TableName                 string                            `json:"TableName"`
	TableStatus               string                            `json:"TableStatus"`
	TableArn                  string                            `json:"TableArn"`
	TableId                   string                            `json:"TableId"`
	ProvisionedThroughput     *ProvisionedThroughputDescription `json:"ProvisionedThroughput,omitempty"`
	BillingModeSummary        *BillingModeSummary               `json:"BillingModeSummary,omitempty"`
	TableSizeBytes            int64                             `json:"TableSizeBytes"`
	ItemCount                 int64                             `json:"ItemCount"`
	DeletionProtectionEnabled bool                              `json:"DeletionProtectionEnabled"`
}

// ListTablesInput is the ListTables request.
type ListTablesInput struct {
	ExclusiveStartTableName *string `json:"ExclusiveStartTableName,omitempty"`
	Limit                   *int64  `json:"Limit,omitempty"`
}

// ListTablesOutput is the ListTables response.
type ListTablesOutput struct {
	TableNames             []string `json:"TableNames"`
	LastEvaluatedTableName string   `json:"LastEvaluatedTableName,omitempty"`
}

// GlobalSecondaryIndexUpdate is one entry of UpdateTable's
// GlobalSecondaryIndexUpdates: exactly one of its members is set.
type GlobalSecondaryIndexUpdate struct {
	Create *schema.GlobalSecondaryIndex `json:"Create,omitempty"`
	Update *struct {
		IndexName             string                        `json:"IndexName"`
		ProvisionedThroughput *schema.ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
		OnDemandThroughput    *schema.OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	} `json:"Update,omitempty"`
	Delete *struct {
		IndexName string `json:"IndexName"`
	} `json:"Delete,omitempty"`
}

// UpdateTableInput is the UpdateTable request.
type UpdateTableInput struct {
	TableName                   *string                       `json:"TableName"`
	AttributeDefinitions        []schema.AttributeDefinition  `json:"AttributeDefinitions,omitempty"`
	BillingMode                 schema.BillingMode            `json:"BillingMode,omitempty"`
	ProvisionedThroughput       *schema.ProvisionedThroughput `json:"ProvisionedThroughput,omitempty"`
	OnDemandThroughput          *schema.OnDemandThroughput    `json:"OnDemandThroughput,omitempty"`
	GlobalSecondaryIndexUpdates []GlobalSecondaryIndexUpdate  `json:"GlobalSecondaryIndexUpdates,omitempty"`
	StreamSpecification         *schema.StreamSpecification   `json:"StreamSpecification,omitempty"`
	TableClass                  string                        `json:"TableClass,omitempty"`
	DeletionProtectionEnabled   *bool                         `json:"DeletionProtectionEnabled,omitempty"`
}

// UpdateTableOutput is the UpdateTable response.
type UpdateTableOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// ---- single items ----

// PutItemInput is the PutItem request.
type PutItemInput struct {
	TableName                           *string                           `json:"TableName"`
	Item                                attr.Item                         `json:"Item"`
	ConditionExpression                 *string                           `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string                 `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values                       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValues                        string                            `json:"ReturnValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
	ReturnConsumedCapacity              string                            `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics         string                            `json:"ReturnItemCollectionMetrics,omitempty"`
	Expected                            map[string]ExpectedAttributeValue `json:"Expected,omitempty"`
	ConditionalOperator                 string                            `json:"ConditionalOperator,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// PutItemOutput is the PutItem response.
type PutItemOutput struct {
	Attributes            attr.Item              `json:"Attributes,omitempty"`
	ConsumedCapacity      *ConsumedCapacity      `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics *ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// GetItemInput is the GetItem request.
type GetItemInput struct {
	TableName                *string           `json:"TableName"`
	Key                      attr.Item         `json:"Key"`
	ProjectionExpression     *string           `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames,omitempty"`
	ConsistentRead           *bool             `json:"ConsistentRead,omitempty"`
	ReturnConsumedCapacity   string            `json:"ReturnConsumedCapacity,omitempty"`
	AttributesToGet          []string          `json:"AttributesToGet,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// GetItemOutput is the GetItem response. Item is nil when there is no such
// item, and empty (but present) when the projection matched nothing.
type GetItemOutput struct {
	Item             attr.Item         `json:"Item,omitempty"`
	ConsumedCapacity *ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// UpdateItemInput is the UpdateItem request.
type UpdateItemInput struct {
	TableName                           *string                           `json:"TableName"`
	Key                                 attr.Item                         `json:"Key"`
	UpdateExpression                    *string                           `json:"UpdateExpression,omitempty"`
	ConditionExpression                 *string                           `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string                 `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values                       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValues                        string                            `json:"ReturnValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
	ReturnConsumedCapacity              string                            `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics         string                            `json:"ReturnItemCollectionMetrics,omitempty"`
	AttributeUpdates                    map[string]AttributeValueUpdate   `json:"AttributeUpdates,omitempty"`
	Expected                            map[string]ExpectedAttributeValue `json:"Expected,omitempty"`
	ConditionalOperator                 string                            `json:"ConditionalOperator,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// UpdateItemOutput is the UpdateItem response.
type UpdateItemOutput struct {
	Attributes            attr.Item              `json:"Attributes,omitempty"`
	ConsumedCapacity      *ConsumedCapacity      `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics *ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// DeleteItemInput is the DeleteItem request.
type DeleteItemInput struct {
	TableName                           *string                           `json:"TableName"`
	Key                                 attr.Item                         `json:"Key"`
	ConditionExpression                 *string                           `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string                 `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values                       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValues                        string                            `json:"ReturnValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string                            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
	ReturnConsumedCapacity              string                            `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics         string                            `json:"ReturnItemCollectionMetrics,omitempty"`
	Expected                            map[string]ExpectedAttributeValue `json:"Expected,omitempty"`
	ConditionalOperator                 string                            `json:"ConditionalOperator,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// DeleteItemOutput is the DeleteItem response.
type DeleteItemOutput struct {
	Attributes            attr.Item              `json:"Attributes,omitempty"`
	ConsumedCapacity      *ConsumedCapacity      `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics *ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// ---- Query and Scan ----

// QueryInput is the Query request.
type QueryInput struct {
	TableName                 *string              `json:"TableName"`
	IndexName                 *string              `json:"IndexName,omitempty"`
	KeyConditionExpression    *string              `json:"KeyConditionExpression,omitempty"`
	FilterExpression          *string              `json:"FilterExpression,omitempty"`
	ProjectionExpression      *string              `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames  map[string]string    `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues attr.Values          `json:"ExpressionAttributeValues,omitempty"`
	Select                    string               `json:"Select,omitempty"`
	Limit                     *int64               `json:"Limit,omitempty"`
	ConsistentRead            *bool                `json:"ConsistentRead,omitempty"`
	ScanIndexForward          *bool                `json:"ScanIndexForward,omitempty"`
	ExclusiveStartKey         attr.Item            `json:"ExclusiveStartKey,omitempty"`
	ReturnConsumedCapacity    string               `json:"ReturnConsumedCapacity,omitempty"`
	KeyConditions             map[string]Condition `json:"KeyConditions,omitempty"`
	QueryFilter               map[string]Condition `json:"QueryFilter,omitempty"`
	ConditionalOperator       string               `json:"ConditionalOperator,omitempty"`
	AttributesToGet           []string             `json:"AttributesToGet,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// QueryOutput is the Query response. Items is nil for Select=COUNT.
type QueryOutput struct {
	Items            []attr.Item       `json:"Items,omitempty"`
	Count            int64             `json:"Count"`
	ScannedCount     int64             `json:"ScannedCount"`
	LastEvaluatedKey attr.Item         `json:"LastEvaluatedKey,omitempty"`
	ConsumedCapacity *ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// ScanInput is the Scan request.
type ScanInput struct {
	TableName                 *string              `json:"TableName"`
	IndexName                 *string              `json:"IndexName,omitempty"`
	FilterExpression          *string              `json:"FilterExpression,omitempty"`
	ProjectionExpression      *string              `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames  map[string]string    `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues attr.Values          `json:"ExpressionAttributeValues,omitempty"`
	Select                    string               `json:"Select,omitempty"`
	Limit                     *int64               `json:"Limit,omitempty"`
	ConsistentRead            *bool                `json:"ConsistentRead,omitempty"`
	ExclusiveStartKey         attr.Item            `json:"ExclusiveStartKey,omitempty"`
	Segment                   *int64               `json:"Segment,omitempty"`
	TotalSegments             *int64               `json:"TotalSegments,omitempty"`
	ReturnConsumedCapacity    string               `json:"ReturnConsumedCapacity,omitempty"`
	ScanFilter                map[string]Condition `json:"ScanFilter,omitempty"`
	ConditionalOperator       string               `json:"ConditionalOperator,omitempty"`
	AttributesToGet           []string             `json:"AttributesToGet,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// ScanOutput is the Scan response.
type ScanOutput = QueryOutput

// ---- batches ----

// KeysAndAttributes is one table's part of a BatchGetItem request.
type KeysAndAttributes struct {
	Keys                     []attr.Item       `json:"Keys"`
	ProjectionExpression     *string           `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames,omitempty"`
	ConsistentRead           *bool             `json:"ConsistentRead,omitempty"`
	AttributesToGet          []string          `json:"AttributesToGet,omitempty"`
}

// BatchGetItemInput is the BatchGetItem request.
type BatchGetItemInput struct {
	RequestItems           map[string]KeysAndAttributes `json:"RequestItems"`
	ReturnConsumedCapacity string                       `json:"ReturnConsumedCapacity,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// BatchGetItemOutput is the BatchGetItem response.
type BatchGetItemOutput struct {
	Responses        map[string][]attr.Item       `json:"Responses"`
	UnprocessedKeys  map[string]KeysAndAttributes `json:"UnprocessedKeys"`
	ConsumedCapacity []ConsumedCapacity           `json:"ConsumedCapacity,omitempty"`
}

// PutRequest is a BatchWriteItem put.
type PutRequest struct {
	Item attr.Item `json:"Item"`
}

// DeleteRequest is a BatchWriteItem delete.
type DeleteRequest struct {
	Key attr.Item `json:"Key"`
}

// WriteRequest is one BatchWriteItem entry: exactly one member is set.
type WriteRequest struct {
	PutRequest    *PutRequest    `json:"PutRequest,omitempty"`
	DeleteRequest *DeleteRequest `json:"DeleteRequest,omitempty"`
}

// BatchWriteItemInput is the BatchWriteItem request.
type BatchWriteItemInput struct {
	RequestItems                map[string][]WriteRequest `json:"RequestItems"`
	ReturnConsumedCapacity      string                    `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics string                    `json:"ReturnItemCollectionMetrics,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// BatchWriteItemOutput is the BatchWriteItem response.
type BatchWriteItemOutput struct {
	UnprocessedItems      map[string][]WriteRequest          `json:"UnprocessedItems"`
	ItemCollectionMetrics map[string][]ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
	ConsumedCapacity      []ConsumedCapacity                 `json:"ConsumedCapacity,omitempty"`
}

// ---- transactions ----

// TransactPut is a transactional put.
type TransactPut struct {
	TableName                           *string           `json:"TableName"`
	Item                                attr.Item         `json:"Item"`
	ConditionExpression                 *string           `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// TransactUpdate is a transactional update.
type TransactUpdate struct {
	TableName                           *string           `json:"TableName"`
	Key                                 attr.Item         `json:"Key"`
	UpdateExpression                    *string           `json:"UpdateExpression"`
	ConditionExpression                 *string           `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// TransactDelete is a transactional delete.
type TransactDelete struct {
	TableName                           *string           `json:"TableName"`
	Key                                 attr.Item         `json:"Key"`
	ConditionExpression                 *string           `json:"ConditionExpression,omitempty"`
	ExpressionAttributeNames            map[string]string `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// ConditionCheck is a transactional condition on an item that is not written.
type ConditionCheck struct {
	TableName                           *string           `json:"TableName"`
	Key                                 attr.Item         `json:"Key"`
	ConditionExpression                 *string           `json:"ConditionExpression"`
	ExpressionAttributeNames            map[string]string `json:"ExpressionAttributeNames,omitempty"`
	ExpressionAttributeValues           attr.Values       `json:"ExpressionAttributeValues,omitempty"`
	ReturnValuesOnConditionCheckFailure string            `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// TransactWriteItem is one action: exactly one member is set.
type TransactWriteItem struct {
	ConditionCheck *ConditionCheck `json:"ConditionCheck,omitempty"`
	Put            *TransactPut    `json:"Put,omitempty"`
	Delete         *TransactDelete `json:"Delete,omitempty"`
	Update         *TransactUpdate `json:"Update,omitempty"`
}

// TransactWriteItemsInput is the TransactWriteItems request.
type TransactWriteItemsInput struct {
	TransactItems               []TransactWriteItem `json:"TransactItems"`
	ClientRequestToken          *string             `json:"ClientRequestToken,omitempty"`
	ReturnConsumedCapacity      string              `json:"ReturnConsumedCapacity,omitempty"`
	ReturnItemCollectionMetrics string              `json:"ReturnItemCollectionMetrics,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// TransactWriteItemsOutput is the TransactWriteItems response.
type TransactWriteItemsOutput struct {
	ConsumedCapacity      []ConsumedCapacity                 `json:"ConsumedCapacity,omitempty"`
	ItemCollectionMetrics map[string][]ItemCollectionMetrics `json:"ItemCollectionMetrics,omitempty"`
}

// Get is a transactional read of one item.
type Get struct {
	TableName                *string           `json:"TableName"`
	Key                      attr.Item         `json:"Key"`
	ProjectionExpression     *string           `json:"ProjectionExpression,omitempty"`
	ExpressionAttributeNames map[string]string `json:"ExpressionAttributeNames,omitempty"`
}

// TransactGetItem is one TransactGetItems entry.
type TransactGetItem struct {
	Get *Get `json:"Get"`
}

// TransactGetItemsInput is the TransactGetItems request.
type TransactGetItemsInput struct {
	TransactItems          []TransactGetItem `json:"TransactItems"`
	ReturnConsumedCapacity string            `json:"ReturnConsumedCapacity,omitempty"`

	// held: the attribute values DecodeRequest judged apart (decode.go).
	held heldErrs
}

// ItemResponse is one TransactGetItems result; Item is nil when absent.
type ItemResponse struct {
	Item attr.Item `json:"Item,omitempty"`
}

// TransactGetItemsOutput is the TransactGetItems response.
type TransactGetItemsOutput struct {
	Responses        []ItemResponse     `json:"Responses"`
	ConsumedCapacity []ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}
