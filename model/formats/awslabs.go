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
)

// AWS Labs: the schema.json that the AWS Labs DynamoDB MCP server's
// modeling tools write (dynamodb_data_model_schema_converter) and read
// (its repository generator): tables with their table_config and
// gsi_list, each table's entities with pk_template and sk_template in the
// workbench's own "{param}" syntax, gsi_mappings, fields, and access
// patterns with parameters, index_name and range_condition. Member names
// follow the MCP server's schema; the format carries no billing, capacity,
// LSI, stream or time-to-live setting: the import gives tables on-demand
// billing and the export reports what it leaves out.

// AWSLabs is the format name of the AWS Labs MCP server's schema.json.
const AWSLabs = "awslabs"

type alSchema struct {
	Tables []alTable `json:"tables"`
}

type alTable struct {
	TableConfig alTableConfig   `json:"table_config"`
	Entities    json.RawMessage `json:"entities"`
	GSIList     []alGSI         `json:"gsi_list"`
}

type alTableConfig struct {
	TableName    string `json:"table_name"`
	PartitionKey string `json:"partition_key"`
	SortKey      string `json:"sort_key"`
}

type alGSI struct {
	Name               string   `json:"name"`
	PartitionKey       string   `json:"partition_key"`
	SortKey            string   `json:"sort_key"`
	Projection         string   `json:"projection"`
	IncludedAttributes []string `json:"included_attributes"`
}

type alEntity struct {
	EntityType     string         `json:"entity_type"`
	PKTemplate     string         `json:"pk_template"`
	SKTemplate     string         `json:"sk_template"`
	GSIMappings    []alGSIMapping `json:"gsi_mappings"`
	Fields         []alField      `json:"fields"`
	AccessPatterns []alPattern    `json:"access_patterns"`
}

type alGSIMapping struct {
	Name       string `json:"name"`
	PKTemplate string `json:"pk_template"`
	SKTemplate string `json:"sk_template"`
}

type alField struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	Required bool   `json:"required"`
	ItemType string `json:"item_type"`
}

type alPattern struct {
	PatternID      json.Number `json:"pattern_id"`
	Name           string      `json:"name"`
	Description    string      `json:"description"`
	Operation      string      `json:"operation"`
	IndexName      string      `json:"index_name"`
	Parameters     []alParam   `json:"parameters"`
	RangeCondition string      `json:"range_condition"`
	ReturnType     string      `json:"return_type"`
	ConsistentRead bool        `json:"consistent_read"`
}

type alParam struct {
	Name       string `json:"name"`
	Type       string `json:"type"`
	EntityType string `json:"entity_type"`
}

// orderedKeys returns the members of a JSON object in the file's order
// (entities are an object keyed by name; the order is the author's).
func orderedKeys(raw json.RawMessage) ([]string, map[string]json.RawMessage, error) {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil, nil
	}
	var m map[string]json.RawMessage
	if err := decodeJSON(raw, &m); err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var keys []string
	if _, err := dec.Token(); err != nil {
		return nil, nil, err
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		keys = append(keys, t.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, nil, err
		}
	}
	return keys, m, nil
}

// alType maps a field type to a DynamoDB type.
func alType(t string) (string, bool) {
	switch strings.ToLower(t) {
	case "string", "uuid", "datetime", "date", "timestamp", "email", "enum":
		return "S", true
	case "integer", "decimal", "number", "float", "int":
		return "N", true
	case "boolean", "bool":
		return "BOOL", true
	case "array", "list":
		return "L", true
	case "object", "map":
		return "M", true
	}
	return "S", false
}

// ImportAWSLabs reads an AWS Labs DynamoDB MCP server schema.json into a
// model that passes Validate.
func ImportAWSLabs(data []byte) (*model.Model, []string, error) {
	var s alSchema
	if err := decodeJSON(data, &s); err != nil {
		return nil, nil, fmt.Errorf("not an AWS Labs schema.json: %v", err)
	}
	if len(s.Tables) == 0 {
		return nil, nil, errors.New(`not an AWS Labs schema.json: it has no "tables"`)
	}
	im := &importer{m: &model.Model{Version: model.Version, Name: "Imported AWS Labs schema"}, entities: names{}}
	patternNames := names{}
	for ti, t := range s.Tables {
		where := fmt.Sprintf("tables[%d]", ti)
		tc := t.TableConfig
		if tc.TableName == "" || tc.PartitionKey == "" {
			return nil, nil, fmt.Errorf("%s: table_config needs table_name and partition_key", where)
		}
		keys, raws, err := orderedKeys(t.Entities)
		if err != nil {
			return nil, nil, fmt.Errorf("%s.entities: %v", where, err)
		}
		ents := make([]alEntity, len(keys))
		fieldTypes := map[string]string{}
		for i, k := range keys {
			if err := decodeJSON(raws[k], &ents[i]); err != nil {
				return nil, nil, fmt.Errorf("%s.entities.%s: %v", where, k, err)
			}
			for _, f := range ents[i].Fields {
				typ, ok := alType(f.Type)
				if !ok {
					im.warn("%s.entities.%s: field %s has type %q, read as a string", where, k, f.Name, f.Type)
				}
				fieldTypes[f.Name] = typ
			}
		}
		// A key attribute's type: the field it is exactly made of, if any,
		// else a string (composite keys are strings).
		keyType := func(attrName string, tpl func(e alEntity) string) schema.ScalarType {
			for _, e := range ents {
				p := strings.TrimSuffix(strings.TrimPrefix(tpl(e), "{"), "}")
				if "{"+p+"}" == tpl(e) && !strings.ContainsAny(p, "{}") && fieldTypes[p] == "N" {
					return schema.TypeN
				}
			}
			return schema.TypeS
		}
		tb := model.Table{}
		d := &tb.TableDefinition
		d.TableName = tc.TableName
		d.BillingMode = schema.BillingPayPerRequest
		types := map[string]schema.ScalarType{}
		define := func(a string, typ schema.ScalarType) {
			if _, ok := types[a]; !ok {
				types[a] = typ
				d.AttributeDefinitions = append(d.AttributeDefinitions, schema.AttributeDefinition{AttributeName: a, AttributeType: typ})
			}
		}
		d.KeySchema = []schema.KeySchemaElement{{AttributeName: tc.PartitionKey, KeyType: schema.KeyTypeHash}}
		define(tc.PartitionKey, keyType(tc.PartitionKey, func(e alEntity) string { return e.PKTemplate }))
		if tc.SortKey != "" {
			d.KeySchema = append(d.KeySchema, schema.KeySchemaElement{AttributeName: tc.SortKey, KeyType: schema.KeyTypeRange})
			define(tc.SortKey, keyType(tc.SortKey, func(e alEntity) string { return e.SKTemplate }))
		}
		gsis := map[string]alGSI{}
		for _, g := range t.GSIList {
			gsis[g.Name] = g
			mapping := func(e alEntity) *alGSIMapping {
				for i := range e.GSIMappings {
					if e.GSIMappings[i].Name == g.Name {
						return &e.GSIMappings[i]
					}
				}
				return nil
			}
			gsi := schema.GlobalSecondaryIndex{IndexName: g.Name, KeySchema: []schema.KeySchemaElement{{AttributeName: g.PartitionKey, KeyType: schema.KeyTypeHash}}}
			define(g.PartitionKey, keyType(g.PartitionKey, func(e alEntity) string {
				if m := mapping(e); m != nil {
					return m.PKTemplate
				}
				return ""
			}))
			if g.SortKey != "" {
				gsi.KeySchema = append(gsi.KeySchema, schema.KeySchemaElement{AttributeName: g.SortKey, KeyType: schema.KeyTypeRange})
				define(g.SortKey, keyType(g.SortKey, func(e alEntity) string {
					if m := mapping(e); m != nil {
						return m.SKTemplate
					}
					return ""
				}))
			}
			proj := strings.ToUpper(g.Projection)
			if proj == "" {
				proj = string(schema.ProjectAll)
			}
			gsi.Projection = schema.Projection{ProjectionType: schema.ProjectionType(proj), NonKeyAttributes: g.IncludedAttributes}
			d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gsi)
		}
		im.m.Tables = append(im.m.Tables, tb)
		for i, e := range ents {
			ew := where + ".entities." + keys[i]
			name := im.entities.unique(keys[i])
			ent := model.Entity{Name: name, Table: tc.TableName, Keys: map[string]string{tc.PartitionKey: e.PKTemplate}}
			if e.EntityType != "" && !strings.EqualFold(e.EntityType, keys[i]) {
				ent.Description = "entity_type " + e.EntityType
			}
			if tc.SortKey != "" {
				if e.SKTemplate == "" {
					return nil, nil, fmt.Errorf("%s: the table has sort key %s but the entity no sk_template", ew, tc.SortKey)
				}
				ent.Keys[tc.SortKey] = e.SKTemplate
			}
			for _, gm := range e.GSIMappings {
				g, ok := gsis[gm.Name]
				if !ok {
					im.warn("%s: gsi_mappings names %s, which the table's gsi_list lacks; left out", ew, gm.Name)
					continue
				}
				set := func(a, tpl string) {
					if a == "" || tpl == "" {
						return
					}
					if old, ok := ent.Keys[a]; ok && old != tpl {
						im.warn("%s: %s is built as %q and, for index %s, as %q; the first is kept", ew, a, old, gm.Name, tpl)
						return
					}
					ent.Keys[a] = tpl
				}
				set(g.PartitionKey, gm.PKTemplate)
				set(g.SortKey, gm.SKTemplate)
			}
			for _, f := range e.Fields {
				typ, _ := alType(f.Type)
				if kt, ok := types[f.Name]; ok {
					typ = string(kt)
				}
				ent.Attributes = append(ent.Attributes, model.Attribute{Name: f.Name, Type: typ, Required: f.Required})
			}
			im.m.Entities = append(im.m.Entities, ent)
			for j, p := range e.AccessPatterns {
				ap, err := alAccessPattern(&tb, &ent, gsis, e, p, types)
				if err != nil {
					im.warn("%s.access_patterns[%d] (%s): %v; left out", ew, j, p.Name, err)
					continue
				}
				ap.Name = patternNames.unique(ap.Name)
				im.m.AccessPatterns = append(im.m.AccessPatterns, *ap)
			}
		}
	}
	if err := im.m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the imported model does not validate: %v", err)
	}
	if im.warnings == nil {
		im.warnings = []string{}
	}
	return im.m, im.warnings, nil
}

var templateParam = regexp.MustCompile(`\{([^{}]+)\}`)

// params returns a template's parameters.
func params(tpl string) []string {
	var out []string
	for _, m := range templateParam.FindAllStringSubmatch(tpl, -1) {
		out = append(out, m[1])
	}
	return out
}

// alAccessPattern turns an access pattern of the schema into a request.
func alAccessPattern(t *model.Table, ent *model.Entity, gsis map[string]alGSI, e alEntity, p alPattern, types map[string]schema.ScalarType) (*model.AccessPattern, error) {
	ap := &model.AccessPattern{Name: p.Name, Description: p.Description, Entity: ent.Name, Operation: p.Operation}
	if ap.Name == "" {
		return nil, errors.New("no name")
	}
	typeOf := func(a string) string {
		if t, ok := types[a]; ok {
			return string(t)
		}
		return "S"
	}
	fieldType := map[string]string{}
	for _, f := range e.Fields {
		fieldType[f.Name], _ = alType(f.Type)
	}
	declared := []string{}
	declare := func(ps ...string) {
		for _, p := range ps {
			if !slices.Contains(declared, p) {
				declared = append(declared, p)
			}
		}
	}
	numeric := map[string]bool{}
	for _, par := range p.Parameters {
		if t, _ := alType(par.Type); t == "N" && par.Type != "" {
			numeric[par.Name] = true
		}
	}
	val := func(a, tpl string) map[string]string {
		declare(params(tpl)...)
		if typeOf(a) == "N" {
			for _, p := range params(tpl) {
				numeric[p] = true
			}
		}
		return map[string]string{typeOf(a): tpl}
	}
	key := func() map[string]any {
		k := map[string]any{}
		for _, ks := range t.KeySchema {
			k[ks.AttributeName] = val(ks.AttributeName, ent.Keys[ks.AttributeName])
		}
		return k
	}
	req := map[string]any{"TableName": t.TableName}
	switch p.Operation {
	case "GetItem", "DeleteItem":
		req["Key"] = key()
		if p.ConsistentRead && p.Operation == "GetItem" {
			req["ConsistentRead"] = true
		}
	case "UpdateItem":
		req["Key"] = key()
		var sets []string
		names, values := map[string]string{}, map[string]any{}
		for _, par := range p.Parameters {
			if par.Type == "entity" || slices.Contains(declared, par.Name) {
				continue
			}
			n := fmt.Sprintf("%d", len(sets))
			sets = append(sets, "#u"+n+" = :u"+n)
			names["#u"+n] = par.Name
			typ := fieldType[par.Name]
			if typ != "N" {
				typ = "S"
			}
			if typ == "N" {
				numeric[par.Name] = true
			}
			values[":u"+n] = map[string]string{typ: "{" + par.Name + "}"}
			declare(par.Name)
		}
		if len(sets) > 0 {
			req["UpdateExpression"] = "SET " + strings.Join(sets, ", ")
			req["ExpressionAttributeNames"] = names
			req["ExpressionAttributeValues"] = values
		}
	case "PutItem":
		item := key()
		for a, tpl := range ent.Keys {
			if _, done := item[a]; !done {
				item[a] = val(a, tpl)
			}
		}
		for _, f := range e.Fields {
			typ, _ := alType(f.Type)
			if _, done := item[f.Name]; done || !f.Required || (typ != "S" && typ != "N") {
				continue
			}
			if typ == "N" {
				numeric[f.Name] = true
			}
			item[f.Name] = map[string]string{typ: "{" + f.Name + "}"}
			declare(f.Name)
		}
		req["Item"] = item
	case "Query":
		pk, sk := t.KeySchema[0].AttributeName, ""
		if len(t.KeySchema) > 1 {
			sk = t.KeySchema[1].AttributeName
		}
		pkTpl := ent.Keys[pk]
		if p.IndexName != "" {
			g, ok := gsis[p.IndexName]
			if !ok {
				return nil, fmt.Errorf("no index %s in the table's gsi_list", p.IndexName)
			}
			req["IndexName"] = p.IndexName
			pk, sk = g.PartitionKey, g.SortKey
			pkTpl = ent.Keys[pk]
			if pkTpl == "" {
				return nil, fmt.Errorf("the entity has no gsi_mappings template for %s", pk)
			}
		}
		names := map[string]string{"#pk": pk}
		values := map[string]any{":pk": val(pk, pkTpl)}
		cond := "#pk = :pk"
		if rc := strings.TrimSpace(p.RangeCondition); rc != "" {
			var rest []string
			for _, par := range p.Parameters {
				if !slices.Contains(params(pkTpl), par.Name) {
					rest = append(rest, par.Name)
				}
			}
			if sk == "" {
				return nil, fmt.Errorf("range_condition %q needs a sort key", rc)
			}
			names["#sk"] = sk
			if len(rest) == 0 {
				// begins_with without a parameter: the entity's items in the
				// collection, whose sort keys start with the template's
				// literal prefix ("CART#" of "CART#{status}#{productId}").
				prefix, _, _ := strings.Cut(ent.Keys[sk], "{")
				if strings.ToLower(rc) != "begins_with" || prefix == "" {
					return nil, fmt.Errorf("range_condition %q needs a parameter for the sort key", rc)
				}
				cond += " AND begins_with(#sk, :sk)"
				values[":sk"] = map[string]string{"S": strings.ReplaceAll(prefix, "{{", "{")}
				rc = ""
			}
			skv := func(par string) map[string]string {
				declare(par)
				if typeOf(sk) == "N" {
					numeric[par] = true
				}
				return map[string]string{typeOf(sk): "{" + par + "}"}
			}
			switch strings.ToLower(rc) {
			case "":
			case "begins_with":
				cond += " AND begins_with(#sk, :sk)"
				values[":sk"] = skv(rest[0])
			case "between":
				if len(rest) < 2 {
					return nil, errors.New("range_condition between needs two parameters")
				}
				cond += " AND #sk BETWEEN :sk1 AND :sk2"
				values[":sk1"], values[":sk2"] = skv(rest[0]), skv(rest[1])
			case ">=", "<=", ">", "<", "=":
				cond += " AND #sk " + rc + " :sk"
				values[":sk"] = skv(rest[0])
			default:
				return nil, fmt.Errorf("unknown range_condition %q", rc)
			}
		}
		req["KeyConditionExpression"] = cond
		req["ExpressionAttributeNames"] = names
		req["ExpressionAttributeValues"] = values
		if p.ConsistentRead {
			req["ConsistentRead"] = true
		}
	case "Scan":
		if p.IndexName != "" {
			req["IndexName"] = p.IndexName
		}
	default:
		return nil, fmt.Errorf("operation %q is not read", p.Operation)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // key conditions keep their '<' and '>'
	if err := enc.Encode(req); err != nil {
		return nil, err
	}
	ap.Request = bytes.TrimSpace(buf.Bytes())
	for _, n := range declared {
		ex := n + "-1"
		if numeric[n] {
			ex = "1"
		}
		ap.Parameters = append(ap.Parameters, model.Parameter{Name: n, Example: ex})
	}
	return ap, nil
}

// alFieldType maps a DynamoDB type to a field type of the schema.
func alFieldType(typ string) string {
	switch typ {
	case "N":
		return "decimal"
	case "BOOL":
		return "boolean"
	case "L", "SS", "NS", "BS":
		return "array"
	case "M":
		return "object"
	}
	return "string"
}

// rangeOps reads the sort key condition of a key condition expression.
var rangeOps = []struct {
	re *regexp.Regexp
	op string
}{
	{regexp.MustCompile(`(?i)begins_with\s*\(`), "begins_with"},
	{regexp.MustCompile(`(?i)\bBETWEEN\b`), "between"},
	{regexp.MustCompile(`>=`), ">="},
	{regexp.MustCompile(`<=`), "<="},
	{regexp.MustCompile(`[^<>=]>[^=]`), ">"},
	{regexp.MustCompile(`[^<>=]<[^=>]`), "<"},
}

func renderAWSLabs(m *model.Model, r *Result) {
	tables := list{}
	patternID := int64(0)
	for _, t := range m.Tables {
		tc := obj{}.add("table_name", t.TableName).add("partition_key", t.KeySchema[0].AttributeName)
		if len(t.KeySchema) > 1 {
			tc = tc.add("sort_key", t.KeySchema[1].AttributeName)
		}
		ents := obj{}
		for _, e := range m.Entities {
			if e.Table != t.TableName {
				continue
			}
			eo := obj{}.add("entity_type", strings.ToUpper(e.Name)).add("pk_template", e.Keys[t.KeySchema[0].AttributeName])
			if len(t.KeySchema) > 1 {
				eo = eo.add("sk_template", e.Keys[t.KeySchema[1].AttributeName])
			}
			mappings := list{}
			for _, g := range t.GlobalSecondaryIndexes {
				pk := e.Keys[g.KeySchema[0].AttributeName]
				if pk == "" {
					continue
				}
				gm := obj{}.add("name", g.IndexName).add("pk_template", pk)
				if len(g.KeySchema) > 1 && e.Keys[g.KeySchema[1].AttributeName] != "" {
					gm = gm.add("sk_template", e.Keys[g.KeySchema[1].AttributeName])
				}
				mappings = append(mappings, gm)
			}
			for _, l := range t.LocalSecondaryIndexes {
				if tpl := e.Keys[l.KeySchema[1].AttributeName]; tpl != "" {
					r.Warnings = append(r.Warnings, fmt.Sprintf("entity %s: its template for %s (index %s) is left out: the format has no local secondary index", e.Name, l.KeySchema[1].AttributeName, l.IndexName))
				}
			}
			if len(mappings) > 0 {
				eo = eo.add("gsi_mappings", mappings)
			}
			// Fields: the entity's attributes, then its key templates'
			// parameters (the format asks every parameter to be a field).
			fields := list{}
			seen := map[string]bool{}
			for _, a := range e.Attributes {
				seen[a.Name] = true
				fields = append(fields, obj{}.add("name", a.Name).add("type", alFieldType(a.Type)).add("required", a.Required))
			}
			for _, k := range t.KeyAttributes() {
				tpl, ok := e.Keys[k]
				if !ok {
					continue
				}
				for _, p := range params(tpl) {
					if seen[p] {
						continue
					}
					seen[p] = true
					typ := "string"
					if tpl == "{"+p+"}" && t.AttributeType(k) == schema.TypeN {
						typ = "decimal"
					}
					fields = append(fields, obj{}.add("name", p).add("type", typ).add("required", true))
				}
			}
			eo = eo.add("fields", fields)
			aps := list{}
			for _, ap := range m.AccessPatterns {
				if ap.Entity != e.Name {
					continue
				}
				switch ap.Operation {
				case "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan":
				default:
					r.Warnings = append(r.Warnings, fmt.Sprintf("access pattern %q: the format has no %s; left out", ap.Name, ap.Operation))
					continue
				}
				var req struct {
					IndexName              string `json:"IndexName"`
					KeyConditionExpression string `json:"KeyConditionExpression"`
					ConsistentRead         bool   `json:"ConsistentRead"`
				}
				_ = json.Unmarshal(ap.Request, &req)
				patternID++
				ao := obj{}.add("pattern_id", patternID).add("name", ap.Name)
				if ap.Description != "" {
					ao = ao.add("description", ap.Description)
				}
				ao = ao.add("operation", ap.Operation)
				if req.IndexName != "" {
					ao = ao.add("index_name", req.IndexName)
				}
				ps := list{}
				if ap.Operation == "PutItem" {
					ps = append(ps, obj{}.add("name", strings.ToLower(e.Name[:1])+e.Name[1:]).add("type", "entity").add("entity_type", e.Name))
				} else {
					for _, p := range ap.Parameters {
						ps = append(ps, obj{}.add("name", p.Name).add("type", "string"))
					}
				}
				ao = ao.add("parameters", ps)
				if _, cond, ok := strings.Cut(req.KeyConditionExpression, " AND "); ok || strings.Contains(strings.ToUpper(req.KeyConditionExpression), "BETWEEN") {
					for _, ro := range rangeOps {
						if ro.re.MatchString(" " + cond + " ") {
							ao = ao.add("range_condition", ro.op)
							break
						}
					}
				}
				ret := "single_entity"
				switch ap.Operation {
				case "Query", "Scan":
					ret = "entity_list"
				case "PutItem", "UpdateItem", "DeleteItem":
					ret = "success_flag"
				}
				ao = ao.add("return_type", ret)
				if req.ConsistentRead {
					ao = ao.add("consistent_read", true)
				}
				aps = append(aps, ao)
			}
			eo = eo.add("access_patterns", aps)
			ents = ents.add(e.Name, eo)
		}
		to := obj{}.add("table_config", tc).add("entities", ents)
		if len(t.GlobalSecondaryIndexes) > 0 {
			gl := list{}
			for _, g := range t.GlobalSecondaryIndexes {
				go_ := obj{}.add("name", g.IndexName).add("partition_key", g.KeySchema[0].AttributeName)
				if len(g.KeySchema) > 1 {
					go_ = go_.add("sort_key", g.KeySchema[1].AttributeName)
				}
				proj := g.Projection.ProjectionType
				if proj == "" {
					proj = schema.ProjectKeysOnly
				}
				go_ = go_.add("projection", string(proj))
				if len(g.Projection.NonKeyAttributes) > 0 {
					go_ = go_.add("included_attributes", stringList(g.Projection.NonKeyAttributes))
				}
				gl = append(gl, go_)
			}
			to = to.add("gsi_list", gl)
		}
		if len(t.LocalSecondaryIndexes) > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: its local secondary indexes are left out: the format has none", t.TableName))
		}
		if t.EffectiveBillingMode() != schema.BillingPayPerRequest || t.StreamSpecification != nil || t.TimeToLiveSpecification != nil {
			r.Warnings = append(r.Warnings, fmt.Sprintf("table %s: billing, capacity, streams and time to live are left out: the format carries keys and indexes only", t.TableName))
		}
		tables = append(tables, to)
	}
	for _, ap := range m.AccessPatterns {
		if ap.Entity == "" {
			r.Warnings = append(r.Warnings, fmt.Sprintf("access pattern %q names no entity; the format keeps access patterns under their entity, so it is left out", ap.Name))
		}
	}
	r.Files = []File{{Path: "schema.json", Content: string(writeJSON(obj{}.add("tables", tables)))}}
	r.ContentType = "application/json"
}
