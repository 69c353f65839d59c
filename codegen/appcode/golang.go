package appcode

import (
	"encoding/base64"
	"fmt"
	"go/format"
	"strconv"
	"strings"
)

// The Go data-access package: aws-sdk-go-v2's DynamoDB client, requests as
// the SDK's input structs, items read into a struct per entity with
// feature/dynamodb/attributevalue.

var goReserved = []string{
	"break", "default", "func", "interface", "select", "case", "defer", "go", "map", "struct", "chan",
	"else", "goto", "package", "switch", "const", "fallthrough", "if", "range", "type", "continue",
	"for", "import", "return", "var",
	"string", "error", "any", "bool", "byte", "int", "int32", "float64", "len", "append", "make", "new",
	"nil", "true", "false", "iota", "cap", "copy", "panic", "recover", "print", "println", "min", "max", "clear",
	"aws", "types", "dynamodb", "attributevalue", "context", "strconv", "sync", "fmt", "errors",
	"ctx", "client", "in", "out", "items", "page", "err", "shards", "results", "errs", "wg", "sem", "one", "i", "n", "r", "shardValue",
	"Item", "Client",
}

// goField says how a request member is written in Go.
type goField struct {
	kind int
	typ  string // the struct or enum type in package types
}

const (
	gStr = iota
	gBool
	gInt32
	gEnum
	gAVMap
	gNames
	gStrList
	gStructPtr
	gStructList
	gAVMapList
	gAVList
	gBatchGet
	gBatchWrite
	gAV
	gStructMap // map[string]types.T: the legacy KeyConditions, QueryFilter, ...
)

// goFieldOf returns how member name of operation op's input (or of a
// structure within it) is written, or false when the generator does not
// know it.
func goFieldOf(op, name string) (goField, bool) {
	switch name {
	case "TableName", "IndexName", "KeyConditionExpression", "FilterExpression", "ProjectionExpression",
		"ConditionExpression", "UpdateExpression", "ClientRequestToken", "Statement", "NextToken":
		return goField{kind: gStr}, true
	case "ScanIndexForward", "ConsistentRead":
		return goField{kind: gBool}, true
	case "Limit", "Segment", "TotalSegments":
		return goField{kind: gInt32}, true
	case "Select":
		return goField{kind: gEnum, typ: "Select"}, true
	case "ReturnConsumedCapacity", "ReturnItemCollectionMetrics", "ReturnValuesOnConditionCheckFailure":
		return goField{kind: gEnum, typ: name}, true
	case "ReturnValues":
		return goField{kind: gEnum, typ: "ReturnValue"}, true
	case "ComparisonOperator", "ConditionalOperator":
		return goField{kind: gEnum, typ: name}, true
	case "Action":
		return goField{kind: gEnum, typ: "AttributeAction"}, true
	case "Exists":
		return goField{kind: gBool}, true
	case "Value":
		return goField{kind: gAV}, true
	case "AttributeValueList":
		return goField{kind: gAVList}, true
	case "KeyConditions", "QueryFilter", "ScanFilter":
		return goField{kind: gStructMap, typ: "Condition"}, true
	case "Expected":
		return goField{kind: gStructMap, typ: "ExpectedAttributeValue"}, true
	case "AttributeUpdates":
		return goField{kind: gStructMap, typ: "AttributeValueUpdate"}, true
	case "Key", "Item", "ExpressionAttributeValues", "ExclusiveStartKey":
		return goField{kind: gAVMap}, true
	case "ExpressionAttributeNames":
		return goField{kind: gNames}, true
	case "AttributesToGet":
		return goField{kind: gStrList}, true
	case "Keys":
		return goField{kind: gAVMapList}, true
	case "Parameters":
		return goField{kind: gAVList}, true
	case "TransactItems":
		if op == "TransactGetItems" {
			return goField{kind: gStructList, typ: "TransactGetItem"}, true
		}
		return goField{kind: gStructList, typ: "TransactWriteItem"}, true
	case "Put", "Delete", "Update", "ConditionCheck", "Get", "PutRequest", "DeleteRequest":
		return goField{kind: gStructPtr, typ: name}, true
	case "RequestItems":
		if op == "BatchGetItem" {
			return goField{kind: gBatchGet}, true
		}
		return goField{kind: gBatchWrite}, true
	}
	return goField{}, false
}

// goGen writes one pattern's request.
type goGen struct {
	op   string
	ids  map[string]string
	nums map[string]bool
	err  error
}

func (g *goGen) fail(format string, args ...any) string {
	if g.err == nil {
		g.err = fmt.Errorf(format, args...)
	}
	return "nil"
}

// str is a string expression of parts.
func (g *goGen) str(parts []part) string {
	var out []string
	for _, p := range parts {
		if p.param != "" {
			id := g.ids[p.param]
			if g.nums[p.param] {
				id = "strconv.FormatFloat(" + id + ", 'f', -1, 64)"
			}
			out = append(out, id)
		} else {
			out = append(out, quote(p.lit))
		}
	}
	return strings.Join(out, " + ")
}

func (g *goGen) strOf(n *node) string {
	if n.kind != kString {
		return g.fail("expected a string, found %s", kindName(n))
	}
	return g.str(n.parts)
}

func kindName(n *node) string {
	return [...]string{"an object", "an array", "a string", "a number", "a boolean", "null"}[n.kind]
}

// fields writes an object's members as a struct literal's fields.
func (g *goGen) fields(b *strings.Builder, n *node, indent string) {
	if n.kind != kObject {
		g.fail("expected an object, found %s", kindName(n))
		return
	}
	for i, k := range n.keys {
		name := k.text()
		f, ok := goFieldOf(g.op, name)
		if !ok || !k.literal() {
			g.fail("the request member %q is not supported by the Go generator", name)
			return
		}
		b.WriteString(indent + name + ": ")
		g.value(b, f, n.vals[i], indent)
		b.WriteString(",\n")
	}
}

func (g *goGen) value(b *strings.Builder, f goField, v *node, indent string) {
	switch f.kind {
	case gStr:
		b.WriteString("aws.String(" + g.strOf(v) + ")")
	case gBool:
		if v.kind != kBool {
			b.WriteString(g.fail("expected a boolean"))
			return
		}
		b.WriteString("aws.Bool(" + strconv.FormatBool(v.b) + ")")
	case gInt32:
		if v.kind != kNumber {
			b.WriteString(g.fail("expected a number"))
			return
		}
		b.WriteString("aws.Int32(" + v.num + ")")
	case gEnum:
		b.WriteString("types." + f.typ + "(" + g.strOf(v) + ")")
	case gAVMap:
		g.avMap(b, v, indent)
	case gAV:
		g.av(b, v, indent)
	case gStructMap:
		if v.kind != kObject {
			b.WriteString(g.fail("expected an object"))
			return
		}
		b.WriteString("map[string]types." + f.typ + "{\n")
		for i, k := range v.keys {
			b.WriteString(indent + "\t" + g.str(k.parts) + ": {\n")
			g.fields(b, v.vals[i], indent+"\t\t")
			b.WriteString(indent + "\t},\n")
		}
		b.WriteString(indent + "}")
	case gNames:
		if v.kind != kObject {
			b.WriteString(g.fail("expected an object"))
			return
		}
		b.WriteString("map[string]string{\n")
		for i, k := range v.keys {
			b.WriteString(indent + "\t" + g.str(k.parts) + ": " + g.strOf(v.vals[i]) + ",\n")
		}
		b.WriteString(indent + "}")
	case gStrList:
		b.WriteString("[]string{")
		for i, e := range v.vals {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(g.strOf(e))
		}
		b.WriteString("}")
	case gStructPtr:
		b.WriteString("&types." + f.typ + "{\n")
		g.fields(b, v, indent+"\t")
		b.WriteString(indent + "}")
	case gStructList:
		b.WriteString("[]types." + f.typ + "{\n")
		for _, e := range v.vals {
			b.WriteString(indent + "\t{\n")
			g.fields(b, e, indent+"\t\t")
			b.WriteString(indent + "\t},\n")
		}
		b.WriteString(indent + "}")
	case gAVMapList:
		b.WriteString("[]map[string]types.AttributeValue{\n")
		for _, e := range v.vals {
			b.WriteString(indent + "\t")
			g.avMap(b, e, indent+"\t")
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}")
	case gAVList:
		b.WriteString("[]types.AttributeValue{\n")
		for _, e := range v.vals {
			b.WriteString(indent + "\t")
			g.av(b, e, indent+"\t")
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}")
	case gBatchGet, gBatchWrite:
		if v.kind != kObject {
			b.WriteString(g.fail("expected an object"))
			return
		}
		if f.kind == gBatchGet {
			b.WriteString("map[string]types.KeysAndAttributes{\n")
		} else {
			b.WriteString("map[string][]types.WriteRequest{\n")
		}
		for i, k := range v.keys {
			b.WriteString(indent + "\t" + g.str(k.parts) + ": ")
			if f.kind == gBatchGet {
				b.WriteString("{\n")
				g.fields(b, v.vals[i], indent+"\t\t")
				b.WriteString(indent + "\t},\n")
				continue
			}
			g.value(b, goField{kind: gStructList, typ: "WriteRequest"}, v.vals[i], indent+"\t")
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}")
	}
}

func (g *goGen) avMap(b *strings.Builder, v *node, indent string) {
	if v.kind != kObject {
		b.WriteString(g.fail("expected a map of attribute values"))
		return
	}
	b.WriteString("map[string]types.AttributeValue{\n")
	for i, k := range v.keys {
		b.WriteString(indent + "\t" + g.str(k.parts) + ": ")
		g.av(b, v.vals[i], indent+"\t")
		b.WriteString(",\n")
	}
	b.WriteString(indent + "}")
}

func (g *goGen) av(b *strings.Builder, n *node, indent string) {
	if n.kind != kObject || len(n.keys) != 1 || !n.keys[0].literal() {
		b.WriteString(g.fail("expected an attribute value"))
		return
	}
	t, v := n.keys[0].text(), n.vals[0]
	switch t {
	case "S", "N":
		b.WriteString("&types.AttributeValueMember" + t + "{Value: " + g.strOf(v) + "}")
	case "B":
		b.WriteString("&types.AttributeValueMemberB{Value: " + g.bytes(v) + "}")
	case "BOOL":
		if v.kind != kBool {
			b.WriteString(g.fail("expected a boolean"))
			return
		}
		b.WriteString("&types.AttributeValueMemberBOOL{Value: " + strconv.FormatBool(v.b) + "}")
	case "NULL":
		b.WriteString("&types.AttributeValueMemberNULL{Value: true}")
	case "SS", "NS":
		b.WriteString("&types.AttributeValueMember" + t + "{Value: []string{")
		for i, e := range v.vals {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(g.strOf(e))
		}
		b.WriteString("}}")
	case "BS":
		b.WriteString("&types.AttributeValueMemberBS{Value: [][]byte{")
		for i, e := range v.vals {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(g.bytes(e))
		}
		b.WriteString("}}")
	case "L":
		b.WriteString("&types.AttributeValueMemberL{Value: []types.AttributeValue{\n")
		for _, e := range v.vals {
			b.WriteString(indent + "\t")
			g.av(b, e, indent+"\t")
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}}")
	case "M":
		b.WriteString("&types.AttributeValueMemberM{Value: ")
		g.avMap(b, v, indent)
		b.WriteString("}")
	default:
		b.WriteString(g.fail("unknown attribute value type %q", t))
	}
}

func (g *goGen) bytes(v *node) string {
	if v.kind != kString || !v.literal() {
		return g.fail("a binary value with parameters is not supported by the Go generator")
	}
	raw, err := base64.StdEncoding.DecodeString(v.text())
	if err != nil {
		return g.fail("a binary value is not base64")
	}
	var b strings.Builder
	b.WriteString("[]byte{")
	for i, c := range raw {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(int(c)))
	}
	b.WriteString("}")
	return b.String()
}

// goType is an entity field's Go type and its dynamodbav tag options.
func goType(t string) (string, string) {
	switch t {
	case "S":
		return "string", ""
	case "N":
		return "float64", ""
	case "B":
		return "[]byte", ""
	case "BOOL":
		return "bool", ""
	case "SS":
		return "[]string", ",stringset"
	case "NS":
		return "[]float64", ",numberset"
	case "BS":
		return "[][]byte", ",binaryset"
	case "L":
		return "[]any", ""
	case "M":
		return "map[string]any", ""
	}
	return "any", ""
}

func goParamNames(ps []*param) map[string]string {
	nm := newNamer(goReserved)
	out := map[string]string{}
	for _, p := range ps {
		out[p.name] = nm.name(camel(p.name, "p"))
	}
	return out
}

func goParams(ps []*param, ids map[string]string) string {
	var out []string
	for _, p := range ps {
		t := "string"
		if p.typ == "N" {
			t = "float64"
		}
		out = append(out, ids[p.name]+" "+t)
	}
	return strings.Join(out, ", ")
}

// goNames names the package's item types, key builders and functions.
func goNames(d *design) (types, keyFn map[*entity]string, fn map[*pattern]string) {
	top := newNamer(goReserved)
	types, keyFn, fn = map[*entity]string{}, map[*entity]string{}, map[*pattern]string{}
	for _, e := range d.entities {
		types[e] = top.name(pascal(e.name, "E"))
	}
	for _, e := range d.entities {
		keyFn[e] = top.name(pascal(e.name, "E") + "Keys")
	}
	for _, p := range d.patterns {
		fn[p] = top.name(pascal(p.ap.Name, "P"))
	}
	return types, keyFn, fn
}

func renderGo(d *design) (string, []string) {
	types, keyFn, fn := goNames(d)
	var warnings []string
	var body strings.Builder
	used := map[string]bool{}
	needStrconv, needSync := false, false
	for _, p := range d.patterns {
		src, err := goPattern(p, fn[p], types)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("access pattern %q is left out of the Go package: %v.", p.ap.Name, err))
			continue
		}
		used[p.ap.Operation] = true
		needStrconv = needStrconv || strings.Contains(src, "strconv.")
		needSync = needSync || p.fanOut != nil
		body.WriteString("\n" + src)
	}
	var keys strings.Builder
	for _, e := range d.entities {
		keys.WriteString("\n// " + types[e] + " is an item of " + comment(e.name) + " in table " + comment(e.table.name) + ".\n")
		keys.WriteString("type " + types[e] + " struct {\n")
		fields := newNamer(nil)
		var rows [][3]string
		wName, wType := 0, 0
		for _, f := range e.fields {
			t, opt := goType(f.typ)
			if !f.required {
				opt += ",omitempty"
			}
			if strings.Contains(f.name, ",") {
				warnings = append(warnings, fmt.Sprintf("entity %q: attribute %q is left out of its Go struct: a dynamodbav tag cannot name an attribute with a comma.", e.name, f.name))
				continue
			}
			tag := "dynamodbav:" + strconv.Quote(f.name+opt)
			if strings.Contains(tag, "`") {
				tag = strconv.Quote(tag)
			} else {
				tag = "`" + tag + "`"
			}
			row := [3]string{fields.name(pascal(f.name, "F")), t, tag}
			wName, wType = max(wName, len(row[0])), max(wType, len(row[1]))
			rows = append(rows, row)
		}
		for _, r := range rows {
			// Aligned as gofmt aligns a struct's fields.
			keys.WriteString("\t" + r[0] + strings.Repeat(" ", wName-len(r[0])+1) + r[1] + strings.Repeat(" ", wType-len(r[1])+1) + r[2] + "\n")
		}
		keys.WriteString("}\n")
		if len(e.keys) == 0 {
			continue
		}
		ids := goParamNames(e.params)
		keys.WriteString("\n// " + keyFn[e] + " returns the key attributes of " + comment(e.name) + " from their templates:")
		for _, k := range e.keys {
			keys.WriteString(" " + comment(k.attr) + " = " + comment(k.tmpl.String()) + ";")
		}
		keys.WriteString("\nfunc " + keyFn[e] + "(" + goParams(e.params, ids) + ") map[string]types.AttributeValue {\n")
		keys.WriteString("\treturn map[string]types.AttributeValue{\n")
		nums := map[string]bool{}
		for _, p := range e.params {
			nums[p.name] = p.typ == "N"
		}
		g := &goGen{ids: ids, nums: nums}
		for _, k := range e.keys {
			t := k.typ
			if t != "N" && t != "B" {
				t = "S"
			}
			val := g.str(templateParts(k))
			if t == "B" {
				val = "[]byte(" + val + ")"
			}
			keys.WriteString("\t\t" + quote(k.attr) + ": &types.AttributeValueMember" + t + "{Value: " + val + "},\n")
		}
		keys.WriteString("\t}\n}\n")
		needStrconv = needStrconv || strings.Contains(keys.String(), "strconv.")
	}

	var b strings.Builder
	b.WriteString(header(d, "//", "Package access is typed data access: one function per access pattern (aws-sdk-go-v2)."))
	b.WriteString("//\n// Items are read into a struct per entity (feature/dynamodb/attributevalue); a Query or\n// Scan without a Limit reads every page.\npackage access\n\nimport (\n\t\"context\"\n")
	if needSync {
		b.WriteString("\t\"errors\"\n\t\"fmt\"\n")
	}
	if needStrconv {
		b.WriteString("\t\"strconv\"\n")
	}
	if needSync {
		b.WriteString("\t\"sync\"\n")
	}
	b.WriteString("\n\t\"github.com/aws/aws-sdk-go-v2/aws\"\n")
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue\"\n")
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb\"\n")
	b.WriteString("\t\"github.com/aws/aws-sdk-go-v2/service/dynamodb/types\"\n)\n\n")
	b.WriteString("// Item is an item of any kind, as plain values.\ntype Item = map[string]any\n\n")
	b.WriteString("// Client is the part of *dynamodb.Client the functions call.\ntype Client interface {\n")
	for _, op := range sortedKeys(used) {
		b.WriteString("\t" + op + "(ctx context.Context, in *dynamodb." + op + "Input, optFns ...func(*dynamodb.Options)) (*dynamodb." + op + "Output, error)\n")
	}
	b.WriteString("}\n\n")
	b.WriteString("// Keep the imports used whatever the patterns are.\nvar (\n\t_ context.Context\n\t_ *dynamodb.Client\n\t_ = aws.String\n\t_ = attributevalue.UnmarshalMap\n\t_ types.AttributeValue\n)\n")
	b.WriteString(keys.String())
	b.WriteString(body.String())
	// gofmt's layout (aligned composite literals) is go/format's to
	// decide; appcode runs on the server, where the package costs nothing
	// that matters.
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return b.String(), append(warnings, "the Go package could not be formatted: "+err.Error()+".")
	}
	return string(src), warnings
}

func goPattern(p *pattern, name string, types map[*entity]string) (string, error) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	ids := goParamNames(all)
	nums := map[string]bool{}
	for _, q := range p.params {
		nums[q.name] = q.typ == "N"
	}
	g := &goGen{op: p.ap.Operation, ids: ids, nums: nums}
	op := p.ap.Operation
	ind := "\t"
	if p.fanOut != nil {
		ind = "\t\t"
	}
	var req strings.Builder
	req.WriteString("&dynamodb." + op + "Input{\n")
	g.fields(&req, p.req, ind+"\t")
	req.WriteString(ind + "}")
	if g.err != nil {
		return "", g.err
	}
	elem := "Item"
	if p.entity != nil && (op == "GetItem" || op == "Query" || op == "Scan") {
		elem = types[p.entity]
	}
	var one string
	switch {
	case !p.reads():
		one = "*dynamodb." + op + "Output"
	case op == "GetItem":
		one = "*" + elem
	default:
		one = "[]" + elem
	}
	whole := one
	if p.fanOut != nil {
		switch {
		case !p.reads():
			whole = "[]*dynamodb." + op + "Output"
		case op == "GetItem":
			whole = "[]" + elem
		}
	}
	var b strings.Builder
	doc := "// " + name + " runs " + quote(comment(p.ap.Name)) + ": " + op
	doc += p.docTail(comment, "It fans out")
	b.WriteString(doc + ".\n")
	for _, pd := range p.paramDocs(p.params) {
		b.WriteString("//   - " + ids[pd[0]] + ": " + pd[1] + "\n")
	}
	params := goParams(p.params, ids)
	if params != "" {
		params = ", " + params
	}
	b.WriteString("func " + name + "(ctx context.Context, client Client" + params + ") (" + whole + ", error) {\n")
	if p.fanOut != nil {
		b.WriteString("\tone := func(" + ids[p.fanOut.Parameter] + " string) (" + one + ", error) {\n")
	}
	paginated := (op == "Query" || op == "Scan") && !p.limited
	switch {
	case paginated:
		b.WriteString(ind + "in := " + req.String() + "\n")
		b.WriteString(ind + "var items []" + elem + "\n")
		b.WriteString(ind + "for {\n")
		b.WriteString(ind + "\tout, err := client." + op + "(ctx, in)\n")
		b.WriteString(ind + "\tif err != nil {\n" + ind + "\t\treturn nil, err\n" + ind + "\t}\n")
		b.WriteString(ind + "\tvar page []" + elem + "\n")
		b.WriteString(ind + "\tif err := attributevalue.UnmarshalListOfMaps(out.Items, &page); err != nil {\n" + ind + "\t\treturn nil, err\n" + ind + "\t}\n")
		b.WriteString(ind + "\titems = append(items, page...)\n")
		b.WriteString(ind + "\tif len(out.LastEvaluatedKey) == 0 {\n" + ind + "\t\treturn items, nil\n" + ind + "\t}\n")
		b.WriteString(ind + "\tin.ExclusiveStartKey = out.LastEvaluatedKey\n")
		b.WriteString(ind + "}\n")
	case op == "Query" || op == "Scan" || op == "ExecuteStatement":
		b.WriteString(ind + "out, err := client." + op + "(ctx, " + req.String() + ")\n")
		b.WriteString(ind + "if err != nil {\n" + ind + "\treturn nil, err\n" + ind + "}\n")
		b.WriteString(ind + "var items []" + elem + "\n")
		b.WriteString(ind + "err = attributevalue.UnmarshalListOfMaps(out.Items, &items)\n")
		b.WriteString(ind + "return items, err\n")
	case op == "GetItem":
		b.WriteString(ind + "out, err := client." + op + "(ctx, " + req.String() + ")\n")
		b.WriteString(ind + "if err != nil || out.Item == nil {\n" + ind + "\treturn nil, err\n" + ind + "}\n")
		b.WriteString(ind + "var item " + elem + "\n")
		b.WriteString(ind + "if err := attributevalue.UnmarshalMap(out.Item, &item); err != nil {\n" + ind + "\treturn nil, err\n" + ind + "}\n")
		b.WriteString(ind + "return &item, nil\n")
	case op == "BatchGetItem":
		b.WriteString(ind + "out, err := client." + op + "(ctx, " + req.String() + ")\n")
		b.WriteString(ind + "if err != nil {\n" + ind + "\treturn nil, err\n" + ind + "}\n")
		b.WriteString(ind + "var items []Item\n")
		b.WriteString(ind + "for _, r := range out.Responses {\n")
		b.WriteString(ind + "\tvar page []Item\n")
		b.WriteString(ind + "\tif err := attributevalue.UnmarshalListOfMaps(r, &page); err != nil {\n" + ind + "\t\treturn nil, err\n" + ind + "\t}\n")
		b.WriteString(ind + "\titems = append(items, page...)\n")
		b.WriteString(ind + "}\n")
		b.WriteString(ind + "return items, nil\n")
	case op == "TransactGetItems":
		b.WriteString(ind + "out, err := client." + op + "(ctx, " + req.String() + ")\n")
		b.WriteString(ind + "if err != nil {\n" + ind + "\treturn nil, err\n" + ind + "}\n")
		b.WriteString(ind + "var items []Item\n")
		b.WriteString(ind + "for _, r := range out.Responses {\n")
		b.WriteString(ind + "\tif r.Item == nil {\n" + ind + "\t\tcontinue\n" + ind + "\t}\n")
		b.WriteString(ind + "\tvar item Item\n")
		b.WriteString(ind + "\tif err := attributevalue.UnmarshalMap(r.Item, &item); err != nil {\n" + ind + "\t\treturn nil, err\n" + ind + "\t}\n")
		b.WriteString(ind + "\titems = append(items, item)\n")
		b.WriteString(ind + "}\n")
		b.WriteString(ind + "return items, nil\n")
	default:
		b.WriteString(ind + "return client." + op + "(ctx, " + req.String() + ")\n")
	}
	if f := p.fanOut; f != nil {
		b.WriteString("\t}\n")
		b.WriteString("\tvar shards []string\n")
		b.WriteString("\tfor n := " + strconv.Itoa(f.From) + "; n <= " + strconv.Itoa(f.To) + "; n++ {\n")
		verb := "%d"
		if f.Width > 1 {
			verb = "%0" + strconv.Itoa(f.Width) + "d"
		}
		b.WriteString("\t\tshards = append(shards, fmt.Sprintf(\"" + verb + "\", n))\n\t}\n")
		b.WriteString("\tresults := make([]" + one + ", len(shards))\n")
		b.WriteString("\terrs := make([]error, len(shards))\n")
		b.WriteString("\tsem := make(chan struct{}, 16) // requests in flight at once\n")
		b.WriteString("\tvar wg sync.WaitGroup\n")
		b.WriteString("\tfor i, shardValue := range shards {\n")
		b.WriteString("\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\tsem <- struct{}{}\n\t\t\tdefer func() { <-sem }()\n")
		b.WriteString("\t\t\tresults[i], errs[i] = one(shardValue)\n\t\t}()\n\t}\n\twg.Wait()\n")
		b.WriteString("\tif err := errors.Join(errs...); err != nil {\n\t\treturn nil, err\n\t}\n")
		switch {
		case op == "GetItem":
			b.WriteString("\tvar items []" + elem + "\n\tfor _, r := range results {\n\t\tif r != nil {\n\t\t\titems = append(items, *r)\n\t\t}\n\t}\n\treturn items, nil\n")
		case p.reads():
			b.WriteString("\tvar items []" + elem + "\n\tfor _, r := range results {\n\t\titems = append(items, r...)\n\t}\n\treturn items, nil\n")
		default:
			b.WriteString("\treturn results, nil\n")
		}
	}
	b.WriteString("}\n")
	return b.String(), nil
}
