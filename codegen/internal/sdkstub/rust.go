package sdkstub

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

const rustTokioStub = `extern crate proc_macro;
use proc_macro::TokenStream;

// The snippets are compiled as modules, where main is not the entry point:
// the attribute leaves the async fn as it is.
#[proc_macro_attribute]
pub fn main(_args: TokenStream, item: TokenStream) -> TokenStream {
    item
}
`

const rustConfigStub = `use std::borrow::Cow;

pub struct BehaviorVersion;
impl BehaviorVersion {
    pub fn latest() -> Self { BehaviorVersion }
}

#[derive(Clone, Debug)]
pub struct Region(Cow<'static, str>);
impl Region {
    pub fn new(region: impl Into<Cow<'static, str>>) -> Self { Region(region.into()) }
}

pub struct SdkConfig;

pub struct ConfigLoader;
impl ConfigLoader {
    pub fn region(self, _region: Region) -> Self { self }
    pub fn endpoint_url(self, _url: impl Into<String>) -> Self { self }
    pub async fn load(self) -> SdkConfig { SdkConfig }
}

pub fn defaults(_version: BehaviorVersion) -> ConfigLoader { ConfigLoader }
`

// rustArg is the type a setter of shape s takes: impl Into<String> for a
// string (an element's or a value's, for list and map setters), else the
// value's own type.
func rustArg(s *ddbapi.Shape) string {
	if s.Kind == ddbapi.String {
		return "impl Into<String>"
	}
	return rustType(s)
}

func rustType(s *ddbapi.Shape) string {
	switch s.Kind {
	case ddbapi.String:
		return "String"
	case ddbapi.Int32:
		return "i32"
	case ddbapi.Int64:
		return "i64"
	case ddbapi.Bool:
		return "bool"
	case ddbapi.List:
		return "Vec<" + rustType(s.Elem) + ">"
	case ddbapi.Map:
		return "HashMap<String, " + rustType(s.Elem) + ">"
	case ddbapi.Attr:
		return "crate::types::AttributeValue"
	}
	return "crate::types::" + ddbapi.RustName(s.Name)
}

// rustSetters writes a builder's setters for the struct shape s.
func rustSetters(b *strings.Builder, s *ddbapi.Shape) {
	for _, f := range s.Fields {
		name := ddbapi.Snake(f.Name)
		switch f.Shape.Kind {
		case ddbapi.List:
			fmt.Fprintf(b, "    pub fn %s(self, _v: %s) -> Self { self }\n", name, rustArg(f.Shape.Elem))
		case ddbapi.Map:
			fmt.Fprintf(b, "    pub fn %s(self, _k: impl Into<String>, _v: %s) -> Self { self }\n", name, rustArg(f.Shape.Elem))
		default:
			fmt.Fprintf(b, "    pub fn %s(self, _v: %s) -> Self { self }\n", name, rustArg(f.Shape))
		}
		fmt.Fprintf(b, "    pub fn set_%s(self, _v: Option<%s>) -> Self { self }\n", name, rustType(f.Shape))
	}
}

// rustOutput is the fields of an operation's output that the generated
// code reads: the items of a Query, a Scan or a statement and the key to
// go on from, a GetItem's item.
func rustOutput(op string) string {
	switch op {
	case "Query", "Scan", "ExecuteStatement":
		return "    pub items: Option<Vec<HashMap<String, AttributeValue>>>,\n" +
			"    pub last_evaluated_key: Option<HashMap<String, AttributeValue>>,\n"
	case "GetItem":
		return "    pub item: Option<HashMap<String, AttributeValue>>,\n"
	}
	return ""
}

// crate is a stand-in crate: its name, its source and its crate type, and
// the stand-ins before it that it uses.
type crate struct {
	Name, Source, Type string
	Uses               []string
}

// rustCrates returns the stand-in crates, in the order they build: tokio (its
// main attribute), aws_config (defaults, Region, BehaviorVersion) and
// aws_sdk_dynamodb: Client with a method per operation returning the
// operation's fluent builder (operation::query::builders::
// QueryFluentBuilder), whose setters are the members' (a list's and a
// map's append an element, an entry; set_x takes an Option of the whole)
// and whose send() is async; the outputs with the fields the generated
// code reads; types with every structure's builder (build() returning a
// Result for those with required members), every enum (its variants,
// Unknown, From<&str>) and AttributeValue; primitives::Blob; error and
// Error.
func rustCrates() []crate {
	return []crate{
		{Name: "tokio", Source: rustTokioStub, Type: "proc-macro"},
		{Name: "aws_config", Source: rustConfigStub, Type: "rlib"},
		{Name: "aws_sdk_dynamodb", Source: rustSDKStub(), Type: "rlib", Uses: []string{"aws_config"}},
	}
}

func rustSDKStub() string {
	structs, enums := Shapes()
	var b strings.Builder
	b.WriteString(`use std::collections::HashMap;

#[derive(Debug)]
pub struct Error;
impl From<error::BuildError> for Error {
    fn from(_: error::BuildError) -> Self { Error }
}
impl<E> From<error::SdkError<E>> for Error {
    fn from(_: error::SdkError<E>) -> Self { Error }
}

pub mod error {
    #[derive(Debug)]
    pub struct BuildError;
    impl std::fmt::Display for BuildError {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("build error") }
    }
    impl std::error::Error for BuildError {}

    #[derive(Debug)]
    pub struct SdkError<E>(pub E);
    impl<E: std::fmt::Debug> std::fmt::Display for SdkError<E> {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{:?}", self.0) }
    }
    impl<E: std::fmt::Debug> std::error::Error for SdkError<E> {}
}

pub mod config {
    pub use aws_config::Region;
}

pub mod primitives {
    #[derive(Clone, Debug)]
    pub struct Blob(Vec<u8>);
    impl Blob {
        pub fn new<T: Into<Vec<u8>>>(input: T) -> Self { Blob(input.into()) }
    }
}

pub struct Client;
impl Client {
    pub fn new(_config: &aws_config::SdkConfig) -> Self { Client }
`)
	for _, op := range opNames() {
		m := ddbapi.Snake(op)
		fmt.Fprintf(&b, "    pub fn %s(&self) -> operation::%s::builders::%sFluentBuilder { operation::%s::builders::%sFluentBuilder }\n", m, m, op, m, op)
	}
	b.WriteString("}\n\npub mod operation {\n")
	for _, op := range opNames() {
		fmt.Fprintf(&b, "pub mod %s {\n    use std::collections::HashMap;\n    use crate::types::AttributeValue;\n", ddbapi.Snake(op))
		fmt.Fprintf(&b, "#[derive(Debug)]\npub struct %sOutput {\n%s}\n#[derive(Debug)]\npub struct %sError;\n", op, rustOutput(op), op)
		fmt.Fprintf(&b, "pub mod builders {\n    use std::collections::HashMap;\npub struct %sFluentBuilder;\nimpl %sFluentBuilder {\n", op, op)
		rustSetters(&b, ddbapi.Operations[op].Input)
		fmt.Fprintf(&b, "    pub async fn send(self) -> Result<super::%sOutput, crate::error::SdkError<super::%sError>> { Err(crate::error::SdkError(super::%sError)) }\n}\n}\n}\n", op, op, op)
	}
	b.WriteString("}\n\npub mod types {\n    use std::collections::HashMap;\n    use crate::primitives::Blob;\n")
	b.WriteString(`#[derive(Clone, Debug)]
pub enum AttributeValue { B(Blob), Bool(bool), Bs(Vec<Blob>), L(Vec<AttributeValue>), M(HashMap<String, AttributeValue>), N(String), Ns(Vec<String>), Null(bool), S(String), Ss(Vec<String>) }
`)
	for _, e := range enums {
		name := ddbapi.RustName(e.Name)
		fmt.Fprintf(&b, "#[derive(Clone, Debug)]\npub enum %s {", name)
		for _, v := range e.Values {
			fmt.Fprintf(&b, " %s,", ddbapi.RustVariant(v))
		}
		fmt.Fprintf(&b, " Unknown(String) }\nimpl From<&str> for %s {\n    fn from(s: &str) -> Self { %s::Unknown(s.to_string()) }\n}\n", name, name)
	}
	for _, s := range structs {
		name := ddbapi.RustName(s.Name)
		build := name
		if ddbapi.Required[s.Name] {
			build = "Result<" + name + ", crate::error::BuildError>"
		}
		fmt.Fprintf(&b, "#[derive(Clone, Debug)]\npub struct %s;\nimpl %s {\n    pub fn builder() -> builders::%sBuilder { builders::%sBuilder }\n}\n", name, name, name, name)
		fmt.Fprintf(&b, "pub mod %s_builder {\n    use std::collections::HashMap;\n    pub struct %sBuilder;\n    impl %sBuilder {\n", ddbapi.Snake(s.Name), name, name)
		rustSetters(&b, s)
		ok := "super::" + name
		if ddbapi.Required[s.Name] {
			ok = "Ok(super::" + name + ")"
		}
		fmt.Fprintf(&b, "    pub fn build(self) -> %s { %s }\n    }\n}\n", strings.ReplaceAll(build, name, "super::"+name), ok)
	}
	b.WriteString("pub mod builders {\n")
	for _, s := range structs {
		fmt.Fprintf(&b, "    pub use super::%s_builder::%sBuilder;\n", ddbapi.Snake(s.Name), ddbapi.RustName(s.Name))
	}
	b.WriteString("}\n}\n")
	return b.String()
}
