package appcode

import "strings"

// The typed module's per-entity put and get. An entity's item is its key
// attributes, its key templates' parameters and its attributes: the put
// writes the parameters as attributes under the names DynamoDB-Toolbox's
// entity saves them (toolboxEntity.savedAs), so that either module reads
// what the other wrote, and a reader of the item needs no template parsing
// to learn the parts its keys were made of.

// tsItemNames are the entity-level identifiers of the typed module.
type tsItemNames struct {
	input, put, get string
}

// savedName is the attribute parameter p is saved under.
func (te *toolboxEntity) savedName(p string) string {
	if as, ok := te.savedAs[p]; ok {
		return as
	}
	return p
}

// tsParamFields are the entity's parameters that are not already among its
// fields (under their saved names), as interface members.
func tsParamFields(te *toolboxEntity) []*field {
	have := map[string]bool{}
	for _, f := range te.e.fields {
		have[f.name] = true
	}
	var out []*field
	for _, p := range te.e.params {
		name := te.savedName(p.name)
		if have[name] {
			continue
		}
		have[name] = true
		// Optional: items other writers made (the model's dataset, say)
		// carry only the keys built from them.
		out = append(out, &field{name: name, typ: p.typ})
	}
	return out
}

// tsEntityItem writes an entity's input type, put and get.
func tsEntityItem(b *strings.Builder, e *entity, n *tsNames) {
	te := newToolboxEntity(e)
	in := n.items[e]
	primary := primaryParams(e)
	params := map[string]bool{}
	b.WriteString("\n/** What " + in.put + " writes: the key templates' parameters (saved as attributes, as DynamoDB-Toolbox's entity saves them) and the attributes of " + comment(e.name) + ". */\n")
	b.WriteString("export interface " + in.input + " {\n")
	for _, p := range e.params {
		params[p.name] = true
		opt := "?"
		if primary[p.name] {
			opt = ""
		}
		b.WriteString("  " + quote(p.name) + opt + ": " + tsType(p.typ) + ";\n")
	}
	for _, f := range e.fields {
		if f.key || params[f.name] {
			continue
		}
		opt := "?"
		if f.required {
			opt = ""
		}
		b.WriteString("  " + quote(f.name) + opt + ": " + tsType(f.typ) + ";\n")
	}
	b.WriteString("}\n")

	ids := map[string]string{}
	for _, p := range e.params {
		ids[p.name] = "item[" + quote(p.name) + "]"
	}
	b.WriteString("\n/** Writes a " + comment(e.name) + " (PutItem): its keys from their templates (an index key only when its parameters are given),\n")
	b.WriteString(" * its templates' parameters and its attributes. */\n")
	b.WriteString("export async function " + in.put + "(client: DynamoDBDocumentClient, item: " + in.input + "): Promise<PutCommandOutput> {\n")
	b.WriteString("  const out: Record<string, unknown> = {\n")
	for _, k := range e.keys {
		if isPrimary(e.table, k.attr) {
			b.WriteString("    " + quote(k.attr) + ": " + tsKeyValue(k, ids) + ",\n")
		}
	}
	b.WriteString("  };\n")
	for _, k := range e.keys {
		if isPrimary(e.table, k.attr) {
			continue
		}
		var conds []string
		for _, p := range k.tmpl.Params() {
			if !primary[p] {
				conds = append(conds, ids[p]+" !== undefined")
			}
		}
		set := "out[" + quote(k.attr) + "] = " + tsKeyValue(k, ids) + ";"
		if len(conds) > 0 {
			set = "if (" + strings.Join(conds, " && ") + ") " + set
		}
		b.WriteString("  " + set + "\n")
	}
	written := map[string]bool{}
	for _, k := range e.keys {
		written[k.attr] = true
	}
	for _, p := range e.params {
		name := te.savedName(p.name)
		if written[name] {
			continue // the key attribute itself
		}
		written[name] = true
		set := "out[" + quote(name) + "] = " + ids[p.name] + ";"
		if !primary[p.name] {
			set = "if (" + ids[p.name] + " !== undefined) " + set
		}
		b.WriteString("  " + set + "\n")
	}
	for _, f := range e.fields {
		if f.key || params[f.name] || written[f.name] {
			continue
		}
		b.WriteString("  if (item[" + quote(f.name) + "] !== undefined) out[" + quote(f.name) + "] = item[" + quote(f.name) + "];\n")
	}
	b.WriteString("  return client.send(new PutCommand({ TableName: " + quote(e.table.name) + ", Item: out }));\n}\n")

	var kps []*param
	for _, p := range e.params {
		if primary[p.name] {
			kps = append(kps, p)
		}
	}
	kids := tsParamNames(kps)
	args := tsParams(kps, kids)
	if args != "" {
		args = ", " + args
	}
	b.WriteString("\n/** Reads a " + comment(e.name) + " by its key's parameters (GetItem). */\n")
	b.WriteString("export async function " + in.get + "(client: DynamoDBDocumentClient" + args + "): Promise<" + n.types[e] + " | undefined> {\n")
	b.WriteString("  const out = await client.send(new GetCommand({\n    TableName: " + quote(e.table.name) + ",\n    Key: {\n")
	for _, k := range e.keys {
		if isPrimary(e.table, k.attr) {
			b.WriteString("      " + quote(k.attr) + ": " + tsKeyValue(k, kids) + ",\n")
		}
	}
	b.WriteString("    },\n  }));\n  return out.Item as " + n.types[e] + " | undefined;\n}\n")
}

// tsKeyValue is a key template's value: a number key made of parts is
// the number its text spells.
func tsKeyValue(k *key, ids map[string]string) string {
	if k.typ == "N" && !k.tmpl.IsParam() {
		return "Number(" + tsTemplate(k, ids) + ")"
	}
	return tsTemplate(k, ids)
}

// hasPrimaryKeys reports whether e has a template for each of its table's
// key attributes, which its put and get need.
func hasPrimaryKeys(e *entity) bool {
	if e.key(e.table.pk.name) == nil {
		return false
	}
	return e.table.sk == nil || e.key(e.table.sk.name) != nil
}

// withSavedParams is p's request with its PutItem's Item carrying the key
// templates' parameters the way the entity's put saves them, when the
// Item is the entity's (its primary key written as the entity's
// templates): a PutItem access pattern then writes the item the Toolbox
// entity and the typed put write. Otherwise it is p's request.
func withSavedParams(p *pattern) *node {
	if p.ap.Operation != "PutItem" || p.entity == nil || p.fanOut != nil {
		return p.req
	}
	te := newToolboxEntity(p.entity)
	it := p.req.get("Item")
	if it == nil || it.kind != kObject {
		return p.req
	}
	for _, k := range p.entity.keys {
		if !isPrimary(p.entity.table, k.attr) {
			continue
		}
		av := it.get(k.attr)
		if av == nil || av.kind != kObject || len(av.keys) != 1 || av.vals[0].kind != kString || av.vals[0].text() != k.tmpl.String() {
			return p.req // not the entity's key: another kind of item
		}
	}
	typ := map[string]string{}
	for _, q := range p.params {
		typ[q.name] = q.typ
	}
	item := &node{kind: kObject, keys: append([]*node(nil), it.keys...), vals: append([]*node(nil), it.vals...)}
	for _, q := range p.entity.params {
		name := te.savedName(q.name)
		if typ[q.name] == "" || item.get(name) != nil {
			continue // not a parameter of this request, or written already
		}
		str := &node{kind: kString, parts: []part{{param: q.name}}}
		item.keys = append(item.keys, &node{kind: kString, parts: []part{{lit: name}}})
		item.vals = append(item.vals, &node{kind: kObject, keys: []*node{{kind: kString, parts: []part{{lit: typ[q.name]}}}}, vals: []*node{str}})
	}
	req := &node{kind: kObject}
	for i, k := range p.req.keys {
		v := p.req.vals[i]
		if k.literal() && k.text() == "Item" {
			v = item
		}
		req.keys = append(req.keys, k)
		req.vals = append(req.vals, v)
	}
	return req
}
