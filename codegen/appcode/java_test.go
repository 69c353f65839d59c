package appcode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The Java check compiles every checked model's Access.java in one javac
// run against a stand-in of the AWS SDK for Java v2 (the real jars cannot
// be fetched here). The stand-in is written below from the SDK's
// documented names: DynamoDbClient's methods, each request's builder with
// the members' setters in lowerCamelCase, AttributeValue's setters, the
// responses' items/item/lastEvaluatedKey. It proves the generated code is
// Java that uses those names with those types; it does not prove the
// names are the SDK's beyond what that list says.

// javaStandInMembers are the request members' setters and their types,
// as the SDK declares them (collections as Collection, booleans and
// numbers boxed).
var javaStandInMembers = map[string]string{
	"tableName": "String", "indexName": "String", "keyConditionExpression": "String", "filterExpression": "String",
	"projectionExpression": "String", "conditionExpression": "String", "updateExpression": "String",
	"clientRequestToken": "String", "statement": "String", "nextToken": "String", "select": "String",
	"returnConsumedCapacity": "String", "returnItemCollectionMetrics": "String",
	"returnValuesOnConditionCheckFailure": "String", "returnValues": "String", "comparisonOperator": "String",
	"conditionalOperator": "String", "action": "String",
	"scanIndexForward": "Boolean", "consistentRead": "Boolean", "exists": "Boolean",
	"limit": "Integer", "segment": "Integer", "totalSegments": "Integer",
	"value":              "AttributeValue",
	"attributeValueList": "Collection<AttributeValue>", "parameters": "Collection<AttributeValue>",
	"keyConditions": "Map<String, Condition>", "queryFilter": "Map<String, Condition>", "scanFilter": "Map<String, Condition>",
	"expected":         "Map<String, ExpectedAttributeValue>",
	"attributeUpdates": "Map<String, AttributeValueUpdate>",
	"key":              "Map<String, AttributeValue>", "item": "Map<String, AttributeValue>",
	"expressionAttributeValues": "Map<String, AttributeValue>", "exclusiveStartKey": "Map<String, AttributeValue>",
	"expressionAttributeNames": "Map<String, String>",
	"attributesToGet":          "Collection<String>",
	"keys":                     "Collection<? extends Map<String, AttributeValue>>",
	"put":                      "Put", "delete": "Delete", "update": "Update", "conditionCheck": "ConditionCheck", "get": "Get",
	"putRequest": "PutRequest", "deleteRequest": "DeleteRequest",
}

// javaStandInOwn are members whose type depends on the class.
var javaStandInOwn = map[string]string{
	"TransactGetItemsRequest":   "transactItems(Collection<TransactGetItem> v)",
	"TransactWriteItemsRequest": "transactItems(Collection<TransactWriteItem> v)",
	"BatchGetItemRequest":       "requestItems(Map<String, KeysAndAttributes> v)",
	"BatchWriteItemRequest":     "requestItems(Map<String, ? extends Collection<WriteRequest>> v)",
}

var javaStandInOps = []string{
	"GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem", "BatchWriteItem",
	"TransactGetItems", "TransactWriteItems", "ExecuteStatement", "ExecuteTransaction", "BatchExecuteStatement",
	"CreateTable", "DeleteTable", "DescribeTable", "UpdateTable", "ListTables",
}

var javaStandInStructs = []string{
	"Put", "Delete", "Update", "ConditionCheck", "Get", "PutRequest", "DeleteRequest", "TransactGetItem",
	"TransactWriteItem", "WriteRequest", "KeysAndAttributes", "Condition", "ExpectedAttributeValue", "AttributeValueUpdate",
}

// javaStandIn returns the stand-in's files by path.
func javaStandIn() map[string]string {
	const model = "package software.amazon.awssdk.services.dynamodb.model;\n\nimport java.util.*;\n\n"
	files := map[string]string{
		"software/amazon/awssdk/core/SdkBytes.java": "package software.amazon.awssdk.core;\n\n" +
			"public final class SdkBytes {\n    public static SdkBytes fromByteArray(byte[] b) { return new SdkBytes(); }\n}\n",
		"software/amazon/awssdk/services/dynamodb/model/AttributeValue.java": model +
			"public final class AttributeValue {\n    public static Builder builder() { return new Builder(); }\n" +
			"    public static final class Builder {\n" +
			"        public Builder s(String v) { return this; }\n        public Builder n(String v) { return this; }\n" +
			"        public Builder b(software.amazon.awssdk.core.SdkBytes v) { return this; }\n" +
			"        public Builder ss(Collection<String> v) { return this; }\n        public Builder ns(Collection<String> v) { return this; }\n" +
			"        public Builder bs(Collection<software.amazon.awssdk.core.SdkBytes> v) { return this; }\n" +
			"        public Builder m(Map<String, AttributeValue> v) { return this; }\n        public Builder l(Collection<AttributeValue> v) { return this; }\n" +
			"        public Builder nul(Boolean v) { return this; }\n        public Builder bool(Boolean v) { return this; }\n" +
			"        public AttributeValue build() { return new AttributeValue(); }\n    }\n}\n",
	}
	var setters strings.Builder
	for _, name := range sortedKeys(javaStandInMembers) {
		setters.WriteString("        public Builder " + name + "(" + javaStandInMembers[name] + " v) { return this; }\n")
	}
	class := func(name, extra string) string {
		own := ""
		if s, ok := javaStandInOwn[name]; ok {
			own = "        public Builder " + s + " { return this; }\n"
		}
		return model + "public final class " + name + " {\n    public static Builder builder() { return new Builder(); }\n" +
			"    public Builder toBuilder() { return new Builder(); }\n" + extra +
			"    public static final class Builder {\n" + setters.String() + own +
			"        public " + name + " build() { return new " + name + "(); }\n    }\n}\n"
	}
	dir := "software/amazon/awssdk/services/dynamodb/model/"
	var client strings.Builder
	client.WriteString("package software.amazon.awssdk.services.dynamodb;\n\nimport software.amazon.awssdk.services.dynamodb.model.*;\n\npublic interface DynamoDbClient {\n")
	for _, op := range javaStandInOps {
		files[dir+op+"Request.java"] = class(op+"Request", "")
		files[dir+op+"Response.java"] = model + "public final class " + op + "Response {\n" +
			"    public List<Map<String, AttributeValue>> items() { return List.of(); }\n" +
			"    public Map<String, AttributeValue> lastEvaluatedKey() { return Map.of(); }\n" +
			"    public boolean hasItem() { return false; }\n" +
			"    public Map<String, AttributeValue> item() { return Map.of(); }\n}\n"
		client.WriteString("    " + op + "Response " + strings.ToLower(op[:1]) + op[1:] + "(" + op + "Request request);\n")
	}
	client.WriteString("}\n")
	files["software/amazon/awssdk/services/dynamodb/DynamoDbClient.java"] = client.String()
	for _, s := range javaStandInStructs {
		files[dir+s+".java"] = class(s, "")
	}
	return files
}

func TestJavaCompiles(t *testing.T) {
	javac, err := exec.LookPath("javac")
	if err != nil {
		skipOrFail(t, "javac is not on PATH")
	}
	work := t.TempDir()
	sdk := filepath.Join(work, "sdk")
	var sources []string
	for path, src := range javaStandIn() {
		writeAll(t, filepath.Join(sdk, path), src)
		sources = append(sources, filepath.Join(sdk, path))
	}
	paths := exportAll(t, filepath.Join(work, "src"), Java)
	if len(paths) == 0 {
		t.Fatal("no Java exported")
	}
	// Every model's class is named Access: each goes in a package of its
	// own (the one line added here) so that one javac run compiles them all.
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		src := string(b)
		if strings.Contains(src, "Request request = QueryRequest") && !strings.Contains(src, "exclusiveStartKey(response.lastEvaluatedKey())") {
			t.Errorf("%s: a Query does not page", p)
		}
		path := filepath.Join(work, "src", "m"+strconv.Itoa(i), "Access.java")
		writeAll(t, path, "package m"+strconv.Itoa(i)+";\n"+src)
		sources = append(sources, path)
	}
	if b, err := exec.Command(javac, append([]string{"-Xlint:all", "-Werror", "-encoding", "US-ASCII", "-d", filepath.Join(work, "out")}, sources...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac over the Java exports and the stand-in: %v\n%s", err, b)
	}
}

// writeAll writes path, making its directories.
func writeAll(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	mustWrite(t, path, content)
}
