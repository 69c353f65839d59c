package partiql

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Request limits from the API model (reference §7).
const (
	maxStatementChars  = 8192
	maxNextTokenChars  = 32768
	maxBatchStatements = 25
	maxTxStatements    = 100
)

// ExecuteStatement implements DynamoDB's ExecuteStatement: one PartiQL
// statement, a page of a SELECT or one item written.
func ExecuteStatement(db *engine.Database, in *ExecuteStatementInput) (*ExecuteStatementOutput, error) {
	var c checks
	c.statement(in.Statement, "statement")
	c.parameters(in.Parameters, "parameters")
	if in.Limit != nil && *in.Limit < 1 {
		c.add("Value '%d' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1", *in.Limit)
	}
	if in.NextToken != nil && (len(*in.NextToken) < 1 || len(*in.NextToken) > maxNextTokenChars) {
		c.add("Value '%s' at 'nextToken' failed to satisfy constraint: Member must have length less than or equal to %d", *in.NextToken, maxNextTokenChars)
	}
	c.enum(in.ReturnConsumedCapacity, "returnConsumedCapacity", "INDEXES", "TOTAL", "NONE")
	c.enum(in.ReturnValuesOnConditionCheckFailure, "returnValuesOnConditionCheckFailure", "ALL_OLD", "NONE")
	if err := c.err(); err != nil {
		return nil, err
	}
	st, b, err := prepare(*in.Statement, in.Parameters)
	if err != nil {
		return nil, err
	}
	rcc := in.ReturnConsumedCapacity
	sel, ok := st.(*selectStmt)
	if !ok {
		if in.NextToken != nil {
			return nil, validation("NextToken is only valid on a SELECT statement")
		}
		if _, ok := st.(*existsStmt); ok {
			return nil, validation(msgExistsOutsideTx)
		}
		w, err := planWrite(db, st, b, true)
		if err != nil {
			return nil, err
		}
		items, cc, err := runWrite(db, w, rcc, in.ReturnValuesOnConditionCheckFailure)
		if err != nil {
			return nil, err
		}
		return &ExecuteStatementOutput{Items: items, ConsumedCapacity: cc}, nil
	}
	consistent := in.ConsistentRead != nil && *in.ConsistentRead
	plan, err := planSelect(db, sel, b, consistent)
	if err != nil {
		return nil, err
	}
	fp := fingerprint(*in.Statement, in.Parameters)
	var start pageState
	if in.NextToken != nil {
		if start, err = readToken(*in.NextToken, fp); err != nil {
			return nil, err
		}
	}
	var limit int64
	if in.Limit != nil {
		limit = *in.Limit
	}
	pg, err := plan.run(db, b, start, limit, consistent, rcc)
	if err != nil {
		return nil, err
	}
	out := &ExecuteStatementOutput{Items: pg.items, ConsumedCapacity: pg.cc}
	if pg.next != nil {
		out.NextToken = writeToken(fp, *pg.next)
	}
	return out, nil
}

// prepare parses a statement and binds its parameters.
func prepare(src string, params []attr.AttributeValue) (statement, *binder, error) {
	st, n, err := parse(src)
	if err != nil {
		return nil, nil, err
	}
	if n > len(params) {
		// More values than ? marks is accepted, as DynamoDB Local does
		// (reference §6; AWS unconfirmed).
		return nil, nil, validation(msgParamCount)
	}
	b := &binder{params: make([]attr.Value, len(params))}
	for i, p := range params {
		if p.Value == nil {
			return nil, nil, verr(attr.MsgEmptyValue)
		}
		b.params[i] = p.Value
	}
	return st, b, nil
}

// ---- NextToken ----

// nextToken is what a NextToken carries: the request it belongs to and
// where the next page starts.
type nextToken struct {
	Request string    `json:"q"`
	State   pageState `json:"s"`
}

// fingerprint identifies a statement and its parameters, so that a token
// is honoured only for the request that minted it.
func fingerprint(statement string, params []attr.AttributeValue) string {
	h := sha256.New()
	h.Write([]byte(statement))
	for _, p := range params {
		h.Write([]byte{0})
		b, _ := attr.MarshalValue(p.Value)
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

func writeToken(fp string, s pageState) string {
	b, _ := json.Marshal(nextToken{Request: fp, State: s})
	return base64.StdEncoding.EncodeToString(b)
}

func readToken(s, fp string) (pageState, error) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return pageState{}, validation(msgBadToken)
	}
	var t nextToken
	if err := json.Unmarshal(raw, &t); err != nil || t.Request == "" {
		return pageState{}, validation(msgBadToken)
	}
	if t.Request != fp {
		return pageState{}, validation(msgForeignToken)
	}
	return t.State, nil
}

// ---- request validation ----

// checks gathers model-level constraint failures, worded as DynamoDB's
// "N validation errors detected: ..." messages.
type checks struct{ msgs []string }

func (c *checks) add(format string, args ...any) {
	c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
}

func (c *checks) statement(s *string, field string) {
	switch {
	case s == nil:
		c.add("Value null at '%s' failed to satisfy constraint: Member must not be null", field)
	case *s == "":
		c.add("Value '' at '%s' failed to satisfy constraint: Member must have length greater than or equal to 1", field)
	case utf8.RuneCountInString(*s) > maxStatementChars:
		c.add("Value '%s' at '%s' failed to satisfy constraint: Member must have length less than or equal to %d", *s, field, maxStatementChars)
	}
}

func (c *checks) parameters(p []attr.AttributeValue, field string) {
	if p != nil && len(p) == 0 {
		c.add("Value '[]' at '%s' failed to satisfy constraint: Member must have length greater than or equal to 1", field)
	}
}

func (c *checks) enum(v, field string, allowed ...string) {
	if v != "" && !slices.Contains(allowed, v) {
		c.add("Value '%s' at '%s' failed to satisfy constraint: Member must satisfy enum value set: [%s]", v, field, joinComma(allowed))
	}
}

func (c *checks) err() error {
	switch len(c.msgs) {
	case 0:
		return nil
	case 1:
		return validation("1 validation error detected: %s", c.msgs[0])
	}
	return validation("%d validation errors detected: %s", len(c.msgs), joinSemi(c.msgs))
}

func joinComma(s []string) string { return strings.Join(s, ", ") }
func joinSemi(s []string) string  { return strings.Join(s, "; ") }

// Target parses a statement and returns the table and index it names and
// whether it reads, for callers that check a statement against a model
// without running it.
func Target(statement string) (table, index string, read bool, err error) {
	st, _, err := parse(statement)
	if err != nil {
		return "", "", false, err
	}
	var src source
	switch x := st.(type) {
	case *selectStmt:
		src = x.from
	case *insertStmt:
		src = x.from
	case *updateStmt:
		src = x.from
	case *deleteStmt:
		src = x.from
	case *existsStmt:
		src = x.sel.from
	}
	return src.table, src.index, st.isRead(), nil
}

// Plan says how a statement runs on the engine: which operation, on which
// table or index, and how many key reads a SELECT makes.
type Plan struct {
	Operation string // "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem" or "ConditionCheck"
	Table     string
	Index     string
	Reads     int // the Query calls of a keyed SELECT (one per key value)
}

// Explain plans a statement without running it, so that a caller can say
// when a SELECT is a full scan (no partition-key condition) before or after
// paying for one.
func Explain(db *engine.Database, statement string, params []attr.AttributeValue) (*Plan, error) {
	st, b, err := prepare(statement, params)
	if err != nil {
		return nil, err
	}
	if sel, ok := st.(*selectStmt); ok {
		p, err := planSelect(db, sel, b, false)
		if err != nil {
			return nil, err
		}
		if p.scan {
			return &Plan{Operation: "Scan", Table: p.ti.name, Index: sel.from.index}, nil
		}
		return &Plan{Operation: "Query", Table: p.ti.name, Index: sel.from.index, Reads: p.reads()}, nil
	}
	w, err := planWrite(db, st, b, true)
	if err != nil {
		return nil, err
	}
	op := map[string]string{"Put": "PutItem", "Update": "UpdateItem", "Delete": "DeleteItem", "ConditionCheck": "ConditionCheck"}[w.kind]
	return &Plan{Operation: op, Table: w.ti.name}, nil
}
