package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// ---- API shapes ----

// ListStreamsInput is the ListStreams request.
type ListStreamsInput struct {
	TableName               *string `json:"TableName,omitempty"`
	Limit                   *int64  `json:"Limit,omitempty"`
	ExclusiveStartStreamArn *string `json:"ExclusiveStartStreamArn,omitempty"`
}

// Stream is one entry of ListStreams' answer.
type Stream struct {
	StreamArn   string `json:"StreamArn"`
	TableName   string `json:"TableName"`
	StreamLabel string `json:"StreamLabel"`
}

// ListStreamsOutput is the ListStreams response.
type ListStreamsOutput struct {
	Streams                []Stream `json:"Streams"`
	LastEvaluatedStreamArn string   `json:"LastEvaluatedStreamArn,omitempty"`
}

// DescribeStreamInput is the DescribeStream request.
type DescribeStreamInput struct {
	StreamArn             *string      `json:"StreamArn"`
	Limit                 *int64       `json:"Limit,omitempty"`
	ExclusiveStartShardId *string      `json:"ExclusiveStartShardId,omitempty"`
	ShardFilter           *ShardFilter `json:"ShardFilter,omitempty"`
}

// SequenceNumberRange is a shard's range; EndingSequenceNumber is set once
// the shard is closed.
type SequenceNumberRange struct {
	StartingSequenceNumber string `json:"StartingSequenceNumber,omitempty"`
	EndingSequenceNumber   string `json:"EndingSequenceNumber,omitempty"`
}

// Shard is one shard of a stream.
type Shard struct {
	ShardId             string               `json:"ShardId"`
	SequenceNumberRange *SequenceNumberRange `json:"SequenceNumberRange,omitempty"`
	ParentShardId       string               `json:"ParentShardId,omitempty"`
}

// StreamDescription is DescribeStream's description of a stream.
type StreamDescription struct {
	StreamArn               string                    `json:"StreamArn"`
	StreamLabel             string                    `json:"StreamLabel"`
	StreamStatus            string                    `json:"StreamStatus"`
	StreamViewType          string                    `json:"StreamViewType"`
	CreationRequestDateTime float64                   `json:"CreationRequestDateTime"`
	TableName               string                    `json:"TableName"`
	KeySchema               []schema.KeySchemaElement `json:"KeySchema"`
	Shards                  []Shard                   `json:"Shards"`
	LastEvaluatedShardId    string                    `json:"LastEvaluatedShardId,omitempty"`
}

// DescribeStreamOutput is the DescribeStream response.
type DescribeStreamOutput struct {
	StreamDescription *StreamDescription `json:"StreamDescription"`
}

// GetShardIteratorInput is the GetShardIterator request.
type GetShardIteratorInput struct {
	StreamArn         *string `json:"StreamArn"`
	ShardId           *string `json:"ShardId"`
	ShardIteratorType *string `json:"ShardIteratorType"`
	SequenceNumber    *string `json:"SequenceNumber,omitempty"`
}

// GetShardIteratorOutput is the GetShardIterator response.
type GetShardIteratorOutput struct {
	ShardIterator string `json:"ShardIterator"`
}

// GetRecordsInput is the GetRecords request.
type GetRecordsInput struct {
	ShardIterator *string `json:"ShardIterator"`
	Limit         *int64  `json:"Limit,omitempty"`
}

// Identity is a stream record's userIdentity: set only on the TTL
// process's deletions.
type Identity struct {
	PrincipalId string `json:"PrincipalId"`
	Type        string `json:"Type"`
}

// StreamRecord is the DynamoDB part of a stream record.
type StreamRecord struct {
	ApproximateCreationDateTime float64   `json:"ApproximateCreationDateTime"`
	Keys                        attr.Item `json:"Keys"`
	NewImage                    attr.Item `json:"NewImage,omitempty"`
	OldImage                    attr.Item `json:"OldImage,omitempty"`
	SequenceNumber              string    `json:"SequenceNumber"`
	SizeBytes                   int64     `json:"SizeBytes"`
	StreamViewType              string    `json:"StreamViewType"`
}

// Record is one stream record as GetRecords returns it.
type Record struct {
	EventID      string        `json:"eventID"`
	EventName    string        `json:"eventName"`
	EventVersion string        `json:"eventVersion"`
	EventSource  string        `json:"eventSource"`
	AwsRegion    string        `json:"awsRegion"`
	Dynamodb     *StreamRecord `json:"dynamodb"`
	UserIdentity *Identity     `json:"userIdentity,omitempty"`
}

// GetRecordsOutput is the GetRecords response. NextShardIterator is empty
// once a closed shard has been read to its end.
type GetRecordsOutput struct {
	Records           []Record `json:"Records"`
	NextShardIterator string   `json:"NextShardIterator,omitempty"`
}
