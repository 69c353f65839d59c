package snippet

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

// The SDKs for Java, .NET and Rust cannot be fetched here, so the compiler
// checks build the snippets against stand-ins written from the shapes:
// every operation, structure and enum the renderers can write, with the
// member types the shapes give and the calling conventions of each SDK as
// its documentation describes them (Java v2's builders with their
// Collection, varargs and Consumer overloads and a String overload for
// every enum; .NET's properties and constant classes; Rust's fluent
// builders whose list and map setters append, whose build() returns a
// Result when the structure has required members). What they cannot check
// is that the SDKs use the names the stand-ins were written with: those
// come from the same functions as the snippets' (TestShapesMatchSDK checks
// the shapes themselves against the SDK for Go).

// stubShapes returns every structure and enum reachable from the
// operations, each once, sorted by name.
func stubShapes() (structs, enums []*shape) {
	seen := map[*shape]bool{}
	var walk func(s *shape)
	walk = func(s *shape) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		switch s.Kind {
		case kStruct:
			structs = append(structs, s)
		case kEnum:
			enums = append(enums, s)
		}
		walk(s.Elem)
		for _, f := range s.Fields {
			walk(f.Shape)
		}
	}
	for _, op := range Operations() {
		for _, f := range operations[op].Input.Fields {
			walk(f.Shape)
		}
	}
	byName := func(a, b *shape) int { return strings.Compare(a.Name, b.Name) }
	slices.SortFunc(structs, byName)
	slices.SortFunc(enums, byName)
	structs = slices.CompactFunc(structs, func(a, b *shape) bool { return a.Name == b.Name })
	return structs, enums
}

// ---- Rust: crates aws_config, aws_sdk_dynamodb and tokio ----

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
func rustArg(s *shape) string {
	if s.Kind == kString {
		return "impl Into<String>"
	}
	return rustType(s)
}

func rustType(s *shape) string {
	switch s.Kind {
	case kString:
		return "String"
	case kInt32:
		return "i32"
	case kInt64:
		return "i64"
	case kBool:
		return "bool"
	case kList:
		return "Vec<" + rustType(s.Elem) + ">"
	case kMap:
		return "HashMap<String, " + rustType(s.Elem) + ">"
	case kAttr:
		return "crate::types::AttributeValue"
	}
	return "crate::types::" + rustName(s.Name)
}

// rustSetters writes a builder's setters for the struct shape s.
func rustSetters(b *strings.Builder, s *shape) {
	for _, f := range s.Fields {
		name := snake(f.Name)
		switch f.Shape.Kind {
		case kList:
			fmt.Fprintf(b, "    pub fn %s(self, _v: %s) -> Self { self }\n", name, rustArg(f.Shape.Elem))
		case kMap:
			fmt.Fprintf(b, "    pub fn %s(self, _k: impl Into<String>, _v: %s) -> Self { self }\n", name, rustArg(f.Shape.Elem))
		default:
			fmt.Fprintf(b, "    pub fn %s(self, _v: %s) -> Self { self }\n", name, rustArg(f.Shape))
		}
		fmt.Fprintf(b, "    pub fn set_%s(self, _v: Option<%s>) -> Self { self }\n", name, rustType(f.Shape))
	}
}

func rustSDKStub() string {
	structs, enums := stubShapes()
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
    #[derive(Debug)]
    pub struct SdkError<E>(pub E);
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
	for _, op := range Operations() {
		fmt.Fprintf(&b, "    pub fn %s(&self) -> operation::%sFluentBuilder { operation::%sFluentBuilder }\n", snake(op), op, op)
	}
	b.WriteString("}\n\npub mod operation {\n    use std::collections::HashMap;\n")
	for _, op := range Operations() {
		fmt.Fprintf(&b, "#[derive(Debug)]\npub struct %sOutput;\n#[derive(Debug)]\npub struct %sError;\npub struct %sFluentBuilder;\nimpl %sFluentBuilder {\n", op, op, op, op)
		rustSetters(&b, operations[op].Input)
		fmt.Fprintf(&b, "    pub async fn send(self) -> Result<%sOutput, crate::error::SdkError<%sError>> { Ok(%sOutput) }\n}\n", op, op, op)
	}
	b.WriteString("}\n\npub mod types {\n    use std::collections::HashMap;\n    use crate::primitives::Blob;\n")
	b.WriteString(`#[derive(Clone, Debug)]
pub enum AttributeValue { B(Blob), Bool(bool), Bs(Vec<Blob>), L(Vec<AttributeValue>), M(HashMap<String, AttributeValue>), N(String), Ns(Vec<String>), Null(bool), S(String), Ss(Vec<String>) }
`)
	for _, e := range enums {
		name := rustName(e.Name)
		fmt.Fprintf(&b, "#[derive(Clone, Debug)]\npub enum %s {", name)
		for _, v := range e.Values {
			fmt.Fprintf(&b, " %s,", rustName(strings.ReplaceAll(strings.ToLower(v), "_", " ")))
		}
		fmt.Fprintf(&b, " Unknown(String) }\nimpl From<&str> for %s {\n    fn from(s: &str) -> Self { %s::Unknown(s.to_string()) }\n}\n", name, name)
	}
	for _, s := range structs {
		name := rustName(s.Name)
		build := name
		if ddbapi.Required[s.Name] {
			build = "Result<" + name + ", crate::error::BuildError>"
		}
		fmt.Fprintf(&b, "#[derive(Clone, Debug)]\npub struct %s;\nimpl %s {\n    pub fn builder() -> builders::%sBuilder { builders::%sBuilder }\n}\n", name, name, name, name)
		fmt.Fprintf(&b, "pub mod %s_builder {\n    use std::collections::HashMap;\n    pub struct %sBuilder;\n    impl %sBuilder {\n", snake(s.Name), name, name)
		rustSetters(&b, s)
		ok := "super::" + name
		if ddbapi.Required[s.Name] {
			ok = "Ok(super::" + name + ")"
		}
		fmt.Fprintf(&b, "    pub fn build(self) -> %s { %s }\n    }\n}\n", strings.ReplaceAll(build, name, "super::"+name), ok)
	}
	b.WriteString("pub mod builders {\n")
	for _, s := range structs {
		fmt.Fprintf(&b, "    pub use super::%s_builder::%sBuilder;\n", snake(s.Name), rustName(s.Name))
	}
	b.WriteString("}\n}\n")
	return b.String()
}

// ---- Java: the AWS SDK for Java v2's classes ----

// javaType is the Java type of shape s, as the SDK's getters return it.
func javaType(s *shape) string {
	switch s.Kind {
	case kString:
		return "String"
	case kInt32:
		return "Integer"
	case kInt64:
		return "Long"
	case kBool:
		return "Boolean"
	case kList:
		return "List<" + javaType(s.Elem) + ">"
	case kMap:
		return "Map<String, " + javaType(s.Elem) + ">"
	case kAttr:
		return "AttributeValue"
	}
	return s.Name
}

// javaSetters are the SDK's setters of member name of shape s: one per
// type it takes, as the SDK generates them.
func javaSetters(b *strings.Builder, name string, s *shape) {
	set := func(param string) { fmt.Fprintf(b, "        Builder %s(%s v);\n", name, param) }
	switch s.Kind {
	case kEnum:
		set("String")
		set(s.Name)
	case kStruct:
		set(s.Name)
		set("Consumer<" + s.Name + ".Builder>")
	case kList:
		elem := javaType(s.Elem)
		if s.Elem.Kind == kMap {
			set("Collection<? extends " + elem + ">")
		} else {
			set("Collection<" + elem + ">")
		}
		set(elem + "...")
		if s.Elem.Kind == kStruct || s.Elem.Kind == kAttr {
			set("Consumer<" + elem + ".Builder>...")
		}
	case kMap:
		if s.Elem.Kind == kList {
			set("Map<String, ? extends Collection<" + javaType(s.Elem.Elem) + ">>")
		} else {
			set(javaType(s))
		}
	default:
		set(javaType(s))
	}
}

const javaStubImports = "import java.util.Collection;\nimport java.util.List;\nimport java.util.Map;\nimport java.util.function.Consumer;\n"

// javaClassStub is a model class with a builder of the struct shape s.
func javaClassStub(class string, s *shape) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package software.amazon.awssdk.services.dynamodb.model;\n\n%s\npublic final class %s {\n", javaStubImports, class)
	fmt.Fprintf(&b, "    public static Builder builder() { return null; }\n\n    public interface Builder {\n")
	for _, f := range s.Fields {
		javaSetters(&b, lowerCamel(f.Name), f.Shape)
	}
	fmt.Fprintf(&b, "        %s build();\n    }\n}\n", class)
	return b.String()
}

// javaSDKStub returns the stand-in's files, by path.
func javaSDKStub() map[string]string {
	const model = "software/amazon/awssdk/services/dynamodb/model/"
	files := map[string]string{
		"software/amazon/awssdk/core/SdkBytes.java": `package software.amazon.awssdk.core;

public final class SdkBytes {
    public static SdkBytes fromUtf8String(String s) { return null; }
    public static SdkBytes fromByteArray(byte[] b) { return null; }
}
`,
		"software/amazon/awssdk/regions/Region.java": `package software.amazon.awssdk.regions;

public final class Region {
    public static Region of(String region) { return null; }
}
`,
		"software/amazon/awssdk/services/dynamodb/DynamoDbClientBuilder.java": `package software.amazon.awssdk.services.dynamodb;

public interface DynamoDbClientBuilder {
    DynamoDbClientBuilder region(software.amazon.awssdk.regions.Region region);
    DynamoDbClientBuilder endpointOverride(java.net.URI endpoint);
    DynamoDbClient build();
}
`,
		model + "AttributeValue.java": `package software.amazon.awssdk.services.dynamodb.model;

` + javaStubImports + `import software.amazon.awssdk.core.SdkBytes;

public final class AttributeValue {
    public static Builder builder() { return null; }

    public interface Builder {
        Builder s(String v);
        Builder n(String v);
        Builder b(SdkBytes v);
        Builder ss(Collection<String> v);
        Builder ss(String... v);
        Builder ns(Collection<String> v);
        Builder ns(String... v);
        Builder bs(Collection<SdkBytes> v);
        Builder bs(SdkBytes... v);
        Builder m(Map<String, AttributeValue> v);
        Builder l(Collection<AttributeValue> v);
        Builder l(AttributeValue... v);
        Builder l(Consumer<AttributeValue.Builder>... v);
        Builder nul(Boolean v);
        Builder bool(Boolean v);
        AttributeValue build();
    }
}
`,
	}
	var client strings.Builder
	client.WriteString("package software.amazon.awssdk.services.dynamodb;\n\nimport java.util.function.Consumer;\nimport software.amazon.awssdk.services.dynamodb.model.*;\n\n")
	client.WriteString("public interface DynamoDbClient extends AutoCloseable {\n    static DynamoDbClientBuilder builder() { return null; }\n\n    @Override\n    void close();\n")
	for _, op := range Operations() {
		m := lowerCamel(op)
		fmt.Fprintf(&client, "    default %sResponse %s(%sRequest request) { return null; }\n", op, m, op)
		fmt.Fprintf(&client, "    default %sResponse %s(Consumer<%sRequest.Builder> request) { return null; }\n", op, m, op)
		files[model+op+"Request.java"] = javaClassStub(op+"Request", operations[op].Input)
		files[model+op+"Response.java"] = fmt.Sprintf("package software.amazon.awssdk.services.dynamodb.model;\n\npublic final class %sResponse {}\n", op)
	}
	client.WriteString("}\n")
	files["software/amazon/awssdk/services/dynamodb/DynamoDbClient.java"] = client.String()
	structs, enums := stubShapes()
	for _, s := range structs {
		files[model+s.Name+".java"] = javaClassStub(s.Name, s)
	}
	for _, e := range enums {
		files[model+e.Name+".java"] = fmt.Sprintf("package software.amazon.awssdk.services.dynamodb.model;\n\npublic enum %s {\n    %s,\n    UNKNOWN_TO_SDK_VERSION\n}\n",
			e.Name, strings.Join(e.Values, ",\n    "))
	}
	return files
}

// ---- C#: the AWS SDK for .NET's classes ----

// csStubType is the .NET SDK's type of a property of shape s.
func csStubType(s *shape) string {
	switch s.Kind {
	case kString:
		return "string"
	case kInt32:
		return "int"
	case kInt64:
		return "long"
	case kBool:
		return "bool"
	case kList:
		return "List<" + csStubType(s.Elem) + ">"
	case kMap:
		return "Dictionary<string, " + csStubType(s.Elem) + ">"
	case kAttr:
		return "AttributeValue"
	}
	return s.Name
}

func csharpSDKStub() string {
	structs, enums := stubShapes()
	var b strings.Builder
	b.WriteString(`using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Amazon
{
    public class RegionEndpoint
    {
        public static RegionEndpoint GetBySystemName(string name) { return null; }
    }
}

namespace Amazon.Runtime
{
    public class ConstantClass
    {
        protected ConstantClass(string value) { Value = value; }
        public string Value { get; private set; }
    }
    public class AmazonWebServiceRequest {}
    public class AmazonWebServiceResponse
    {
        public System.Net.HttpStatusCode HttpStatusCode { get; set; }
    }
}

namespace Amazon.DynamoDBv2
{
    using Amazon.DynamoDBv2.Model;
    using Amazon.Runtime;

    public class AmazonDynamoDBConfig
    {
        public string ServiceURL { get; set; }
        public string AuthenticationRegion { get; set; }
        public RegionEndpoint RegionEndpoint { get; set; }
    }

    public class AmazonDynamoDBClient : IDisposable
    {
        public AmazonDynamoDBClient(AmazonDynamoDBConfig config) {}
        public void Dispose() {}
`)
	for _, op := range Operations() {
		fmt.Fprintf(&b, "        public Task<%sResponse> %sAsync(%sRequest request, CancellationToken cancellationToken = default(CancellationToken)) { return null; }\n", op, op, op)
	}
	b.WriteString("    }\n")
	for _, e := range enums {
		fmt.Fprintf(&b, "    public class %s : ConstantClass\n    {\n", e.Name)
		for _, v := range e.Values {
			fmt.Fprintf(&b, "        public static readonly %s %s = new %s(%q);\n", e.Name, v, e.Name, v)
		}
		fmt.Fprintf(&b, "        public %s(string value) : base(value) {}\n        public static implicit operator %s(string value) { return new %s(value); }\n    }\n", e.Name, e.Name, e.Name)
	}
	b.WriteString(`}

namespace Amazon.DynamoDBv2.Model
{
    using Amazon.DynamoDBv2;
    using Amazon.Runtime;

    public class AttributeValue
    {
        public string S { get; set; }
        public string N { get; set; }
        public MemoryStream B { get; set; }
        public List<string> SS { get; set; }
        public List<string> NS { get; set; }
        public List<MemoryStream> BS { get; set; }
        public Dictionary<string, AttributeValue> M { get; set; }
        public List<AttributeValue> L { get; set; }
        public bool NULL { get; set; }
        public bool BOOL { get; set; }
        public bool IsBOOLSet { get; set; }
        public bool IsLSet { get; set; }
        public bool IsMSet { get; set; }
    }
`)
	class := func(name, base string, s *shape) {
		fmt.Fprintf(&b, "    public class %s%s\n    {\n", name, base)
		for _, f := range s.Fields {
			fmt.Fprintf(&b, "        public %s %s { get; set; }\n", csStubType(f.Shape), f.Name)
		}
		b.WriteString("    }\n")
	}
	for _, op := range Operations() {
		class(op+"Request", " : AmazonWebServiceRequest", operations[op].Input)
		fmt.Fprintf(&b, "    public class %sResponse : AmazonWebServiceResponse {}\n", op)
	}
	for _, s := range structs {
		class(s.Name, "", s)
	}
	b.WriteString("}\n")
	return b.String()
}

// TestRustFallibleMatchesModel: ddbapi.Required lists exactly the structures
// with members the API model marks required, as the SDK for Go's source
// says them ("This member is required."), which is what makes the Rust
// SDK's build() return a Result.
func TestRustFallibleMatchesModel(t *testing.T) {
	lookPath(t, "go")
	out, err := run(t, time.Minute, "", goEnv, "go", "list", "-f", "{{.Dir}}", typesPkg)
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", typesPkg, err, out)
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "types.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	required := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range g.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok {
				continue
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, field := range st.Fields.List {
				if field.Doc != nil && strings.Contains(field.Doc.Text(), "This member is required.") {
					required[ts.Name.Name] = true
				}
			}
		}
	}
	if len(required) == 0 {
		t.Fatalf("no required members found in %s", file)
	}
	structs, _ := stubShapes()
	for _, s := range structs {
		if ddbapi.Required[s.Name] != required[s.Name] {
			t.Errorf("%s: ddbapi.Required says %v, the model's required members say %v", s.Name, ddbapi.Required[s.Name], required[s.Name])
		}
	}
	for name := range ddbapi.Required {
		if !slices.ContainsFunc(structs, func(s *shape) bool { return s.Name == name }) {
			t.Errorf("ddbapi.Required lists %s, which no operation uses", name)
		}
	}
}
