package appcode

import (
	"strconv"
	"strings"
)

// The Python data-access module: boto3's low-level client, whose requests
// and answers carry DynamoDB's attribute values ({"S": "..."}). The client
// is typed by a Protocol of the methods used, so that a type checker checks
// the module without boto3 stubs; answers' items are turned into plain
// values (Decimal for numbers) and typed by a TypedDict per entity.

var pyKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true, "async": true,
	"await": true, "break": true, "class": true, "continue": true, "def": true, "del": true, "elif": true,
	"else": true, "except": true, "finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true, "not": true, "or": true,
	"pass": true, "raise": true, "return": true, "try": true, "while": true, "with": true, "yield": true,
	"match": true, "case": true, "type": true,
}

// pyLocals are the names the module and its functions use besides the
// parameters.
var pyLocals = []string{
	"client", "out", "items", "request", "one", "pool", "results", "n", "x", "r",
	"str", "int", "float", "bool", "bytes", "set", "list", "dict", "len", "range", "cast",
	"Any", "Dict", "List", "Optional", "Protocol", "TypedDict", "NotRequired", "Set", "Union",
	"Decimal", "Mapping", "Number", "Item", "DynamoDBClient", "ThreadPoolExecutor", "base64",
}

var pyMethods = map[string]string{
	"GetItem": "get_item", "PutItem": "put_item", "UpdateItem": "update_item", "DeleteItem": "delete_item",
	"Query": "query", "Scan": "scan", "BatchGetItem": "batch_get_item", "BatchWriteItem": "batch_write_item",
	"TransactGetItems": "transact_get_items", "TransactWriteItems": "transact_write_items",
	"ExecuteStatement": "execute_statement", "DeleteTable": "delete_table",
}

func pyType(t string) string {
	switch t {
	case "S":
		return "str"
	case "N":
		return "Decimal"
	case "B":
		return "bytes"
	case "BOOL":
		return "bool"
	case "NULL":
		return "None"
	case "SS":
		return "Set[str]"
	case "NS":
		return "Set[Decimal]"
	case "BS":
		return "Set[bytes]"
	case "L":
		return "List[Any]"
	}
	return "Dict[str, Any]"
}

func pyParamNames(ps []*param) map[string]string {
	nm := newNamer(pyLocals)
	out := map[string]string{}
	for _, p := range ps {
		s := snake(p.name, "p")
		if pyKeywords[s] {
			s += "_"
		}
		out[p.name] = nm.name(s)
	}
	return out
}

// pyString is a string expression of parts.
func pyString(parts []part, ids map[string]string) string {
	var out []string
	for _, p := range parts {
		if p.param != "" {
			out = append(out, ids[p.param])
		} else {
			out = append(out, quote(p.lit))
		}
	}
	return strings.Join(out, " + ")
}

// pyValue renders a request value as a Python literal; a number parameter
// standing for an N value becomes its digits.
func pyValue(b *strings.Builder, n *node, ids map[string]string, nums map[string]bool, indent string, inNumber bool) {
	switch n.kind {
	case kString:
		if inNumber && len(n.parts) == 1 && nums[n.parts[0].param] {
			b.WriteString("str(" + ids[n.parts[0].param] + ")")
			return
		}
		b.WriteString(pyString(n.parts, ids))
	case kNumber:
		b.WriteString(n.num)
	case kBool:
		if n.b {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case kNull:
		b.WriteString("None")
	case kArray:
		b.WriteString("[")
		for i, v := range n.vals {
			if i > 0 {
				b.WriteString(", ")
			}
			pyValue(b, v, ids, nums, indent, inNumber)
		}
		b.WriteString("]")
	case kObject:
		if len(n.keys) == 0 {
			b.WriteString("{}")
			return
		}
		if len(n.keys) == 1 && n.keys[0].literal() && (n.keys[0].text() == "B" || n.keys[0].text() == "BS") {
			// boto3 takes binary values as bytes and encodes them itself;
			// the request holds them base64-encoded.
			b.WriteString("{" + quote(n.keys[0].text()) + ": ")
			v := n.vals[0]
			if n.keys[0].text() == "B" {
				b.WriteString(pyBytes(v, ids))
			} else if v.kind == kArray {
				b.WriteString("[")
				for i, e := range v.vals {
					if i > 0 {
						b.WriteString(", ")
					}
					b.WriteString(pyBytes(e, ids))
				}
				b.WriteString("]")
			}
			b.WriteString("}")
			return
		}
		if len(n.keys) == 1 && n.vals[0].kind != kObject && n.vals[0].kind != kArray {
			// An attribute value ({"S": ...}) on one line.
			k := n.keys[0]
			b.WriteString("{" + pyString(k.parts, ids) + ": ")
			pyValue(b, n.vals[0], ids, nums, indent, k.literal() && (k.text() == "N" || k.text() == "NS"))
			b.WriteString("}")
			return
		}
		b.WriteString("{\n")
		for i, k := range n.keys {
			b.WriteString(indent + "    " + pyString(k.parts, ids) + ": ")
			num := len(n.keys) == 1 && k.literal() && (k.text() == "N" || k.text() == "NS")
			pyValue(b, n.vals[i], ids, nums, indent+"    ", num)
			b.WriteString(",\n")
		}
		b.WriteString(indent + "}")
	}
}

// pyBytes is a base64 request string as bytes.
func pyBytes(v *node, ids map[string]string) string {
	if v.kind != kString {
		return "b\"\""
	}
	return "base64.b64decode(" + pyString(v.parts, ids) + ")"
}

func pyParams(ps []*param, ids map[string]string) string {
	var out []string
	for _, p := range ps {
		t := "str"
		if p.typ == "N" {
			t = "Number"
		}
		out = append(out, ids[p.name]+": "+t)
	}
	return strings.Join(out, ", ")
}

// pyNames names the module's item types, key builders and functions.
func pyNames(d *design) (types, keyFn map[*entity]string, fn map[*pattern]string) {
	top := newNamer(pyLocals)
	types, keyFn, fn = map[*entity]string{}, map[*entity]string{}, map[*pattern]string{}
	for _, e := range d.entities {
		types[e] = top.name(pascal(e.name, "E"))
	}
	for _, e := range d.entities {
		keyFn[e] = top.name(snake(e.name, "e") + "_keys")
	}
	for _, p := range d.patterns {
		s := snake(p.ap.Name, "p")
		if pyKeywords[s] {
			s += "_"
		}
		fn[p] = top.name(s)
	}
	return types, keyFn, fn
}

func renderPython(d *design) (string, []string) {
	types, keyFn, fn := pyNames(d)

	var b strings.Builder
	b.WriteString(`"""Typed data access: one function per access pattern (boto3).` + "\n\n")
	b.WriteString("Generated by the DynamoDB workbench from the model " + quote(comment(d.name)) + ".\n")
	b.WriteString("Pass a boto3 DynamoDB client (boto3.client(\"dynamodb\")). Items come back as plain\n")
	b.WriteString("values (numbers as Decimal). A Query or Scan without a Limit reads every page.\n")
	b.WriteString("Needs Python 3.11 or later.\n\"\"\"\n\n")
	var body strings.Builder
	for _, p := range d.patterns {
		pyPattern(&body, p, fn[p], types)
	}
	if strings.Contains(body.String(), "base64.b64decode(") {
		b.WriteString("import base64\n")
	}
	b.WriteString("from concurrent.futures import ThreadPoolExecutor\n")
	b.WriteString("from decimal import Decimal\n")
	b.WriteString("from typing import Any, Dict, List, Mapping, NotRequired, Optional, Protocol, Set, TypedDict, Union, cast\n\n")
	b.WriteString("Number = Union[int, float, Decimal]\n")
	b.WriteString("Item = Dict[str, Any]\n\n\n")
	b.WriteString("class DynamoDBClient(Protocol):\n")
	b.WriteString("    \"\"\"The methods of a boto3 DynamoDB client that this module calls.\"\"\"\n")
	used := map[string]bool{}
	for _, p := range d.patterns {
		used[pyMethods[p.ap.Operation]] = true
	}
	if len(used) == 0 {
		b.WriteString("\n    pass\n")
	}
	for _, m := range sortedKeys(used) {
		b.WriteString("\n    def " + m + "(self, **kwargs: Any) -> Dict[str, Any]: ...\n")
	}
	b.WriteString(`

def _value(av: Mapping[str, Any]) -> Any:
    """Returns an attribute value ({"S": "x"}) as a plain value."""
    for kind, v in av.items():
        if kind == "N":
            return Decimal(v)
        if kind == "NS":
            return {Decimal(x) for x in v}
        if kind in ("SS", "BS"):
            return set(v)
        if kind == "L":
            return [_value(x) for x in v]
        if kind == "M":
            return _item(v)
        if kind == "NULL":
            return None
        return v
    raise ValueError("empty attribute value")


def _item(av: Mapping[str, Mapping[str, Any]]) -> Item:
    """Returns an item of attribute values as plain values."""
    return {k: _value(v) for k, v in av.items()}
`)
	for _, e := range d.entities {
		b.WriteString("\n\n# " + comment(e.name) + ": an item of table " + comment(e.table.name) + ".\n")
		b.WriteString(types[e] + " = TypedDict(" + quote(types[e]) + ", {")
		for i, f := range e.fields {
			if i > 0 {
				b.WriteString(", ")
			}
			t := pyType(f.typ)
			if !f.required {
				t = "NotRequired[" + t + "]"
			}
			b.WriteString(quote(f.name) + ": " + t)
		}
		b.WriteString("})\n")
		if len(e.keys) == 0 {
			continue
		}
		ids := pyParamNames(e.params)
		b.WriteString("\n\ndef " + keyFn[e] + "(" + pyParams(e.params, ids) + ") -> Dict[str, Dict[str, str]]:\n")
		b.WriteString("    \"\"\"The key attributes of " + comment(e.name) + " from their templates:")
		for _, k := range e.keys {
			b.WriteString(" " + comment(k.attr) + " = " + strings.ReplaceAll(comment(k.tmpl.String()), `"""`, `'''`) + ";")
		}
		b.WriteString("\"\"\"\n    return {\n")
		for _, k := range e.keys {
			parts := templateParts(k)
			val := pyString(parts, ids)
			if k.typ == "N" && len(parts) == 1 && parts[0].param != "" {
				val = "str(" + val + ")"
			}
			t := k.typ
			if t == "" {
				t = "S"
			}
			b.WriteString("        " + quote(k.attr) + ": {" + quote(t) + ": " + val + "},\n")
		}
		b.WriteString("    }\n")
	}
	b.WriteString(body.String())
	return b.String(), nil
}

func pyPattern(b *strings.Builder, p *pattern, name string, types map[*entity]string) {
	all := p.params
	if p.fanOut != nil {
		all = append(append([]*param(nil), p.params...), &param{name: p.fanOut.Parameter, typ: "S"})
	}
	ids := pyParamNames(all)
	nums := map[string]bool{}
	for _, q := range p.params {
		nums[q.name] = q.typ == "N"
	}
	elem := "Item"
	if p.entity != nil && !p.partial && (p.ap.Operation == "GetItem" || p.ap.Operation == "Query" || p.ap.Operation == "Scan") {
		elem = types[p.entity]
	}
	var one, whole string
	switch {
	case !p.reads():
		one, whole = "Dict[str, Any]", "Dict[str, Any]"
		if p.fanOut != nil {
			whole = "List[Dict[str, Any]]"
		}
	case p.ap.Operation == "GetItem":
		one, whole = "Optional["+elem+"]", "Optional["+elem+"]"
		if p.fanOut != nil {
			whole = "List[" + elem + "]"
		}
	default:
		one, whole = "List["+elem+"]", "List["+elem+"]"
	}
	params := pyParams(p.params, ids)
	if params != "" {
		params = ", " + params
	}
	b.WriteString("\n\ndef " + name + "(client: DynamoDBClient" + params + ") -> " + whole + ":\n")
	doc := comment(p.ap.Name) + ": " + p.ap.Operation
	doc += p.docTail(comment, "Fans out")
	doc += "."
	if pds := p.paramDocs(p.params); len(pds) > 0 {
		doc += "\n\n    Args:"
		for _, pd := range pds {
			doc += "\n        " + ids[pd[0]] + ": " + pd[1]
		}
		doc += "\n    "
	}
	b.WriteString("    \"\"\"" + strings.ReplaceAll(strings.ReplaceAll(doc, `\`, `\\`), `"""`, `'''`) + "\"\"\"\n")
	ind := "    "
	if p.fanOut != nil {
		b.WriteString("\n    def one(" + ids[p.fanOut.Parameter] + ": str) -> " + one + ":\n")
		ind = "        "
	}
	var rb strings.Builder
	pyValue(&rb, p.req, ids, nums, ind, false)
	method := "client." + pyMethods[p.ap.Operation]
	cast := func(x string) string {
		if elem == "Item" {
			return x
		}
		return "cast(" + elem + ", " + x + ")"
	}
	paginated := (p.ap.Operation == "Query" || p.ap.Operation == "Scan") && !p.limited
	switch {
	case paginated:
		b.WriteString(ind + "request: Dict[str, Any] = " + rb.String() + "\n")
		b.WriteString(ind + "items: " + one + " = []\n")
		b.WriteString(ind + "while True:\n")
		b.WriteString(ind + "    out = " + method + "(**request)\n")
		b.WriteString(ind + "    items.extend(" + cast("_item(x)") + " for x in out.get(\"Items\", []))\n")
		b.WriteString(ind + "    if \"LastEvaluatedKey\" not in out:\n")
		b.WriteString(ind + "        return items\n")
		b.WriteString(ind + "    request[\"ExclusiveStartKey\"] = out[\"LastEvaluatedKey\"]\n")
	case p.ap.Operation == "Query" || p.ap.Operation == "Scan" || p.ap.Operation == "ExecuteStatement":
		b.WriteString(ind + "out = " + method + "(**" + rb.String() + ")\n")
		b.WriteString(ind + "return [" + cast("_item(x)") + " for x in out.get(\"Items\", [])]\n")
	case p.ap.Operation == "GetItem":
		b.WriteString(ind + "out = " + method + "(**" + rb.String() + ")\n")
		b.WriteString(ind + "if \"Item\" not in out:\n" + ind + "    return None\n")
		b.WriteString(ind + "return " + cast("_item(out[\"Item\"])") + "\n")
	case p.ap.Operation == "BatchGetItem":
		b.WriteString(ind + "out = " + method + "(**" + rb.String() + ")\n")
		b.WriteString(ind + "return [_item(x) for r in out.get(\"Responses\", {}).values() for x in r]\n")
	case p.ap.Operation == "TransactGetItems":
		b.WriteString(ind + "out = " + method + "(**" + rb.String() + ")\n")
		b.WriteString(ind + "return [_item(r[\"Item\"]) for r in out.get(\"Responses\", []) if \"Item\" in r]\n")
	default:
		b.WriteString(ind + "return " + method + "(**" + rb.String() + ")\n")
	}
	if f := p.fanOut; f != nil {
		b.WriteString("\n    with ThreadPoolExecutor(max_workers=16) as pool:\n")
		b.WriteString("        results = list(pool.map(one, [str(n).zfill(" + strconv.Itoa(f.Width) + ") for n in range(" + strconv.Itoa(f.From) + ", " + strconv.Itoa(f.To+1) + ")]))\n")
		switch {
		case p.ap.Operation == "GetItem":
			b.WriteString("    return [x for x in results if x is not None]\n")
		case p.reads():
			b.WriteString("    return [x for r in results for x in r]\n")
		default:
			b.WriteString("    return results\n")
		}
	}
}
