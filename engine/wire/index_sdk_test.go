//go:build !js

package wire_test

// Secondary indexes through the AWS SDK for Go v2: seed 000's sparse index
// (device status reports where only escalated ones carry EscalatedTo,
// queried by EscalatedTo with a time-range sort key), LSIs with their item
// collections, and a GSI added to a live table.

import (
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

func TestSDKSparseGSI(t *testing.T) {
	c, _ := newClient(t)
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("DeviceStatus"),
		AttributeDefinitions: attrDefs("DeviceId", "S", "Timestamp", "S", "EscalatedTo", "S"),
		KeySchema:            keySchema("DeviceId", "Timestamp"),
		BillingMode:          types.BillingModePayPerRequest,
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("Escalations"),
			KeySchema:  keySchema("EscalatedTo", "Timestamp"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	})
	must(t, "CreateTable", err)
	base := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for i := 0; i < 40; i++ {
		item := Item{"DeviceId": S(fmt.Sprintf("d%d", i%4)), "Timestamp": S(base.Add(time.Duration(i) * 15 * time.Second).Format(time.RFC3339)), "Status": S("WARN")}
		if i%5 == 0 {
			item["EscalatedTo"] = S("oncall")
		}
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("DeviceStatus"), Item: item})
		must(t, "PutItem", err)
	}
	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("DeviceStatus")})
	must(t, "DescribeTable", err)
	g := desc.Table.GlobalSecondaryIndexes[0]
	if aws.ToInt64(g.ItemCount) != 8 || g.IndexStatus != types.IndexStatusActive || aws.ToString(g.IndexArn) != aws.ToString(desc.Table.TableArn)+"/index/Escalations" {
		t.Fatalf("index described as count %d, status %s, arn %s", aws.ToInt64(g.ItemCount), g.IndexStatus, aws.ToString(g.IndexArn))
	}
	// The last five minutes of escalations: the index holds only escalated reports.
	out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("DeviceStatus"), IndexName: aws.String("Escalations"),
		KeyConditionExpression:    aws.String("EscalatedTo = :who AND #ts > :since"),
		ExpressionAttributeNames:  map[string]string{"#ts": "Timestamp"},
		ExpressionAttributeValues: Item{":who": S("oncall"), ":since": S(base.Add(5 * time.Minute).Format(time.RFC3339))},
		ScanIndexForward:          aws.Bool(false), ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
	must(t, "Query", err)
	if out.Count != 3 || len(out.Items) != 3 {
		t.Fatalf("recent escalations: %d", out.Count)
	}
	if first := out.Items[0]["Timestamp"].(*types.AttributeValueMemberS).Value; first != base.Add(35*15*time.Second).Format(time.RFC3339) {
		t.Fatalf("newest first: got %s", first)
	}
	if cc := out.ConsumedCapacity; cc.GlobalSecondaryIndexes["Escalations"].CapacityUnits == nil || *cc.GlobalSecondaryIndexes["Escalations"].CapacityUnits != 0.5 || cc.Table == nil || aws.ToFloat64(cc.Table.CapacityUnits) != 0 || cc.Table.CapacityUnits == nil {
		t.Fatalf("index query capacity %+v", cc)
	}
	// A wrong-typed index key is refused and nothing is written.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("DeviceStatus"), Item: Item{"DeviceId": S("x"), "Timestamp": S("t"), "EscalatedTo": N("1")}})
	wantError(t, "PutItem wrong index key type", err, "ValidationException",
		"One or more parameter values were invalid: Type mismatch for Index Key EscalatedTo Expected: S Actual: N IndexName: Escalations")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("DeviceStatus"), IndexName: aws.String("Escalations"), ConsistentRead: aws.Bool(true),
		KeyConditionExpression: aws.String("EscalatedTo = :who"), ExpressionAttributeValues: Item{":who": S("oncall")}})
	wantError(t, "Query consistent GSI", err, "ValidationException", "Consistent reads are not supported on global secondary indexes")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("DeviceStatus"), IndexName: aws.String("Nope"),
		KeyConditionExpression: aws.String("EscalatedTo = :who"), ExpressionAttributeValues: Item{":who": S("oncall")}})
	wantError(t, "Query unknown index", err, "ValidationException", "The table does not have the specified index: Nope")

	// De-escalating one report removes it from the index.
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("DeviceStatus"),
		Key: Item{"DeviceId": S("d0"), "Timestamp": S(base.Format(time.RFC3339))}, UpdateExpression: aws.String("REMOVE EscalatedTo"),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
	must(t, "UpdateItem", err)
	scan, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("DeviceStatus"), IndexName: aws.String("Escalations"), Select: types.SelectCount})
	must(t, "Scan index", err)
	if scan.Count != 7 {
		t.Fatalf("index holds %d after de-escalation, want 7", scan.Count)
	}
}

func TestSDKLocalIndexAndCollections(t *testing.T) {
	srv := httptest.NewServer(wire.NewHandler(engine.New(engine.WithItemCollectionLimit(4000))))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL)
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("Scores"),
		AttributeDefinitions: attrDefs("game", "S", "player", "S", "score", "N"),
		KeySchema:            keySchema("game", "player"),
		BillingMode:          types.BillingModePayPerRequest,
		LocalSecondaryIndexes: []types.LocalSecondaryIndex{{
			IndexName:  aws.String("ByScore"),
			KeySchema:  keySchema("game", "score"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
		}},
	})
	must(t, "CreateTable", err)
	for i := 0; i < 5; i++ {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Scores"),
			Item: Item{"game": S("chess"), "player": S(fmt.Sprintf("p%d", i)), "score": N(fmt.Sprint(100 - i*10)), "bio": S("plays")}})
		must(t, "PutItem", err)
	}
	// Strongly consistent LSI read, fetching the unprojected attribute from the table.
	out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("Scores"), IndexName: aws.String("ByScore"),
		KeyConditionExpression: aws.String("game = :g AND score >= :s"), ExpressionAttributeValues: Item{":g": S("chess"), ":s": N("80")},
		ConsistentRead: aws.Bool(true), Select: types.SelectAllAttributes, ReturnConsumedCapacity: types.ReturnConsumedCapacityIndexes})
	must(t, "Query LSI", err)
	if sks := fmt.Sprint(out.Items[0]["player"], len(out.Items)); out.Count != 3 || out.Items[0]["bio"] == nil {
		t.Fatalf("LSI query: %s", sks)
	}
	if lsi := out.ConsumedCapacity.LocalSecondaryIndexes["ByScore"]; lsi.CapacityUnits == nil || *lsi.CapacityUnits != 4 {
		t.Fatalf("LSI capacity %+v (1 for the index read, 1 per fetched item)", out.ConsumedCapacity)
	}
	// The item collection limit, shrunk for the test, and its metrics.
	put, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Scores"),
		Item: Item{"game": S("go"), "player": S("a"), "score": N("1")}, ReturnItemCollectionMetrics: types.ReturnItemCollectionMetricsSize})
	must(t, "PutItem metrics", err)
	if m := put.ItemCollectionMetrics; m == nil || render(m.ItemCollectionKey["game"]) != `S:"go"` || len(m.SizeEstimateRangeGB) != 2 {
		t.Fatalf("ItemCollectionMetrics %+v", m)
	}
	big := make([]byte, 3900)
	for i := range big {
		big[i] = 'x'
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Scores"),
		Item: Item{"game": S("chess"), "player": S("big"), "score": N("1"), "bio": S(string(big))}})
	wantError(t, "PutItem over the collection limit", err, "ItemCollectionSizeLimitExceededException", "Collection size exceeded.")
}

func TestSDKAddGSIToLiveTable(t *testing.T) {
	clk := engine.NewManualClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	srv := httptest.NewServer(wire.NewHandler(engine.New(engine.WithClock(clk), engine.WithIndexBackfillTime(30*time.Second))))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL)
	createUsers(t, c)
	for i := 0; i < 10; i++ {
		item := Item{"id": S(fmt.Sprintf("u%d", i)), "team": S([]string{"red", "blue"}[i%2])}
		if i == 9 {
			item["team"] = N("9") // wrong type for the new index: skipped by the backfill
		}
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("users"), Item: item})
		must(t, "PutItem", err)
	}
	up, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("users"),
		AttributeDefinitions: attrDefs("team", "S"),
		GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
			IndexName: aws.String("ByTeam"), KeySchema: keySchema("team", ""),
			Projection:            &types.Projection{ProjectionType: types.ProjectionTypeKeysOnly},
			ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)},
		}}}})
	must(t, "UpdateTable", err)
	var g *types.GlobalSecondaryIndexDescription
	for i := range up.TableDescription.GlobalSecondaryIndexes {
		g = &up.TableDescription.GlobalSecondaryIndexes[i]
	}
	// First the index's resources are allocated: the table UPDATING, the
	// index CREATING without backfilling; another update is refused.
	if g == nil || g.IndexStatus != types.IndexStatusCreating || g.Backfilling == nil || *g.Backfilling ||
		up.TableDescription.TableStatus != types.TableStatusUpdating {
		t.Fatalf("new GSI described as %+v, table %s", g, up.TableDescription.TableStatus)
	}
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("users"),
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(6), WriteCapacityUnits: aws.Int64(6)}})
	wantError(t, "UpdateTable while UPDATING", err, "ResourceInUseException", "Attempt to change a resource which is still in use: Table is being updated: users")
	// Halfway, it backfills: the table ACTIVE again, the index CREATING
	// with Backfilling.
	clk.Advance(15 * time.Second)
	mid, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("users")})
	must(t, "DescribeTable backfilling", err)
	if g := mid.Table.GlobalSecondaryIndexes[0]; mid.Table.TableStatus != types.TableStatusActive || g.IndexStatus != types.IndexStatusCreating || !aws.ToBool(g.Backfilling) {
		t.Fatalf("backfilling: table %s, index %s (backfilling %v)", mid.Table.TableStatus, g.IndexStatus, aws.ToBool(g.Backfilling))
	}
	q := &dynamodb.QueryInput{TableName: aws.String("users"), IndexName: aws.String("ByTeam"),
		KeyConditionExpression: aws.String("team = :t"), ExpressionAttributeValues: Item{":t": S("red")}}
	_, err = c.Query(ctx, q)
	wantError(t, "Query backfilling index", err, "ValidationException", "Cannot read from backfilling global secondary index: ByTeam")
	clk.Advance(15 * time.Second)
	out, err := c.Query(ctx, q)
	must(t, "Query after backfill", err)
	if out.Count != 5 {
		t.Fatalf("red team: %d, want 5", out.Count)
	}
	desc, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("users")})
	must(t, "DescribeTable", err)
	if g := desc.Table.GlobalSecondaryIndexes[0]; g.IndexStatus != types.IndexStatusActive || aws.ToInt64(g.ItemCount) != 9 {
		t.Fatalf("after backfill: %s with %d items (the wrong-typed item is skipped)", g.IndexStatus, aws.ToInt64(g.ItemCount))
	}
}
