package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

func TestTableLifecycle(t *testing.T) {
	db, clk := newTestDB(t)
	out, err := db.CreateTable(hashTable("Orders"))
	if err != nil {
		t.Fatal(err)
	}
	d := out.TableDescription
	if d.TableStatus != "ACTIVE" || d.TableArn != "arn:aws:dynamodb:us-east-1:000000000000:table/Orders" ||
		d.ProvisionedThroughput.ReadCapacityUnits != 5 || d.CreationDateTime != float64(epoch0.Unix()) {
		t.Fatalf("CreateTable described %+v", d)
	}
	_, err = db.CreateTable(hashTable("Orders"))
	wantError(t, err, CodeResourceInUse, "Table already exists: Orders")

	mustPut(t, db, "Orders", attr.Item{"id": s("o1"), "total": n("12.5")})
	desc, err := db.DescribeTable(&DescribeTableInput{TableName: ptr("Orders")})
	if err != nil {
		t.Fatal(err)
	}
	if desc.Table.ItemCount != 1 || desc.Table.TableSizeBytes != int64(attr.ItemSize(attr.Item{"id": s("o1"), "total": n("12.5")})) {
		t.Fatalf("DescribeTable counts %d items, %d bytes", desc.Table.ItemCount, desc.Table.TableSizeBytes)
	}

	// Throughput: an increase, a no-op (refused), then decreases up to the quota.
	clk.Advance(time.Minute)
	up, err := db.UpdateTable(&UpdateTableInput{TableName: ptr("Orders"), ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(100)), WriteCapacityUnits: ptr(int64(50))}})
	if err != nil {
		t.Fatal(err)
	}
	if pt := up.TableDescription.ProvisionedThroughput; pt.ReadCapacityUnits != 100 || pt.LastIncreaseDateTime == nil {
		t.Fatalf("after increase: %+v", pt)
	}
	_, err = db.UpdateTable(&UpdateTableInput{TableName: ptr("Orders"), ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(100)), WriteCapacityUnits: ptr(int64(50))}})
	wantError(t, err, CodeValidation, "The provisioned throughput for the table will not change.")
	for i := 0; i < 4; i++ {
		if _, err := db.UpdateTable(&UpdateTableInput{TableName: ptr("Orders"), ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(90 - i)), WriteCapacityUnits: ptr(int64(50))}}); err != nil {
			t.Fatalf("decrease %d: %v", i+1, err)
		}
	}
	_, err = db.UpdateTable(&UpdateTableInput{TableName: ptr("Orders"), ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(10)), WriteCapacityUnits: ptr(int64(50))}})
	wantError(t, err, CodeLimitExceeded, "Provisioned throughput decreases are limited")
	clk.Advance(time.Hour)
	if _, err := db.UpdateTable(&UpdateTableInput{TableName: ptr("Orders"), ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(10)), WriteCapacityUnits: ptr(int64(50))}}); err != nil {
		t.Fatalf("decrease an hour later: %v", err)
	}
	// Switch to on-demand: throughput reads 0 and the billing summary says so.
	od, err := db.UpdateTable(&UpdateTableInput{TableName: ptr("Orders"), BillingMode: schema.BillingPayPerRequest})
	if err != nil {
		t.Fatal(err)
	}
	if od.TableDescription.BillingModeSummary == nil || od.TableDescription.BillingModeSummary.BillingMode != "PAY_PER_REQUEST" ||
		od.TableDescription.ProvisionedThroughput.ReadCapacityUnits != 0 {
		t.Fatalf("after switching to on-demand: %+v", od.TableDescription)
	}

	del, err := db.DeleteTable(&DeleteTableInput{TableName: ptr("Orders")})
	if err != nil || del.TableDescription.TableStatus != "DELETING" {
		t.Fatalf("DeleteTable = %+v, %v", del, err)
	}
	_, err = db.DescribeTable(&DescribeTableInput{TableName: ptr("Orders")})
	wantError(t, err, CodeResourceNotFound, "Requested resource not found: Table: Orders not found")
	_, err = db.GetItem(&GetItemInput{TableName: ptr("Orders"), Key: attr.Item{"id": s("o1")}})
	wantError(t, err, CodeResourceNotFound, "Requested resource not found")
}

func TestCreateTableValidation(t *testing.T) {
	db, _ := newTestDB(t)
	bad := hashTable("ab")
	_, err := db.CreateTable(bad)
	wantError(t, err, CodeValidation, "Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3")
	unused := hashTable("Tb1")
	unused.AttributeDefinitions = append(unused.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "extra", AttributeType: schema.TypeS})
	_, err = db.CreateTable(unused)
	wantError(t, err, CodeValidation, "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions")
	if out, _ := db.ListTables(&ListTablesInput{}); len(out.TableNames) != 0 {
		t.Fatalf("invalid CreateTable left tables %v", out.TableNames)
	}
}

func TestListTablesPaging(t *testing.T) {
	db, _ := newTestDB(t)
	for i := 0; i < 7; i++ {
		mustCreate(t, db, hashTable(fmt.Sprintf("Table%d", 6-i)))
	}
	var names []string
	var start *string
	for {
		out, err := db.ListTables(&ListTablesInput{Limit: ptr(int64(3)), ExclusiveStartTableName: start})
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, out.TableNames...)
		if out.LastEvaluatedTableName == "" {
			break
		}
		start = &out.LastEvaluatedTableName
	}
	if fmt.Sprint(names) != "[Table0 Table1 Table2 Table3 Table4 Table5 Table6]" {
		t.Fatalf("paged names %v", names)
	}
	_, err := db.ListTables(&ListTablesInput{Limit: ptr(int64(101))})
	wantError(t, err, CodeValidation, "Member must have value less than or equal to 100")
}

func TestBatchOperations(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Alpha"))
	mustCreate(t, db, compositeTable("Beta", "N"))
	var writes []WriteRequest
	for i := 0; i < 20; i++ {
		writes = append(writes, WriteRequest{PutRequest: &PutRequest{Item: attr.Item{"pk": s("p"), "sk": n(fmt.Sprint(i))}}})
	}
	out, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{
		"Beta":  writes,
		"Alpha": {{PutRequest: &PutRequest{Item: attr.Item{"id": s("x"), "pad": s(string(make([]byte, 3500)))}}}, {PutRequest: &PutRequest{Item: attr.Item{"id": s("y")}}}},
	}, ReturnConsumedCapacity: "TOTAL"})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.UnprocessedItems) != 0 || len(out.ConsumedCapacity) != 2 || out.ConsumedCapacity[0].TableName != "Alpha" || out.ConsumedCapacity[0].CapacityUnits != 5 {
		t.Fatalf("BatchWriteItem = %+v", out)
	}
	// Too many requests: nothing is written.
	var tooMany []WriteRequest
	for i := 0; i < 26; i++ {
		tooMany = append(tooMany, WriteRequest{DeleteRequest: &DeleteRequest{Key: attr.Item{"id": s(fmt.Sprint(i))}}})
	}
	_, err = db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"Alpha": tooMany}})
	wantError(t, err, CodeValidation, "Member must have length less than or equal to 25")
	_, err = db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{"Alpha": {
		{DeleteRequest: &DeleteRequest{Key: attr.Item{"id": s("x")}}},
		{PutRequest: &PutRequest{Item: attr.Item{"id": s("x")}}},
	}}})
	wantError(t, err, CodeValidation, "Provided list of item keys contains duplicates")

	get, err := db.BatchGetItem(&BatchGetItemInput{RequestItems: map[string]KeysAndAttributes{
		"Alpha": {Keys: []attr.Item{{"id": s("x")}, {"id": s("y")}, {"id": s("missing")}}, ConsistentRead: ptr(true)},
		"Beta":  {Keys: []attr.Item{{"pk": s("p"), "sk": n("3")}}, ProjectionExpression: ptr("sk")},
	}, ReturnConsumedCapacity: "TOTAL"})
	if err != nil {
		t.Fatal(err)
	}
	if len(get.Responses["Alpha"]) != 2 || len(get.Responses["Beta"]) != 1 || !itemsEqual(get.Responses["Beta"][0], attr.Item{"sk": n("3")}) {
		t.Fatalf("BatchGetItem responses %v", get.Responses)
	}
	// Each key rounds separately, a missing one costs the minimum: 1+1+1 strong.
	if get.ConsumedCapacity[0].CapacityUnits != 3 || get.ConsumedCapacity[1].CapacityUnits != 0.5 {
		t.Fatalf("BatchGetItem consumed %+v", get.ConsumedCapacity)
	}
	_, err = db.BatchGetItem(&BatchGetItemInput{RequestItems: map[string]KeysAndAttributes{"Alpha": {Keys: []attr.Item{{"id": s("x")}, {"id": s("x")}}}}})
	wantError(t, err, CodeValidation, "Provided list of item keys contains duplicates")
	// A missing RequestItems is a violation with the request's others, as
	// dynalite's latest test/batchGetItem.js records DynamoDB ("missing
	// RequestItems"); this said "The requestItems parameter is required for
	// BatchGetItem", an older service's wording (issue 29's validation
	// order).
	_, err = db.BatchGetItem(&BatchGetItemInput{})
	wantError(t, err, CodeValidation, "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null")
}

func TestTransactions(t *testing.T) {
	db, clk := newTestDB(t)
	mustCreate(t, db, hashTable("Accounts"))
	mustPut(t, db, "Accounts", attr.Item{"id": s("alice"), "balance": n("100")})
	mustPut(t, db, "Accounts", attr.Item{"id": s("bob"), "balance": n("0")})
	transfer := func(amount string, token *string) error {
		_, err := db.TransactWriteItems(&TransactWriteItemsInput{ClientRequestToken: token, TransactItems: []TransactWriteItem{
			{Update: &TransactUpdate{TableName: ptr("Accounts"), Key: attr.Item{"id": s("alice")},
				UpdateExpression: ptr("SET balance = balance - :a"), ConditionExpression: ptr("balance >= :a"),
				ExpressionAttributeValues: attr.Values{":a": n(amount)}, ReturnValuesOnConditionCheckFailure: "ALL_OLD"}},
			{Update: &TransactUpdate{TableName: ptr("Accounts"), Key: attr.Item{"id": s("bob")},
				UpdateExpression: ptr("SET balance = balance + :a"), ExpressionAttributeValues: attr.Values{":a": n(amount)}}},
		}})
		return err
	}
	balance := func(id string) string {
		out, _ := db.GetItem(&GetItemInput{TableName: ptr("Accounts"), Key: attr.Item{"id": s(id)}})
		return out.Item["balance"].(attr.Number).String()
	}
	if err := transfer("30", ptr("tok-1")); err != nil {
		t.Fatal(err)
	}
	// The same token within ten minutes does not run again.
	if err := transfer("30", ptr("tok-1")); err != nil {
		t.Fatal(err)
	}
	if balance("alice") != "70" || balance("bob") != "30" {
		t.Fatalf("balances %s/%s after an idempotent retry", balance("alice"), balance("bob"))
	}
	err := transfer("31", ptr("tok-1"))
	wantError(t, err, CodeIdempotentParameterMismatch, "")
	clk.Advance(11 * time.Minute)

	err = transfer("500", nil)
	wantError(t, err, CodeTransactionCanceled, "Transaction cancelled, please refer cancellation reasons for specific reasons [ConditionalCheckFailed, None]")
	reasons := err.(*Error).CancellationReasons
	if len(reasons) != 2 || reasons[0].Code != "ConditionalCheckFailed" || !attr.Equal(reasons[0].Item["balance"], n("70")) || reasons[1].Code != "None" {
		t.Fatalf("reasons %+v", reasons)
	}
	if balance("alice") != "70" || balance("bob") != "30" {
		t.Fatal("a cancelled transaction changed data")
	}
	_, err = db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: []TransactWriteItem{
		{Delete: &TransactDelete{TableName: ptr("Accounts"), Key: attr.Item{"id": s("bob")}}},
		{ConditionCheck: &ConditionCheck{TableName: ptr("Accounts"), Key: attr.Item{"id": s("bob")}, ConditionExpression: ptr("attribute_exists(id)")}},
	}})
	wantError(t, err, CodeValidation, "Transaction request cannot include multiple operations on one item")
	_, err = db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: []TransactWriteItem{
		{Put: &TransactPut{TableName: ptr("Accounts"), Item: attr.Item{"balance": n("1")}}},
	}})
	wantError(t, err, CodeTransactionCanceled, "[ValidationError]")

	got, err := db.TransactGetItems(&TransactGetItemsInput{ReturnConsumedCapacity: "TOTAL", TransactItems: []TransactGetItem{
		{Get: &Get{TableName: ptr("Accounts"), Key: attr.Item{"id": s("bob")}}},
		{Get: &Get{TableName: ptr("Accounts"), Key: attr.Item{"id": s("carol")}}},
		{Get: &Get{TableName: ptr("Accounts"), Key: attr.Item{"id": s("alice")}, ProjectionExpression: ptr("balance")}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Responses[1].Item != nil || !itemsEqual(got.Responses[2].Item, attr.Item{"balance": n("70")}) || got.ConsumedCapacity[0].CapacityUnits != 6 {
		t.Fatalf("TransactGetItems = %+v", got)
	}
}

func TestChangesAreRecorded(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, hashTable("Tbl"))
	var changes []Change
	db.Observe(func(c Change) { changes = append(changes, c) })
	mustPut(t, db, "Tbl", attr.Item{"id": s("a"), "v": n("1")})
	mustPut(t, db, "Tbl", attr.Item{"id": s("a"), "v": n("2")})
	if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Tbl"), Key: attr.Item{"id": s("a")}}); err != nil {
		t.Fatal(err)
	}
	if len(changes) != 3 || changes[0].Before != nil || !attr.Equal(changes[1].Before["v"], n("1")) || changes[2].After != nil || changes[2].Cause != CauseUser {
		t.Fatalf("changes %+v", changes)
	}
}
