package snippet

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// javaLayout: four spaces, 100 columns.
var javaLayout = layout{indent: "    ", indentWidth: 4, width: 100}

const javaModel = "software.amazon.awssdk.services.dynamodb.model."

func renderJava(c *call) string {
	j := newJavaWriter(nil)
	request := c.op.Name + "Request"
	j.classes[request] = true
	j.classes[c.op.Name+"Response"] = true
	in := j.builder(c.in, c.op.Input, request)

	var body strings.Builder
	client := chain("DynamoDbClient.builder()", ".build()").
		call(".region(", leaf("Region.of("+javaQuote(c.region)+")"), ")")
	if c.endpoint != "" {
		client.call(".endpointOverride(", leaf("URI.create("+javaQuote(c.endpoint)+")"), ")")
	}
	javaLayout.statement(&body, 2, "DynamoDbClient client = ", client, ";")
	javaLayout.statement(&body, 2, c.op.Name+"Response response = client."+lowerCamel(c.op.Name)+"(", in, ");")
	body.WriteString("        System.out.println(response);\n")

	var b strings.Builder
	imports := []string{
		"software.amazon.awssdk.regions.Region",
		"software.amazon.awssdk.services.dynamodb.DynamoDbClient",
	}
	if c.endpoint != "" {
		imports = append(imports, "java.net.URI")
	}
	imports = append(imports, j.imports()...)
	// Sorted, which puts java.* before software.*, with a line between.
	slices.Sort(imports)
	for i, imp := range imports {
		if i > 0 && strings.HasPrefix(imports[i-1], "java.") && !strings.HasPrefix(imp, "java.") {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "import %s;\n", imp)
	}
	b.WriteString("\npublic class Main {\n    public static void main(String[] args) {\n")
	b.WriteString(body.String())
	b.WriteString("    }\n}\n")
	return b.String()
}

// javaWriter builds Java expressions of the SDK's types, noting the
// classes and java.util types they use.
type javaWriter struct {
	classes     map[string]bool // of the SDK's model package
	list, mapOf bool            // java.util.List, java.util.Map
	bytes       bool            // SdkBytes
	parts       func(string) []Part
}

func newJavaWriter(parts func(string) []Part) *javaWriter {
	return &javaWriter{classes: map[string]bool{}, parts: parts}
}

// imports are the classes the expressions written so far use.
func (j *javaWriter) imports() []string {
	var out []string
	if j.list {
		out = append(out, "java.util.List")
	}
	if j.mapOf {
		out = append(out, "java.util.Map")
	}
	if j.bytes {
		out = append(out, "software.amazon.awssdk.core.SdkBytes")
	}
	for _, class := range sortedKeys(j.classes) {
		out = append(out, javaModel+class)
	}
	return out
}

// str is s as a String: its literal, or the concatenation of its parts.
func (j *javaWriter) str(s string) *doc {
	lit, parts, ok := literal(j.parts, s)
	if !ok {
		return leaf(plus(parts, javaQuote))
	}
	return leaf(javaQuote(lit))
}

// builder is a struct shape as Class.builder().member(value)...build(); the
// SDK for Java v2's setters are the members' names in lowerCamelCase.
func (j *javaWriter) builder(v *jvalue, s *shape, class string) *doc {
	j.classes[class] = true
	d := chain(class+".builder()", ".build()")
	for _, m := range v.members {
		d.call("."+lowerCamel(m.name)+"(", j.value(m.value, s.Member(m.name)), ")")
	}
	return d
}

// value is v, of shape s, as a value of the Java type the SDK takes: an
// Integer or a Long for a number, the enum's constant, a List for a list
// and a Map for a map (Map.of keeps no order at run time, which DynamoDB
// does not need).
func (j *javaWriter) value(v *jvalue, s *shape) *doc {
	switch s.Kind {
	case kString:
		return j.str(v.str)
	case kInt32:
		return leaf(v.str)
	case kInt64:
		return leaf(v.str + "L")
	case kBool:
		return leaf(jsBool(v.boolean))
	case kEnum:
		lit, _, ok := literal(j.parts, v.str)
		if ok && slices.Contains(s.Values, lit) && javaIdent(lit) {
			j.classes[s.Name] = true
			return leaf(s.Name + "." + lit)
		}
		// Every enum member has a setter taking a String too, for values
		// the SDK does not know yet.
		return j.str(v.str)
	case kStruct:
		return j.builder(v, s, s.Name)
	case kList:
		return j.listOf(v.elems, func(e *jvalue) *doc { return j.value(e, s.Elem) })
	case kMap:
		return j.mapOfMembers(v.members, func(e *jvalue) *doc { return j.value(e, s.Elem) })
	}
	return j.attr(v)
}

func (j *javaWriter) listOf(elems []*jvalue, value func(*jvalue) *doc) *doc {
	j.list = true
	d := group("List.of(", ")", "")
	d.bare = true
	for _, e := range elems {
		d.add("", value(e))
	}
	return d
}

// mapOfMembers is Map.of(k, v, ...), which takes at most 10 entries, or
// Map.ofEntries(Map.entry(k, v), ...) for more.
func (j *javaWriter) mapOfMembers(members []jmember, value func(*jvalue) *doc) *doc {
	j.mapOf = true
	if len(members) <= 10 {
		d := group("Map.of(", ")", "")
		d.bare = true
		for _, m := range members {
			d.add(j.str(m.name).text+", ", value(m.value))
		}
		return d
	}
	d := group("Map.ofEntries(", ")", "")
	d.bare = true
	for _, m := range members {
		d.call("Map.entry("+j.str(m.name).text+", ", value(m.value), ")")
	}
	return d
}

// javaAttrSetters are AttributeValue's builder methods by type: NULL's is
// nul, null being a Java keyword.
var javaAttrSetters = map[string]string{
	"S": "s", "N": "n", "B": "b", "SS": "ss", "NS": "ns", "BS": "bs", "M": "m", "L": "l", "NULL": "nul", "BOOL": "bool",
}

// attr is AttributeValue.builder().s("x").build(). Lists go as a List,
// not as varargs: l() and the other list setters are overloaded with
// Consumer varargs, and an empty call would be ambiguous.
func (j *javaWriter) attr(v *jvalue) *doc {
	j.classes["AttributeValue"] = true
	typ, x := v.members[0].name, v.members[0].value
	var val *doc
	switch typ {
	case "S", "N":
		val = j.str(x.str)
	case "B":
		val = j.sdkBytes(x.bytes)
	case "NULL", "BOOL":
		val = leaf(jsBool(x.boolean))
	case "SS", "NS":
		val = j.listOf(x.elems, func(e *jvalue) *doc { return j.str(e.str) })
	case "BS":
		val = j.listOf(x.elems, func(e *jvalue) *doc { return j.sdkBytes(e.bytes) })
	case "L":
		val = j.listOf(x.elems, j.attr)
	case "M":
		val = j.mapOfMembers(x.members, j.attr)
	}
	return chain("AttributeValue.builder()", ".build()").call("."+javaAttrSetters[typ]+"(", val, ")")
}

// sdkBytes is p as SdkBytes: from a string when p is UTF-8 text, else
// from a byte array.
func (j *javaWriter) sdkBytes(p []byte) *doc {
	j.bytes = true
	if utf8.Valid(p) {
		return leaf("SdkBytes.fromUtf8String(" + javaQuote(string(p)) + ")")
	}
	// One leaf, however long: a byte per line would be unreadable.
	var b strings.Builder
	b.WriteString("SdkBytes.fromByteArray(new byte[] {")
	for i, c := range p {
		if i > 0 {
			b.WriteString(", ")
		}
		if c >= 0x80 {
			b.WriteString("(byte) ")
		}
		fmt.Fprintf(&b, "0x%02x", c)
	}
	b.WriteString("})")
	return leaf(b.String())
}

// javaIdent reports whether an enum value is a Java identifier, so that
// the SDK has a constant of that name.
func javaIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

// javaQuote is s as a Java string literal in ASCII: javac reads source in
// the platform's encoding before Java 18, so everything else is escaped,
// control characters as octal (a \u escape of a line break would end the
// literal: javac reads \u escapes before it reads literals), the rest as
// \u, UTF-16 surrogate pairs beyond the BMP.
func javaQuote(s string) string {
	return quoteWith(s, func(b *strings.Builder, r rune) {
		switch {
		case r >= 0x20 && r < 0x7f:
			b.WriteRune(r)
		case r < 0x80:
			fmt.Fprintf(b, `\%03o`, r)
		case r < 0x10000:
			fmt.Fprintf(b, `\u%04x`, r)
		default:
			r -= 0x10000
			fmt.Fprintf(b, `\u%04x\u%04x`, 0xd800+(r>>10), 0xdc00+(r&0x3ff))
		}
	})
}
