package wire_test

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// TestIssue29Reads: Select beside AttributesToGet and ExclusiveStartKey on
// a hash-only table (issue 29, second pass).
func TestIssue29Reads(t *testing.T) {
	db := engine.New()
	fidelitySetup(t, db)
	const motoSelect = "moto's aws_verified test_attributes_to_get_rejected_for_non_specific_select, recorded against DynamoDB (Query enveloped, Scan bare)"
	runFidelity(t, db, []fidelityCase{
		{"Query ALL_ATTRIBUTES with AttributesToGet", "Query",
			`{"TableName":"tab","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"AttributesToGet":["pk"],"Select":"ALL_ATTRIBUTES"}`,
			"ValidationException", "1 validation error detected: Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES", motoSelect},
		{"Query COUNT with AttributesToGet", "Query",
			`{"TableName":"tab","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"a"}]}},"AttributesToGet":["pk"],"Select":"COUNT"}`,
			"ValidationException", "1 validation error detected: Cannot specify the AttributesToGet when choosing to get only the Count", motoSelect},
		{"Query ALL_ATTRIBUTES with a ProjectionExpression", "Query",
			`{"TableName":"tab","KeyConditionExpression":"pk = :a","ExpressionAttributeValues":{":a":{"S":"a"}},"ProjectionExpression":"pk","Select":"ALL_ATTRIBUTES"}`,
			"ValidationException", "1 validation error detected: Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES",
			"moto's aws_verified test_projection_expression_rejected_for_non_specific_select"},
		{"Scan ALL_ATTRIBUTES with AttributesToGet", "Scan",
			`{"TableName":"tab","AttributesToGet":["pk"],"Select":"ALL_ATTRIBUTES"}`,
			"ValidationException", "Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES", motoSelect},
		{"Scan COUNT with AttributesToGet", "Scan",
			`{"TableName":"tab","AttributesToGet":["pk"],"Select":"COUNT"}`,
			"ValidationException", "Cannot specify the AttributesToGet when choosing to get only the Count", motoSelect},
		{"Scan ALL_PROJECTED_ATTRIBUTES on a table says Querying", "Scan",
			`{"TableName":"tab","Select":"ALL_PROJECTED_ATTRIBUTES"}`,
			"ValidationException", "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
			"moto's aws_verified test_all_projected_attributes_rejected_for_table (the engine said Scanning, enveloped, before)"},
		{"Scan SPECIFIC_ATTRIBUTES without a projection is bare", "Scan",
			`{"TableName":"tab","Select":"SPECIFIC_ATTRIBUTES"}`,
			"ValidationException", "Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
			"moto's aws_verified test_specific_attributes_requires_attribute_selection"},
		{"Query SPECIFIC_ATTRIBUTES without a projection is enveloped", "Query",
			`{"TableName":"tab","KeyConditionExpression":"pk = :a","ExpressionAttributeValues":{":a":{"S":"a"}},"Select":"SPECIFIC_ATTRIBUTES"}`,
			"ValidationException", "1 validation error detected: Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
			"moto's aws_verified test_specific_attributes_requires_attribute_selection"},
		{"an ExclusiveStartKey on a hash-only table", "Query",
			`{"TableName":"tab","KeyConditionExpression":"pk = :a","ExpressionAttributeValues":{":a":{"S":"a"}},"ExclusiveStartKey":{"pk":{"S":"a"}}}`,
			"ValidationException", "The provided exclusive start key is invalid: ExclusiveStartKey: {pk=AttributeValue: {S:a}}",
			"shared/reference/api-semantics.md §4 (Alternator's test_query.py quoting DynamoDB); the key's rendering is unverified"},
	})
}

// TestIssue29TagsAndStreams: tags without Value, malformed ARNs, the empty
// body of TagResource and UntagResource, ShardFilter without ShardId and a
// null body.
func TestIssue29TagsAndStreams(t *testing.T) {
	db := engine.New()
	fidelitySetup(t, db)
	arn := `arn:aws:dynamodb:us-east-1:000000000000:table/tab`
	if status, resp := wire.Dispatch(db, wire.TargetPrefix+"DescribeTable", []byte(`{"TableName":"tab"}`)); status != 200 {
		t.Fatalf("DescribeTable: %d %s", status, resp)
	} else if want := `"TableArn":"` + arn + `"`; !strings.Contains(string(resp), want) {
		t.Fatalf("the test's ARN is not the table's: %s", resp)
	}
	const dynaliteTag = "dynalite's tagResource.js/untagResource.js/listTagsOfResource.js, recorded against DynamoDB"
	runFidelity(t, db, []fidelityCase{
		{"a Tag without Value", "TagResource",
			`{"ResourceArn":"` + arn + `","Tags":[{"Key":"a","Value":"b"},{"Key":"c"}]}`,
			"ValidationException", "1 validation error detected: Value null at 'tags.2.member.value' failed to satisfy constraint: Member must not be null",
			"issue 29 (refused); the coral validator's null pattern, as for every required member"},
		{"a Tag without Key or Value", "TagResource",
			`{"ResourceArn":"` + arn + `","Tags":[{}]}`,
			"ValidationException", "2 validation errors detected: Value null at 'tags.1.member.key' failed to satisfy constraint: Member must not be null; Value null at 'tags.1.member.value' failed to satisfy constraint: Member must not be null",
			"the coral validator's pattern (unverified for Key)"},
		{"an empty Value is a value", "TagResource",
			`{"ResourceArn":"` + arn + `","Tags":[{"Key":"e","Value":""}]}`, "", ``, "DynamoDB's tag values are 0..256 characters"},
		{"TagResource on a six-field ARN of nothing", "TagResource",
			`{"ResourceArn":"a:b:c:d:e:f/g","Tags":[]}`,
			"ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g", dynaliteTag + " (the ARN's error comes before the empty Tags')"},
		{"UntagResource on a six-field ARN of nothing", "UntagResource",
			`{"ResourceArn":"a:b:c:d:e:f/g","TagKeys":[]}`,
			"ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g", dynaliteTag},
		{"ListTagsOfResource on a six-field ARN of nothing", "ListTagsOfResource",
			`{"ResourceArn":"a:b:c:d:e:f/g"}`,
			"ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g", dynaliteTag},
		{"ListTagsOfResource on a five-field string stays AccessDenied", "ListTagsOfResource",
			`{"ResourceArn":"a:b:c:d:e/f"}`,
			"AccessDeniedException", "User: arn:aws:iam::000000000000:root is not authorized to perform: dynamodb:ListTagsOfResource on resource: a:b:c:d:e/f", dynaliteTag},
		{"a table name under three characters in the ARN", "ListTagsOfResource",
			`{"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/ab"}`,
			"ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input arn:aws:dynamodb:us-east-1:000000000000:table/ab", dynaliteTag},
		{"DescribeStream with a ShardFilter lacking ShardId", "Streams.DescribeStream",
			`{"StreamArn":"arn:aws:dynamodb:us-east-1:000000000000:table/tab/stream/2020-01-01T00:00:00.000","ShardFilter":{"Type":"CHILD_SHARDS"}}`,
			"ValidationException", "1 validation error detected: Value null at 'shardFilter.shardId' failed to satisfy constraint: Member must not be null",
			"issue 29 (refused); the wording is the coral null pattern, unverified"},
		{"a null body", "ListTables", `null`,
			"SerializationException", "Unexpected token received from parser", "issue 29 (a SerializationException); the wording is unverified"},
		{"a null body on CreateTable", "CreateTable", ` null `,
			"SerializationException", "Unexpected token received from parser", "issue 29"},
	})
	for _, c := range []struct{ op, body string }{
		{"TagResource", `{"ResourceArn":"` + arn + `","Tags":[{"Key":"k","Value":"v"}]}`},
		{"UntagResource", `{"ResourceArn":"` + arn + `","TagKeys":["k"]}`},
	} {
		status, resp := wire.Dispatch(db, wire.TargetPrefix+c.op, []byte(c.body))
		if status != 200 || len(resp) != 0 {
			t.Fatalf("%s: %d %q, want 200 and an empty body (issue 29: DynamoDB answers these without a body)", c.op, status, resp)
		}
	}
}

// TestIssue29Legacy: Expected's Value beside a ComparisonOperator.
func TestIssue29Legacy(t *testing.T) {
	db := engine.New()
	fidelitySetup(t, db)
	const dynoxide = "dynoxide's legacy Expected conversion (\"DynamoDB allows both with ComparisonOperator\"), its tests recorded against DynamoDB"
	runFidelity(t, db, []fidelityCase{
		{"an item to test", "PutItem", `{"TableName":"tab","Item":{"pk":{"S":"a"},"n":{"N":"5"}}}`, "", `{}`, "setup"},
		{"Value with ComparisonOperator is its argument (true)", "PutItem",
			`{"TableName":"tab","Item":{"pk":{"S":"a"},"n":{"N":"6"}},"Expected":{"n":{"ComparisonOperator":"LT","Value":{"N":"6"}}}}`,
			"", `{}`, dynoxide},
		{"Value with ComparisonOperator is its argument (false)", "PutItem",
			`{"TableName":"tab","Item":{"pk":{"S":"a"}},"Expected":{"n":{"ComparisonOperator":"LT","Value":{"N":"6"}}}}`,
			"ConditionalCheckFailedException", "The conditional request failed", dynoxide},
		{"Value with an AttributeValueList is refused", "PutItem",
			`{"TableName":"tab","Item":{"pk":{"S":"a"}},"Expected":{"n":{"ComparisonOperator":"LT","Value":{"N":"6"},"AttributeValueList":[{"N":"6"}]}}}`,
			"ValidationException", "1 validation error detected: One or more parameter values were invalid: Value and AttributeValueList cannot be used together for Attribute: n",
			"dynalite's putItem.js, recorded against DynamoDB; the envelope is PutItem's today (first pass of issue 29)"},
	})
}
