package appcode

import (
	"fmt"
	"strings"
)

// ElectroDB: an Entity per entity whose indexes are the table's key and
// the indexes the entity has key templates for. A key template becomes a
// key with "composite" attributes (the template's parameters) and a
// "template" that spells the key exactly ("USER#${userId}", casing
// "none"); a key that is one parameter alone ("{deviceId}") makes that
// parameter the key attribute itself (its field is the key's), which
// keeps its type. ElectroDB also writes each composite attribute as an
// attribute of its own and its identity attributes (__edb_e__,
// __edb_v__); reads of items it did not write need ignoreOwnership.

func electroType(t string) string {
	switch t {
	case "S":
		return `"string"`
	case "N":
		return `"number"`
	case "BOOL":
		return `"boolean"`
	case "SS":
		return `"set", items: "string"`
	case "NS":
		return `"set", items: "number"`
	}
	return `"any"`
}

// primaryParams are the parameters of the entity's primary key.
func primaryParams(e *entity) map[string]bool {
	out := map[string]bool{}
	for _, k := range e.keys {
		if isPrimary(e.table, k.attr) {
			for _, p := range k.tmpl.Params() {
				out[p] = true
			}
		}
	}
	return out
}

func renderElectroDB(d *design) (string, []string) {
	var warnings []string
	top := newNamer(tsReserved, []string{"Entity", "Service", "setClient", "DocumentClient", "service"})
	vars := map[*entity]string{}
	for _, e := range d.entities {
		vars[e] = top.name(pascal(e.name, "E"))
	}
	service := snake(d.name, "model")
	if service == "" {
		service = "model"
	}
	var b strings.Builder
	b.WriteString(header(d, "//", "ElectroDB entities and services: the key templates as composite attributes."))
	b.WriteString("// Keys are written exactly as the model's templates (casing \"none\"). ElectroDB stores each\n")
	b.WriteString("// composite attribute on the item too, with its identity attributes (__edb_e__, __edb_v__);\n")
	b.WriteString("// to read items another writer made, pass { ignoreOwnership: true } to go().\n\n")
	imports := len(b.String())
	byTable := map[string][]*entity{}
	var tableOrder []string
	for _, e := range d.entities {
		src, err := electroEntity(e, service)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("entity %q is left out of the ElectroDB entities: %v.", e.name, err))
			continue
		}
		if byTable[e.table.name] == nil {
			tableOrder = append(tableOrder, e.table.name)
		}
		byTable[e.table.name] = append(byTable[e.table.name], e)
		b.WriteString("\n/** " + comment(e.name) + ": an item of table " + comment(e.table.name) + ". */\n")
		b.WriteString("export const " + vars[e] + " = new Entity(" + src + ", { table: " + quote(e.table.name) + " });\n")
	}
	var services []string
	for _, tn := range tableOrder {
		name := top.name(camel(tn, "t") + "Service")
		services = append(services, name)
		b.WriteString("\n/** The entities of table " + comment(tn) + ". */\n")
		b.WriteString("export const " + name + " = new Service({\n")
		members := newNamer(nil)
		for _, e := range byTable[tn] {
			b.WriteString("  " + members.name(camel(e.name, "e")) + ": " + vars[e] + ",\n")
		}
		b.WriteString("});\n")
	}
	head := ""
	if len(services) > 0 {
		head = "import { Entity, Service } from \"electrodb\";\n"
	}
	head += "import type { DynamoDBDocumentClient } from \"@aws-sdk/lib-dynamodb\";\n"
	src := b.String()
	b.Reset()
	b.WriteString(src[:imports] + head + src[imports:])
	b.WriteString("\n/** Gives every service the document client to send its requests with. */\n")
	b.WriteString("export function setClient(client: DynamoDBDocumentClient): void {\n")
	if len(services) == 0 {
		b.WriteString("  void client;\n")
	}
	for _, s := range services {
		b.WriteString("  " + s + ".setClient(client);\n")
	}
	b.WriteString("}\n")
	return b.String(), warnings
}

// electroAttrs maps each key template parameter to its ElectroDB
// attribute: a parameter that is a key by itself is the key attribute
// (named as the key's field, which ElectroDB requires of an attribute that
// is a key field); any other keeps its name.
func electroAttrs(e *entity) map[string]string {
	out := map[string]string{}
	for _, k := range e.keys {
		if k.tmpl.IsParam() {
			p := k.tmpl.Params()[0]
			if _, taken := out[p]; !taken {
				out[p] = k.attr
			}
		}
	}
	for _, p := range e.params {
		if _, ok := out[p.name]; !ok {
			out[p.name] = p.name
		}
	}
	return out
}

// electroEntity writes an entity's schema object.
func electroEntity(e *entity, service string) (string, error) {
	attrOf := electroAttrs(e)
	for _, k := range e.keys {
		if !k.tmpl.IsParam() && (k.typ == "N" || k.typ == "B") {
			return "", fmt.Errorf("key %s is a %s with template %q: ElectroDB templates make strings", k.attr, k.typ, k.tmpl.String())
		}
	}
	// A parameter named as a key attribute it does not make alone (the
	// key "{deviceId}#shard{shard}" of attribute deviceId) is saved under
	// another field.
	renamed := map[string]string{}
	for _, p := range e.params {
		if k := e.key(p.name); k != nil && attrOf[p.name] == p.name && !(k.tmpl.IsParam() && k.tmpl.Params()[0] == p.name) {
			renamed[p.name] = p.name + "Param"
		}
	}
	var b strings.Builder
	b.WriteString("{\n  model: { entity: " + quote(e.name) + ", service: " + quote(service) + ", version: \"1\" },\n  attributes: {\n")
	names := map[string]bool{}
	primary := primaryParams(e)
	for _, p := range e.params {
		a := attrOf[p.name]
		names[a] = true
		b.WriteString("    " + tsKeyName(a) + ": { type: " + electroType(p.typ))
		if f := renamed[p.name]; f != "" {
			b.WriteString(", field: " + quote(f))
		}
		if primary[p.name] {
			// Parameters of index keys only are optional: an item
			// without them stays out of the (sparse) index.
			b.WriteString(", required: true")
		}
		b.WriteString(" },\n")
	}
	for _, f := range e.fields {
		if f.key || names[f.name] {
			continue
		}
		names[f.name] = true
		b.WriteString("    " + tsKeyName(f.name) + ": { type: " + electroType(f.typ))
		if f.required {
			b.WriteString(", required: true")
		}
		b.WriteString(" },\n")
	}
	b.WriteString("  },\n  indexes: {\n")
	keyDef := func(k *key) string {
		var comp []string
		var tmpl strings.Builder
		for _, pt := range templateParts(k) {
			if pt.param != "" {
				comp = append(comp, quote(attrOf[pt.param]))
				tmpl.WriteString("${" + attrOf[pt.param] + "}")
			} else {
				tmpl.WriteString(pt.lit)
			}
		}
		return "{ field: " + quote(k.attr) + ", composite: [" + strings.Join(comp, ", ") + "], template: " + quote(tmpl.String()) + ", casing: \"none\" }"
	}
	t := e.table
	b.WriteString("    primary: {\n      pk: " + keyDef(e.key(t.pk.name)) + ",\n")
	if t.sk != nil {
		b.WriteString("      sk: " + keyDef(e.key(t.sk.name)) + ",\n")
	}
	b.WriteString("    },\n")
	ixNames := newNamer([]string{"primary"})
	for _, x := range t.indexes {
		pk := e.key(x.pk.name)
		if pk == nil {
			continue // the entity stays out of this sparse index
		}
		var sk *key
		if x.sk != nil {
			if sk = e.key(x.sk.name); sk == nil {
				continue
			}
		}
		b.WriteString("    " + tsKeyName(ixNames.name(camel(x.name, "i"))) + ": {\n      index: " + quote(x.name) + ",\n      pk: " + keyDef(pk) + ",\n")
		if sk != nil {
			b.WriteString("      sk: " + keyDef(sk) + ",\n")
		}
		b.WriteString("    },\n")
	}
	b.WriteString("  },\n}")
	return b.String(), nil
}

// tsKeyName is an object literal's member name.
func tsKeyName(s string) string {
	if isIdent(s) {
		return s
	}
	return quote(s)
}
