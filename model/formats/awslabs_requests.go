package formats

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// The AWS Labs schema.json's filter expressions and cross-table
// transactions, read into requests.

// filterParam reports whether name is a parameter of the filter.
func filterParam(f *alFilter, name string) bool {
	if f == nil {
		return false
	}
	for _, c := range f.Conditions {
		if c.Param == name || c.Param2 == name || slices.Contains(c.Params, name) {
			return true
		}
	}
	return false
}

// alFilterExpression adds a filter_expression to a Query's or Scan's
// request: its conditions (comparisons, between, in, begins_with,
// contains, attribute_exists and attribute_not_exists) joined by its
// logical operator.
func alFilterExpression(req map[string]any, f *alFilter, fieldType map[string]string, declare func(...string), numeric map[string]bool, between *[][2]string) error {
	join := strings.ToUpper(strings.TrimSpace(f.LogicalOperator))
	if join == "" {
		join = "AND"
	}
	if join != "AND" && join != "OR" {
		return fmt.Errorf("logical_operator %q is neither AND nor OR", f.LogicalOperator)
	}
	// Copies: a condition the filter cannot read leaves the request as it was.
	names, values := map[string]string{}, map[string]any{}
	if old, ok := req["ExpressionAttributeNames"].(map[string]string); ok {
		maps.Copy(names, old)
	}
	if old, ok := req["ExpressionAttributeValues"].(map[string]any); ok {
		maps.Copy(values, old)
	}
	value := func(field, par string) (map[string]string, error) {
		if par == "" {
			return nil, fmt.Errorf("the condition on %s has no param", field)
		}
		typ := fieldType[field]
		if typ != "N" {
			typ = "S"
		} else {
			numeric[par] = true
		}
		declare(par)
		return map[string]string{typ: "{" + par + "}"}, nil
	}
	var parts []string
	for i, c := range f.Conditions {
		if c.Field == "" {
			return fmt.Errorf("condition %d has no field", i)
		}
		n, v := fmt.Sprintf("#f%d", i), fmt.Sprintf(":f%d", i)
		names[n] = c.Field
		op := strings.ToLower(strings.TrimSpace(c.Operator))
		if op == "" {
			op = strings.ToLower(strings.TrimSpace(c.Function))
		}
		switch op {
		case "=", "<>", "<", "<=", ">", ">=":
			x, err := value(c.Field, c.Param)
			if err != nil {
				return err
			}
			values[v] = x
			parts = append(parts, n+" "+op+" "+v)
		case "between":
			lo, err := value(c.Field, c.Param)
			if err != nil {
				return err
			}
			hi, err := value(c.Field, c.Param2)
			if err != nil {
				return err
			}
			values[v+"a"], values[v+"b"] = lo, hi
			parts = append(parts, n+" BETWEEN "+v+"a AND "+v+"b")
			*between = append(*between, [2]string{c.Param, c.Param2})
		case "in":
			if len(c.Params) == 0 || len(c.Params) > 100 {
				return fmt.Errorf("the in condition on %s needs 1 to 100 params", c.Field)
			}
			var vs []string
			for j, par := range c.Params {
				x, err := value(c.Field, par)
				if err != nil {
					return err
				}
				vv := fmt.Sprintf("%s_%d", v, j)
				values[vv] = x
				vs = append(vs, vv)
			}
			parts = append(parts, n+" IN ("+strings.Join(vs, ", ")+")")
		case "begins_with", "contains":
			x, err := value(c.Field, c.Param)
			if err != nil {
				return err
			}
			values[v] = x
			parts = append(parts, op+"("+n+", "+v+")")
		case "attribute_exists", "attribute_not_exists":
			parts = append(parts, op+"("+n+")")
		default:
			return fmt.Errorf("condition on %s: operator %q is not one DynamoDB has", c.Field, c.Operator+c.Function)
		}
	}
	req["FilterExpression"] = strings.Join(parts, " "+join+" ")
	req["ExpressionAttributeNames"] = names
	if len(values) > 0 {
		req["ExpressionAttributeValues"] = values
	}
	return nil
}

// alTransaction reads a cross_table_access_patterns entry: a TransactWrite
// of Put, Delete and ConditionCheck actions, or a TransactGet, each on an
// imported entity's key.
func alTransaction(m *model.Model, p alPattern) (*model.AccessPattern, error) {
	if p.Name == "" {
		return nil, errors.New("no name")
	}
	op := strings.TrimSuffix(p.Operation, "Items")
	if op != "TransactWrite" && op != "TransactGet" {
		return nil, fmt.Errorf("operation %q is not a transaction the workbench reads", p.Operation)
	}
	if len(p.EntitiesInvolved) == 0 || len(p.EntitiesInvolved) > 100 {
		return nil, fmt.Errorf("a transaction has 1 to 100 entities_involved, not %d", len(p.EntitiesInvolved))
	}
	ap := &model.AccessPattern{Name: p.Name, Description: p.Description, Operation: op + "Items"}
	var declared []string
	numeric := map[string]bool{}
	var items []map[string]any
	for i, inv := range p.EntitiesInvolved {
		ent := m.Entity(inv.Entity)
		if ent == nil || (inv.Table != "" && ent.Table != inv.Table) {
			return nil, fmt.Errorf("entities_involved[%d]: no entity %s in table %s", i, inv.Entity, inv.Table)
		}
		t := m.Table(ent.Table)
		if ap.Entity == "" {
			ap.Entity = ent.Name
		}
		typed := func(a, tpl string) map[string]string {
			typ := "S"
			if t.AttributeType(a) == "N" {
				typ = "N"
				for _, par := range params(tpl) {
					numeric[par] = true
				}
			}
			for _, par := range params(tpl) {
				if !slices.Contains(declared, par) {
					declared = append(declared, par)
				}
			}
			return map[string]string{typ: tpl}
		}
		key := map[string]any{}
		for _, ks := range t.KeySchema {
			key[ks.AttributeName] = typed(ks.AttributeName, ent.Keys[ks.AttributeName])
		}
		action := map[string]any{"TableName": t.TableName}
		kind := inv.Action
		switch {
		case op == "TransactGet" && (kind == "" || kind == "Get"):
			kind = "Get"
			action["Key"] = key
		case op == "TransactWrite" && kind == "Put":
			item := map[string]any{}
			maps.Copy(item, key)
			for a, tpl := range ent.Keys {
				if _, ok := item[a]; !ok {
					item[a] = typed(a, tpl)
				}
			}
			action["Item"] = item
		case op == "TransactWrite" && (kind == "Delete" || kind == "ConditionCheck"):
			action["Key"] = key
		default:
			return nil, fmt.Errorf("entities_involved[%d]: action %q is not one the workbench reads in a %s (Put, Delete, ConditionCheck; Get)", i, inv.Action, op)
		}
		if c := strings.TrimSpace(inv.Condition); c != "" {
			if op == "TransactGet" {
				return nil, fmt.Errorf("entities_involved[%d]: a Get has no condition", i)
			}
			action["ConditionExpression"] = c
		} else if kind == "ConditionCheck" {
			return nil, fmt.Errorf("entities_involved[%d]: a ConditionCheck needs a condition", i)
		}
		items = append(items, map[string]any{kind: action})
	}
	req, err := json.Marshal(map[string]any{"TransactItems": items})
	if err != nil {
		return nil, err
	}
	ap.Request = req
	for _, n := range declared {
		ex := n + "-1"
		if numeric[n] {
			ex = "1"
		}
		ap.Parameters = append(ap.Parameters, model.Parameter{Name: n, Example: ex})
	}
	return ap, nil
}
