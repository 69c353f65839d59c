package wire

import (
	"maps"
	"slices"
	"sync"

	"github.com/dynamodb-workbench/workbench/engine"
)

// StreamsTargetPrefix is the X-Amz-Target prefix of the DynamoDB Streams
// API (version 2012-08-10). The Streams API speaks the same JSON 1.0
// protocol as DynamoDB, with the same error documents; SDKs send it to their
// streams.dynamodb endpoint, which a client of the workbench points at the
// same server.
const StreamsTargetPrefix = "DynamoDBStreams_20120810."

// streamsOperations are the DynamoDB Streams operations, by name, under
// their own prefix only: DynamoDB's own endpoint answers them with
// UnknownOperationException. Built on first use, like adminOperations, so
// that the page does not compile them in.
func streamsOperations() map[string]operation {
	streamsOnce.Do(func() {
		streamsOnce.m = map[string]operation{
			"ListStreams":      op((*engine.Database).ListStreams, nil),
			"DescribeStream":   op((*engine.Database).DescribeStream, nil),
			"GetShardIterator": op((*engine.Database).GetShardIterator, nil),
			"GetRecords":       op((*engine.Database).GetRecords, nil),
		}
	})
	return streamsOnce.m
}

// streamsOnce holds streamsOperations's map, made on first use.
var streamsOnce struct {
	sync.Once
	m map[string]operation
}

// StreamsOperations returns the names of the DynamoDB Streams operations
// the wire API dispatches (under StreamsTargetPrefix), sorted.
func StreamsOperations() []string {
	return slices.Sorted(maps.Keys(streamsOperations()))
}
