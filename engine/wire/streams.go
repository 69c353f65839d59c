package wire

import (
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
)

// StreamsTargetPrefix is the X-Amz-Target prefix of the DynamoDB Streams
// API (version 2012-08-10). The Streams API speaks the same JSON 1.0
// protocol as DynamoDB, with the same error documents; SDKs send it to their
// streams.dynamodb endpoint, which a client of the workbench points at the
// same server.
const StreamsTargetPrefix = "DynamoDBStreams_20120810."

// streamsOperations are the DynamoDB Streams operations, by name.
var streamsOperations = map[string]operation{
	"ListStreams":      op((*engine.Database).ListStreams, nil),
	"DescribeStream":   op((*engine.Database).DescribeStream, nil),
	"GetShardIterator": op((*engine.Database).GetShardIterator, nil),
	"GetRecords":       op((*engine.Database).GetRecords, nil),
}

// init registers the Streams operations under their own prefix only:
// DynamoDB's own endpoint answers them with UnknownOperationException.
func init() {
	for name, run := range streamsOperations {
		operations[StreamsTargetPrefix+name] = run
	}
}

// StreamsOperations returns the names of the DynamoDB Streams operations
// the wire API dispatches (under StreamsTargetPrefix), sorted.
func StreamsOperations() []string {
	var names []string
	for target := range operations {
		if name, ok := strings.CutPrefix(target, StreamsTargetPrefix); ok {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
