package partiql

import (
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The request and response shapes of the three PartiQL operations, with
// DynamoDB's field names, as the other operations' shapes in engine/types.go.

// ExecuteStatementInput is the ExecuteStatement request.
type ExecuteStatementInput struct {
	Statement                           *string               `json:"Statement"`
	Parameters                          []attr.AttributeValue `json:"Parameters,omitempty"`
	ConsistentRead                      *bool                 `json:"ConsistentRead,omitempty"`
	NextToken                           *string               `json:"NextToken,omitempty"`
	Limit                               *int64                `json:"Limit,omitempty"`
	ReturnConsumedCapacity              string                `json:"ReturnConsumedCapacity,omitempty"`
	ReturnValuesOnConditionCheckFailure string                `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// ExecuteStatementOutput is the ExecuteStatement response. Items is always
// present: writes without RETURNING answer "Items": [].
type ExecuteStatementOutput struct {
	Items            []attr.Item              `json:"Items"`
	NextToken        string                   `json:"NextToken,omitempty"`
	ConsumedCapacity *engine.ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// BatchStatementRequest is one statement of a BatchExecuteStatement.
type BatchStatementRequest struct {
	Statement                           *string               `json:"Statement"`
	Parameters                          []attr.AttributeValue `json:"Parameters,omitempty"`
	ConsistentRead                      *bool                 `json:"ConsistentRead,omitempty"`
	ReturnValuesOnConditionCheckFailure string                `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// BatchExecuteStatementInput is the BatchExecuteStatement request.
type BatchExecuteStatementInput struct {
	Statements             []BatchStatementRequest `json:"Statements"`
	ReturnConsumedCapacity string                  `json:"ReturnConsumedCapacity,omitempty"`
}

// BatchStatementError is one statement's failure; Code is DynamoDB's short
// code (ConditionalCheckFailed, DuplicateItem, ValidationError, ...).
type BatchStatementError struct {
	Code    string    `json:"Code"`
	Message string    `json:"Message"`
	Item    attr.Item `json:"Item,omitempty"`
}

// BatchStatementResponse is one statement's result, in request order.
type BatchStatementResponse struct {
	Error     *BatchStatementError `json:"Error,omitempty"`
	TableName string               `json:"TableName,omitempty"`
	Item      attr.Item            `json:"Item,omitempty"`
}

// BatchExecuteStatementOutput is the BatchExecuteStatement response.
type BatchExecuteStatementOutput struct {
	Responses        []BatchStatementResponse  `json:"Responses"`
	ConsumedCapacity []engine.ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}

// ParameterizedStatement is one statement of an ExecuteTransaction.
type ParameterizedStatement struct {
	Statement                           *string               `json:"Statement"`
	Parameters                          []attr.AttributeValue `json:"Parameters,omitempty"`
	ReturnValuesOnConditionCheckFailure string                `json:"ReturnValuesOnConditionCheckFailure,omitempty"`
}

// ExecuteTransactionInput is the ExecuteTransaction request.
type ExecuteTransactionInput struct {
	TransactStatements     []ParameterizedStatement `json:"TransactStatements"`
	ClientRequestToken     *string                  `json:"ClientRequestToken,omitempty"`
	ReturnConsumedCapacity string                   `json:"ReturnConsumedCapacity,omitempty"`
}

// ExecuteTransactionOutput is the ExecuteTransaction response: one entry
// per statement for a read transaction, none for a write transaction.
type ExecuteTransactionOutput struct {
	Responses        []engine.ItemResponse     `json:"Responses"`
	ConsumedCapacity []engine.ConsumedCapacity `json:"ConsumedCapacity,omitempty"`
}
