package app

// Element ids of the Query panel's PartiQL mode (query_partiql.go), a
// public interface like the others (README's UI map).
const (
	IDQueryModeAPI     = "wb-query-mode-api"     // switches the panel to the expression API
	IDQueryModePartiQL = "wb-query-mode-partiql" // switches the panel to PartiQL
	IDPartiQLStatement = "wb-partiql-statement"  // the statement (a textarea)
	IDPartiQLParams    = "wb-partiql-params"     // Parameters: a JSON list of attribute values
	IDPartiQLLimit     = "wb-partiql-limit"
	IDPartiQLConsist   = "wb-partiql-consistent" // ConsistentRead (a checkbox)
	IDPartiQLCapacity  = "wb-partiql-capacity"   // ReturnConsumedCapacity (a select)
	IDPartiQLTemplate  = "wb-partiql-template-"  // + template name: writes that statement
	IDResultNextToken  = "wb-result-next-token"  // an ExecuteStatement's NextToken
	IDResultPlan       = "wb-result-plan"        // how the statement ran: Query or full Scan (data-operation)
)
