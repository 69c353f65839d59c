package ddbapi

import "strings"

// The SDKs' names for the model's members and types: each SDK's code
// generator derives them from the API model's names, so the renderers and
// the tests' stand-in SDKs derive them the same way here.

// Words splits a CamelCase name into its words, keeping acronyms whole as
// botocore's xform_name does: "SSESpecification" is "SSE", "Specification".
func Words(name string) []string {
	var out []string
	start := 0
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	isLower := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
	for i := 1; i < len(name); i++ {
		if isUpper(name[i]) && (isLower(name[i-1]) || i+1 < len(name) && isUpper(name[i-1]) && isLower(name[i+1])) {
			out = append(out, name[start:i])
			start = i
		}
	}
	return append(out, name[start:])
}

// JoinWords is name's words, lower-cased, joined by sep: kebab-case for
// CLI commands and options, snake_case for boto3's and Rust's methods.
func JoinWords(name, sep string) string {
	return strings.ToLower(strings.Join(Words(name), sep))
}

// Snake is a name in snake_case, as boto3 and aws-sdk-dynamodb write
// methods: "SSESpecification" is sse_specification.
func Snake(name string) string { return JoinWords(name, "_") }

// LowerCamel is a member's name as the SDK for Java v2 writes its methods:
// the first word lower-cased, acronyms whole ("SSESpecification" is
// sseSpecification).
func LowerCamel(name string) string {
	w := Words(name)
	w[0] = strings.ToLower(w[0])
	return strings.Join(w, "")
}

// RustName is a name in aws-sdk-dynamodb's UpperCamelCase, acronyms
// included: "SSEType" is SseType, "ALL_NEW" (as "all new") AllNew.
func RustName(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(strings.Join(Words(name), " ")) {
		b.WriteString(strings.ToUpper(w[:1]))
		b.WriteString(strings.ToLower(w[1:]))
	}
	return b.String()
}

// RustVariant is an enum value as aws-sdk-dynamodb's variant: "ALL_NEW"
// is AllNew.
func RustVariant(value string) string {
	return RustName(strings.ReplaceAll(strings.ToLower(value), "_", " "))
}

// Required are the structures with members DynamoDB's API model marks
// required: the SDKs check them when building, which makes
// aws-sdk-dynamodb's build() of these return a Result.
var Required = map[string]bool{
	"AttributeDefinition": true, "KeySchemaElement": true, "Condition": true, "KeysAndAttributes": true,
	"PutRequest": true, "DeleteRequest": true, "ConditionCheck": true, "Put": true, "Delete": true,
	"Update": true, "TransactGetItem": true, "Get": true, "ProvisionedThroughput": true,
	"StreamSpecification": true, "GlobalSecondaryIndex": true, "LocalSecondaryIndex": true,
	"UpdateGlobalSecondaryIndexAction": true, "CreateGlobalSecondaryIndexAction": true,
	"DeleteGlobalSecondaryIndexAction": true, "Tag": true, "TimeToLiveSpecification": true,
	"BatchStatementRequest": true, "ParameterizedStatement": true,
}
