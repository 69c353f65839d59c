package appcode

import (
	"fmt"
	"strings"
)

// DynamoDB-Toolbox v2: a Table per table, an Entity per entity whose item
// schema holds the key templates' parameters (tagged .key() when they make
// the primary key; optional when saved beside that key, since items other
// writers made lack them) and the entity's attributes; computeKey builds the
// primary key from the templates, and an index key that is not a lone
// parameter is a .link()ed attribute. A parameter that is a key by itself
// is saved as that key attribute (savedAs). Toolbox's entity attribute and
// timestamps are off, so that items keep the model's attributes (plus the
// parameters). Access patterns that Toolbox's commands express (GetItem,
// PutItem and DeleteItem of an entity's own keys, Query by key condition)
// use them; the others send the request through the document client.

var toolboxTypes = map[string]string{
	"S": "string()", "N": "number()", "B": "binary()", "BOOL": "boolean()", "NULL": "nul()",
	"SS": "set(string())", "NS": "set(number())", "BS": "set(binary())", "L": "list(any())", "M": "record(string(), any())",
}

// toolboxEntity is an entity as Toolbox sees it.
type toolboxEntity struct {
	e *entity
	// savedAs maps a parameter to the attribute name it is saved under.
	savedAs map[string]string
	// keyParams are the parameters of the primary key's templates.
	keyParams map[string]bool
	// computed says computeKey builds the primary key.
	computed bool
}

func newToolboxEntity(e *entity) *toolboxEntity {
	te := &toolboxEntity{e: e, savedAs: map[string]string{}, keyParams: map[string]bool{}}
	keyNames := map[string]bool{}
	for _, f := range e.fields {
		if f.key {
			keyNames[f.name] = true
		}
	}
	for _, k := range e.keys {
		if isPrimary(e.table, k.attr) {
			for _, p := range k.tmpl.Params() {
				te.keyParams[p] = true
			}
		}
	}
	for _, k := range e.keys {
		if !k.tmpl.IsParam() {
			continue
		}
		p := k.tmpl.Params()[0]
		if _, done := te.savedAs[p]; done {
			continue
		}
		// A primary key attribute is the parameter only when the
		// parameter makes the key (it is then a .key() attribute); an
		// index key may be any parameter.
		if isPrimary(e.table, k.attr) || !te.keyParams[p] {
			te.savedAs[p] = k.attr
		}
	}
	// A parameter that is also an attribute of the model is that
	// attribute: saved under its own name, so that a Toolbox put writes the
	// model's item and a read keeps other writers' values. Only a
	// parameter named like a key attribute it does not make by itself
	// needs a name of its own.
	for _, p := range e.params {
		if _, ok := te.savedAs[p.name]; !ok && keyNames[p.name] {
			te.savedAs[p.name] = p.name + "Param"
		}
	}
	for _, a := range []*keyAttr{e.table.pk, e.table.sk} {
		if a == nil {
			continue
		}
		k := e.key(a.name)
		if !k.tmpl.IsParam() || te.savedAs[k.tmpl.Params()[0]] != a.name {
			te.computed = true
		}
	}
	return te
}

func renderToolbox(d *design) (string, []string) {
	var warnings []string
	n := newTSNames(d, "Table", "Entity", "item", "string", "number", "binary", "boolean", "nul", "set", "list", "any", "record",
		"GetItemCommand", "PutItemCommand", "DeleteItemCommand", "QueryCommand", "setDocumentClient", "documentClient", "getClient", "DynamoDBDocumentClient")
	tables := map[*table]string{}
	top := newNamer(tsReserved)
	for _, e := range d.entities {
		top.name(n.types[e])
	}
	for _, t := range d.tables {
		tables[t] = top.name(camel(t.name, "t") + "Table")
	}
	tes := map[*entity]*toolboxEntity{}
	for _, e := range d.entities {
		tes[e] = newToolboxEntity(e)
	}
	n.generic = true
	var body strings.Builder
	for _, t := range d.tables {
		body.WriteString("\n/** Table " + comment(t.name) + ". */\n")
		body.WriteString("export const " + tables[t] + " = new Table({\n  name: " + quote(t.name) + ",\n")
		body.WriteString("  partitionKey: " + toolboxKey(t.pk) + ",\n")
		if t.sk != nil {
			body.WriteString("  sortKey: " + toolboxKey(t.sk) + ",\n")
		}
		if len(t.indexes) > 0 {
			body.WriteString("  indexes: {\n")
			for _, x := range t.indexes {
				kind := "local"
				if x.global {
					kind = "global"
				}
				body.WriteString("    " + tsKeyName(x.name) + ": { type: \"" + kind + "\"")
				if x.global {
					body.WriteString(", partitionKey: " + toolboxKey(x.pk))
				}
				if x.sk != nil {
					body.WriteString(", sortKey: " + toolboxKey(x.sk))
				}
				body.WriteString(" },\n")
			}
			body.WriteString("  },\n")
		}
		body.WriteString("});\n")
	}
	for _, e := range d.entities {
		src, err := toolboxEntitySource(tes[e], n.types[e], tables[e.table])
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("entity %q is left out of the DynamoDB-Toolbox entities: %v.", e.name, err))
			delete(tes, e)
			continue
		}
		body.WriteString(src)
	}
	cmds := map[string]bool{}
	raw := &design{name: d.name}
	for _, p := range d.patterns {
		src, cmd := toolboxPattern(p, tes[p.entity], n, tables)
		if src == "" {
			raw.patterns = append(raw.patterns, p)
			body.WriteString("\n")
			tsPattern(&body, p, n, "getClient()")
			continue
		}
		cmds[cmd] = true
		body.WriteString("\n" + src)
	}

	var b strings.Builder
	b.WriteString(header(d, "//", "DynamoDB-Toolbox v2: tables, entities and the access patterns as functions."))
	b.WriteString("// Entities save their key templates' parameters as attributes and compute the keys from\n")
	b.WriteString("// them; Toolbox's entity attribute and timestamps are off. Call setDocumentClient first.\n\n")
	schemaImports := map[string]bool{"item": true}
	for _, e := range d.entities {
		if tes[e] == nil {
			continue
		}
		src := body.String()
		for _, s := range []string{"string", "number", "binary", "boolean", "nul", "set", "list", "any", "record"} {
			if strings.Contains(src, s+"(") {
				schemaImports[s] = true
			}
		}
	}
	b.WriteString("import { Table } from \"dynamodb-toolbox/table\";\n")
	if len(tes) > 0 {
		b.WriteString("import { Entity } from \"dynamodb-toolbox/entity\";\n")
		for _, s := range []string{"item", "string", "number", "binary", "boolean", "nul", "set", "list", "any", "record"} {
			if schemaImports[s] {
				b.WriteString("import { " + s + " } from \"dynamodb-toolbox/schema/" + s + "\";\n")
			}
		}
	}
	for _, c := range []string{"GetItemCommand:entity/actions/get", "PutItemCommand:entity/actions/put", "DeleteItemCommand:entity/actions/delete", "QueryCommand as TableQueryCommand:table/actions/query"} {
		name, mod, _ := strings.Cut(c, ":")
		if cmds[name] {
			b.WriteString("import { " + name + " } from \"dynamodb-toolbox/" + mod + "\";\n")
		}
	}
	var imports strings.Builder
	tsImports(&imports, raw, true)
	b.WriteString(imports.String())
	if len(raw.patterns) > 0 {
		b.WriteString("\n/** An item of any kind, as the functions that send requests themselves return it. */\nexport type Item = Record<string, unknown>;\n")
		b.WriteString("\nlet documentClient: DynamoDBDocumentClient | undefined;\n")
	}
	b.WriteString("\n/** Gives the tables (and the functions that send requests themselves) the document client. */\n")
	b.WriteString("export function setDocumentClient(client: DynamoDBDocumentClient): void {\n")
	if len(raw.patterns) > 0 {
		b.WriteString("  documentClient = client;\n")
	}
	for _, t := range d.tables {
		b.WriteString("  " + tables[t] + ".documentClient = client;\n")
	}
	b.WriteString("}\n")
	if len(raw.patterns) > 0 {
		b.WriteString("\nfunction getClient(): DynamoDBDocumentClient {\n  if (!documentClient) throw new Error(\"call setDocumentClient first\");\n  return documentClient;\n}\n")
	}
	b.WriteString(body.String())
	return b.String(), warnings
}

func toolboxKey(a *keyAttr) string {
	t := map[string]string{"S": "string", "N": "number", "B": "binary"}[a.typ]
	return "{ name: " + quote(a.name) + ", type: \"" + t + "\" }"
}

// toolboxEntitySource writes the entity's schema and Entity.
func toolboxEntitySource(te *toolboxEntity, name, tableVar string) (string, error) {
	e := te.e
	var b strings.Builder
	b.WriteString("\n/** " + comment(e.name) + ": an item of table " + comment(e.table.name) + ". */\n")
	b.WriteString("export const " + name + " = new Entity({\n  name: " + quote(e.name) + ",\n  table: " + tableVar + ",\n")
	b.WriteString("  schema: item({\n")
	params := map[string]bool{}
	for _, p := range e.params {
		params[p.name] = true
		s := "string()"
		if p.typ == "N" {
			s = "number()"
		}
		switch as, saved := te.savedAs[p.name]; {
		case te.keyParams[p.name] && saved && as != p.name+"Param":
			s += ".key()" // the key attribute itself: in every item
		case te.keyParams[p.name]:
			// Saved beside the key it makes, so absent from items other
			// writers made: optional, so that Toolbox reads those too.
			s += ".key().optional()"
		default:
			s += ".optional()"
		}
		if as, ok := te.savedAs[p.name]; ok && as != p.name {
			s += ".savedAs(" + quote(as) + ")"
		}
		b.WriteString("    " + tsKeyName(p.name) + ": " + s + ",\n")
	}
	for _, f := range e.fields {
		if f.key || params[f.name] {
			continue
		}
		s := toolboxTypes[f.typ]
		if s == "" {
			s = "any()"
		}
		if !f.required {
			s += ".optional()"
		}
		b.WriteString("    " + tsKeyName(f.name) + ": " + s + ",\n")
	}
	b.WriteString("  })")
	// Index keys that are not a parameter saved under their name.
	var links []*key
	for _, k := range e.keys {
		if isPrimary(e.table, k.attr) {
			continue
		}
		if k.tmpl.IsParam() && te.savedAs[k.tmpl.Params()[0]] == k.attr {
			continue
		}
		if k.typ == "N" || k.typ == "B" {
			return "", fmt.Errorf("index key %s is a %s built from the template %q", k.attr, k.typ, k.tmpl.String())
		}
		links = append(links, k)
	}
	if len(links) > 0 {
		b.WriteString(".and((prev) => ({\n")
		for _, k := range links {
			ps := k.tmpl.Params()
			ids := map[string]string{}
			var conds []string
			for _, p := range ps {
				ids[p] = "x." + p
				if !isIdent(p) {
					ids[p] = "x[" + quote(p) + "]"
				}
				if !te.keyParams[p] {
					conds = append(conds, ids[p]+" !== undefined")
				}
			}
			val := tsString(templateParts(k), ids)
			if len(conds) > 0 {
				val = strings.Join(conds, " && ") + " ? " + val + " : undefined"
			}
			b.WriteString("    " + tsKeyName(k.attr) + ": string().optional().link<typeof prev>((x) => " + val + "),\n")
		}
		b.WriteString("  }))")
	}
	b.WriteString(",\n")
	if te.computed {
		ids := map[string]string{}
		var ps []string
		for _, p := range e.params {
			if te.keyParams[p.name] {
				ids[p.name] = "x." + p.name
				ps = append(ps, p.name)
			}
		}
		b.WriteString("  computeKey: (x) => ({\n")
		for _, a := range []*keyAttr{e.table.pk, e.table.sk} {
			if a == nil {
				continue
			}
			k := e.key(a.name)
			if k.typ == "N" && !k.tmpl.IsParam() {
				return "", fmt.Errorf("key %s is a number built from the template %q", k.attr, k.tmpl.String())
			}
			b.WriteString("    " + tsKeyName(a.name) + ": " + tsTemplate(k, ids) + ",\n")
		}
		b.WriteString("  }),\n")
	}
	b.WriteString("  entityAttribute: false,\n  timestamps: false,\n});\n")
	return b.String(), nil
}

// toolboxPattern writes a pattern with Toolbox's commands, or returns ""
// when they do not express it.
func toolboxPattern(p *pattern, te *toolboxEntity, n *tsNames, tables map[*table]string) (string, string) {
	if te == nil || p.fanOut != nil {
		return "", ""
	}
	e := te.e
	req := p.req
	allowed := func(names ...string) bool {
		for _, k := range req.keys {
			ok := false
			for _, a := range names {
				ok = ok || (k.literal() && k.text() == a)
			}
			if !ok {
				return false
			}
		}
		return true
	}
	tn := req.get("TableName")
	if tn == nil || !tn.literal() || tn.text() != e.table.name {
		return "", ""
	}
	ids := tsParamNames(p.params)
	var b strings.Builder
	doc := "/** " + comment(p.ap.Name) + ": " + p.ap.Operation
	if p.ap.Description != "" {
		doc += ". " + strings.TrimRight(comment(p.ap.Description), ". ")
	}
	b.WriteString(doc + ". */\n")
	b.WriteString("export async function " + n.fn[p] + "(" + tsParams(p.params, ids) + ") {\n")
	opts := toolboxOptions(req)
	switch p.ap.Operation {
	case "GetItem", "DeleteItem":
		if !allowed("TableName", "Key", "ConsistentRead", "ReturnConsumedCapacity") {
			return "", ""
		}
		key, ok := toolboxKeyInput(te, req.get("Key"), ids, true)
		if !ok {
			return "", ""
		}
		cmd := "GetItemCommand"
		if p.ap.Operation == "DeleteItem" {
			cmd = "DeleteItemCommand"
		}
		b.WriteString("  const out = await " + n.types[e] + ".build(" + cmd + ").key(" + key + ")" + opts + ".send();\n")
		if cmd == "GetItemCommand" {
			b.WriteString("  return out.Item;\n}\n")
		} else {
			b.WriteString("  return out;\n}\n")
		}
		return b.String(), cmd
	case "PutItem":
		if !allowed("TableName", "Item", "ReturnConsumedCapacity") {
			return "", ""
		}
		it, ok := toolboxKeyInput(te, req.get("Item"), ids, false)
		if !ok {
			return "", ""
		}
		b.WriteString("  return " + n.types[e] + ".build(PutItemCommand).item(" + it + ")" + opts + ".send();\n}\n")
		return b.String(), "PutItemCommand"
	case "Query":
		if !allowed("TableName", "IndexName", "KeyConditionExpression", "ExpressionAttributeNames", "ExpressionAttributeValues", "ScanIndexForward", "Limit", "ConsistentRead", "ReturnConsumedCapacity") {
			return "", ""
		}
		if p.partial {
			return "", "" // Toolbox would format partial items as whole entities
		}
		q, ok := toolboxQuery(p, ids)
		if !ok {
			return "", ""
		}
		if !p.limited {
			opts = strings.TrimSuffix(strings.TrimPrefix(opts, ".options({ "), " })")
			if opts != "" {
				opts += ", "
			}
			opts = ".options({ " + opts + "maxPages: Infinity })"
		}
		b.WriteString("  const out = await " + tables[e.table] + ".build(TableQueryCommand).entities(" + n.types[e] + ").query(" + q + ")" + opts + ".send();\n")
		b.WriteString("  return out.Items ?? [];\n}\n")
		return b.String(), "QueryCommand as TableQueryCommand"
	}
	return "", ""
}

// toolboxOptions turns the request's options into Toolbox's.
func toolboxOptions(req *node) string {
	var opts []string
	if v := req.get("ConsistentRead"); v != nil && v.kind == kBool {
		opts = append(opts, "consistent: "+fmt.Sprint(v.b))
	}
	if v := req.get("ReturnConsumedCapacity"); v != nil && v.literal() {
		opts = append(opts, "capacity: "+quote(v.text()))
	}
	if v := req.get("ScanIndexForward"); v != nil && v.kind == kBool && !v.b {
		opts = append(opts, "reverse: true")
	}
	if v := req.get("Limit"); v != nil && v.kind == kNumber {
		opts = append(opts, "limit: "+v.num)
	}
	if len(opts) == 0 {
		return ""
	}
	return ".options({ " + strings.Join(opts, ", ") + " })"
}

// avString returns an attribute value's string node when it is an S.
func avString(av *node) *node {
	if av == nil || av.kind != kObject || len(av.keys) != 1 || !av.keys[0].literal() || av.keys[0].text() != "S" || av.vals[0].kind != kString {
		return nil
	}
	return av.vals[0]
}

// toolboxKeyInput turns a Key (keyOnly) or an Item into the entity's
// input: each key attribute must be written as the entity's template,
// each other attribute be one of its fields.
func toolboxKeyInput(te *toolboxEntity, m *node, ids map[string]string, keyOnly bool) (string, bool) {
	e := te.e
	if m == nil || m.kind != kObject {
		return "", false
	}
	var members []string
	seen := map[string]bool{}
	for i, k := range m.keys {
		if !k.literal() {
			return "", false
		}
		name := k.text()
		av := m.vals[i]
		if ek := e.key(name); ek != nil {
			s := avString(av)
			if ek.typ == "N" {
				if av.kind == kObject && len(av.keys) == 1 && av.keys[0].text() == "N" && av.vals[0].kind == kString {
					s = av.vals[0]
				}
			}
			if s == nil || s.text() != ek.tmpl.String() {
				return "", false
			}
			continue
		}
		if keyOnly {
			return "", false
		}
		var f *field
		for _, x := range e.fields {
			if x.name == name && !x.key {
				f = x
			}
		}
		if f == nil || f.typ != "S" && f.typ != "N" {
			return "", false
		}
		if av.kind != kObject || len(av.keys) != 1 || av.keys[0].text() != f.typ || av.vals[0].kind != kString {
			return "", false
		}
		var val string
		if f.typ == "N" {
			val = tsNumber(av.vals[0], ids)
		} else {
			val = tsString(av.vals[0].parts, ids)
		}
		members = append(members, tsKeyName(name)+": "+val)
		seen[name] = true
	}
	// The key attributes' templates name the same parameters as the
	// entity's, so the parameters go in under their own names.
	var ps []string
	for _, p := range e.params {
		if keyOnly && !te.keyParams[p.name] {
			continue
		}
		id, ok := ids[p.name]
		if !ok {
			if te.keyParams[p.name] {
				return "", false
			}
			continue
		}
		ps = append(ps, tsKeyName(p.name)+": "+id)
	}
	if !keyOnly {
		for _, f := range e.fields {
			if !f.key && f.required && !seen[f.name] {
				return "", false // Toolbox would refuse the item
			}
		}
	}
	return "{ " + strings.Join(append(ps, members...), ", ") + " }", true
}

// toolboxQuery turns a key condition into Toolbox's query object.
func toolboxQuery(p *pattern, ids map[string]string) (string, bool) {
	req := p.req
	kce := req.get("KeyConditionExpression")
	if kce == nil || !kce.literal() {
		return "", false
	}
	conds, ok := parseKeyCondition(kce.text())
	if !ok {
		return "", false
	}
	names := req.get("ExpressionAttributeNames")
	values := req.get("ExpressionAttributeValues")
	attr := func(s string) string {
		if strings.HasPrefix(s, "#") {
			if v := names.get(s); v != nil && v.literal() {
				return v.text()
			}
			return ""
		}
		return s
	}
	value := func(s string) (string, bool) {
		av := values.get(s)
		if av == nil || av.kind != kObject || len(av.keys) != 1 || av.vals[0].kind != kString {
			return "", false
		}
		switch av.keys[0].text() {
		case "S":
			return tsString(av.vals[0].parts, ids), true
		case "N":
			return tsNumber(av.vals[0], ids), true
		}
		return "", false
	}
	t := p.entity.table
	pkName, skName := t.pk.name, ""
	if t.sk != nil {
		skName = t.sk.name
	}
	var index string
	if ix := req.get("IndexName"); ix != nil {
		if !ix.literal() {
			return "", false
		}
		x := t.index(ix.text())
		if x == nil {
			return "", false
		}
		index = "index: " + quote(x.name) + ", "
		pkName, skName = x.pk.name, ""
		if x.sk != nil {
			skName = x.sk.name
		}
	}
	var partition, rng string
	for _, c := range conds {
		a := attr(c.attr)
		var vals []string
		for _, v := range c.values {
			s, ok := value(v)
			if !ok {
				return "", false
			}
			vals = append(vals, s)
		}
		switch {
		case a == pkName && c.op == "=" && partition == "":
			partition = vals[0]
		case a == skName && skName != "" && rng == "":
			switch c.op {
			case "=":
				rng = "{ eq: " + vals[0] + " }"
			case "<":
				rng = "{ lt: " + vals[0] + " }"
			case "<=":
				rng = "{ lte: " + vals[0] + " }"
			case ">":
				rng = "{ gt: " + vals[0] + " }"
			case ">=":
				rng = "{ gte: " + vals[0] + " }"
			case "between":
				rng = "{ between: [" + vals[0] + ", " + vals[1] + "] }"
			case "begins_with":
				rng = "{ beginsWith: " + vals[0] + " }"
			}
		default:
			return "", false
		}
	}
	if partition == "" {
		return "", false
	}
	q := "{ " + index + "partition: " + partition
	if rng != "" {
		q += ", range: " + rng
	}
	return q + " }", true
}

// keyCond is one comparison of a key condition.
type keyCond struct {
	attr   string
	op     string // =, <, <=, >, >=, between, begins_with
	values []string
}

// parseKeyCondition reads "a = :v [AND (b op :w | b BETWEEN :x AND :y |
// begins_with(b, :z))]", reporting false for anything else.
func parseKeyCondition(s string) ([]keyCond, bool) {
	toks := keyTokens(s)
	var out []keyCond
	i := 0
	next := func() string {
		if i < len(toks) {
			i++
			return toks[i-1]
		}
		return ""
	}
	for {
		t := next()
		var c keyCond
		if strings.EqualFold(t, "begins_with") {
			if next() != "(" {
				return nil, false
			}
			c.attr, c.op = next(), "begins_with"
			if next() != "," {
				return nil, false
			}
			c.values = []string{next()}
			if next() != ")" {
				return nil, false
			}
		} else {
			c.attr = t
			op := next()
			switch {
			case op == "=" || op == "<" || op == "<=" || op == ">" || op == ">=":
				c.op = op
				c.values = []string{next()}
			case strings.EqualFold(op, "BETWEEN"):
				c.op = "between"
				a := next()
				if !strings.EqualFold(next(), "AND") {
					return nil, false
				}
				c.values = []string{a, next()}
			default:
				return nil, false
			}
		}
		for _, v := range c.values {
			if !strings.HasPrefix(v, ":") {
				return nil, false
			}
		}
		if c.attr == "" || c.attr == "(" {
			return nil, false
		}
		out = append(out, c)
		t = next()
		if t == "" {
			return out, len(out) <= 2
		}
		if !strings.EqualFold(t, "AND") {
			return nil, false
		}
	}
}

// keyTokens splits a key condition into names, placeholders, operators
// and punctuation.
func keyTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '(' || c == ')' || c == ',' || c == '=':
			out = append(out, string(c))
			i++
		case c == '<' || c == '>':
			if i+1 < len(s) && s[i+1] == '=' {
				out = append(out, s[i:i+2])
				i += 2
			} else {
				out = append(out, string(c))
				i++
			}
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\n\r(),=<>", rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}
