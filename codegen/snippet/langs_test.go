package snippet

import (
	"strings"
	"testing"
)

// valuesRequest holds a value of every type the shapes know: the ten
// attribute value types (binary both as text and not), an int32, an int64,
// booleans, known and unknown enum values, a nested structure, a list of
// structures and a map of structures.
const valuesRequest = `{
  "TableName": "T",
  "Item": {
    "s": {"S": "a \"q\" \\ é\n"},
    "n": {"N": "-1.5"},
    "b": {"B": "AP8="},
    "t": {"B": "aGk="},
    "ss": {"SS": ["x", "y"]},
    "ns": {"NS": ["1", "2"]},
    "bs": {"BS": ["aGk=", "/w=="]},
    "m": {"M": {"k": {"BOOL": false}}},
    "l": {"L": [{"NULL": true}, {"L": []}]},
    "z": {"NULL": true},
    "o": {"BOOL": true}
  },
  "ReturnValues": "ALL_NEW",
  "ReturnConsumedCapacity": "SOMETIMES"
}`

// attrCases are attribute values of every type, each with its expected
// rendering in Java, C# and Rust.
var attrCases = []struct{ in, java, cs, rust string }{
	{`{"S": "a \"q\" \\ é\n"}`, `AttributeValue.builder().s("a \"q\" \\ \u00e9\n").build()`, `new AttributeValue { S = "a \"q\" \\ é\n" }`, `AttributeValue::S("a \"q\" \\ é\n".to_string())`},
	{`{"N": "-1.5"}`, `AttributeValue.builder().n("-1.5").build()`, `new AttributeValue { N = "-1.5" }`, `AttributeValue::N("-1.5".to_string())`},
	{`{"B": "AP8="}`, `AttributeValue.builder().b(SdkBytes.fromByteArray(new byte[] {0x00, (byte) 0xff})).build()`, `new AttributeValue { B = new MemoryStream(new byte[] { 0x00, 0xFF }) }`, `AttributeValue::B(Blob::new(b"\x00\xff".to_vec()))`},
	{`{"B": "aGk="}`, `AttributeValue.builder().b(SdkBytes.fromUtf8String("hi")).build()`, `new AttributeValue { B = new MemoryStream(Encoding.UTF8.GetBytes("hi")) }`, `AttributeValue::B(Blob::new("hi"))`},
	{`{"SS": ["x", "y"]}`, `AttributeValue.builder().ss(List.of("x", "y")).build()`, `new AttributeValue { SS = new List<string> { "x", "y" } }`, `AttributeValue::Ss(vec!["x".to_string(), "y".to_string()])`},
	{`{"NS": ["1", "2"]}`, `AttributeValue.builder().ns(List.of("1", "2")).build()`, `new AttributeValue { NS = new List<string> { "1", "2" } }`, `AttributeValue::Ns(vec!["1".to_string(), "2".to_string()])`},
	{`{"BS": ["aGk=", "/w=="]}`, `.bs(List.of(SdkBytes.fromUtf8String("hi"), SdkBytes.fromByteArray(new byte[] {(byte) 0xff})))`, `BS = new List<MemoryStream> { new MemoryStream(Encoding.UTF8.GetBytes("hi")), new MemoryStream(new byte[] { 0xFF }) }`, `AttributeValue::Bs(vec![Blob::new("hi"), Blob::new(b"\xff".to_vec())])`},
	{`{"M": {"k": {"BOOL": false}}}`, `.m(Map.of("k", AttributeValue.builder().bool(false).build()))`, `M = new Dictionary<string, AttributeValue> { ["k"] = new AttributeValue { BOOL = false } }`, `AttributeValue::M(HashMap::from([("k".to_string(), AttributeValue::Bool(false))]))`},
	{`{"M": {}}`, `AttributeValue.builder().m(Map.of()).build()`, `new AttributeValue { M = new Dictionary<string, AttributeValue> {} }`, `AttributeValue::M(HashMap::new())`},
	{`{"L": [{"NULL": true}, {"L": []}]}`, `.l(List.of(AttributeValue.builder().nul(true).build(), AttributeValue.builder().l(List.of()).build()))`, `L = new List<AttributeValue> { new AttributeValue { NULL = true }, new AttributeValue { L = new List<AttributeValue> {} } }`, `AttributeValue::L(vec![AttributeValue::Null(true), AttributeValue::L(vec![])])`},
	{`{"NULL": true}`, `AttributeValue.builder().nul(true).build()`, `new AttributeValue { NULL = true }`, `AttributeValue::Null(true)`},
	{`{"BOOL": true}`, `AttributeValue.builder().bool(true).build()`, `new AttributeValue { BOOL = true }`, `AttributeValue::Bool(true)`},
}

func TestAttributeValues(t *testing.T) {
	for _, c := range attrCases {
		in := `{"TableName":"T","Item":{"a":` + c.in + `}}`
		wantIn(t, Java, "PutItem", in, c.java)
		wantIn(t, CSharp, "PutItem", in, c.cs)
		wantIn(t, Rust, "PutItem", in, c.rust)
	}
}

// wantIn checks that each fragment is in the rendering of op's input.
// Values are checked on one line: the test widens the layouts (their
// breaking is the golden files' business).
func wantIn(t *testing.T, lang Language, op, input string, fragments ...string) {
	t.Helper()
	saved := [3]int{javaLayout.width, csharpLayout.width, rustLayout.width}
	javaLayout.width, csharpLayout.width, rustLayout.width = 1e6, 1e6, 1e6
	defer func() { javaLayout.width, csharpLayout.width, rustLayout.width = saved[0], saved[1], saved[2] }()
	out, err := Render(Request{Operation: op, Input: []byte(input)}, lang)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fragments {
		if !strings.Contains(out, f) {
			t.Errorf("%s: no %q in\n%s", lang, f, out)
		}
	}
}

const tableRequest = `{"TableName":"T","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":9223372036854775807},
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"}],"SSESpecification":{"Enabled":false,"SSEType":"KMS"},
"GlobalSecondaryIndexes":[],"Tags":[{"Key":"a","Value":"b"}]}`

const queryRequest = `{"TableName":"T","Limit":-2147483648,"ScanIndexForward":false,"Select":"COUNT","ExpressionAttributeNames":{"#a":"a"},"QueryFilter":{"f":{"ComparisonOperator":"BEGINS_WITH","AttributeValueList":[{"S":"p"}]}}}`

func TestJavaValues(t *testing.T) {
	wantIn(t, Java, "PutItem", valuesRequest,
		// 11 entries: Map.of takes at most 10.
		`.item(Map.ofEntries(Map.entry("s", `,
		".returnValues(ReturnValue.ALL_NEW)",
		`.returnConsumedCapacity("SOMETIMES")`,
		"import software.amazon.awssdk.core.SdkBytes;\n",
		"import software.amazon.awssdk.services.dynamodb.model.ReturnValue;\n",
		"PutItemResponse response = client.putItem(PutItemRequest.builder().tableName(",
		`DynamoDbClient client = DynamoDbClient.builder().region(Region.of("us-east-1")).build();`)
	wantIn(t, Java, "CreateTable", tableRequest,
		".readCapacityUnits(5L)", ".writeCapacityUnits(9223372036854775807L)",
		`KeySchemaElement.builder().attributeName("PK").keyType(KeyType.HASH).build()`,
		".sseSpecification(SSESpecification.builder().enabled(false).sseType(SSEType.KMS).build())",
		".globalSecondaryIndexes(List.of())", `Tag.builder().key("a").value("b").build()`)
	wantIn(t, Java, "Query", queryRequest,
		".limit(-2147483648)", ".scanIndexForward(false)", ".select(Select.COUNT)",
		`.expressionAttributeNames(Map.of("#a", "a"))`,
		`"f", Condition.builder()`, ".comparisonOperator(ComparisonOperator.BEGINS_WITH)")
	// Everything outside printable ASCII is escaped: javac before Java 18
	// reads the platform's encoding.
	wantIn(t, Java, "DescribeTable", `{"TableName":"🚀\u0001"}`, `.tableName("\ud83d\ude80\001")`)
	out, err := Render(Request{Operation: "DescribeTable", Input: []byte(`{"TableName":"T"}`), Endpoint: "http://h:1", Region: "eu-west-1"}, Java)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `.region(Region.of("eu-west-1"))`) || !strings.Contains(out, `.endpointOverride(URI.create("http://h:1"))`) || !strings.Contains(out, "import java.net.URI;") {
		t.Errorf("client:\n%s", out)
	}
}

func TestCSharpValues(t *testing.T) {
	wantIn(t, CSharp, "PutItem", valuesRequest,
		"ReturnValues = ReturnValue.ALL_NEW,",
		`ReturnConsumedCapacity = new ReturnConsumedCapacity("SOMETIMES")`,
		"using System.IO;\n", "using System.Text;\n", "using Amazon;\n",
		"var response = await client.PutItemAsync(new PutItemRequest { TableName = ",
		`RegionEndpoint = RegionEndpoint.GetBySystemName("us-east-1")`)
	wantIn(t, CSharp, "CreateTable", tableRequest,
		"ReadCapacityUnits = 5,", "WriteCapacityUnits = 9223372036854775807 }",
		`new KeySchemaElement { AttributeName = "PK", KeyType = KeyType.HASH }`,
		"SSESpecification = new SSESpecification { Enabled = false, SSEType = SSEType.KMS }",
		"GlobalSecondaryIndexes = new List<GlobalSecondaryIndex> {}",
		`Tags = new List<Tag> { new Tag { Key = "a", Value = "b" } }`)
	wantIn(t, CSharp, "Query", queryRequest,
		"Limit = -2147483648,", "ScanIndexForward = false,", "Select = Select.COUNT,",
		`ExpressionAttributeNames = new Dictionary<string, string> { ["#a"] = "a" },`,
		"QueryFilter = new Dictionary<string, Condition>", "ComparisonOperator = ComparisonOperator.BEGINS_WITH")
	wantIn(t, CSharp, "DescribeTable", `{"TableName":"🚀\u0001\u0000"}`, `TableName = "🚀\u0001\0"`)
	out, err := Render(Request{Operation: "DescribeTable", Input: []byte(`{"TableName":"T"}`), Endpoint: "http://h:1", Region: "eu-west-1"}, CSharp)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `ServiceURL = "http://h:1"`) || !strings.Contains(out, `AuthenticationRegion = "eu-west-1"`) || strings.Contains(out, "using Amazon;") {
		t.Errorf("client:\n%s", out)
	}
}

func TestRustValues(t *testing.T) {
	wantIn(t, Rust, "PutItem", valuesRequest,
		".return_values(ReturnValue::AllNew)",
		`.return_consumed_capacity(ReturnConsumedCapacity::from("SOMETIMES"))`,
		"use aws_sdk_dynamodb::primitives::Blob;\n",
		"use aws_sdk_dynamodb::types::{AttributeValue, ReturnConsumedCapacity, ReturnValue};\n",
		"use std::collections::HashMap;\n",
		`    let output = client.put_item().table_name("T").item(`)
	wantIn(t, Rust, "CreateTable", tableRequest,
		".read_capacity_units(5)", ".write_capacity_units(9223372036854775807)",
		// Structures with required members build to a Result.
		`.key_schema(KeySchemaElement::builder().attribute_name("PK").key_type(KeyType::Hash).build()?)`,
		// SSESpecification has none; SSE is one word in the SDK's names.
		".sse_specification(SseSpecification::builder().enabled(false).sse_type(SseType::Kms).build())",
		".set_global_secondary_indexes(Some(vec![]))",
		`.tags(Tag::builder().key("a").value("b").build()?)`)
	wantIn(t, Rust, "Query", queryRequest,
		".limit(-2147483648)", ".scan_index_forward(false)", ".select(Select::Count)",
		`.expression_attribute_names("#a", "a")`,
		`.query_filter("f", Condition::builder()`, ".comparison_operator(ComparisonOperator::BeginsWith)",
		`.attribute_value_list(AttributeValue::S("p".to_string()))`)
	wantIn(t, Rust, "GetItem", `{"TableName":"T","Key":{}}`, ".set_key(Some(HashMap::new()))")
	wantIn(t, Rust, "DescribeTable", `{"TableName":"🚀\u0001\u0000"}`, `.table_name("🚀\u{1}\0")`)
	out, err := Render(Request{Operation: "DescribeTable", Input: []byte(`{"TableName":"T"}`), Endpoint: "http://h:1", Region: "eu-west-1"}, Rust)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, `.region(Region::new("eu-west-1"))`) || !strings.Contains(out, `.endpoint_url("http://h:1")`) {
		t.Errorf("client:\n%s", out)
	}
}

func TestNames(t *testing.T) {
	for in, want := range map[string][3]string{
		"SSESpecification":                    {"sseSpecification", "sse_specification", "SseSpecification"},
		"KMSMasterKeyId":                      {"kmsMasterKeyId", "kms_master_key_id", "KmsMasterKeyId"},
		"ReturnValuesOnConditionCheckFailure": {"returnValuesOnConditionCheckFailure", "return_values_on_condition_check_failure", "ReturnValuesOnConditionCheckFailure"},
		"TableName":                           {"tableName", "table_name", "TableName"},
	} {
		if got := [3]string{lowerCamel(in), snake(in), rustName(in)}; got != want {
			t.Errorf("%s: %v, want %v", in, got, want)
		}
	}
}
