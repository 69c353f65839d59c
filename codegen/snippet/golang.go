package snippet

import (
	"fmt"
	"strconv"
	"strings"
)

// goLayout is gofmt's indentation and alignment; 100 columns, a tab
// counted as 4.
var goLayout = layout{indent: "\t", indentWidth: 4, width: 100, gofmt: true}

func renderGo(c *call) string {
	g := &goWriter{}
	input := g.structure(c.in, c.op.Input, "&dynamodb."+c.op.Input.Name+"{")

	var body strings.Builder
	body.WriteString("\tctx := context.Background()\n")
	fmt.Fprintf(&body, "\tcfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(%s))\n", strconv.Quote(c.region))
	body.WriteString("\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n")
	if c.endpoint != "" {
		g.aws = true
		fmt.Fprintf(&body, "\tclient := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {\n\t\to.BaseEndpoint = aws.String(%s)\n\t})\n", strconv.Quote(c.endpoint))
	} else {
		body.WriteString("\tclient := dynamodb.NewFromConfig(cfg)\n")
	}
	body.WriteByte('\n')
	goLayout.statement(&body, 1, "out, err := client."+c.op.Name+"(ctx, ", input, ")")
	body.WriteString("\tif err != nil {\n\t\tlog.Fatal(err)\n\t}\n")
	body.WriteString("\tfmt.Printf(\"%+v\\n\", out)\n")

	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"log\"\n\n")
	if g.aws { // an unused import would not compile
		b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/aws\"\n")
	}
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/config\"\n\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb\"\n")
	if g.types {
		b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb/types\"\n")
	}
	b.WriteString(")\n\nfunc main() {\n")
	b.WriteString(body.String())
	b.WriteString("}\n")

	return b.String()
}

// goWriter builds Go literals of the SDK's types, noting which packages
// they use.
type goWriter struct {
	aws   bool // aws.String and friends
	types bool // the types package
}

// structure is a composite literal of a struct shape, opened by open
// ("&types.Put{" for a member, "{" for an element whose type is implied).
func (g *goWriter) structure(v *jvalue, s *shape, open string) *doc {
	d := group(open, "}", "")
	for _, m := range v.members {
		d.add(m.name+": ", g.member(m.value, s.Member(m.name)))
	}
	return d
}

// member is v as the value of a struct field of shape s: the SDK's
// optional scalars are pointers and its nested structures too.
func (g *goWriter) member(v *jvalue, s *shape) *doc {
	switch s.Kind {
	case kString:
		g.aws = true
		return leaf("aws.String(" + strconv.Quote(v.str) + ")")
	case kInt32:
		g.aws = true
		return leaf("aws.Int32(" + v.str + ")")
	case kInt64:
		g.aws = true
		return leaf("aws.Int64(" + v.str + ")")
	case kBool:
		g.aws = true
		return leaf("aws.Bool(" + strconv.FormatBool(v.boolean) + ")")
	case kStruct:
		g.types = true
		return g.structure(v, s, "&types."+s.Name+"{")
	}
	return g.element(v, s, true)
}

// element is v as a slice element or map value of shape s, where Go lets
// a composite literal leave its type out; typed writes it anyway (for a
// struct field).
func (g *goWriter) element(v *jvalue, s *shape, typed bool) *doc {
	open := "{"
	if typed {
		open = g.typeName(s) + "{"
	}
	switch s.Kind {
	case kString:
		return leaf(strconv.Quote(v.str))
	case kInt32, kInt64:
		return leaf(v.str)
	case kBool:
		return leaf(strconv.FormatBool(v.boolean))
	case kEnum:
		g.types = true
		if c := enumConstant(s, v.str); c != "" {
			return leaf("types." + c)
		}
		// A value the SDK has no constant for is still a valid enum value.
		return leaf("types." + s.Name + "(" + strconv.Quote(v.str) + ")")
	case kStruct:
		return g.structure(v, s, open)
	case kList:
		d := group(open, "}", "")
		for _, e := range v.elems {
			d.add("", g.element(e, s.Elem, false))
		}
		return d
	case kMap:
		d := group(open, "}", "")
		for _, m := range v.members {
			d.add(strconv.Quote(m.name)+": ", g.element(m.value, s.Elem, false))
		}
		return d
	}
	return g.attr(v)
}

// typeName is the Go type of shape s.
func (g *goWriter) typeName(s *shape) string {
	switch s.Kind {
	case kString:
		return "string"
	case kInt32:
		return "int32"
	case kInt64:
		return "int64"
	case kBool:
		return "bool"
	case kList:
		return "[]" + g.typeName(s.Elem)
	case kMap:
		return "map[string]" + g.typeName(s.Elem)
	case kAttr:
		g.types = true
		return "types.AttributeValue"
	}
	g.types = true
	return "types." + s.Name
}

// attr is an AttributeValue: an interface, so every value names its
// member type, e.g. &types.AttributeValueMemberS{Value: "x"}.
func (g *goWriter) attr(v *jvalue) *doc {
	g.types = true
	typ, x := v.members[0].name, v.members[0].value
	var val *doc
	switch typ {
	case "S", "N":
		val = leaf(strconv.Quote(x.str))
	case "B":
		val = leaf(goBytes(x.bytes))
	case "NULL", "BOOL":
		val = leaf(strconv.FormatBool(x.boolean))
	case "SS", "NS":
		val = group("[]string{", "}", "")
		for _, e := range x.elems {
			val.add("", leaf(strconv.Quote(e.str)))
		}
	case "BS":
		val = group("[][]byte{", "}", "")
		for _, e := range x.elems {
			val.add("", leaf(goBytes(e.bytes)))
		}
	case "L":
		val = group("[]types.AttributeValue{", "}", "")
		for _, e := range x.elems {
			val.add("", g.attr(e))
		}
	case "M":
		val = group("map[string]types.AttributeValue{", "}", "")
		for _, m := range x.members {
			val.add(strconv.Quote(m.name)+": ", g.attr(m.value))
		}
	}
	return group("&types.AttributeValueMember"+typ+"{", "}", "").add("Value: ", val)
}

// goBytes is p as a []byte conversion of a string literal: strconv.Quote
// escapes exactly the bytes that are not printable UTF-8, so the literal
// holds p byte for byte, and text stays readable.
func goBytes(p []byte) string {
	return "[]byte(" + strconv.Quote(string(p)) + ")"
}
