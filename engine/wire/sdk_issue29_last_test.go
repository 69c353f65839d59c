//go:build !js

package wire_test

// issue29_last_test.go's cases through the AWS SDK for Go v2.

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
)

func TestSDKIssue29AttributeRedefinition(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	def := func(n string, typ types.ScalarAttributeType) types.AttributeDefinition {
		return types.AttributeDefinition{AttributeName: aws.String(n), AttributeType: typ}
	}
	hash := func(n string) []types.KeySchemaElement {
		return []types.KeySchemaElement{{AttributeName: aws.String(n), KeyType: types.KeyTypeHash}}
	}
	all := &types.Projection{ProjectionType: types.ProjectionTypeAll}
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("redef"),
		AttributeDefinitions: []types.AttributeDefinition{def("p", types.ScalarAttributeTypeS), def("xyz", types.ScalarAttributeTypeS)},
		KeySchema:            hash("p"), BillingMode: types.BillingModePayPerRequest,
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{IndexName: aws.String("index1"), KeySchema: hash("xyz"), Projection: all}}})
	must(t, "CreateTable", err)
	runSDKCases(t, c, []sdkCase{
		{"a second GSI redefines its key's type", func(c *dynamodb.Client) error {
			_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("redef"),
				AttributeDefinitions: []types.AttributeDefinition{def("xyz", types.ScalarAttributeTypeN)},
				GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
					IndexName: aws.String("index2"), KeySchema: hash("xyz"), Projection: all}}}})
			return err
		}, "ValidationException", redefinedMsg},
		{"CreateTable defining an attribute twice", func(c *dynamodb.Client) error {
			_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{TableName: aws.String("dup"),
				AttributeDefinitions: []types.AttributeDefinition{def("p", types.ScalarAttributeTypeS), def("p", types.ScalarAttributeTypeN)},
				KeySchema:            hash("p"), BillingMode: types.BillingModePayPerRequest})
			return err
		}, "ValidationException", "Attribute Name is duplicated: p"},
		{"an unused redefinition is ignored", func(c *dynamodb.Client) error {
			_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("redef"),
				AttributeDefinitions: []types.AttributeDefinition{def("p", types.ScalarAttributeTypeN), def("q", types.ScalarAttributeTypeS)},
				GlobalSecondaryIndexUpdates: []types.GlobalSecondaryIndexUpdate{{Create: &types.CreateGlobalSecondaryIndexAction{
					IndexName: aws.String("index3"), KeySchema: hash("q"), Projection: all}}}})
			if err != nil {
				return err
			}
			out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("redef")})
			must(t, "DescribeTable", err)
			for _, d := range out.Table.AttributeDefinitions {
				if aws.ToString(d.AttributeName) == "p" && d.AttributeType != types.ScalarAttributeTypeS {
					t.Errorf("p is now %s; DynamoDB keeps its S", d.AttributeType)
				}
			}
			return nil
		}, "", ""},
	})
}

func TestSDKIssue29TenViolations(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	_, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("abc;"), ReturnConsumedCapacity: "hi", IndexName: aws.String("abc;"),
		Segment: aws.Int32(-1), TotalSegments: aws.Int32(-1), Select: "hi", Limit: aws.Int32(-1),
		ScanFilter:          map[string]types.Condition{"a": {}, "b": {ComparisonOperator: "XX"}},
		ConditionalOperator: "AN"})
	var ae smithy.APIError
	if !errors.As(err, &ae) || ae.ErrorCode() != "ValidationException" {
		t.Fatalf("%v, want a ValidationException", err)
	}
	wantViolations(t, ae.ErrorMessage(), dynaliteTenViolations)
}

func TestSDKIssue29LegacyINWithManyValues(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	sdkFidelitySetup(t, c)
	_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("tab"), Item: Item{"pk": S("x"), "a": S("v27499")}})
	must(t, "PutItem", err)
	list := make([]types.AttributeValue, 27500)
	for i := range list {
		list[i] = S(fmt.Sprintf("v%d", i))
	}
	out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("tab"),
		ScanFilter: map[string]types.Condition{"a": {ComparisonOperator: types.ComparisonOperatorIn, AttributeValueList: list}}})
	must(t, "Scan with 27,500 values to IN", err)
	if out.Count != 1 {
		t.Fatalf("matched %d, want 1", out.Count)
	}
	names := strings.TrimSuffix(strings.Repeat(":v,", 100), ",")
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("tab"), FilterExpression: aws.String("a IN (" + names + ")"),
		ExpressionAttributeValues: Item{":v": S("v")}})
	wantError(t, "expression IN of 101 operands", err, "ValidationException",
		"Invalid FilterExpression: Incorrect number of operands for operator or function; operator or function: IN, number of operands: 101")
}

func TestSDKIssue29QueryShapeBeforeTable(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	cond := func(op types.ComparisonOperator) types.Condition { return types.Condition{ComparisonOperator: op} }
	inputs := []*dynamodb.QueryInput{
		{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{}},
		{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{"a": cond(types.ComparisonOperatorNull)},
			QueryFilter: map[string]types.Condition{"a": cond(types.ComparisonOperatorEq)}},
		{TableName: aws.String("abc"), KeyConditions: map[string]types.Condition{"a": cond(types.ComparisonOperatorEq),
			"b": cond(types.ComparisonOperatorNull), "c": cond(types.ComparisonOperatorNull)}},
	}
	for i, in := range inputs {
		tc := dynaliteQueryOrder[i]
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Query(ctx, in)
			wantError(t, tc.name, err, tc.code, tc.msg)
		})
	}
}

func TestSDKIssue29ScanValidationOrder(t *testing.T) {
	c, _ := newClient(t, unvalidated)
	eqX := map[string]types.Condition{"a": {ComparisonOperator: types.ComparisonOperatorEq, AttributeValueList: []types.AttributeValue{S("x")}}}
	mixed := func() *dynamodb.ScanInput {
		return &dynamodb.ScanInput{TableName: aws.String("abc"), ScanFilter: eqX, Segment: aws.Int32(1), Limit: aws.Int32(1),
			AttributesToGet: []string{"a", "a"}, ConditionalOperator: types.ConditionalOperatorOr, Select: types.SelectSpecificAttributes}
	}
	withExprs := mixed()
	withExprs.FilterExpression, withExprs.ProjectionExpression = aws.String(""), aws.String("")
	withExprs.ExpressionAttributeNames, withExprs.ExpressionAttributeValues = map[string]string{}, map[string]types.AttributeValue{}
	withNames := mixed()
	withNames.ExpressionAttributeNames, withNames.ExpressionAttributeValues = map[string]string{}, map[string]types.AttributeValue{}
	withValues := mixed()
	withValues.ExpressionAttributeValues = map[string]types.AttributeValue{}
	inputs := []*dynamodb.ScanInput{
		withExprs, withNames, withValues,
		{TableName: aws.String("abc"), Segment: aws.Int32(1), ScanFilter: eqX, AttributesToGet: []string{"a", "a"}},
		{TableName: aws.String("abc"), Segment: aws.Int32(1), ScanFilter: map[string]types.Condition{"a": {ComparisonOperator: types.ComparisonOperatorEq}}},
		{TableName: aws.String("abc"), Segment: aws.Int32(1), ScanFilter: map[string]types.Condition{"a": {ComparisonOperator: types.ComparisonOperatorLt,
			AttributeValueList: []types.AttributeValue{&types.AttributeValueMemberBOOL{Value: true}}}}},
		{TableName: aws.String("abc"), Segment: aws.Int32(1), FilterExpression: aws.String(""),
			ExpressionAttributeNames: map[string]string{}, ExpressionAttributeValues: map[string]types.AttributeValue{}},
		{TableName: aws.String("abc"), Segment: aws.Int32(1), TotalSegments: aws.Int32(1), FilterExpression: aws.String(""),
			ExpressionAttributeNames: map[string]string{}, ExpressionAttributeValues: map[string]types.AttributeValue{}},
		{TableName: aws.String("abc"), FilterExpression: aws.String(""),
			ExpressionAttributeNames: map[string]string{}, ExpressionAttributeValues: map[string]types.AttributeValue{}},
	}
	if len(inputs) != len(dynaliteScanChecks) {
		t.Fatalf("%d inputs for %d cases", len(inputs), len(dynaliteScanChecks))
	}
	for i, in := range inputs {
		tc := dynaliteScanChecks[i]
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Scan(ctx, in)
			wantError(t, tc.name, err, tc.code, tc.msg)
		})
	}
}
