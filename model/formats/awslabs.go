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
	Tables     []alTable   `json:"tables"`
	CrossTable []alPattern `json:"cross_table_access_patterns"`
}

// alKey is a key attribute or template: a string, or for a multi-attribute
// GSI key a list of up to four.
type alKey []string

func (k *alKey) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		if one == "" {
			*k = nil
		} else {
			*k = alKey{one}
		}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return errors.New("a key is a string or a list of strings")
	}
	if len(many) > schema.MaxGSIHashKeys {
		return fmt.Errorf("a key has %d attributes, over the %d a GSI takes", len(many), schema.MaxGSIHashKeys)
	}
	*k = many
	return nil
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
	PartitionKey       alKey    `json:"partition_key"`
	SortKey            alKey    `json:"sort_key"`
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
	PKTemplate alKey  `json:"pk_template"`
	SKTemplate alKey  `json:"sk_template"`
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
	// Filter is a Query's or Scan's filter_expression.
	Filter *alFilter `json:"filter_expression"`
	// EntitiesInvolved are a cross-table transaction's items.
	EntitiesInvolved []alInvolved `json:"entities_involved"`
}

type alFilter struct {
	Conditions      []alCondition `json:"conditions"`
	LogicalOperator string        `json:"logical_operator"`
}

type alCondition struct {
	Field    string   `json:"field"`
	Operator string   `json:"operator"`
	Function string   `json:"function"`
	Param    string   `json:"param"`
	Param2   string   `json:"param2"`
	Params   []string `json:"params"`
}

type alInvolved struct {
	Table     string `json:"table"`
	Entity    string `json:"entity"`
	Action    string `json:"action"`
	Condition string `json:"condition"`
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
			gsi := schema.GlobalSecondaryIndex{IndexName: g.Name}
			if len(g.PartitionKey) == 0 {
				im.warn("%s.gsi_list: index %s has no partition_key; left out", where, g.Name)
				delete(gsis, g.Name)
				continue
			}
			// A multi-attribute key lists its attributes in order, and each
			// entity's mapping lists the templates in the same order.
			for ki, kind := range []schema.KeyType{schema.KeyTypeHash, schema.KeyTypeRange} {
				attrs := g.PartitionKey
				if ki == 1 {
					attrs = g.SortKey
				}
				for ai, a := range attrs {
					gsi.KeySchema = append(gsi.KeySchema, schema.KeySchemaElement{AttributeName: a, KeyType: kind})
					define(a, keyType(a, func(e alEntity) string {
						if m := mapping(e); m != nil {
							tpls := m.PKTemplate
							if ki == 1 {
								tpls = m.SKTemplate
							}
							if ai < len(tpls) {
								return tpls[ai]
							}
						}
						return ""
					}))
				}
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
					im.warn("%s: the table has sort key %s but the entity no sk_template; the entity and its access patterns are left out", ew, tc.SortKey)
					continue
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
				if len(gm.PKTemplate) != len(g.PartitionKey) || len(gm.SKTemplate) > len(g.SortKey) {
					im.warn("%s: gsi_mappings for %s has %d partition and %d sort templates for a key of %d and %d attributes; left out",
						ew, gm.Name, len(gm.PKTemplate), len(gm.SKTemplate), len(g.PartitionKey), len(g.SortKey))
					continue
				}
				for i, a := range g.PartitionKey {
					set(a, gm.PKTemplate[i])
				}
				for i, tpl := range gm.SKTemplate {
					set(g.SortKey[i], tpl)
				}
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
				pw := fmt.Sprintf("%s.access_patterns[%d] (%s)", ew, j, p.Name)
				ap, err := alAccessPattern(&tb, &ent, gsis, e, p, types, func(format string, args ...any) {
					im.warn("%s: %s", pw, fmt.Sprintf(format, args...))
				})
				if err != nil {
					im.warn("%s.access_patterns[%d] (%s): %v; left out", ew, j, p.Name, err)
					continue
				}
				ap.Name = patternNames.unique(ap.Name)
				im.m.AccessPatterns = append(im.m.AccessPatterns, *ap)
			}
		}
	}
	for i, p := range s.CrossTable {
		ap, err := alTransaction(im.m, p)
		if err != nil {
			im.warn("cross_table_access_patterns[%d] (%s): %v; left out", i, p.Name, err)
			continue
		}
		ap.Name = patternNames.unique(ap.Name)
		im.m.AccessPatterns = append(im.m.AccessPatterns, *ap)
	}
	if err := keepValid(im.m, im.warn); err != nil {
		return nil, nil, err
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
func alAccessPattern(t *model.Table, ent *model.Entity, gsis map[string]alGSI, e alEntity, p alPattern, types map[string]schema.ScalarType, warn func(string, ...any)) (*model.AccessPattern, error) {
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
	var between [][2]string // BETWEEN's parameter pairs, low then high
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
		pks, sks := []string{t.KeySchema[0].AttributeName}, []string{}
		if len(t.KeySchema) > 1 {
			sks = []string{t.KeySchema[1].AttributeName}
		}
		if p.IndexName != "" {
			g, ok := gsis[p.IndexName]
			if !ok {
				return nil, fmt.Errorf("no index %s in the table's gsi_list", p.IndexName)
			}
			req["IndexName"] = p.IndexName
			pks, sks = g.PartitionKey, g.SortKey
		}
		names := map[string]string{}
		values := map[string]any{}
		var conds, pkParams []string
		for i, a := range pks {
			tpl := ent.Keys[a]
			if tpl == "" {
				return nil, fmt.Errorf("the entity has no gsi_mappings template for %s", a)
			}
			n := "pk"
			if len(pks) > 1 {
				n = fmt.Sprintf("pk%d", i)
			}
			names["#"+n] = a
			values[":"+n] = val(a, tpl)
			conds = append(conds, "#"+n+" = :"+n)
			pkParams = append(pkParams, params(tpl)...)
		}
		var rest []string
		for _, par := range p.Parameters {
			if !slices.Contains(pkParams, par.Name) && par.Type != "entity" && !filterParam(p.Filter, par.Name) {
				rest = append(rest, par.Name)
			}
		}
		rc := strings.ToLower(strings.TrimSpace(p.RangeCondition))
		need := 0
		switch rc {
		case "":
		case "between":
			need = 2
		default:
			need = 1
		}
		// A multi-attribute sort key: equality on its first attributes, one
		// parameter each, and the range condition on the next.
		eq := 0
		if len(sks) > 1 {
			eq = min(len(rest)-need, len(sks)-1)
			if rc == "" {
				eq = min(len(rest), len(sks))
			}
			eq = max(eq, 0)
		}
		skv := func(sk, par string) map[string]string {
			declare(par)
			if typeOf(sk) == "N" {
				numeric[par] = true
			}
			return map[string]string{typeOf(sk): "{" + par + "}"}
		}
		skName := func(i int) string {
			if len(sks) > 1 {
				return fmt.Sprintf("sk%d", i)
			}
			return "sk"
		}
		for i := 0; i < eq; i++ {
			n := skName(i)
			names["#"+n] = sks[i]
			values[":"+n] = skv(sks[i], rest[i])
			conds = append(conds, "#"+n+" = :"+n)
		}
		rest = rest[eq:]
		if rc != "" {
			if eq >= len(sks) {
				return nil, fmt.Errorf("range_condition %q needs a sort key", rc)
			}
			sk, n := sks[eq], skName(eq)
			names["#"+n] = sk
			if len(rest) == 0 {
				// begins_with without a parameter: the entity's items in the
				// collection, whose sort keys start with the template's
				// literal prefix ("CART#" of "CART#{status}#{productId}").
				prefix, _, _ := strings.Cut(ent.Keys[sk], "{")
				if rc != "begins_with" || prefix == "" {
					return nil, fmt.Errorf("range_condition %q needs a parameter for the sort key", rc)
				}
				conds = append(conds, "begins_with(#"+n+", :"+n+")")
				values[":"+n] = map[string]string{"S": strings.ReplaceAll(prefix, "{{", "{")}
				rc = ""
			}
			switch rc {
			case "":
			case "begins_with":
				conds = append(conds, "begins_with(#"+n+", :"+n+")")
				values[":"+n] = skv(sk, rest[0])
			case "between":
				if len(rest) < 2 {
					return nil, errors.New("range_condition between needs two parameters")
				}
				conds = append(conds, "#"+n+" BETWEEN :"+n+"1 AND :"+n+"2")
				values[":"+n+"1"], values[":"+n+"2"] = skv(sk, rest[0]), skv(sk, rest[1])
				between = append(between, [2]string{rest[0], rest[1]})
			case ">=", "<=", ">", "<", "=":
				conds = append(conds, "#"+n+" "+rc+" :"+n)
				values[":"+n] = skv(sk, rest[0])
			default:
				return nil, fmt.Errorf("unknown range_condition %q", rc)
			}
		}
		req["KeyConditionExpression"] = strings.Join(conds, " AND ")
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
	if p.Filter != nil && len(p.Filter.Conditions) > 0 {
		if p.Operation != "Query" && p.Operation != "Scan" {
			warn("filter_expression on a %s is left out: only a Query or a Scan filters", p.Operation)
		} else if err := alFilterExpression(req, p.Filter, fieldType, declare, numeric, &between); err != nil {
			warn("filter_expression left out: %v", err)
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // key conditions keep their '<' and '>'
	if err := enc.Encode(req); err != nil {
		return nil, err
	}
	ap.Request = bytes.TrimSpace(buf.Bytes())
	// Examples: BETWEEN's low and high parameters get values in that
	// order (a name-derived "start_date-1" sorts after "end_date-1", and
	// DynamoDB refuses a BETWEEN whose bounds are reversed).
	examples := map[string]string{}
	for _, pair := range between {
		lo, hi := "1", "9"
		if numeric[pair[0]] || numeric[pair[1]] {
			lo, hi = "1", "100"
		}
		examples[pair[0]], examples[pair[1]] = lo, hi
	}
	for _, n := range declared {
		ex, ok := examples[n]
		if !ok {
			ex = n + "-1"
			if numeric[n] {
				ex = "1"
			}
		}
		ap.Parameters = append(ap.Parameters, model.Parameter{Name: n, Example: ex})
	}
	return ap, nil
}
