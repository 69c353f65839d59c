package analysis

import (
	"encoding/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
	"github.com/dynamodb-workbench/workbench/model"
)

// Access patterns written as PartiQL: one ExecuteStatement whose statement
// decides whether the pattern reads, and whether it is a Query or a full
// Scan.

const partiqlOperation = "ExecuteStatement"

// patternReads reports whether an access pattern reads: by its operation,
// or for PartiQL by its statement (a SELECT).
func patternReads(ap *model.AccessPattern) bool {
	if ap.Operation != partiqlOperation {
		return isRead(ap.Operation)
	}
	var req struct{ Statement string }
	if json.Unmarshal(ap.Request, &req) != nil {
		return false
	}
	_, _, read, err := partiql.Target(req.Statement)
	return err == nil && read
}

// describeStatement fills in a PartiQL pattern's table, index and key
// condition from the statement's plan: a SELECT without a partition-key
// condition is a Scan, and reported as one.
func describeStatement(pr *PatternReport, db *engine.Database, ap *model.AccessPattern, p model.Params) {
	body, err := ap.Bind(p)
	if err != nil {
		return
	}
	var in partiql.ExecuteStatementInput
	if json.Unmarshal(body, &in) != nil || in.Statement == nil {
		return
	}
	plan, err := partiql.Explain(db, *in.Statement, in.Parameters)
	if err != nil {
		return
	}
	pr.Table, pr.Index = plan.Table, plan.Index
	pr.Scan = plan.Operation == "Scan"
	if pr.Scan {
		pr.KeyCondition = "none: a Scan reads the whole " + where(pr.Table, pr.Index)
	} else {
		pr.KeyCondition = *in.Statement
	}
}
