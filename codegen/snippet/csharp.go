package snippet

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// csharpLayout: four spaces, 100 columns, braces of a broken initializer
// on lines of their own.
var csharpLayout = layout{indent: "    ", indentWidth: 4, width: 100}

func renderCSharp(c *call) string {
	cs := &csWriter{}
	in := cs.object(c.in, c.op.Input, c.op.Name+"Request")

	config := initializer("new AmazonDynamoDBConfig {")
	if c.endpoint != "" {
		config.add("ServiceURL = ", leaf(csQuote(c.endpoint)))
		config.add("AuthenticationRegion = ", leaf(csQuote(c.region)))
	} else {
		config.add("RegionEndpoint = ", leaf("RegionEndpoint.GetBySystemName("+csQuote(c.region)+")"))
	}

	var body strings.Builder
	csharpLayout.statement(&body, 2, "var config = ", config, ";")
	body.WriteString("        var client = new AmazonDynamoDBClient(config);\n")
	csharpLayout.statement(&body, 2, "var response = await client."+c.op.Name+"Async(", in, ");")
	body.WriteString("        Console.WriteLine(response.HttpStatusCode);\n")

	var b strings.Builder
	b.WriteString("using System;\n")
	for _, ns := range cs.imports() {
		b.WriteString("using " + ns + ";\n")
	}
	b.WriteString("using System.Threading.Tasks;\n")
	if c.endpoint == "" {
		b.WriteString("using Amazon;\n")
	}
	b.WriteString("using Amazon.DynamoDBv2;\nusing Amazon.DynamoDBv2.Model;\n\n")
	b.WriteString("class Program\n{\n    static async Task Main()\n    {\n")
	b.WriteString(body.String())
	b.WriteString("    }\n}\n")
	return b.String()
}

// csWriter builds C# expressions of the .NET SDK's types, noting the
// namespaces they need.
type csWriter struct {
	collections bool // List, Dictionary
	stream      bool // MemoryStream
	text        bool // Encoding
	parts       func(string) []Part
}

// imports are the namespaces the expressions written so far use.
func (cs *csWriter) imports() []string {
	var out []string
	if cs.collections {
		out = append(out, "System.Collections.Generic")
	}
	if cs.stream {
		out = append(out, "System.IO")
	}
	if cs.text {
		out = append(out, "System.Text")
	}
	return out
}

// str is s as a string: its literal, or the concatenation of its parts.
func (cs *csWriter) str(s string) string {
	lit, parts, ok := literal(cs.parts, s)
	if !ok {
		return plus(parts, csQuote)
	}
	return csQuote(lit)
}

// initializer is an object or collection initializer, "new T {".
func initializer(open string) *doc {
	d := group(open, "}", " ")
	d.allman = true
	return d
}

// object is a struct shape as new T { Member = value, ... }: the .NET
// SDK's properties are named as DynamoDB's members.
func (cs *csWriter) object(v *jvalue, s *shape, class string) *doc {
	d := initializer("new " + class + " {")
	for _, m := range v.members {
		d.add(m.name+" = ", cs.value(m.value, s.Member(m.name)))
	}
	return d
}

// value is v, of shape s, as the .NET SDK's type: int, long, bool, the
// enum's ConstantClass, List<T>, Dictionary<string, T>.
func (cs *csWriter) value(v *jvalue, s *shape) *doc {
	switch s.Kind {
	case kString:
		return leaf(cs.str(v.str))
	case kInt32, kInt64:
		return leaf(v.str)
	case kBool:
		return leaf(jsBool(v.boolean))
	case kEnum:
		lit, _, ok := literal(cs.parts, v.str)
		if ok && slices.Contains(s.Values, lit) && javaIdent(lit) {
			return leaf(s.Name + "." + lit)
		}
		// The SDK's enums are classes that take any value.
		return leaf("new " + s.Name + "(" + cs.str(v.str) + ")")
	case kStruct:
		return cs.object(v, s, s.Name)
	case kList:
		d := initializer("new " + cs.typeName(s) + " {")
		for _, e := range v.elems {
			d.add("", cs.value(e, s.Elem))
		}
		return d
	case kMap:
		d := initializer("new " + cs.typeName(s) + " {")
		for _, m := range v.members {
			d.add("["+cs.str(m.name)+"] = ", cs.value(m.value, s.Elem))
		}
		return d
	}
	return cs.attr(v)
}

// typeName is the C# type of shape s.
func (cs *csWriter) typeName(s *shape) string {
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
		cs.collections = true
		return "List<" + cs.typeName(s.Elem) + ">"
	case kMap:
		cs.collections = true
		return "Dictionary<string, " + cs.typeName(s.Elem) + ">"
	case kAttr:
		return "AttributeValue"
	}
	return s.Name
}

// attr is new AttributeValue { S = "x" }. Setting BOOL or NULL, even to
// false, sets it (IsBOOLSet becomes true), and an empty List or Dictionary
// assigned is sent, so no IsXSet is needed.
func (cs *csWriter) attr(v *jvalue) *doc {
	typ, x := v.members[0].name, v.members[0].value
	var val *doc
	switch typ {
	case "S", "N":
		val = leaf(cs.str(x.str))
	case "B":
		val = cs.memoryStream(x.bytes)
	case "NULL", "BOOL":
		val = leaf(jsBool(x.boolean))
	case "SS", "NS":
		cs.collections = true
		val = initializer("new List<string> {")
		for _, e := range x.elems {
			val.add("", leaf(cs.str(e.str)))
		}
	case "BS":
		cs.collections = true
		val = initializer("new List<MemoryStream> {")
		for _, e := range x.elems {
			val.add("", cs.memoryStream(e.bytes))
		}
	case "L":
		cs.collections = true
		val = initializer("new List<AttributeValue> {")
		for _, e := range x.elems {
			val.add("", cs.attr(e))
		}
	case "M":
		cs.collections = true
		val = initializer("new Dictionary<string, AttributeValue> {")
		for _, m := range x.members {
			val.add("["+cs.str(m.name)+"] = ", cs.attr(m.value))
		}
	}
	return initializer("new AttributeValue {").add(typ+" = ", val)
}

// memoryStream is p as the MemoryStream the SDK takes for binary values: of
// the UTF-8 bytes of a string when p is text, else of a byte array.
func (cs *csWriter) memoryStream(p []byte) *doc {
	cs.stream = true
	if utf8.Valid(p) {
		cs.text = true
		return leaf("new MemoryStream(Encoding.UTF8.GetBytes(" + csQuote(string(p)) + "))")
	}
	// One leaf, however long: a byte per line would be unreadable.
	var b strings.Builder
	b.WriteString("new MemoryStream(new byte[] { ")
	for i, c := range p {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "0x%02X", c)
	}
	b.WriteString(" })")
	return leaf(b.String())
}

// csQuote is s as a C# string literal; what is not printable is escaped
// (\u or \U), the rest left as it is (C# source is UTF-8).
func csQuote(s string) string {
	return quoteWith(s, func(b *strings.Builder, r rune) {
		switch {
		case r == 0:
			b.WriteString(`\0`)
		case unicode.IsPrint(r):
			b.WriteRune(r)
		case r < 0x10000:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			fmt.Fprintf(b, `\U%08x`, r)
		}
	})
}
