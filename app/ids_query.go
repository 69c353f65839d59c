package app

// Element ids of the Query panel, beside the ones ids.go lists (IDQuery*,
// IDResult*, IDSnippet). Like those, they are a public interface for the
// browser tests and README's UI map.
const (
	// Form builder.
	IDQueryTable         = "wb-query-table"      // the table (a select)
	IDQueryIndex         = "wb-query-index"      // the index, Query and Scan (a select; "" is the table)
	IDQueryKey           = "wb-query-key-"       // + key attribute name (sanitised): its value
	IDQuerySortOp        = "wb-query-sort-op"    // Query's sort-key operator (a select)
	IDQuerySortTo        = "wb-query-sort-to"    // BETWEEN's upper bound
	IDQueryFilter        = "wb-query-filter"     // FilterExpression
	IDQueryProjection    = "wb-query-projection" // ProjectionExpression
	IDQueryCondition     = "wb-query-condition"  // ConditionExpression
	IDQueryUpdate        = "wb-query-update"     // UpdateExpression
	IDQueryItem          = "wb-query-item"       // the item, DynamoDB JSON (a textarea)
	IDQueryLimit         = "wb-query-limit"
	IDQueryForward       = "wb-query-forward"    // ScanIndexForward (a checkbox)
	IDQueryConsistent    = "wb-query-consistent" // ConsistentRead (a checkbox)
	IDQuerySelect        = "wb-query-select"     // Select (a select)
	IDQuerySegment       = "wb-query-segment"
	IDQueryTotalSegments = "wb-query-total-segments"
	IDQueryReturnValues  = "wb-query-return-values"
	IDQueryCapacity      = "wb-query-capacity" // ReturnConsumedCapacity (a select)
	IDQueryFormError     = "wb-query-form-error"
	IDQueryFormat        = "wb-query-format" // re-indents the editor's JSON

	// Access patterns in the panel. The sidebar's run buttons already carry
	// IDAccessPattern + name, so the panel's own use distinct prefixes.
	IDQueryPatterns    = "wb-query-patterns"     // the list
	IDQueryPattern     = "wb-query-ap-run-"      // + access pattern name (sanitised): its run button
	IDQueryPatternShow = "wb-query-ap-show-"     // + name: puts its request in the editor
	IDQueryParam       = "wb-query-ap-param-"    // + name + "--" + parameter name: a parameter's value
	IDQueryFanOut      = "wb-query-fanout"       // the requests of a fan-out pattern
	IDResultLastKey    = "wb-result-last-key"    // LastEvaluatedKey
	IDResultRaw        = "wb-result-raw"         // the raw response (a details element)
	IDResultStatus     = "wb-result-status"      // the HTTP status, the pattern and the time taken
	IDSnippetTab       = "wb-snippet-tab-"       // + language: selects that snippet
	IDSnippetCopy      = "wb-snippet-copy-"      // + language: copies that snippet
	IDSnippets         = "wb-snippets"           // the snippets' box
	IDQueryPatternNote = "wb-query-pattern-note" // names the access pattern shown in the editor
	IDQueryRunStatus   = "wb-query-run-status"   // under Run: how the last request went, with a link to the result
)

// queryParamID is the id of an access pattern parameter's input.
func queryParamID(pattern, param string) string {
	return IDQueryParam + idSafe(pattern) + "--" + idSafe(param)
}
