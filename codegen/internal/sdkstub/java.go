package sdkstub

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

// javaType is the Java type of shape s, as the SDK's getters return it.
func javaType(s *ddbapi.Shape) string {
	switch s.Kind {
	case ddbapi.String:
		return "String"
	case ddbapi.Int32:
		return "Integer"
	case ddbapi.Int64:
		return "Long"
	case ddbapi.Bool:
		return "Boolean"
	case ddbapi.List:
		return "List<" + javaType(s.Elem) + ">"
	case ddbapi.Map:
		return "Map<String, " + javaType(s.Elem) + ">"
	case ddbapi.Attr:
		return "AttributeValue"
	}
	return s.Name
}

// javaSetters are the SDK's setters of member name of shape s: one per
// type it takes, as the SDK generates them.
func javaSetters(b *strings.Builder, name string, s *ddbapi.Shape) {
	set := func(param string) { fmt.Fprintf(b, "        Builder %s(%s v);\n", name, param) }
	switch s.Kind {
	case ddbapi.Enum:
		set("String")
		set(s.Name)
	case ddbapi.Struct:
		set(s.Name)
		set("Consumer<" + s.Name + ".Builder>")
	case ddbapi.List:
		elem := javaType(s.Elem)
		if s.Elem.Kind == ddbapi.Map {
			set("Collection<? extends " + elem + ">")
		} else {
			set("Collection<" + elem + ">")
		}
		set(elem + "...")
		if s.Elem.Kind == ddbapi.Struct || s.Elem.Kind == ddbapi.Attr {
			set("Consumer<" + elem + ".Builder>...")
		}
	case ddbapi.Map:
		if s.Elem.Kind == ddbapi.List {
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
func javaClassStub(class string, s *ddbapi.Shape) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package software.amazon.awssdk.services.dynamodb.model;\n\n%s\npublic final class %s {\n", javaStubImports, class)
	fmt.Fprintf(&b, "    public static Builder builder() { return null; }\n    public Builder toBuilder() { return null; }\n\n    public interface Builder {\n")
	for _, f := range s.Fields {
		javaSetters(&b, ddbapi.LowerCamel(f.Name), f.Shape)
	}
	fmt.Fprintf(&b, "        %s build();\n    }\n}\n", class)
	return b.String()
}

// javaResponse is the members of an operation's response that the
// generated code reads: the items of a Query, a Scan or a statement and
// the key to go on from, a GetItem's item.
func javaResponse(op string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package software.amazon.awssdk.services.dynamodb.model;\n\n%s\npublic final class %sResponse {\n", javaStubImports, op)
	switch op {
	case "Query", "Scan", "ExecuteStatement":
		b.WriteString("    public List<Map<String, AttributeValue>> items() { return null; }\n")
		b.WriteString("    public Map<String, AttributeValue> lastEvaluatedKey() { return null; }\n")
	case "GetItem":
		b.WriteString("    public boolean hasItem() { return false; }\n")
		b.WriteString("    public Map<String, AttributeValue> item() { return null; }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// javaSources returns the stand-in of the AWS SDK for Java v2, its sources by
// path (software/amazon/awssdk/...): SdkBytes, Region, DynamoDbClient and
// its builder, and of the model package every operation's request and
// response, every structure and enum of the shapes, and AttributeValue.
// Builders have a setter per member for each type the SDK's setters take
// (the Collection, varargs and Consumer overloads, an enum's String
// overload); the client a method per operation taking the request or a
// Consumer of its builder; responses the members the generated code
// reads. BuildJava compiles it (apart:
// its generic varargs would warn under -Xlint:all).
func javaSources() map[string]string {
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
	for _, op := range opNames() {
		m := ddbapi.LowerCamel(op)
		fmt.Fprintf(&client, "    default %sResponse %s(%sRequest request) { return null; }\n", op, m, op)
		fmt.Fprintf(&client, "    default %sResponse %s(Consumer<%sRequest.Builder> request) { return null; }\n", op, m, op)
		files[model+op+"Request.java"] = javaClassStub(op+"Request", ddbapi.Operations[op].Input)
		files[model+op+"Response.java"] = javaResponse(op)
	}
	client.WriteString("}\n")
	files["software/amazon/awssdk/services/dynamodb/DynamoDbClient.java"] = client.String()
	structs, enums := Shapes()
	for _, s := range structs {
		files[model+s.Name+".java"] = javaClassStub(s.Name, s)
	}
	for _, e := range enums {
		files[model+e.Name+".java"] = fmt.Sprintf("package software.amazon.awssdk.services.dynamodb.model;\n\npublic enum %s {\n    %s,\n    UNKNOWN_TO_SDK_VERSION\n}\n",
			e.Name, strings.Join(e.Values, ",\n    "))
	}
	return files
}
