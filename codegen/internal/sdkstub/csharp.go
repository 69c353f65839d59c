package sdkstub

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

// csStubType is the .NET SDK's type of a property of shape s.
func csStubType(s *ddbapi.Shape) string {
	switch s.Kind {
	case ddbapi.String:
		return "string"
	case ddbapi.Int32:
		return "int"
	case ddbapi.Int64:
		return "long"
	case ddbapi.Bool:
		return "bool"
	case ddbapi.List:
		return "List<" + csStubType(s.Elem) + ">"
	case ddbapi.Map:
		return "Dictionary<string, " + csStubType(s.Elem) + ">"
	case ddbapi.Attr:
		return "AttributeValue"
	}
	return s.Name
}

// csResponse is the properties of an operation's response that the
// generated code reads: the items of a Query, a Scan or a statement and
// the key to go on from, a GetItem's item.
func csResponse(op string) string {
	switch op {
	case "Query", "Scan", "ExecuteStatement":
		return "        public List<Dictionary<string, AttributeValue>> Items { get; set; }\n" +
			"        public Dictionary<string, AttributeValue> LastEvaluatedKey { get; set; }\n"
	case "GetItem":
		return "        public Dictionary<string, AttributeValue> Item { get; set; }\n" +
			"        public bool IsItemSet { get { return Item != null; } }\n"
	}
	return ""
}

// csharpSource returns the stand-in of the AWS SDK for .NET (AWSSDK.DynamoDBv2),
// one C# source: RegionEndpoint, AmazonDynamoDBConfig, IAmazonDynamoDB and
// AmazonDynamoDBClient with an ...Async method per operation, every
// operation's request and response, every structure of the shapes with
// its members as properties, every enum as a ConstantClass (its values as
// constants, any string converting implicitly), and AttributeValue.
func csharpSource() string {
	structs, enums := Shapes()
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

    public interface IAmazonDynamoDB : IDisposable
    {
`)
	for _, op := range opNames() {
		fmt.Fprintf(&b, "        Task<%sResponse> %sAsync(%sRequest request, CancellationToken cancellationToken = default(CancellationToken));\n", op, op, op)
	}
	b.WriteString(`    }

    public class AmazonDynamoDBClient : IAmazonDynamoDB
    {
        public AmazonDynamoDBClient(AmazonDynamoDBConfig config) {}
        public void Dispose() {}
`)
	for _, op := range opNames() {
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
	class := func(name, base string, s *ddbapi.Shape) {
		fmt.Fprintf(&b, "    public class %s%s\n    {\n", name, base)
		for _, f := range s.Fields {
			fmt.Fprintf(&b, "        public %s %s { get; set; }\n", csStubType(f.Shape), f.Name)
		}
		b.WriteString("    }\n")
	}
	for _, op := range opNames() {
		class(op+"Request", " : AmazonWebServiceRequest", ddbapi.Operations[op].Input)
		fmt.Fprintf(&b, "    public class %sResponse : AmazonWebServiceResponse\n    {\n%s    }\n", op, csResponse(op))
	}
	for _, s := range structs {
		class(s.Name, "", s)
	}
	b.WriteString("}\n")
	return b.String()
}
