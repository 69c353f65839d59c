package model

import (
	"fmt"
	"math"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// ---- access patterns ----

func (v *validator) accessPatterns() {
	seen := map[string]int{}
	for i := range v.m.AccessPatterns {
		ap := &v.m.AccessPatterns[i]
		path := fmt.Sprintf("accessPatterns[%d]", i)
		if ap.Name == "" {
			v.add(path+".name", "an access pattern needs a name")
		} else if j, ok := seen[ap.Name]; ok {
			v.add(path+".name", "duplicate access pattern name %q (also accessPatterns[%d])", ap.Name, j)
		}
		seen[ap.Name] = i
		if ap.Entity != "" && v.m.Entity(ap.Entity) == nil {
			v.add(path+".entity", "no entity %q in the model", ap.Entity)
		}
		if ap.Rate < 0 || math.IsNaN(ap.Rate) || math.IsInf(ap.Rate, 0) {
			v.add(path+".rate", "%v is not a rate (requests per second, 0 or more)", ap.Rate)
		}
		if _, ok := operations[ap.Operation]; !ok {
			v.add(path+".operation", "%q is not one of %s", ap.Operation, strings.Join(Operations(), ", "))
			continue
		}
		declared := map[string]bool{}
		for j, par := range ap.Parameters {
			p := fmt.Sprintf("%s.parameters[%d]", path, j)
			switch {
			case !validParamName(par.Name):
				v.add(p+".name", "%q is not a parameter name (a letter or '_', then letters, digits, '_')", par.Name)
			case declared[par.Name]:
				v.add(p+".name", "duplicate parameter %q", par.Name)
			}
			declared[par.Name] = true
		}
		if ap.FanOut != nil {
			f := ap.FanOut
			p := path + ".fanOut"
			switch {
			case !validParamName(f.Parameter):
				v.add(p+".parameter", "%q is not a parameter name", f.Parameter)
			case declared[f.Parameter]:
				v.add(p+".parameter", "%q is also declared in parameters; the fan-out supplies its values", f.Parameter)
			}
			if f.To < f.From || f.To-f.From >= MaxFanOut {
				v.add(p, "from %d to %d is not 1 to %d values", f.From, f.To, MaxFanOut)
			}
			if f.Width < 0 || f.Width > 20 {
				v.add(p+".width", "%d is not in 0..20", f.Width)
			}
		}
		if len(strings.TrimSpace(string(ap.Request))) == 0 {
			v.add(path+".request", "an access pattern needs a request")
			continue
		}
		refs := ap.References()
		used := map[string]bool{}
		undeclared := false
		for _, r := range refs {
			used[r] = true
			if !declared[r] && (ap.FanOut == nil || ap.FanOut.Parameter != r) {
				v.add(path+".request", "parameter {%s} is not declared in parameters", r)
				undeclared = true
			}
		}
		for j, par := range ap.Parameters {
			if par.Name != "" && !used[par.Name] {
				v.add(fmt.Sprintf("%s.parameters[%d]", path, j), "parameter %q is not used by the request", par.Name)
			}
		}
		if ap.FanOut != nil && !used[ap.FanOut.Parameter] {
			v.add(path+".fanOut.parameter", "parameter %q is not used by the request", ap.FanOut.Parameter)
		}
		if undeclared {
			continue
		}
		examples := ap.Examples()
		if vals := ap.FanOut.Values(); len(vals) > 0 {
			examples[ap.FanOut.Parameter] = vals[0]
		}
		in, err := ap.Input(examples)
		if err != nil {
			hint := ""
			for _, par := range ap.Parameters {
				if par.Example == "" {
					hint = fmt.Sprintf("parameter {%s} has no example, and the request is checked with the examples in place: give one, or load data and take the examples from it", par.Name)
					break
				}
			}
			v.addHint(path+".request", hint, "%v", err)
			continue
		}
		v.requestTargets(path, ap, in)
		v.requestExpressions(path, ap, in)
	}
}

// requestTargets checks that the tables and index a request names are in
// the model, and that a key or item fits the access pattern's entity.
func (v *validator) requestTargets(path string, ap *AccessPattern, in any) {
	table := func(p string, name *string) *Table {
		if name == nil || *name == "" {
			v.add(p, "the request names no table")
			return nil
		}
		t := v.m.Table(*name)
		if t == nil {
			v.add(p, "no table %q in the model", *name)
		}
		return t
	}
	index := func(p string, t *Table, name *string) {
		if t == nil || name == nil {
			return
		}
		if t.GSI(*name) == nil && t.LSI(*name) == nil {
			v.add(p, "table %s has no index %q", t.TableName, *name)
		}
	}
	entityKey := func(p string, t *Table, key attr.Item) {
		if t == nil || ap.Entity == "" {
			return
		}
		e := v.m.Entity(ap.Entity)
		if e == nil || e.Table != t.TableName {
			if e != nil {
				v.add(path+".entity", "entity %s lives in table %s, not %s", e.Name, e.Table, t.TableName)
			}
			return
		}
		k, errs := compileKeys(e, t)
		if len(errs) > 0 {
			return
		}
		if _, ok := k.Match(key); !ok {
			v.add(p, "the example key does not fit the key templates of entity %s", e.Name)
		}
	}
	rp := path + ".request"
	switch x := in.(type) {
	case *engine.GetItemInput:
		t := table(rp+".TableName", x.TableName)
		entityKey(rp+".Key", t, x.Key)
	case *engine.DeleteItemInput:
		t := table(rp+".TableName", x.TableName)
		entityKey(rp+".Key", t, x.Key)
	case *engine.UpdateItemInput:
		t := table(rp+".TableName", x.TableName)
		entityKey(rp+".Key", t, x.Key)
	case *engine.PutItemInput:
		t := table(rp+".TableName", x.TableName)
		entityKey(rp+".Item", t, x.Item)
	case *engine.QueryInput:
		index(rp+".IndexName", table(rp+".TableName", x.TableName), x.IndexName)
	case *engine.ScanInput:
		index(rp+".IndexName", table(rp+".TableName", x.TableName), x.IndexName)
	case *engine.DeleteTableInput:
		table(rp+".TableName", x.TableName)
	case *partiql.ExecuteStatementInput:
		if x.Statement == nil {
			v.add(rp+".Statement", "the request has no Statement")
			return
		}
		name, ix, _, err := partiql.Target(*x.Statement)
		if err != nil {
			v.add(rp+".Statement", "%v", err)
			return
		}
		t := table(rp+".Statement", &name)
		if ix != "" {
			index(rp+".Statement", t, &ix)
		}
	case *engine.BatchGetItemInput:
		for name := range x.RequestItems {
			table(rp+".RequestItems", &name)
		}
	case *engine.BatchWriteItemInput:
		for name := range x.RequestItems {
			table(rp+".RequestItems", &name)
		}
	case *engine.TransactGetItemsInput:
		for j, it := range x.TransactItems {
			if it.Get != nil {
				table(fmt.Sprintf("%s.TransactItems[%d].Get.TableName", rp, j), it.Get.TableName)
			}
		}
	case *engine.TransactWriteItemsInput:
		for j, it := range x.TransactItems {
			p := fmt.Sprintf("%s.TransactItems[%d]", rp, j)
			switch {
			case it.Put != nil:
				table(p+".Put.TableName", it.Put.TableName)
			case it.Update != nil:
				table(p+".Update.TableName", it.Update.TableName)
			case it.Delete != nil:
				table(p+".Delete.TableName", it.Delete.TableName)
			case it.ConditionCheck != nil:
				table(p+".ConditionCheck.TableName", it.ConditionCheck.TableName)
			}
		}
	}
}

// ---- request expressions ----

// requestExpressions parses the request's expressions with the engine's
// own parser (engine.CheckExpressions: syntax, placeholders, functions,
// operands) and a Query's key condition against the key schema of the
// table or index it reads, with the parameters bound to their examples.
// A broken expression is a problem of the design, placed on the access
// pattern, in DynamoDB's words with a plain sentence beside them.
func (v *validator) requestExpressions(path string, ap *AccessPattern, in any) {
	rp := path + ".request"
	problems := engine.CheckExpressions(in)
	for _, p := range problems {
		at := rp
		if p.Member != "" {
			at += "." + p.Member
		}
		v.addHint(at, expressionHint(p.Err.Message), "%s", p.Err.Message)
	}
	q, ok := in.(*engine.QueryInput)
	if !ok || len(problems) > 0 || q.KeyConditionExpression == nil || q.TableName == nil {
		return
	}
	t := v.m.Table(*q.TableName)
	if t == nil {
		return
	}
	var ks []schema.KeySchemaElement
	switch {
	case q.IndexName == nil:
		ks = t.KeySchema
	case t.GSI(*q.IndexName) != nil:
		ks = t.GSI(*q.IndexName).KeySchema
	case t.LSI(*q.IndexName) != nil:
		ks = t.LSI(*q.IndexName).KeySchema
	default:
		return // requestTargets reported the index
	}
	var hash, rng []expr.KeyAttr
	for _, e := range ks {
		ka := expr.KeyAttr{Name: e.AttributeName, Type: attrType(t.AttributeType(e.AttributeName))}
		if e.KeyType == schema.KeyTypeHash {
			hash = append(hash, ka)
		} else {
			rng = append(rng, ka)
		}
	}
	kc, err := expr.ParseKeyCondition(*q.KeyConditionExpression, expr.NewPlaceholders(q.ExpressionAttributeNames, q.ExpressionAttributeValues))
	if err != nil {
		return // CheckExpressions reported it
	}
	if _, err := kc.Resolve(hash, rng); err != nil {
		target := "table " + t.TableName
		if q.IndexName != nil {
			target += ", index " + *q.IndexName
		}
		v.addHint(rp+".KeyConditionExpression", fmt.Sprintf("the key condition does not fit the key schema of %s (%s): it must test the partition key with = and may narrow the sort key", target, keySchemaWords(ks)), "%s", err.Error())
	}
}

func keySchemaWords(ks []schema.KeySchemaElement) string {
	var parts []string
	for _, e := range ks {
		if e.KeyType == schema.KeyTypeHash {
			parts = append(parts, "partition key "+e.AttributeName)
		} else {
			parts = append(parts, "sort key "+e.AttributeName)
		}
	}
	return strings.Join(parts, ", ")
}

// expressionHints are plain sentences for DynamoDB's expression messages,
// by a fragment of the message.
var expressionHints = []struct{ fragment, hint string }{
	{"unused in expressions", "a placeholder is defined but no expression of the request uses it: remove it or use it"},
	{"An expression attribute value used in expression is not defined", "the expression uses a :value that ExpressionAttributeValues does not define"},
	{"An expression attribute name used in the document path is not defined", "the expression uses a #name that ExpressionAttributeNames does not define"},
	{"reserved keyword", "the attribute's name is a DynamoDB reserved word: write #name in the expression and map it in ExpressionAttributeNames"},
	{"Syntax error", "the expression does not parse at the token shown"},
	{"Invalid function name", "DynamoDB has no function of that name (attribute_exists, attribute_not_exists, attribute_type, begins_with, contains, size, if_not_exists, list_append)"},
	{"must not be empty", "an empty ExpressionAttributeNames or ExpressionAttributeValues is rejected: leave it out"},
	{"can only be specified when using expressions", "placeholders are only allowed beside an expression that uses them"},
	{"Two document paths overlap", "one update expression sets or removes the same attribute twice"},
	{"Incorrect operand type", "the function or operator does not take a value of that type"},
	{"KeyConditions or KeyConditionExpression", "a Query needs a KeyConditionExpression naming the partition key"},
}

func expressionHint(msg string) string {
	for _, h := range expressionHints {
		if strings.Contains(msg, h.fragment) {
			return h.hint
		}
	}
	return "DynamoDB rejects the request with this ValidationException when the access pattern runs"
}
