package app

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// The editor -> form direction: a request edited by hand is read back into
// the form's fields, so that the form follows the editor as the editor
// follows the form. Plain Go (no go-app), tested by round trips through
// build.

// parsedRequest is the members of a request the form has fields for.
type parsedRequest struct {
	TableName                 string                     `json:"TableName"`
	IndexName                 string                     `json:"IndexName"`
	Key                       map[string]map[string]any  `json:"Key"`
	Item                      json.RawMessage            `json:"Item"`
	KeyConditionExpression    string                     `json:"KeyConditionExpression"`
	FilterExpression          string                     `json:"FilterExpression"`
	ProjectionExpression      string                     `json:"ProjectionExpression"`
	ConditionExpression       string                     `json:"ConditionExpression"`
	UpdateExpression          string                     `json:"UpdateExpression"`
	ExpressionAttributeNames  map[string]string          `json:"ExpressionAttributeNames"`
	ExpressionAttributeValues map[string]json.RawMessage `json:"ExpressionAttributeValues"`
	Limit                     *int64                     `json:"Limit"`
	ScanIndexForward          *bool                      `json:"ScanIndexForward"`
	ConsistentRead            *bool                      `json:"ConsistentRead"`
	Select                    string                     `json:"Select"`
	Segment                   *int64                     `json:"Segment"`
	TotalSegments             *int64                     `json:"TotalSegments"`
	ReturnValues              string                     `json:"ReturnValues"`
	ReturnConsumedCapacity    string                     `json:"ReturnConsumedCapacity"`
}

// formFromRequest reads a request body of operation op into a form,
// starting from the current one (for the operation and what the request
// leaves out). It says false when the text is not a request the form can
// show: not JSON, another shape, a value or name the form cannot write.
func formFromRequest(cur queryForm, body []byte, ft func(table string) *formTable) (queryForm, bool) {
	switch cur.Operation {
	case "GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem":
	default:
		return cur, false
	}
	var r parsedRequest
	if err := json.Unmarshal(body, &r); err != nil || r.TableName == "" {
		return cur, false
	}
	t := ft(r.TableName)
	if t == nil {
		return cur, false
	}
	f := queryForm{Operation: cur.Operation, Table: r.TableName, Index: r.IndexName, Key: map[string]string{}, SortOp: "="}
	for name, v := range r.Key {
		s, ok := scalarText(v)
		if !ok {
			return cur, false
		}
		f.Key[name] = s
	}
	rd := exprReader{names: r.ExpressionAttributeNames, values: r.ExpressionAttributeValues}
	if r.KeyConditionExpression != "" && !rd.keyCondition(r.KeyConditionExpression, &f) {
		return cur, false
	}
	for _, e := range []struct {
		src string
		dst *string
	}{{r.FilterExpression, &f.Filter}, {r.ProjectionExpression, &f.Projection}, {r.ConditionExpression, &f.Condition}, {r.UpdateExpression, &f.Update}} {
		text, ok := rd.expression(e.src)
		if !ok {
			return cur, false
		}
		*e.dst = text
	}
	if len(r.Item) > 0 {
		pretty, err := prettyJSON(r.Item)
		if err != nil {
			return cur, false
		}
		f.Item = pretty
	}
	num := func(p *int64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatInt(*p, 10)
	}
	f.Limit, f.Segment, f.TotalSegments = num(r.Limit), num(r.Segment), num(r.TotalSegments)
	f.Descending = r.ScanIndexForward != nil && !*r.ScanIndexForward
	f.ConsistentRead = r.ConsistentRead != nil && *r.ConsistentRead
	f.Select, f.ReturnValues = r.Select, r.ReturnValues
	f.Capacity = r.ReturnConsumedCapacity
	if f.Capacity == (&queryForm{Operation: f.Operation}).capacity() {
		f.Capacity = "" // the default, as the form leaves it
	}
	return f, true
}

// scalarText is the text of an S, N or B attribute value.
func scalarText(v map[string]any) (string, bool) {
	if len(v) != 1 {
		return "", false
	}
	for _, typ := range []string{"S", "N", "B"} {
		if s, ok := v[typ].(string); ok {
			return s, true
		}
	}
	return "", false
}

// exprReader turns an expression's placeholders back into what the form's
// fields hold: attribute names and literals.
type exprReader struct {
	names  map[string]string
	values map[string]json.RawMessage
}

var placeholder = regexp.MustCompile(`[#:][A-Za-z0-9_]+`)

// expression replaces each #name by its name and each :value by a
// literal ("text", 12, true); false when a name is not bare or a value is
// not a scalar the form writes.
func (rd exprReader) expression(src string) (string, bool) {
	ok := true
	out := placeholder.ReplaceAllStringFunc(src, func(p string) string {
		if p[0] == '#' {
			n, found := rd.names[p]
			if !found || !isBareName(n) {
				ok = false
			}
			return n
		}
		lit, good := rd.literal(p)
		ok = ok && good
		return lit
	})
	return out, ok
}

// literal is value placeholder p as a literal of the form's expressions.
func (rd exprReader) literal(p string) (string, bool) {
	raw, found := rd.values[p]
	if !found {
		return "", false
	}
	var v map[string]any
	if json.Unmarshal(raw, &v) != nil || len(v) != 1 {
		return "", false
	}
	switch {
	case v["S"] != nil:
		s, ok := v["S"].(string)
		if !ok || strings.ContainsAny(s, "\"\\") {
			return "", false
		}
		return `"` + s + `"`, true
	case v["N"] != nil:
		s, ok := v["N"].(string)
		return s, ok
	case v["BOOL"] != nil:
		b, ok := v["BOOL"].(bool)
		return strconv.FormatBool(b), ok
	}
	return "", false
}

// value is the text of value placeholder p (an S, N or B).
func (rd exprReader) value(p string) (string, bool) {
	var v map[string]any
	if json.Unmarshal(rd.values[p], &v) != nil {
		return "", false
	}
	return scalarText(v)
}

// name is the attribute a name token stands for.
func (rd exprReader) name(tok string) (string, bool) {
	if strings.HasPrefix(tok, "#") {
		n, ok := rd.names[tok]
		return n, ok
	}
	return tok, tok != ""
}

// Key-condition clauses, as the form writes them.
var (
	kcName       = `(#?[A-Za-z0-9_]+)`
	kcValue      = `(:[A-Za-z0-9_]+)`
	kcBeginsWith = regexp.MustCompile(`^begins_with\s*\(\s*` + kcName + `\s*,\s*` + kcValue + `\s*\)`)
	kcBetween    = regexp.MustCompile(`^` + kcName + `\s+BETWEEN\s+` + kcValue + `\s+AND\s+` + kcValue)
	kcCompare    = regexp.MustCompile(`^` + kcName + `\s*(<=|>=|=|<|>)\s*` + kcValue)
	kcAnd        = regexp.MustCompile(`^\s+AND\s+`)
)

// keyCondition reads a Query's key condition into the form's key values
// and sort-key operator.
func (rd exprReader) keyCondition(src string, f *queryForm) bool {
	rest := strings.TrimSpace(src)
	for rest != "" {
		var name, op, lo, hi string
		if m := kcBeginsWith.FindStringSubmatch(rest); m != nil {
			name, op, lo = m[1], opBeginsWith, m[2]
			rest = rest[len(m[0]):]
		} else if m := kcBetween.FindStringSubmatch(rest); m != nil {
			name, op, lo, hi = m[1], opBetween, m[2], m[3]
			rest = rest[len(m[0]):]
		} else if m := kcCompare.FindStringSubmatch(rest); m != nil {
			name, op, lo = m[1], m[2], m[3]
			rest = rest[len(m[0]):]
		} else {
			return false
		}
		n, ok := rd.name(name)
		if !ok {
			return false
		}
		v, ok := rd.value(lo)
		if !ok {
			return false
		}
		f.Key[n] = v
		if op != "=" {
			f.SortOp = op
		}
		if hi != "" {
			if f.SortTo, ok = rd.value(hi); !ok {
				return false
			}
		}
		if m := kcAnd.FindString(rest); m != "" {
			rest = rest[len(m):]
		} else if strings.TrimSpace(rest) != "" {
			return false
		} else {
			rest = ""
		}
	}
	return true
}
