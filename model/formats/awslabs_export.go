package formats

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// The AWS Labs schema.json export.

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
