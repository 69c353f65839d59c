// Package snippet renders one DynamoDB request as code a person copies: an
// AWS CLI command, an AWS SDK for JavaScript v3 module, a Python (boto3)
// script, an AWS SDK for Go v2 program, a Java (AWS SDK for Java v2)
// class, a C# (AWS SDK for .NET) program, a Rust (aws-sdk-dynamodb)
// program, or the request as normalised JSON.
//
// The input is a request body in DynamoDB's JSON wire format, which is also
// what the AWS CLI's --cli-input-json accepts for the operation:
//
//	out, err := snippet.Render(snippet.Request{
//		Operation: "Query",
//		Input:     []byte(`{"TableName":"T","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"USER#1"}}}`),
//		Endpoint:  "http://localhost:8080",
//	}, snippet.Python)
//
// Every member is checked against the operation's shape, which is also what
// gives each language its types (Limit is an *int32 in Go and an Integer in
// Java, a ProvisionedThroughput's units a Long in Java, a B value is bytes
// in Python, a Buffer in JavaScript, SdkBytes in Java, a MemoryStream in
// C#, a Blob in Rust; enums are the SDKs' constants). So an unknown member, a value of
// the wrong JSON type, an attribute value without exactly one type, bad
// base64 or a duplicated member is an error in every language, JSON included:
// Render either succeeds in all languages or fails in all, with one
// exception: the CLI refuses a NUL character in a top-level string (a shell
// argument cannot hold one; in JSON values it is escaped). Member names are
// case-sensitive, as DynamoDB's are. A member whose value is null is absent,
// as DynamoDB reads it, and is left out of every rendering; an empty Input is
// the empty request {}. Member order is kept in every language's text (at
// run time Java's Map.of and Rust's HashMap forget it; DynamoDB does not
// need it).
//
// Per language:
//
//   - CLI: POSIX sh, one option per line, every value single-quoted;
//     structures, lists and maps as compact JSON; booleans as --x / --no-x
//     flags. Query, Scan and ListTables get --no-paginate, because the CLI
//     otherwise follows LastEvaluatedKey and sends more than this one
//     request. Binary values are passed as base64, which is what AWS CLI v2
//     expects by default (cli_binary_format=base64); AWS CLI v1 would encode
//     them a second time. --region is given when Region or Endpoint is set.
//   - JavaScript: an ES module (save it as .mjs) for Node.js 18 or later,
//     using top-level await. Binary values are Buffer.from(base64, "base64"):
//     a Buffer is the Uint8Array the v3 client wants, but Buffer is Node's,
//     not the browser's.
//   - Python: boto3 with keyword arguments; binary values are bytes literals.
//   - Go: a complete package main for github.com/aws/aws-sdk-go-v2 with the
//     SDK's own types (aws.String, aws.Int32, types.ReturnValueAllNew,
//     &types.AttributeValueMemberS{...}); gofmt-formatted.
//   - Java: a public class Main with a main for the AWS SDK for Java v2:
//     DynamoDbClient.builder() with Region.of and endpointOverride,
//     QueryRequest.builder().tableName(...)...build(), the setters being
//     the members in lowerCamelCase (sseSpecification); List.of and Map.of
//     (Map.ofEntries past ten entries); AttributeValue.builder().s(...),
//     .nul(true) for NULL; SdkBytes.fromUtf8String for binary values that
//     are UTF-8 text, fromByteArray otherwise; enum constants such as
//     ReturnValue.ALL_NEW, and a value the SDK has no constant for as the
//     String its setters also take. The source is ASCII (javac before Java
//     18 reads the platform's encoding): the rest is escaped.
//   - C#: a class Program with an async Main for the AWS SDK for .NET
//     (AWSSDK.DynamoDBv2): AmazonDynamoDBConfig with ServiceURL and
//     AuthenticationRegion for an endpoint, RegionEndpoint otherwise;
//     object and collection initializers (new QueryRequest { ... },
//     new Dictionary<string, AttributeValue> { [":pk"] = ... }); binary
//     values as MemoryStreams; enums as the SDK's constant classes
//     (ReturnValue.ALL_NEW, or new ReturnValue("...") for another value).
//     Setting BOOL or NULL, even to false, marks it set, so no IsBOOLSet.
//   - Rust: a tokio main for aws-sdk-dynamodb and aws-config: the fluent
//     builders (client.query().table_name(...)...send().await?), calling a
//     list member's setter once per element and a map member's once per
//     entry, as they append, and set_x(Some(...)) for an empty one;
//     structures by their builders, build()? where the SDK's build returns
//     a Result (structures with required members); AttributeValue::S(...),
//     Blob::new, vec![...], HashMap::from([...]); enums such as
//     ReturnValue::AllNew, or ReturnValue::from("...") for another value.
//   - JSON: the request indented with two spaces.
//
// The SDKs get Region, "us-east-1" when it is empty, and the endpoint only
// when Endpoint is set. The tests compile or run each language's snippets
// with its tools where installed: see tools_test.go and compilers_test.go.
// The snippets do not set credentials: the workbench's endpoint accepts
// any, but the clients still want some configured.
//
// Expression renders a request in Java, C# or Rust as one expression of
// the SDK's request type rather than a program: QueryRequest.builder()
// ...build(), new QueryRequest { ... }, client.query()... . It is how
// codegen/appcode writes the request of each data-access function: the
// same checks, types, value printers and layout as Render's, with the
// strings that hold the function's parameters (a Part of a string may be
// an expression, e.g. a variable) printed as the language concatenates
// them ("USER#" + userId in Java and C#, format!("USER#{}", user_id) in
// Rust). The Expr it returns lays itself out as part of a statement
// (Statement), takes more calls at the end of a builder chain (Call:
// Rust's .send().await?) and says what it needs imported (Imports).
//
// The operations' shapes are DynamoDB's API model in
// codegen/internal/ddbapi, from which codegen/internal/sdkstub also
// writes the stand-in SDKs the tests compile Java, C# and Rust against.
//
// RenderFanOut renders a fan-out (one request per value of a parameter, as
// a write-sharded key is read back) as the same program with the request in
// a loop over the values, the parameter's marker (FanOut.Marker) in the
// request's strings replaced by the loop's variable; its JSON is the list of
// every request, JSON having no loop.
package snippet
