//go:build !js

package wire_test

// Integration tests: the AWS SDK for Go v2 against NewHandler over HTTP,
// through every operation, asserting DynamoDB's real behaviour and error
// wording (shared/reference/api-semantics.md). An operation the engine does
// not implement yet fails its test with "not implemented yet" rather than
// being skipped.

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

var ctx = context.Background()

// newClient starts a server around a fresh engine and returns an SDK client
// for it: static credentials, us-east-1, no retries.
func newClient(t testing.TB, opts ...func(*dynamodb.Options)) (*dynamodb.Client, *httptest.Server) {
	t.Helper()
	srv := httptest.NewServer(wire.NewHandler(engine.New()))
	t.Cleanup(srv.Close)
	return clientFor(srv.URL, opts...), srv
}

func clientFor(url string, opts ...func(*dynamodb.Options)) *dynamodb.Client {
	o := dynamodb.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(url),
		Credentials:  credentials.NewStaticCredentialsProvider("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", ""),
		Retryer:      aws.NopRetryer{},
	}
	for _, f := range opts {
		f(&o)
	}
	return dynamodb.New(o)
}

// must fails the test on err, saying so plainly when the engine has not
// implemented the operation yet.
func must(t testing.TB, op string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var ae smithy.APIError
	if errors.As(err, &ae) && ae.ErrorCode() == "UnknownOperationException" {
		t.Fatalf("%s: not implemented yet in the engine (UnknownOperationException)", op)
	}
	t.Fatalf("%s: %v", op, err)
}

// wantError checks an API error's code and, unless msg is empty, its exact
// message.
func wantError(t testing.TB, op string, err error, code, msg string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: succeeded, want %s %q", op, code, msg)
		return
	}
	var ae smithy.APIError
	if !errors.As(err, &ae) {
		t.Errorf("%s: %v, want API error %s", op, err, code)
		return
	}
	if ae.ErrorCode() == "UnknownOperationException" && code != "UnknownOperationException" {
		t.Errorf("%s: not implemented yet in the engine (UnknownOperationException), want %s %q", op, code, msg)
		return
	}
	if ae.ErrorCode() != code || (msg != "" && ae.ErrorMessage() != msg) {
		t.Errorf("%s:\n got %s: %q\nwant %s: %q", op, ae.ErrorCode(), ae.ErrorMessage(), code, msg)
	}
}

// ---- attribute value helpers ----

func S(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func N(v string) types.AttributeValue { return &types.AttributeValueMemberN{Value: v} }

type Item = map[string]types.AttributeValue

// render prints an attribute value canonically (sets sorted, map keys
// sorted) so that values compare as strings.
func render(v types.AttributeValue) string {
	switch x := v.(type) {
	case *types.AttributeValueMemberS:
		return "S:" + strconv.Quote(x.Value)
	case *types.AttributeValueMemberN:
		return "N:" + x.Value
	case *types.AttributeValueMemberB:
		return fmt.Sprintf("B:%x", x.Value)
	case *types.AttributeValueMemberBOOL:
		return fmt.Sprintf("BOOL:%v", x.Value)
	case *types.AttributeValueMemberNULL:
		return fmt.Sprintf("NULL:%v", x.Value)
	case *types.AttributeValueMemberSS:
		s := slices.Clone(x.Value)
		sort.Strings(s)
		return fmt.Sprintf("SS:%q", s)
	case *types.AttributeValueMemberNS:
		s := slices.Clone(x.Value)
		sort.Strings(s)
		return fmt.Sprintf("NS:%v", s)
	case *types.AttributeValueMemberBS:
		var s []string
		for _, b := range x.Value {
			s = append(s, fmt.Sprintf("%x", b))
		}
		sort.Strings(s)
		return fmt.Sprintf("BS:%v", s)
	case *types.AttributeValueMemberL:
		var s []string
		for _, e := range x.Value {
			s = append(s, render(e))
		}
		return "L:[" + strings.Join(s, ",") + "]"
	case *types.AttributeValueMemberM:
		return "M:" + renderItem(x.Value)
	case nil:
		return "nil"
	}
	return fmt.Sprintf("?%T", v)
}

func renderItem(it Item) string {
	if it == nil {
		return "<nil>"
	}
	keys := make([]string, 0, len(it))
	for k := range it {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k + "=" + render(it[k]))
	}
	b.WriteByte('}')
	return b.String()
}

func sameItem(t testing.TB, what string, got, want Item) {
	t.Helper()
	if renderItem(got) != renderItem(want) {
		t.Errorf("%s:\n got %s\nwant %s", what, renderItem(got), renderItem(want))
	}
}

// ---- tables ----

func attrDefs(kv ...string) []types.AttributeDefinition {
	var defs []types.AttributeDefinition
	for i := 0; i+1 < len(kv); i += 2 {
		defs = append(defs, types.AttributeDefinition{AttributeName: aws.String(kv[i]), AttributeType: types.ScalarAttributeType(kv[i+1])})
	}
	return defs
}

func keySchema(hash, rng string) []types.KeySchemaElement {
	ks := []types.KeySchemaElement{{AttributeName: aws.String(hash), KeyType: types.KeyTypeHash}}
	if rng != "" {
		ks = append(ks, types.KeySchemaElement{AttributeName: aws.String(rng), KeyType: types.KeyTypeRange})
	}
	return ks
}

// waitActive polls DescribeTable until the table and its indexes are ACTIVE
// (the engine may create tables ACTIVE at once; DynamoDB takes a while).
func waitActive(t testing.TB, c *dynamodb.Client, name string) *types.TableDescription {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
		must(t, "DescribeTable", err)
		active := out.Table.TableStatus == types.TableStatusActive
		for _, g := range out.Table.GlobalSecondaryIndexes {
			active = active && g.IndexStatus == types.IndexStatusActive
		}
		if active {
			return out.Table
		}
		if time.Now().After(deadline) {
			t.Fatalf("table %s not ACTIVE after 10s: %s", name, out.Table.TableStatus)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// createScores creates "scores": pk (S) / sk (N), on demand, with a GSI
// byColor (color / sk, ALL).
func createScores(t testing.TB, c *dynamodb.Client) {
	t.Helper()
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("scores"),
		AttributeDefinitions: attrDefs("pk", "S", "sk", "N", "color", "S"),
		KeySchema:            keySchema("pk", "sk"),
		BillingMode:          types.BillingModePayPerRequest,
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("byColor"),
			KeySchema:  keySchema("color", "sk"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	})
	must(t, "CreateTable scores", err)
	waitActive(t, c, "scores")
}

// createUsers creates "users": id (S), provisioned 5/5.
func createUsers(t testing.TB, c *dynamodb.Client) {
	t.Helper()
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:             aws.String("users"),
		AttributeDefinitions:  attrDefs("id", "S"),
		KeySchema:             keySchema("id", ""),
		ProvisionedThroughput: &types.ProvisionedThroughput{ReadCapacityUnits: aws.Int64(5), WriteCapacityUnits: aws.Int64(5)},
	})
	must(t, "CreateTable users", err)
	waitActive(t, c, "users")
}

func TestSDKTables(t *testing.T) {
	c, _ := newClient(t)

	out, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("scores"),
		AttributeDefinitions: attrDefs("pk", "S", "sk", "N", "color", "S"),
		KeySchema:            keySchema("pk", "sk"),
		BillingMode:          types.BillingModePayPerRequest,
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String("byColor"),
			KeySchema:  keySchema("color", "sk"),
			Projection: &types.Projection{ProjectionType: types.ProjectionTypeAll},
		}},
	})
	must(t, "CreateTable", err)
	td := out.TableDescription
	if aws.ToString(td.TableName) != "scores" || len(td.KeySchema) != 2 || len(td.AttributeDefinitions) != 3 {
		t.Errorf("CreateTable description: %+v", td)
	}
	if td.TableStatus != types.TableStatusCreating && td.TableStatus != types.TableStatusActive {
		t.Errorf("CreateTable status %s", td.TableStatus)
	}
	if got := aws.ToString(td.TableArn); got != "arn:aws:dynamodb:us-east-1:000000000000:table/scores" {
		t.Errorf("TableArn %s", got)
	}
	if td.BillingModeSummary == nil || td.BillingModeSummary.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("BillingModeSummary %+v", td.BillingModeSummary)
	}
	if len(td.GlobalSecondaryIndexes) != 1 || aws.ToString(td.GlobalSecondaryIndexes[0].IndexName) != "byColor" ||
		aws.ToString(td.GlobalSecondaryIndexes[0].IndexArn) != "arn:aws:dynamodb:us-east-1:000000000000:table/scores/index/byColor" {
		t.Errorf("GlobalSecondaryIndexes %+v", td.GlobalSecondaryIndexes)
	}
	if td.CreationDateTime == nil || time.Since(*td.CreationDateTime) > time.Hour || time.Since(*td.CreationDateTime) < -time.Hour {
		t.Errorf("CreationDateTime %v", td.CreationDateTime)
	}

	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("scores"), AttributeDefinitions: attrDefs("pk", "S"), KeySchema: keySchema("pk", ""),
		BillingMode: types.BillingModePayPerRequest,
	})
	wantError(t, "CreateTable existing", err, "ResourceInUseException", "Table already exists: scores")

	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("ab"), AttributeDefinitions: attrDefs("pk", "S"), KeySchema: keySchema("pk", ""),
		BillingMode: types.BillingModePayPerRequest,
	})
	wantError(t, "CreateTable short name", err, "ValidationException",
		"1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3")

	desc := waitActive(t, c, "scores")
	if desc.ItemCount == nil || *desc.ItemCount != 0 || aws.ToString(desc.TableName) != "scores" {
		t.Errorf("DescribeTable: %+v", desc)
	}
	_, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("nope")})
	wantError(t, "DescribeTable missing", err, "ResourceNotFoundException", "Requested resource not found: Table: nope not found")

	createUsers(t, c)
	lt, err := c.ListTables(ctx, &dynamodb.ListTablesInput{})
	must(t, "ListTables", err)
	if strings.Join(lt.TableNames, ",") != "scores,users" || lt.LastEvaluatedTableName != nil {
		t.Errorf("ListTables: %v, last %v", lt.TableNames, aws.ToString(lt.LastEvaluatedTableName))
	}
	lt, err = c.ListTables(ctx, &dynamodb.ListTablesInput{Limit: aws.Int32(1)})
	must(t, "ListTables Limit 1", err)
	if strings.Join(lt.TableNames, ",") != "scores" || aws.ToString(lt.LastEvaluatedTableName) != "scores" {
		t.Errorf("ListTables page 1: %v, last %v", lt.TableNames, aws.ToString(lt.LastEvaluatedTableName))
	}
	lt, err = c.ListTables(ctx, &dynamodb.ListTablesInput{Limit: aws.Int32(1), ExclusiveStartTableName: aws.String("scores")})
	must(t, "ListTables page 2", err)
	if strings.Join(lt.TableNames, ",") != "users" {
		t.Errorf("ListTables page 2: %v", lt.TableNames)
	}

	ut, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("users"), BillingMode: types.BillingModePayPerRequest})
	must(t, "UpdateTable", err)
	if ut.TableDescription.BillingModeSummary == nil || ut.TableDescription.BillingModeSummary.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("UpdateTable billing: %+v", ut.TableDescription.BillingModeSummary)
	}
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("nope"), BillingMode: types.BillingModePayPerRequest})
	wantError(t, "UpdateTable missing", err, "ResourceNotFoundException", "Requested resource not found: Table: nope not found")

	dt, err := c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("users")})
	must(t, "DeleteTable", err)
	if dt.TableDescription.TableStatus != types.TableStatusDeleting {
		t.Errorf("DeleteTable status %s, want DELETING", dt.TableDescription.TableStatus)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("users")})
		if err != nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	wantError(t, "DescribeTable deleted", err, "ResourceNotFoundException", "Requested resource not found: Table: users not found")
	_, err = c.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String("nope")})
	wantError(t, "DeleteTable missing", err, "ResourceNotFoundException", "Requested resource not found: Table: nope not found")

	_, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("nope"), Key: Item{"id": S("a")}})
	wantError(t, "GetItem missing table", err, "ResourceNotFoundException", "Requested resource not found")
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("nope"), Item: Item{"id": S("a")}})
	wantError(t, "PutItem missing table", err, "ResourceNotFoundException", "Requested resource not found")
}

func TestSDKItems(t *testing.T) {
	c, _ := newClient(t)
	createScores(t, c)
	tbl := aws.String("scores")
	full := Item{
		"pk":    S("alice"),
		"sk":    N("1"),
		"color": S("red"),
		"n":     N("-12.50"),
		"b":     &types.AttributeValueMemberB{Value: []byte{0, 1, 2, 255}},
		"t":     &types.AttributeValueMemberBOOL{Value: true},
		"z":     &types.AttributeValueMemberNULL{Value: true},
		"ss":    &types.AttributeValueMemberSS{Value: []string{"b", "a"}},
		"ns":    &types.AttributeValueMemberNS{Value: []string{"3", "1.5"}},
		"bs":    &types.AttributeValueMemberBS{Value: [][]byte{{1}, {2, 3}}},
		"l":     &types.AttributeValueMemberL{Value: []types.AttributeValue{S("x"), N("2"), &types.AttributeValueMemberM{Value: Item{"deep": S("y")}}}},
		"m":     &types.AttributeValueMemberM{Value: Item{"a": S("1"), "b": &types.AttributeValueMemberL{}}},
		"utf":   S("héllo 世界 🎉 \"quoted\" \\ <tag>"),
	}
	key := Item{"pk": S("alice"), "sk": N("1")}

	put, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tbl, Item: full, ReturnValues: types.ReturnValueAllOld})
	must(t, "PutItem", err)
	if put.Attributes != nil {
		t.Errorf("PutItem ALL_OLD on a new item returned %s", renderItem(put.Attributes))
	}
	if id, _ := awsmiddleware.GetRequestIDMetadata(put.ResultMetadata); !regexp.MustCompile(`^[A-Z0-9]{52}$`).MatchString(id) {
		t.Errorf("request id %q", id)
	}

	got, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: key, ConsistentRead: aws.Bool(true),
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
	must(t, "GetItem", err)
	want := full
	want["n"] = N("-12.5") // numbers come back canonical
	sameItem(t, "GetItem", got.Item, want)
	if cc := got.ConsumedCapacity; cc == nil || aws.ToFloat64(cc.CapacityUnits) != 1 || aws.ToString(cc.TableName) != "scores" {
		t.Errorf("GetItem strongly consistent capacity %+v, want 1 unit on scores", cc)
	}
	got, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: key, ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal})
	must(t, "GetItem eventual", err)
	if cc := got.ConsumedCapacity; cc == nil || aws.ToFloat64(cc.CapacityUnits) != 0.5 {
		t.Errorf("GetItem eventually consistent capacity %+v, want 0.5", cc)
	}

	got, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: Item{"pk": S("nobody"), "sk": N("1")}})
	must(t, "GetItem missing", err)
	if got.Item != nil {
		t.Errorf("GetItem of a missing item: Item = %s, want absent", renderItem(got.Item))
	}
	got, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: key, ProjectionExpression: aws.String("nothere")})
	must(t, "GetItem empty projection", err)
	if got.Item == nil || len(got.Item) != 0 {
		t.Errorf(`GetItem projecting nothing: Item = %s, want present and empty ("Item":{})`, renderItem(got.Item))
	}
	got, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: key, ProjectionExpression: aws.String("#c, m.a, l[2]"),
		ExpressionAttributeNames: map[string]string{"#c": "color"}})
	must(t, "GetItem projection", err)
	sameItem(t, "GetItem projection", got.Item, Item{"color": S("red"), "m": &types.AttributeValueMemberM{Value: Item{"a": S("1")}},
		"l": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberM{Value: Item{"deep": S("y")}}}}})

	// Conditions.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tbl, Item: key, ConditionExpression: aws.String("attribute_not_exists(pk)")})
	wantError(t, "PutItem condition", err, "ConditionalCheckFailedException", "The conditional request failed")
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tbl, Item: key, ConditionExpression: aws.String("attribute_not_exists(pk)"),
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld})
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		t.Errorf("PutItem condition with ALL_OLD: %v", err)
	} else {
		sameItem(t, "ConditionalCheckFailedException.Item", ccf.Item, want)
	}

	// Updates.
	for i, wantPlays := range []string{"1", "2"} {
		up, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: tbl, Key: key,
			UpdateExpression:          aws.String("SET plays = if_not_exists(plays, :zero) + :one"),
			ExpressionAttributeValues: Item{":zero": N("0"), ":one": N("1")},
			ReturnValues:              types.ReturnValueUpdatedNew})
		must(t, "UpdateItem", err)
		sameItem(t, fmt.Sprintf("UpdateItem #%d UPDATED_NEW", i), up.Attributes, Item{"plays": N(wantPlays)})
	}
	up, err := c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: tbl, Key: Item{"pk": S("bob"), "sk": N("7")},
		UpdateExpression:          aws.String("SET color = :c ADD visits :one"),
		ExpressionAttributeValues: Item{":c": S("blue"), ":one": N("1")},
		ReturnValues:              types.ReturnValueAllNew})
	must(t, "UpdateItem upsert", err)
	sameItem(t, "UpdateItem upsert ALL_NEW", up.Attributes, Item{"pk": S("bob"), "sk": N("7"), "color": S("blue"), "visits": N("1")})
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: tbl, Key: key,
		UpdateExpression: aws.String("SET pk = :x"), ExpressionAttributeValues: Item{":x": S("eve")}})
	wantError(t, "UpdateItem key attribute", err, "ValidationException",
		"One or more parameter values were invalid: Cannot update attribute pk. This attribute is part of the key")
	_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: tbl, Key: key,
		UpdateExpression: aws.String("SET color = :x"), ConditionExpression: aws.String("color = :y"),
		ExpressionAttributeValues: Item{":x": S("green"), ":y": S("blue")}})
	wantError(t, "UpdateItem condition", err, "ConditionalCheckFailedException", "The conditional request failed")

	// Bad keys.
	for _, tc := range []struct {
		name string
		key  Item
	}{
		{"missing sort key", Item{"pk": S("alice")}},
		{"wrong type", Item{"pk": S("alice"), "sk": S("1")}},
		{"extra attribute", Item{"pk": S("alice"), "sk": N("1"), "color": S("red")}},
		{"wrong name", Item{"pk": S("alice"), "sort": N("1")}},
	} {
		_, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: tc.key})
		wantError(t, "GetItem "+tc.name, err, "ValidationException", "The provided key element does not match the schema")
	}
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tbl, Item: Item{"pk": S("alice")}})
	wantError(t, "PutItem missing key", err, "ValidationException", "One or more parameter values were invalid: Missing the key sk in the item")
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: tbl, Item: Item{"pk": N("1"), "sk": N("1")}})
	wantError(t, "PutItem key type", err, "ValidationException", "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N")

	// Deletes.
	del, err := c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: tbl, Key: Item{"pk": S("bob"), "sk": N("7")}, ReturnValues: types.ReturnValueAllOld})
	must(t, "DeleteItem", err)
	sameItem(t, "DeleteItem ALL_OLD", del.Attributes, Item{"pk": S("bob"), "sk": N("7"), "color": S("blue"), "visits": N("1")})
	got, err = c.GetItem(ctx, &dynamodb.GetItemInput{TableName: tbl, Key: Item{"pk": S("bob"), "sk": N("7")}, ConsistentRead: aws.Bool(true)})
	must(t, "GetItem after delete", err)
	if got.Item != nil {
		t.Errorf("item still there after DeleteItem: %s", renderItem(got.Item))
	}
	del, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: tbl, Key: Item{"pk": S("bob"), "sk": N("7")}, ReturnValues: types.ReturnValueAllOld})
	must(t, "DeleteItem missing", err)
	if del.Attributes != nil {
		t.Errorf("DeleteItem of a missing item returned %s", renderItem(del.Attributes))
	}
	_, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: tbl, Key: key, ConditionExpression: aws.String("attribute_not_exists(pk)")})
	wantError(t, "DeleteItem condition", err, "ConditionalCheckFailedException", "The conditional request failed")
}

func TestSDKTimeToLive(t *testing.T) {
	c, _ := newClient(t)
	createUsers(t, c)
	tbl := aws.String("users")

	d, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: tbl})
	must(t, "DescribeTimeToLive", err)
	if d.TimeToLiveDescription == nil || d.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusDisabled ||
		d.TimeToLiveDescription.AttributeName != nil {
		t.Errorf("DescribeTimeToLive before: %+v", d.TimeToLiveDescription)
	}
	u, err := c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: tbl,
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String("expires"), Enabled: aws.Bool(true)}})
	must(t, "UpdateTimeToLive", err)
	if s := u.TimeToLiveSpecification; s == nil || aws.ToString(s.AttributeName) != "expires" || !aws.ToBool(s.Enabled) {
		t.Errorf("UpdateTimeToLive echo: %+v", s)
	}
	d, err = c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: tbl})
	must(t, "DescribeTimeToLive", err)
	if s := d.TimeToLiveDescription; s == nil || s.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(s.AttributeName) != "expires" {
		t.Errorf("DescribeTimeToLive after enabling: %+v", s)
	}
	_, err = c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: tbl,
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String("expires"), Enabled: aws.Bool(false)}})
	wantError(t, "UpdateTimeToLive twice within the hour", err, "ValidationException",
		"Time to live has been modified multiple times within a fixed interval")
}
