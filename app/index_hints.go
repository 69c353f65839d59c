package app

import (
	"fmt"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Projection hints: a secondary index holds only what it projects (its
// own keys, the table's keys, and ALL or INCLUDE's attributes), so a Query
// or Scan of it whose filter or projection names anything else does not
// do what it seems to. The Design panel shows the hints next to the access
// pattern, the Indexes panel next to the index.

// indexProjected lists what index of t projects besides everything: its
// keys, the table's keys (always projected) and INCLUDE's attributes. all
// says it projects every attribute; found that the index exists.
func indexProjected(t *model.Table, index string) (names []string, all, gsi, found bool) {
	add := func(ks []schema.KeySchemaElement) {
		for _, k := range ks {
			if !slices.Contains(names, k.AttributeName) {
				names = append(names, k.AttributeName)
			}
		}
	}
	var p *schema.Projection
	if g := t.GSI(index); g != nil {
		add(g.KeySchema)
		p, gsi, found = &g.Projection, true, true
	} else if l := t.LSI(index); l != nil {
		add(l.KeySchema)
		p, found = &l.Projection, true
	}
	if !found {
		return nil, false, false, false
	}
	add(t.KeySchema)
	if p.ProjectionType == schema.ProjectAll || p.ProjectionType == "" {
		return names, true, gsi, true
	}
	for _, a := range p.NonKeyAttributes {
		if !slices.Contains(names, a) {
			names = append(names, a)
		}
	}
	return names, false, gsi, true
}

// projectionHints returns the hints for access pattern ap of m: one per
// attribute its FilterExpression or ProjectionExpression names that its
// index does not project.
func projectionHints(m *model.Model, ap *model.AccessPattern) []string {
	_, hints := projectionHintsOf(m, ap)
	return hints
}

// projectionHintsOf is projectionHints with the index the request reads.
func projectionHintsOf(m *model.Model, ap *model.AccessPattern) (string, []string) {
	if ap.Operation != "Query" && ap.Operation != "Scan" {
		return "", nil
	}
	var req struct {
		TableName                 string            `json:"TableName"`
		IndexName                 string            `json:"IndexName"`
		FilterExpression          string            `json:"FilterExpression"`
		ProjectionExpression      string            `json:"ProjectionExpression"`
		ExpressionAttributeNames  map[string]string `json:"ExpressionAttributeNames"`
		ExpressionAttributeValues attr.Values       `json:"ExpressionAttributeValues"`
	}
	if json.Unmarshal(ap.Request, &req) != nil || req.IndexName == "" {
		return "", nil
	}
	t := m.Table(req.TableName)
	if t == nil {
		return "", nil
	}
	projected, all, gsi, found := indexProjected(t, req.IndexName)
	if !found || all {
		return "", nil
	}
	kind := "LSI"
	if gsi {
		kind = "GSI"
	}
	var hints []string
	seen := map[string]bool{}
	check := func(paths []expr.Path, filter bool) {
		for _, p := range paths {
			if len(p) == 0 || p[0].IsIndex {
				continue
			}
			name := p[0].Name
			if slices.Contains(projected, name) || seen[name] {
				continue
			}
			seen[name] = true
			switch {
			case gsi && filter:
				hints = append(hints, fmt.Sprintf("The filter reads %s, which %s %s does not project: in the index every item lacks it, so the filter sees it as missing. Project it (INCLUDE or ALL), or filter on an attribute the index holds.", name, kind, req.IndexName))
			case gsi:
				hints = append(hints, fmt.Sprintf("%s is not projected into %s %s, so this request cannot return it: project it (INCLUDE or ALL), or read the item from the table.", name, kind, req.IndexName))
			default:
				hints = append(hints, fmt.Sprintf("%s is not projected into %s %s: DynamoDB fetches it from the table for every item the index returns, at the cost of an extra read each.", name, kind, req.IndexName))
			}
		}
	}
	ph := expr.NewPlaceholders(req.ExpressionAttributeNames, req.ExpressionAttributeValues)
	if req.FilterExpression != "" {
		if c, err := expr.ParseCondition(expr.FilterExpression, req.FilterExpression, ph); err == nil {
			check(c.Paths(), true)
		}
	}
	if req.ProjectionExpression != "" {
		if pr, err := expr.ParseProjection(req.ProjectionExpression, ph); err == nil {
			check(pr.Paths(), false)
		}
	}
	return req.TableName + "/" + req.IndexName, hints
}
