package wire_test

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// Issue 29, third pass: Scan's capacity, composite-key GSI queries, legacy
// parameters, the header limit, CreateTable's Tags and validation order.

// TestIssue29ScanCapacity: a Scan costs at least one minimum read per
// partition it crosses. A new on-demand table has 4 partitions, so a Scan
// of one tiny item costs 4 RCU strongly consistent and 2 eventually
// consistent (Alternator's test_scan_consumed_capacity, written against
// DynamoDB, which cites stackoverflow.com/questions/70121087); a Query of
// the same item reads one partition and costs 1 and 0.5 (Alternator's
// test_query_consumed_capacity). A small provisioned table has one
// partition, so its Scan still costs 1 (inferred from the partition
// formula, capacity-and-partitions.md).
func TestIssue29ScanCapacity(t *testing.T) {
	db := engine.New()
	for _, body := range []string{
		`{"TableName":"ondemand","AttributeDefinitions":[{"AttributeName":"p","AttributeType":"S"}],"KeySchema":[{"AttributeName":"p","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`,
		`{"TableName":"provisioned","AttributeDefinitions":[{"AttributeName":"p","AttributeType":"S"}],"KeySchema":[{"AttributeName":"p","KeyType":"HASH"}],"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}}`,
	} {
		if status, resp := wire.Dispatch(db, wire.TargetPrefix+"CreateTable", []byte(body)); status != 200 {
			t.Fatalf("CreateTable: %d %s", status, resp)
		}
	}
	for _, tab := range []string{"ondemand", "provisioned"} {
		if status, resp := wire.Dispatch(db, wire.TargetPrefix+"PutItem", []byte(`{"TableName":"`+tab+`","Item":{"p":{"S":"x"},"animal":{"S":"cat"}}}`)); status != 200 {
			t.Fatalf("PutItem: %d %s", status, resp)
		}
	}
	const alt = "Alternator's test_scan_consumed_capacity (against DynamoDB)"
	runFidelity(t, db, []fidelityCase{
		{"consistent Scan of a new on-demand table", "Scan", `{"TableName":"ondemand","ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"}`,
			"", `"CapacityUnits":4`, alt},
		{"eventual Scan of a new on-demand table", "Scan", `{"TableName":"ondemand","ReturnConsumedCapacity":"TOTAL"}`,
			"", `"CapacityUnits":2`, alt},
		{"one segment of four crosses one partition", "Scan", `{"TableName":"ondemand","ConsistentRead":true,"Segment":1,"TotalSegments":4,"ReturnConsumedCapacity":"TOTAL"}`,
			"", `"CapacityUnits":1`, "inferred: a segment of a quarter of the hash space is one of 4 partitions"},
		{"Query of the same table reads one partition", "Query", `{"TableName":"ondemand","KeyConditionExpression":"p = :p","ExpressionAttributeValues":{":p":{"S":"x"}},"ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"}`,
			"", `"CapacityUnits":1`, "Alternator's test_query_consumed_capacity (against DynamoDB)"},
		{"consistent Scan of a small provisioned table", "Scan", `{"TableName":"provisioned","ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"}`,
			"", `"CapacityUnits":1`, "inferred: 5 RCU + 5 WCU is one partition"},
	})
}
