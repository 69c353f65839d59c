package appcode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The C# check compiles every checked model's Access.cs in one mcs run
// against a stand-in of the AWS SDK for .NET (the real assemblies cannot
// be fetched here), written below from the SDK's documented names:
// IAmazonDynamoDB's ...Async methods, the model classes' properties, the
// responses' Items/Item/IsItemSet/LastEvaluatedKey. The SDK's enum
// members (Select, ReturnValue, ...) are ConstantClass types that convert
// from string implicitly; the stand-in types them as string. It proves the
// generated code is C# that uses those names with those types, no more.

var csStandInProps = map[string]string{
	"TableName": "string", "IndexName": "string", "KeyConditionExpression": "string", "FilterExpression": "string",
	"ProjectionExpression": "string", "ConditionExpression": "string", "UpdateExpression": "string",
	"ClientRequestToken": "string", "Statement": "string", "NextToken": "string", "Select": "string",
	"ReturnConsumedCapacity": "string", "ReturnItemCollectionMetrics": "string",
	"ReturnValuesOnConditionCheckFailure": "string", "ReturnValues": "string", "ComparisonOperator": "string",
	"ConditionalOperator": "string", "Action": "string",
	"ScanIndexForward": "bool", "ConsistentRead": "bool", "Exists": "bool",
	"Limit": "int", "Segment": "int", "TotalSegments": "int",
	"Value":              "AttributeValue",
	"AttributeValueList": "List<AttributeValue>", "Parameters": "List<AttributeValue>",
	"KeyConditions": "Dictionary<string, Condition>", "QueryFilter": "Dictionary<string, Condition>",
	"ScanFilter": "Dictionary<string, Condition>", "Expected": "Dictionary<string, ExpectedAttributeValue>",
	"AttributeUpdates": "Dictionary<string, AttributeValueUpdate>",
	"Key":              "Dictionary<string, AttributeValue>", "Item": "Dictionary<string, AttributeValue>",
	"ExpressionAttributeValues": "Dictionary<string, AttributeValue>", "ExclusiveStartKey": "Dictionary<string, AttributeValue>",
	"ExpressionAttributeNames": "Dictionary<string, string>",
	"AttributesToGet":          "List<string>",
	"Keys":                     "List<Dictionary<string, AttributeValue>>",
	"Put":                      "Put", "Delete": "Delete", "Update": "Update", "ConditionCheck": "ConditionCheck", "Get": "Get",
	"PutRequest": "PutRequest", "DeleteRequest": "DeleteRequest",
}

var csStandInOwn = map[string]string{
	"TransactGetItemsRequest":   "public List<TransactGetItem> TransactItems { get; set; }",
	"TransactWriteItemsRequest": "public List<TransactWriteItem> TransactItems { get; set; }",
	"BatchGetItemRequest":       "public Dictionary<string, KeysAndAttributes> RequestItems { get; set; }",
	"BatchWriteItemRequest":     "public Dictionary<string, List<WriteRequest>> RequestItems { get; set; }",
}

func csharpStandIn() string {
	var b strings.Builder
	b.WriteString("using System.Collections.Generic;\nusing System.IO;\nusing System.Threading.Tasks;\n\n")
	b.WriteString("namespace Amazon.DynamoDBv2.Model\n{\n")
	b.WriteString("    public class AttributeValue\n    {\n" +
		"        public string S { get; set; }\n        public string N { get; set; }\n        public MemoryStream B { get; set; }\n" +
		"        public bool BOOL { get; set; }\n        public bool NULL { get; set; }\n" +
		"        public List<string> SS { get; set; }\n        public List<string> NS { get; set; }\n        public List<MemoryStream> BS { get; set; }\n" +
		"        public List<AttributeValue> L { get; set; }\n        public Dictionary<string, AttributeValue> M { get; set; }\n    }\n")
	class := func(name string) {
		b.WriteString("    public class " + name + "\n    {\n")
		for _, prop := range sortedKeys(csStandInProps) {
			if prop != name { // a member cannot bear its class's name
				b.WriteString("        public " + csStandInProps[prop] + " " + prop + " { get; set; }\n")
			}
		}
		if own, ok := csStandInOwn[name]; ok {
			b.WriteString("        " + own + "\n")
		}
		b.WriteString("    }\n")
	}
	for _, s := range javaStandInStructs {
		class(s)
	}
	for _, op := range javaStandInOps {
		class(op + "Request")
		b.WriteString("    public class " + op + "Response\n    {\n" +
			"        public List<Dictionary<string, AttributeValue>> Items { get; set; }\n" +
			"        public Dictionary<string, AttributeValue> LastEvaluatedKey { get; set; }\n" +
			"        public Dictionary<string, AttributeValue> Item { get; set; }\n" +
			"        public bool IsItemSet { get { return Item != null; } }\n    }\n")
	}
	b.WriteString("}\n\nnamespace Amazon.DynamoDBv2\n{\n    using Amazon.DynamoDBv2.Model;\n\n    public interface IAmazonDynamoDB\n    {\n")
	for _, op := range javaStandInOps {
		b.WriteString("        Task<" + op + "Response> " + op + "Async(" + op + "Request request);\n")
	}
	b.WriteString("    }\n}\n")
	return b.String()
}

func TestCSharpCompiles(t *testing.T) {
	mcs, err := exec.LookPath("mcs")
	if err != nil {
		skipOrFail(t, "mcs is not on PATH")
	}
	work := t.TempDir()
	sources := []string{filepath.Join(work, "sdk.cs")}
	mustWrite(t, sources[0], csharpStandIn())
	paths := exportAll(t, filepath.Join(work, "src"), CSharp)
	if len(paths) == 0 {
		t.Fatal("no C# exported")
	}
	// Every model's class is named Access: each goes in a namespace of its
	// own (added here) so that one mcs run compiles them all.
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(work, "m"+strconv.Itoa(i)+".cs")
		mustWrite(t, path, "namespace M"+strconv.Itoa(i)+"\n{\n"+string(b)+"}\n")
		sources = append(sources, path)
	}
	if b, err := exec.Command(mcs, append([]string{"-target:library", "-warnaserror+", "-nowarn:414", "-out:" + filepath.Join(work, "access.dll")}, sources...)...).CombinedOutput(); err != nil {
		t.Fatalf("mcs over the C# exports and the stand-in: %v\n%s", err, b)
	}
}
