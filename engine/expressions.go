package engine

import (
	"errors"
	"slices"
	"sort"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// exprRequest gathers the expression parameters of one request (and their
// legacy counterparts) so that they are checked together, as DynamoDB does:
// placeholders are shared, and an unused one is an error.
type exprRequest struct {
	names  map[string]string
	values attr.Values

	keyCondition *string
	condition    *string // ConditionExpression
	filter       *string
	projection   *string
	update       *string

	// Legacy parameters present in the request, by parameter name, with
	// their lowering already done.
	legacy legacySet

	// afterLegacy, when set, is checked after the legacy parameters' own
	// errors and before the expression parameters' contents (Scan's
	// Segment and TotalSegments: see parse).
	afterLegacy func() *Error

	// itemValues is the held error of an invalid value in Item or Key,
	// and valuesErr that of ExpressionAttributeValues (DecodeRequest).
	itemValues, valuesErr *Error
}

// parsed is the checked form of an exprRequest.
type parsed struct {
	keyCondition *expr.KeyCondition
	condition    *expr.Condition // ConditionExpression or Expected
	filter       *expr.Condition // FilterExpression, QueryFilter or ScanFilter
	projection   *expr.Projection
	update       *expr.Update
}

// noExpressions is the parse of a request without any expression; shared
// and never modified.
var noExpressions = &parsed{}

// parse checks and parses every expression of the request.
func (r *exprRequest) parse() (*parsed, *Error) {
	if r.keyCondition == nil && r.condition == nil && r.filter == nil && r.projection == nil && r.update == nil &&
		r.names == nil && r.values == nil && len(r.legacy.params) == 0 && r.legacy.err == nil && r.itemValues == nil {
		if r.afterLegacy != nil {
			if e := r.afterLegacy(); e != nil {
				return nil, e
			}
		}
		return noExpressions, nil
	}
	var exprParams []string
	for _, p := range []struct {
		name string
		v    *string
	}{
		{"KeyConditionExpression", r.keyCondition},
		{"UpdateExpression", r.update},
		{"ConditionExpression", r.condition},
		{"FilterExpression", r.filter},
		{"ProjectionExpression", r.projection},
	} {
		if p.v != nil {
			exprParams = append(exprParams, p.name)
		}
	}
	// KeyConditions mixes with FilterExpression and ProjectionExpression:
	// DynamoDB refuses it only beside KeyConditionExpression (dynalite
	// special-cases it the same way, from its recordings of DynamoDB).
	legacyParams := r.legacy.params
	if r.keyCondition == nil && slices.Contains(legacyParams, "KeyConditions") {
		legacyParams = slices.DeleteFunc(slices.Clone(legacyParams), func(p string) bool { return p == "KeyConditions" })
	}
	if len(exprParams) > 0 && len(legacyParams) > 0 {
		legacyParams = slices.Clone(legacyParams)
		sortByRank(legacyParams, legacyParamRank)
		sortByRank(exprParams, exprParamRank)
		return nil, validationf("Can not use both expression and non-expression parameters in the same request: Non-expression parameters: {%s} Expression parameters: {%s}",
			strings.Join(legacyParams, ", "), strings.Join(exprParams, ", "))
	}
	// The order below is dynalite's suite's, run against DynamoDB (its
	// Scan and Query validation tests): expression parameters without an
	// expression, the legacy parameters' errors, then (Scan) the segments,
	// then empty placeholder maps and the expressions themselves.
	if r.names != nil && len(exprParams) == 0 {
		return nil, validationf("ExpressionAttributeNames can only be specified when using expressions")
	}
	if r.values != nil {
		var valueUsers []string
		for _, p := range []struct {
			name string
			v    *string
		}{
			{"UpdateExpression", r.update},
			{"ConditionExpression", r.condition},
			{"FilterExpression", r.filter},
			{"KeyConditionExpression", r.keyCondition},
		} {
			if p.v != nil {
				valueUsers = append(valueUsers, p.name)
			}
		}
		if len(valueUsers) == 0 {
			return nil, validationf("ExpressionAttributeValues can only be specified when using expressions: %s", r.nullValueUsers())
		}
	}
	// An invalid value of the Item or Key comes next, before the legacy
	// parameters' errors and the expressions: dynalite's test/putItem.js
	// ("invalid values in Item" beside an empty ExpressionAttributeNames,
	// "unsupported datatype in Item" beside an Expected without Exists),
	// getItem.js and deleteItem.js, run against DynamoDB.
	if r.itemValues != nil {
		return nil, r.itemValues
	}
	if r.legacy.err != nil {
		return nil, r.legacy.err
	}
	if r.afterLegacy != nil {
		if e := r.afterLegacy(); e != nil {
			return nil, e
		}
	}

	// The placeholder maps are checked as the first expression is parsed:
	// empty ExpressionAttributeNames, their keys, empty
	// ExpressionAttributeValues, their keys and values (the held error),
	// then the expressions (dynalite's suite's order).
	out := &parsed{}
	ph := expr.NewPlaceholders(r.names, r.values)
	if r.valuesErr != nil {
		ph = ph.HeldValueError(r.valuesErr)
	}
	var err error
	if r.keyCondition != nil {
		if out.keyCondition, err = expr.ParseKeyCondition(*r.keyCondition, ph); err != nil {
			return nil, asValidation(err)
		}
	}
	if r.update != nil {
		if out.update, err = expr.ParseUpdate(*r.update, ph); err != nil {
			return nil, asValidation(err)
		}
	}
	if r.condition != nil {
		if out.condition, err = expr.ParseCondition(expr.ConditionExpression, *r.condition, ph); err != nil {
			return nil, asValidation(err)
		}
	}
	if r.filter != nil {
		if out.filter, err = expr.ParseCondition(expr.FilterExpression, *r.filter, ph); err != nil {
			return nil, asValidation(err)
		}
	}
	if r.projection != nil {
		if out.projection, err = expr.ParseProjection(*r.projection, ph); err != nil {
			return nil, asValidation(err)
		}
	}
	if len(exprParams) > 0 {
		if err := ph.CheckUnused(); err != nil {
			return nil, asValidation(err)
		}
	}
	if e := r.legacy.parse(out); e != nil {
		return nil, e
	}
	return out, nil
}

// The orders in which DynamoDB lists the parameters of a mixed request:
// dynalite's suite, run against DynamoDB, records "Non-expression
// parameters: {AttributesToGet, ScanFilter, ConditionalOperator}
// Expression parameters: {ProjectionExpression, FilterExpression}" for
// Scan, and its Query lists AttributesToGet, QueryFilter,
// ConditionalOperator, KeyConditions and ProjectionExpression,
// FilterExpression, KeyConditionExpression. Where the write operations'
// parameters fall among them is not recorded.
var (
	legacyParamRank = map[string]int{"AttributesToGet": 0, "ScanFilter": 1, "QueryFilter": 1, "AttributeUpdates": 2,
		"Expected": 3, "ConditionalOperator": 4, "KeyConditions": 5}
	exprParamRank = map[string]int{"ProjectionExpression": 0, "FilterExpression": 1, "KeyConditionExpression": 2,
		"UpdateExpression": 3, "ConditionExpression": 4}
)

func sortByRank(names []string, rank map[string]int) {
	slices.SortStableFunc(names, func(a, b string) int { return rank[a] - rank[b] })
}

// nullValueUsers words the "... is null" tail of the EAV-without-expression
// error for the expressions this operation could have used.
func (r *exprRequest) nullValueUsers() string {
	var names []string
	if r.legacy.op == "UpdateItem" {
		names = append(names, "UpdateExpression")
	}
	if r.legacy.op == "Query" {
		names = append(names, "KeyConditionExpression")
	}
	if r.legacy.op == "Query" || r.legacy.op == "Scan" {
		names = append(names, "FilterExpression")
	} else {
		names = append(names, "ConditionExpression")
	}
	if len(names) == 1 {
		return names[0] + " is null"
	}
	return strings.Join(names, " and ") + " are null"
}

// asValidation turns an expression or attribute error into a ValidationException.
func asValidation(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return validationf("%s", err.Error())
}

// sortedKeys returns a map's keys in order (messages list them sorted).
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
