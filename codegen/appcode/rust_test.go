package appcode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The Rust check compiles every checked model's access.rs, as modules of
// one crate in one rustc run, against a stand-in crate named
// aws_sdk_dynamodb (the real crate cannot be fetched here), written below
// from the SDK's documented names: Client's operation methods returning
// fluent builders with set_ setters and an async send(), the types
// module's structures (build() returning a Result for those with required
// members), enums converting from &str, AttributeValue's variants,
// primitives::Blob, and the outputs' public items/item/last_evaluated_key
// fields. It proves the generated code is Rust that uses those names with
// those types, no more.

var rustStandInMembers = map[string]string{
	"table_name": "String", "index_name": "String", "key_condition_expression": "String", "filter_expression": "String",
	"projection_expression": "String", "condition_expression": "String", "update_expression": "String",
	"client_request_token": "String", "statement": "String", "next_token": "String",
	"select": "Select", "return_consumed_capacity": "ReturnConsumedCapacity",
	"return_item_collection_metrics":           "ReturnItemCollectionMetrics",
	"return_values_on_condition_check_failure": "ReturnValuesOnConditionCheckFailure", "return_values": "ReturnValue",
	"comparison_operator": "ComparisonOperator", "conditional_operator": "ConditionalOperator", "action": "AttributeAction",
	"scan_index_forward": "bool", "consistent_read": "bool", "exists": "bool",
	"limit": "i32", "segment": "i32", "total_segments": "i32",
	"value":                "AttributeValue",
	"attribute_value_list": "Vec<AttributeValue>", "parameters": "Vec<AttributeValue>",
	"key_conditions": "HashMap<String, Condition>", "query_filter": "HashMap<String, Condition>",
	"scan_filter": "HashMap<String, Condition>", "expected": "HashMap<String, ExpectedAttributeValue>",
	"attribute_updates": "HashMap<String, AttributeValueUpdate>",
	"key":               "HashMap<String, AttributeValue>", "item": "HashMap<String, AttributeValue>",
	"expression_attribute_values": "HashMap<String, AttributeValue>", "exclusive_start_key": "HashMap<String, AttributeValue>",
	"expression_attribute_names": "HashMap<String, String>",
	"attributes_to_get":          "Vec<String>",
	"keys":                       "Vec<HashMap<String, AttributeValue>>",
	"put":                        "Put", "delete": "Delete", "update": "Update", "condition_check": "ConditionCheck", "get": "Get",
	"put_request": "PutRequest", "delete_request": "DeleteRequest",
}

var rustStandInOwn = map[string]string{
	"TransactGetItems":   "set_transact_items(self, _v: Option<Vec<TransactGetItem>>)",
	"TransactWriteItems": "set_transact_items(self, _v: Option<Vec<TransactWriteItem>>)",
	"BatchGetItem":       "set_request_items(self, _v: Option<HashMap<String, KeysAndAttributes>>)",
	"BatchWriteItem":     "set_request_items(self, _v: Option<HashMap<String, Vec<WriteRequest>>>)",
}

var rustStandInEnums = []string{
	"Select", "ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "ReturnValuesOnConditionCheckFailure",
	"ReturnValue", "ComparisonOperator", "ConditionalOperator", "AttributeAction",
}

func rustStandIn() string {
	var setters strings.Builder
	for _, name := range sortedKeys(rustStandInMembers) {
		setters.WriteString("        pub fn set_" + name + "(self, _v: Option<" + rustStandInMembers[name] + ">) -> Self { self }\n")
	}
	var b strings.Builder
	b.WriteString("#![allow(dead_code, unused)]\nuse std::collections::HashMap;\n\n")
	b.WriteString("pub mod primitives {\n    #[derive(Clone, Debug)]\n    pub struct Blob;\n    impl Blob {\n        pub fn new<T: Into<Vec<u8>>>(_i: T) -> Self { Blob }\n    }\n}\n\n")
	b.WriteString("pub mod error {\n    #[derive(Debug)]\n    pub struct BuildError;\n    impl std::fmt::Display for BuildError {\n        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(\"build\") }\n    }\n    impl std::error::Error for BuildError {}\n\n")
	b.WriteString("    #[derive(Debug)]\n    pub struct SdkError;\n    impl std::fmt::Display for SdkError {\n        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str(\"sdk\") }\n    }\n    impl std::error::Error for SdkError {}\n}\n\n")
	b.WriteString("pub mod types {\n    use std::collections::HashMap;\n    use crate::primitives::Blob;\n\n")
	b.WriteString("    #[derive(Clone, Debug)]\n    pub enum AttributeValue { B(Blob), Bool(bool), Bs(Vec<Blob>), L(Vec<AttributeValue>), M(HashMap<String, AttributeValue>), N(String), Ns(Vec<String>), Null(bool), S(String), Ss(Vec<String>) }\n")
	for _, e := range rustStandInEnums {
		b.WriteString("    pub struct " + e + ";\n    impl From<&str> for " + e + " {\n        fn from(_s: &str) -> Self { " + e + " }\n    }\n")
	}
	for _, s := range javaStandInStructs {
		ret, val := s, s
		if rustFallibleStructs[s] {
			ret, val = "Result<"+s+", crate::error::BuildError>", "Ok("+s+")"
		}
		b.WriteString("    pub struct " + s + ";\n    impl " + s + " {\n        pub fn builder() -> " + s + "Builder { " + s + "Builder }\n    }\n")
		b.WriteString("    pub struct " + s + "Builder;\n    impl " + s + "Builder {\n" + setters.String() +
			"        pub fn build(self) -> " + ret + " { " + val + " }\n    }\n")
	}
	b.WriteString("}\n\npub mod operation {\n")
	var client strings.Builder
	client.WriteString("pub struct Client;\nimpl Client {\n")
	for _, op := range javaStandInOps {
		m := snake(op, "o")
		b.WriteString("    pub mod " + m + " {\n        use std::collections::HashMap;\n        use crate::types::*;\n")
		b.WriteString("        pub struct " + op + "Output {\n            pub items: Option<Vec<HashMap<String, AttributeValue>>>,\n" +
			"            pub item: Option<HashMap<String, AttributeValue>>,\n            pub last_evaluated_key: Option<HashMap<String, AttributeValue>>,\n        }\n")
		b.WriteString("        pub struct " + op + "FluentBuilder;\n        impl " + op + "FluentBuilder {\n" + strings.ReplaceAll(setters.String(), "        pub fn", "            pub fn"))
		if own, ok := rustStandInOwn[op]; ok {
			b.WriteString("            pub fn " + own + " -> Self { self }\n")
		}
		b.WriteString("            pub async fn send(self) -> Result<" + op + "Output, crate::error::SdkError> { Err(crate::error::SdkError) }\n        }\n    }\n")
		client.WriteString("    pub fn " + m + "(&self) -> operation::" + m + "::" + op + "FluentBuilder { operation::" + m + "::" + op + "FluentBuilder }\n")
	}
	b.WriteString("}\n\n" + client.String() + "}\n")
	return b.String()
}

func TestRustCompiles(t *testing.T) {
	rustc, err := exec.LookPath("rustc")
	if err != nil {
		skipOrFail(t, "rustc is not on PATH")
	}
	work := t.TempDir()
	mustWrite(t, filepath.Join(work, "sdk.rs"), rustStandIn())
	if b, err := exec.Command(rustc, "--edition", "2021", "--crate-type", "rlib", "--crate-name", "aws_sdk_dynamodb",
		"-o", filepath.Join(work, "libaws_sdk_dynamodb.rlib"), filepath.Join(work, "sdk.rs")).CombinedOutput(); err != nil {
		t.Fatalf("the stand-in does not compile: %v\n%s", err, b)
	}
	paths := exportAll(t, filepath.Join(work, "src"), Rust)
	if len(paths) == 0 {
		t.Fatal("no Rust exported")
	}
	// Each model's module is a module of one crate, so that one rustc run
	// compiles them all.
	var lib strings.Builder
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		m := "m" + strconv.Itoa(i)
		mustWrite(t, filepath.Join(work, m+".rs"), string(b))
		lib.WriteString("pub mod " + m + ";\n")
	}
	mustWrite(t, filepath.Join(work, "lib.rs"), lib.String())
	if b, err := exec.Command(rustc, "--edition", "2021", "--crate-type", "lib", "-D", "warnings",
		"--extern", "aws_sdk_dynamodb="+filepath.Join(work, "libaws_sdk_dynamodb.rlib"),
		"-o", filepath.Join(work, "libaccess.rlib"), filepath.Join(work, "lib.rs")).CombinedOutput(); err != nil {
		t.Fatalf("rustc over the Rust exports and the stand-in: %v\n%s", err, b)
	}
}
