package engine

import "fmt"

// ExpressionProblem is an expression error of one part of a request.
type ExpressionProblem struct {
	// Member names the part of the request ("" for the request itself,
	// "TransactItems[1].Update", "RequestItems.Orders").
	Member string
	// Err is the ValidationException the operation would answer, in
	// DynamoDB's wording.
	Err *Error
}

// CheckExpressions parses and checks the expressions of an operation input
// (*QueryInput, *UpdateItemInput, ...) exactly as the operation would
// before reading any table: syntax, placeholders (missing and unused),
// functions and operands, and the legacy parameters' rules. It needs no
// database, so a model can check its access patterns' requests ahead of a
// run. Checks that need the table (key schema, types of stored values) are
// left to the run. Inputs without expressions have no problems.
func CheckExpressions(in any) []ExpressionProblem {
	var out []ExpressionProblem
	check := func(member string, req exprRequest) {
		if _, err := req.parse(); err != nil {
			out = append(out, ExpressionProblem{Member: member, Err: err})
		}
	}
	// PutItem and UpdateItem envelope their request-validation errors
	// (Enveloped); the problems say what the operation would.
	checkEnveloped := func(req exprRequest) {
		if _, err := req.parse(); err != nil {
			out = append(out, ExpressionProblem{Err: Enveloped(err)})
		}
	}
	switch x := in.(type) {
	case *GetItemInput:
		req := exprRequest{names: x.ExpressionAttributeNames, projection: x.ProjectionExpression, legacy: newLegacy("GetItem")}
		req.legacy.attributesToGet(x.AttributesToGet)
		check("", req)
	case *PutItemInput:
		req := exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues,
			condition: x.ConditionExpression, legacy: newLegacy("PutItem")}
		req.legacy.expected(x.Expected, x.ConditionalOperator)
		checkEnveloped(req)
	case *UpdateItemInput:
		req := exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues,
			condition: x.ConditionExpression, update: x.UpdateExpression, legacy: newLegacy("UpdateItem")}
		req.legacy.attributeUpdates(x.AttributeUpdates)
		req.legacy.expected(x.Expected, x.ConditionalOperator)
		checkEnveloped(req)
	case *DeleteItemInput:
		req := exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues,
			condition: x.ConditionExpression, legacy: newLegacy("DeleteItem")}
		req.legacy.expected(x.Expected, x.ConditionalOperator)
		check("", req)
	case *QueryInput:
		if x.KeyConditionExpression == nil && x.KeyConditions == nil {
			out = append(out, ExpressionProblem{Err: validationf("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.")})
			break
		}
		req := exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues,
			keyCondition: x.KeyConditionExpression, filter: x.FilterExpression,
			projection: x.ProjectionExpression, legacy: newLegacy("Query")}
		req.legacy.keyConditions(x.KeyConditions)
		req.legacy.filterConditions("QueryFilter", x.QueryFilter, x.ConditionalOperator)
		req.legacy.attributesToGet(x.AttributesToGet)
		check("", req)
	case *ScanInput:
		req := exprRequest{names: x.ExpressionAttributeNames, values: x.ExpressionAttributeValues,
			filter: x.FilterExpression, projection: x.ProjectionExpression, legacy: newLegacy("Scan")}
		req.legacy.filterConditions("ScanFilter", x.ScanFilter, x.ConditionalOperator)
		req.legacy.attributesToGet(x.AttributesToGet)
		check("", req)
	case *BatchGetItemInput:
		for _, name := range sortedKeys(x.RequestItems) {
			ka := x.RequestItems[name]
			req := exprRequest{names: ka.ExpressionAttributeNames, projection: ka.ProjectionExpression, legacy: newLegacy("GetItem")}
			req.legacy.attributesToGet(ka.AttributesToGet)
			check("RequestItems."+name, req)
		}
	case *TransactGetItemsInput:
		for i, ti := range x.TransactItems {
			if ti.Get != nil {
				check(fmt.Sprintf("TransactItems[%d].Get", i), exprRequest{names: ti.Get.ExpressionAttributeNames, projection: ti.Get.ProjectionExpression, legacy: newLegacy("GetItem")})
			}
		}
	case *TransactWriteItemsInput:
		for i, ti := range x.TransactItems {
			member := fmt.Sprintf("TransactItems[%d]", i)
			switch {
			case ti.Put != nil:
				y := ti.Put
				check(member+".Put", exprRequest{names: y.ExpressionAttributeNames, values: y.ExpressionAttributeValues, condition: y.ConditionExpression, legacy: newLegacy("PutItem")})
			case ti.Update != nil:
				y := ti.Update
				check(member+".Update", exprRequest{names: y.ExpressionAttributeNames, values: y.ExpressionAttributeValues, condition: y.ConditionExpression, update: y.UpdateExpression, legacy: newLegacy("UpdateItem")})
			case ti.Delete != nil:
				y := ti.Delete
				check(member+".Delete", exprRequest{names: y.ExpressionAttributeNames, values: y.ExpressionAttributeValues, condition: y.ConditionExpression, legacy: newLegacy("DeleteItem")})
			case ti.ConditionCheck != nil:
				y := ti.ConditionCheck
				check(member+".ConditionCheck", exprRequest{names: y.ExpressionAttributeNames, values: y.ExpressionAttributeValues, condition: y.ConditionExpression, legacy: newLegacy("DeleteItem")})
			}
		}
	}
	return out
}
