package formats

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/jsliteral"
)

// OneTable: a schema of the dynamodb-onetable library in its JSON form
// (what OneTable's CLI and migrations read): "indexes" (primary, global
// ones with hash, sort and project, local ones with type "local") and
// "models", each a map of fields with a type, required, and for key
// fields a value template ("USER#${id}", the workbench's "USER#{id}"). A
// OneTable schema describes one table and has no name for it: the export
// writes one schema per table and adds the table's name as "name" (OneTable
// reads only format, version, indexes, models and params); the import
// takes that name, else "OneTable". The format carries no billing,
// capacity, stream or time-to-live setting, and no access pattern.

// OneTable is the format name of a dynamodb-onetable schema.
const OneTable = "onetable"

// oneTableFormat is the schema format version the export writes.
const oneTableFormat = "onetable:1.1.0"

type otSchema struct {
	Format  string          `json:"format"`
	Version string          `json:"version"`
	Name    string          `json:"name"`
	Indexes json.RawMessage `json:"indexes"`
	Models  json.RawMessage `json:"models"`
	Params  struct {
		IsoDates   bool   `json:"isoDates"`
		Timestamps bool   `json:"timestamps"`
		TypeField  string `json:"typeField"`
	} `json:"params"`
}

type otIndex struct {
	Hash    string          `json:"hash"`
	Sort    string          `json:"sort"`
	Type    string          `json:"type"`
	Project json.RawMessage `json:"project"`
	Follow  bool            `json:"follow"`
}

type otField struct {
	Type     string          `json:"type"`
	Value    string          `json:"value"`
	Required bool            `json:"required"`
	Generate json.RawMessage `json:"generate"`
	Default  json.RawMessage `json:"default"`
	Enum     []string        `json:"enum"`
	Items    json.RawMessage `json:"items"`
	Schema   json.RawMessage `json:"schema"`
	Hidden   bool            `json:"hidden"`
	Unique   bool            `json:"unique"`
	Crypt    bool            `json:"crypt"`
	Map      string          `json:"map"`
	Validate json.RawMessage `json:"validate"`
}

var otVar = regexp.MustCompile(`\$\{([^}]*)\}`)

// fromOneTable turns a value template into a key template: "${id}" is
// "{id}"; literal braces are doubled.
func fromOneTable(v string) string {
	var b strings.Builder
	last := 0
	for _, m := range otVar.FindAllStringSubmatchIndex(v, -1) {
		b.WriteString(escapeTemplate(v[last:m[0]]))
		b.WriteString("{" + v[m[2]:m[3]] + "}")
		last = m[1]
	}
	b.WriteString(escapeTemplate(v[last:]))
	return b.String()
}

// toOneTable turns a key template into a value template.
func toOneTable(tpl string) string {
	if _, err := model.ParseTemplate(tpl); err != nil {
		return tpl
	}
	var b strings.Builder
	for i := 0; i < len(tpl); i++ {
		c := tpl[i]
		switch {
		case c == '{' && i+1 < len(tpl) && tpl[i+1] == '{':
			b.WriteByte('{')
			i++
		case c == '}' && i+1 < len(tpl) && tpl[i+1] == '}':
			b.WriteByte('}')
			i++
		case c == '{':
			b.WriteString("${")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func otType(t string, isoDates bool) (string, bool) {
	switch strings.ToLower(t) {
	case "string":
		return "S", true
	case "number":
		return "N", true
	case "boolean":
		return "BOOL", true
	case "date":
		if isoDates {
			return "S", true
		}
		return "N", true
	case "object":
		return "M", true
	case "array":
		return "L", true
	case "binary", "buffer", "arraybuffer":
		return "B", true
	case "set":
		return "SS", true
	}
	return "S", false
}

// ImportOneTable reads a OneTable schema (JSON) into a model that passes
// Validate: one table, an entity per model.
func ImportOneTable(data []byte) (*model.Model, []string, error) {
	var s otSchema
	if err := decodeJSON(data, &s); err != nil {
		// A JavaScript or TypeScript module: the object literal it
		// exports, read without running it (package jsliteral).
		js, jerr := jsliteral.Read(data)
		if jerr != nil {
			if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) && json.Valid(bytes.TrimSpace(data)) {
				return nil, nil, fmt.Errorf("not a OneTable schema: %v", err)
			}
			return nil, nil, fmt.Errorf("not a OneTable schema (JSON, or a JavaScript or TypeScript module exporting one): %v", jerr)
		}
		if err := decodeJSON(js, &s); err != nil {
			return nil, nil, fmt.Errorf("not a OneTable schema: %v", err)
		}
	}
	idxNames, idxRaw, err := orderedKeys(s.Indexes)
	if err != nil {
		return nil, nil, fmt.Errorf("indexes: %v", err)
	}
	if len(idxNames) == 0 {
		return nil, nil, errors.New(`not a OneTable schema: it has no "indexes"`)
	}
	im := &importer{m: &model.Model{Version: model.Version, Name: "Imported OneTable schema"}, entities: names{}}
	if s.Format != "" && !strings.HasPrefix(s.Format, "onetable:") {
		im.warn("format is %q; this import reads %s schemas", s.Format, oneTableFormat)
	}
	tb := model.Table{}
	d := &tb.TableDefinition
	d.TableName = s.Name
	if d.TableName == "" {
		d.TableName = "OneTable"
		im.warn("a OneTable schema does not name its table; it is named %s", d.TableName)
	}
	d.BillingMode = schema.BillingPayPerRequest
	indexes := map[string]otIndex{}
	for _, n := range idxNames {
		var ix otIndex
		if err := decodeJSON(idxRaw[n], &ix); err != nil {
			return nil, nil, fmt.Errorf("indexes.%s: %v", n, err)
		}
		indexes[n] = ix
	}
	primary, ok := indexes["primary"]
	if !ok || primary.Hash == "" {
		return nil, nil, errors.New(`indexes: no "primary" index with a hash key`)
	}
	modelNames, modelRaw, err := orderedKeys(s.Models)
	if err != nil {
		return nil, nil, fmt.Errorf("models: %v", err)
	}
	models := make([]map[string]otField, len(modelNames))
	fieldOrder := make([][]string, len(modelNames))
	keyTypes := map[string]schema.ScalarType{}
	for i, n := range modelNames {
		keys, raws, err := orderedKeys(modelRaw[n])
		if err != nil {
			return nil, nil, fmt.Errorf("models.%s: %v", n, err)
		}
		models[i] = map[string]otField{}
		fieldOrder[i] = keys
		for _, k := range keys {
			var f otField
			if err := decodeJSON(raws[k], &f); err != nil {
				return nil, nil, fmt.Errorf("models.%s.%s: %v", n, k, err)
			}
			models[i][k] = f
			if typ, _ := otType(f.Type, s.Params.IsoDates); typ == "N" || typ == "B" {
				keyTypes[k] = schema.ScalarType(typ)
			}
		}
	}
	types := map[string]schema.ScalarType{}
	define := func(a string) {
		if _, ok := types[a]; ok {
			return
		}
		t := keyTypes[a]
		if t == "" {
			t = schema.TypeS
		}
		types[a] = t
		d.AttributeDefinitions = append(d.AttributeDefinitions, schema.AttributeDefinition{AttributeName: a, AttributeType: t})
	}
	keySchema := func(hash, sort string) []schema.KeySchemaElement {
		ks := []schema.KeySchemaElement{{AttributeName: hash, KeyType: schema.KeyTypeHash}}
		define(hash)
		if sort != "" {
			ks = append(ks, schema.KeySchemaElement{AttributeName: sort, KeyType: schema.KeyTypeRange})
			define(sort)
		}
		return ks
	}
	d.KeySchema = keySchema(primary.Hash, primary.Sort)
	for _, n := range idxNames {
		if n == "primary" {
			continue
		}
		ix := indexes[n]
		proj, err := otProjection(ix.Project)
		if err != nil {
			return nil, nil, fmt.Errorf("indexes.%s.project: %v", n, err)
		}
		if ix.Follow {
			im.warn("indexes.%s: follow (reading the full item after a KEYS_ONLY query) is OneTable's, not the table's; not kept", n)
		}
		if ix.Type == "local" {
			if ix.Sort == "" {
				return nil, nil, fmt.Errorf("indexes.%s: a local index needs a sort key", n)
			}
			d.LocalSecondaryIndexes = append(d.LocalSecondaryIndexes, schema.LocalSecondaryIndex{IndexName: n, KeySchema: keySchema(primary.Hash, ix.Sort), Projection: proj})
			continue
		}
		if ix.Hash == "" {
			return nil, nil, fmt.Errorf("indexes.%s: a global index needs a hash key", n)
		}
		d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{IndexName: n, KeySchema: keySchema(ix.Hash, ix.Sort), Projection: proj})
	}
	im.m.Tables = []model.Table{tb}
	typeField := s.Params.TypeField
	if typeField == "" {
		typeField = "_type" // OneTable's default
	}
	dropped := map[string]bool{}
	for i, n := range modelNames {
		e := model.Entity{Name: im.entities.unique(n), Table: d.TableName, Keys: map[string]string{}}
		for _, k := range fieldOrder[i] {
			f := models[i][k]
			for opt, on := range map[string]bool{"default": len(f.Default) > 0, "validate": len(f.Validate) > 0, "hidden": f.Hidden, "unique": f.Unique, "crypt": f.Crypt, "map": f.Map != "", "schema": len(f.Schema) > 0} {
				if on {
					dropped[opt] = true
				}
			}
			if _, isKey := types[k]; isKey {
				if f.Value != "" {
					e.Keys[k] = im.keyTemplate(n, k, f.Value, typeField)
				} else {
					e.Keys[k] = "{" + k + "}"
				}
				continue
			}
			typ, ok := otType(f.Type, s.Params.IsoDates)
			if !ok && f.Type != "" {
				im.warn("models.%s.%s: type %q is read as a string", n, k, f.Type)
			}
			a := model.Attribute{Name: k, Type: typ, Required: f.Required}
			if f.Value != "" {
				a.Description = "value " + f.Value
			}
			switch g := strings.Trim(string(f.Generate), `"`); g {
			case "ulid", "uuid":
				a.Generator = g
			}
			if len(f.Enum) > 0 && typ == "S" && enumSafe(f.Enum) {
				a.Generator = "choice(" + strings.Join(f.Enum, ",") + ")"
			}
			e.Attributes = append(e.Attributes, a)
		}
		for _, k := range d.KeySchema {
			if _, ok := e.Keys[k.AttributeName]; !ok {
				return nil, nil, fmt.Errorf("models.%s: no field for the primary key attribute %s", n, k.AttributeName)
			}
		}
		im.m.Entities = append(im.m.Entities, e)
	}
	if len(dropped) > 0 {
		var opts []string
		for _, o := range []string{"default", "validate", "hidden", "unique", "crypt", "map", "schema"} {
			if dropped[o] {
				opts = append(opts, o)
			}
		}
		im.warn("field options %s are OneTable's behaviour, not the table's; not kept", strings.Join(opts, ", "))
	}
	if s.Params.Timestamps {
		im.warn("params.timestamps: OneTable adds created and updated to every item; they are not attributes of the entities")
	}
	if err := im.m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the imported model does not validate: %v", err)
	}
	if im.warnings == nil {
		im.warnings = []string{}
	}
	return im.m, im.warnings, nil
}

// keyTemplate turns a key field's value template into the entity's key
// template: ${_type} (the type field, params.typeField) is the model's name,
// as OneTable writes it; parameters side by side (${name}${id}), which a
// key template cannot tell apart, are separated by '#', with a warning.
func (im *importer) keyTemplate(modelName, field, value, typeField string) string {
	v := strings.ReplaceAll(value, "${"+typeField+"}", modelName)
	tpl := fromOneTable(v)
	if _, err := model.ParseTemplate(tpl); err != nil && strings.Contains(v, "}${") {
		sep := strings.ReplaceAll(v, "}${", "}#${")
		im.warn("models.%s.%s: value %q puts parameters side by side, which a key template cannot tell apart; the model separates them with '#' (%s), so its keys differ from OneTable's there", modelName, field, value, fromOneTable(sep))
		tpl = fromOneTable(sep)
	}
	return tpl
}

// enumSafe says the words can be written in a choice(...) generator.
func enumSafe(words []string) bool {
	for _, w := range words {
		if w == "" || strings.ContainsAny(w, ",()\"") {
			return false
		}
	}
	return true
}

func otProjection(raw json.RawMessage) (schema.Projection, error) {
	if len(raw) == 0 {
		return schema.Projection{ProjectionType: schema.ProjectAll}, nil // OneTable's default
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		switch s {
		case "all":
			return schema.Projection{ProjectionType: schema.ProjectAll}, nil
		case "keys":
			return schema.Projection{ProjectionType: schema.ProjectKeysOnly}, nil
		}
		return schema.Projection{}, fmt.Errorf("%q is all, keys or a list of attributes", s)
	}
	var attrs []string
	if err := json.Unmarshal(raw, &attrs); err != nil {
		return schema.Projection{}, errors.New("all, keys or a list of attributes")
	}
	return schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: attrs}, nil
}

func otFieldType(typ string) string {
	switch typ {
	case "N":
		return "number"
	case "BOOL":
		return "boolean"
	case "M":
		return "object"
	case "L":
		return "array"
	case "B":
		return "binary"
	case "SS", "NS", "BS":
		return "set"
	}
	return "string"
}

func renderOneTable(m *model.Model, r *Result) {
	for _, t := range m.Tables {
		idx := obj{}
		primary := obj{}.add("hash", t.KeySchema[0].AttributeName)
		if len(t.KeySchema) > 1 {
			primary = primary.add("sort", t.KeySchema[1].AttributeName)
		}
		idx = idx.add("primary", primary)
		project := func(p schema.Projection) any {
			switch p.ProjectionType {
			case schema.ProjectAll:
				return "all"
			case schema.ProjectInclude:
				return stringList(p.NonKeyAttributes)
			}
			return "keys"
		}
		for _, g := range t.GlobalSecondaryIndexes {
			o := obj{}.add("hash", g.HashKey())
			if rk := g.RangeKey(); rk != "" {
				o = o.add("sort", rk)
			}
			if g.IsMultiAttribute() {
				// A OneTable index has one hash and one sort attribute.
				r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: index %s's key has %d attributes; OneTable's index takes one hash and one sort, so it keeps %s",
					t.TableName, g.IndexName, len(g.KeySchema), strings.Join(g.KeyAttributes()[:min(2, len(g.KeyAttributes()))], " and ")))
			}
			idx = idx.add(g.IndexName, o.add("project", project(g.Projection)))
		}
		for _, l := range t.LocalSecondaryIndexes {
			idx = idx.add(l.IndexName, obj{}.add("type", "local").add("sort", l.KeySchema[1].AttributeName).add("project", project(l.Projection)))
		}
		models := obj{}
		for _, e := range m.Entities {
			if e.Table != t.TableName {
				continue
			}
			fields := obj{}
			seen := map[string]bool{}
			// Every key attribute the entity gives a template, the
			// indexes' too: a GSI's key template is how OneTable writes
			// the index's attributes.
			keyAttrs := KeyDefinitions(&t.TableDefinition)
			for _, kd := range keyAttrs {
				k := kd.AttributeName
				tpl, ok := e.Keys[k]
				if !ok {
					continue
				}
				seen[k] = true
				f := obj{}.add("type", otFieldType(string(kd.AttributeType)))
				if tpl != "{"+k+"}" {
					if _, err := model.ParseTemplate(tpl); err != nil {
						r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: entity %s's template for %s (%q) is not one OneTable can write: the field has no value", t.TableName, e.Name, k, tpl))
					} else {
						f = f.add("value", toOneTable(tpl))
					}
				}
				if slices.Contains(t.KeyAttributes(), k) {
					f = f.add("required", true)
				}
				fields = fields.add(k, f)
			}
			for _, a := range e.Attributes {
				if seen[a.Name] {
					continue
				}
				seen[a.Name] = true
				f := obj{}.add("type", otFieldType(a.Type))
				if a.Required {
					f = f.add("required", true)
				}
				fields = fields.add(a.Name, f)
			}
			// The templates' parameters are fields of the model too.
			for _, kd := range keyAttrs {
				k := kd.AttributeName
				for _, p := range params(e.Keys[k]) {
					if !seen[p] {
						seen[p] = true
						fields = fields.add(p, obj{}.add("type", "string").add("required", true))
					}
				}
			}
			models = models.add(e.Name, fields)
		}
		doc := obj{}.add("format", oneTableFormat).add("version", "0.0.1").add("name", t.TableName).
			add("indexes", idx).add("models", models).add("params", obj{}.add("isoDates", true).add("timestamps", false))
		r.Files = append(r.Files, File{Path: identifier(kebab(t.TableName), "table") + ".onetable.json", Content: string(writeJSON(doc))})
		if t.EffectiveBillingMode() != schema.BillingPayPerRequest || t.StreamSpecification != nil || t.TimeToLiveSpecification != nil {
			r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: billing, capacity, streams and time to live are left out: a OneTable schema carries keys, indexes and models only", t.TableName))
		}
	}
	if len(m.AccessPatterns) > 0 {
		r.Warnings = append(r.Warnings, "access patterns are left out: OneTable's queries are code, not schema")
	}
	r.ContentType = "application/json"
}
