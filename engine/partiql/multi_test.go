package partiql

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func batch(stmts ...string) *BatchExecuteStatementInput {
	in := &BatchExecuteStatementInput{ReturnConsumedCapacity: "TOTAL"}
	for _, s := range stmts {
		in.Statements = append(in.Statements, BatchStatementRequest{Statement: ptr(s)})
	}
	return in
}

func TestBatchReads(t *testing.T) {
	db := newFixture(t)
	in := batch(
		`SELECT name FROM Users WHERE id = 'u1'`,
		`SELECT * FROM Users WHERE id = 'ghost'`,
		`SELEC * FROM Users`,
		`SELECT * FROM Users WHERE id = 'u2' AND age = 30`,
		`SELECT * FROM Music WHERE Artist = 'Artist0' AND SongTitle IN ['Song01']`,
		`SELECT * FROM Nope WHERE id = 'x'`,
	)
	in.Statements[4].ConsistentRead = ptr(true)
	out, err := BatchExecuteStatement(db, in)
	if err != nil {
		t.Fatal(err)
	}
	r := out.Responses
	if len(r) != 6 {
		t.Fatalf("got %d responses", len(r))
	}
	if !r[0].Item.Equal(attr.Item{"name": s("User 1")}) || r[0].TableName != "Users" || r[0].Error != nil {
		t.Errorf("response 0: %+v", r[0])
	}
	if r[1].Item != nil || r[1].TableName != "Users" || r[1].Error != nil {
		t.Errorf("response 1: %+v", r[1])
	}
	if r[2].Error == nil || r[2].Error.Code != "ValidationError" || r[2].Error.Message != "Statement wasn't well formed, can't be processed: Expected data manipulation" || r[2].TableName != "" {
		t.Errorf("response 2: %+v", r[2])
	}
	if r[3].Error == nil || r[3].Error.Message != msgBatchKey || r[3].TableName != "" {
		t.Errorf("response 3: %+v", r[3])
	}
	if r[4].Item["SongTitle"] == nil {
		t.Errorf("response 4: %+v", r[4])
	}
	if r[5].Error == nil || r[5].Error.Code != "ResourceNotFound" || r[5].TableName != "Nope" {
		t.Errorf("response 5: %+v", r[5])
	}
	// Two eventually consistent reads on Users, one strong on Music.
	got := map[string]float64{}
	for _, cc := range out.ConsumedCapacity {
		got[cc.TableName] = cc.CapacityUnits
	}
	if got["Users"] != 1 || got["Music"] != 1 || len(got) != 2 {
		t.Errorf("consumed capacity %v", got)
	}
}

func TestBatchWrites(t *testing.T) {
	db := newFixture(t)
	out, err := BatchExecuteStatement(db, batch(
		`INSERT INTO Users VALUE {'id': 'n1'}`,
		`INSERT INTO Users VALUE {'id': 'u1'}`,
		`UPDATE Users SET age = 1 WHERE id = 'ghost'`,
		`DELETE FROM Users WHERE id = 'u2' RETURNING ALL OLD *`,
		`UPDATE Users SET age = 99 WHERE id = 'u3' RETURNING MODIFIED NEW *`,
	))
	if err != nil {
		t.Fatal(err)
	}
	r := out.Responses
	if r[0].Error != nil || r[0].TableName != "Users" {
		t.Errorf("insert: %+v", r[0])
	}
	if r[1].Error == nil || r[1].Error.Code != "DuplicateItem" || r[1].Error.Message != msgDuplicate || r[1].TableName != "Users" {
		t.Errorf("duplicate insert: %+v", r[1])
	}
	if r[2].Error == nil || r[2].Error.Code != "ConditionalCheckFailed" || r[2].Error.Message != msgConditionalFailed {
		t.Errorf("update of a missing item: %+v", r[2])
	}
	if r[3].Item["name"] == nil || r[3].Error != nil {
		t.Errorf("delete returning: %+v", r[3])
	}
	if !r[4].Item.Equal(attr.Item{"age": n("99")}) {
		t.Errorf("update returning: %+v", r[4])
	}
	check, _ := exec(t, db, `SELECT * FROM Users WHERE id IN ['n1', 'u2', 'u3']`)
	if len(check.Items) != 2 {
		t.Errorf("after the batch: %v", check.Items)
	}

	_, err = BatchExecuteStatement(db, batch(`SELECT * FROM Users WHERE id = 'u1'`, `DELETE FROM Users WHERE id = 'u1'`))
	wantErr(t, err, engine.CodeValidation, msgBatchMixed)
	_, err = BatchExecuteStatement(db, batch(`DELETE FROM Users WHERE id = 'u4'`, `UPDATE Users SET a = 1 WHERE id = 'u4'`))
	wantErr(t, err, engine.CodeValidation, msgBatchDupKeys)
	_, err = BatchExecuteStatement(db, &BatchExecuteStatementInput{Statements: []BatchStatementRequest{}})
	wantErr(t, err, engine.CodeValidation, "1 validation error detected: Value '[]' at 'statements' failed to satisfy constraint: Member must have length greater than or equal to 1")
	if u4, _ := exec(t, db, `SELECT * FROM Users WHERE id = 'u4'`); len(u4.Items) != 1 {
		t.Errorf("a refused batch changed data")
	}
}

func tx(stmts ...string) *ExecuteTransactionInput {
	in := &ExecuteTransactionInput{ReturnConsumedCapacity: "TOTAL"}
	for _, s := range stmts {
		in.TransactStatements = append(in.TransactStatements, ParameterizedStatement{Statement: ptr(s)})
	}
	return in
}

func TestTransactions(t *testing.T) {
	db := newFixture(t)
	out, err := ExecuteTransaction(db, tx(
		`INSERT INTO Users VALUE {'id': 'n1', 'age': 1}`,
		`UPDATE Users SET age = age + 1 WHERE id = 'u1'`,
		`DELETE FROM Users WHERE id = 'u2'`,
		`EXISTS(SELECT * FROM Users WHERE id = 'u3' AND age = 35)`,
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Responses) != 0 || len(out.ConsumedCapacity) != 1 || out.ConsumedCapacity[0].CapacityUnits != 8 {
		t.Errorf("write transaction answered %+v", out)
	}
	got, _ := exec(t, db, `SELECT id, age FROM Users WHERE id IN ['n1', 'u1', 'u2']`)
	if canon(got.Items) != canon([]attr.Item{{"id": s("n1"), "age": n("1")}, {"id": s("u1"), "age": n("26")}}) {
		t.Errorf("after the transaction: %v", canon(got.Items))
	}

	before := dump(t, db)
	for _, c := range []struct {
		name    string
		in      *ExecuteTransactionInput
		code    engine.Code
		msg     string
		reasons []engine.CancellationReason
	}{
		{"duplicate insert", tx(`UPDATE Users SET age = 0 WHERE id = 'u3'`, `INSERT INTO Users VALUE {'id': 'u4'}`), engine.CodeTransactionCanceled,
			"Transaction cancelled, please refer cancellation reasons for specific reasons [None, DuplicateItem]",
			[]engine.CancellationReason{{Code: "None"}, {Code: "DuplicateItem", Message: msgDuplicate}}},
		{"false exists", tx(`UPDATE Users SET age = 0 WHERE id = 'u3'`, `EXISTS(SELECT * FROM Users WHERE id = 'u4' AND age = 1)`), engine.CodeTransactionCanceled,
			"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]",
			[]engine.CancellationReason{{Code: "None"}, {Code: "ConditionalCheckFailed", Message: msgConditionalFailed}}},
		{"key missing", tx(`UPDATE Users SET age = 0 WHERE age = 1`), engine.CodeTransactionCanceled,
			"Transaction cancelled, please refer cancellation reasons for specific reasons [ValidationError]",
			[]engine.CancellationReason{{Code: "ValidationError", Message: msgKeySchema}}},
		{"missing table", tx(`UPDATE Users SET age = 0 WHERE id = 'u3'`, `DELETE FROM Nope WHERE id = 'x'`), engine.CodeTransactionCanceled,
			"Transaction cancelled, please refer cancellation reasons for specific reasons [None, ResourceNotFound]",
			[]engine.CancellationReason{{Code: "None"}, {Code: "ResourceNotFound", Message: msgNotFound}}},
		{"returning", tx(`UPDATE Users SET age = 0 WHERE id = 'u3' RETURNING ALL NEW *`), engine.CodeValidation,
			"Validation failed in TransactStatements[0]: RETURNING clause is not supported in ExecuteTransaction.", nil},
		{"index read", tx(`SELECT * FROM Users WHERE id = 'u3'`, `SELECT * FROM "Music"."ByGenre" WHERE Genre = 'Rock'`), engine.CodeValidation,
			"Validation failed in TransactStatements[1]: Reads on indices are not supported within transactions.", nil},
		{"read not by key", tx(`SELECT * FROM Users WHERE id = 'u3' AND age = 1`), engine.CodeValidation,
			"Validation failed in TransactStatements[0]: Select statements within ExecuteTransaction must specify the primary key in the where clause.", nil},
		{"exists without condition", tx(`EXISTS(SELECT * FROM Users WHERE id = 'u3')`), engine.CodeValidation,
			"Validation failed in TransactStatements[0]: EXISTS() must contain a single item read with additional condition", nil},
		{"mixed", tx(`SELECT * FROM Users WHERE id = 'u3'`, `DELETE FROM Users WHERE id = 'u4'`), engine.CodeValidation, msgTxMixed, nil},
		{"same item twice", tx(`UPDATE Users SET age = 0 WHERE id = 'u3'`, `DELETE FROM Users WHERE id = 'u3'`), engine.CodeValidation, msgTxDupItem, nil},
		{"syntax", tx(`UPDATE Users SET age = 0 WHERE id = 'u3'`, `DELET FROM Users`), engine.CodeValidation,
			"Validation failed in TransactStatements[1]: Statement wasn't well formed, can't be processed: Expected data manipulation", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ExecuteTransaction(db, c.in)
			wantErr(t, err, c.code, c.msg)
			if c.reasons != nil {
				e := err.(*engine.Error)
				if canon(e.CancellationReasons) != canon(c.reasons) {
					t.Errorf("reasons %s, want %s", canon(e.CancellationReasons), canon(c.reasons))
				}
			}
			if dump(t, db) != before {
				t.Errorf("a failed transaction changed data")
			}
		})
	}

	read, err := ExecuteTransaction(db, tx(`SELECT name FROM Users WHERE id = 'u3'`, `SELECT * FROM Users WHERE id = 'ghost'`))
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Responses) != 2 || !read.Responses[0].Item.Equal(attr.Item{"name": s("User 3")}) || read.Responses[1].Item != nil {
		t.Errorf("read transaction: %s", canon(read.Responses))
	}
	if read.ConsumedCapacity[0].CapacityUnits != 4 {
		t.Errorf("read transaction cost %v, want 2 per item", read.ConsumedCapacity[0].CapacityUnits)
	}
}

// TestBatchChargesFailedWrites: a member whose condition fails adds its
// write units to its table's total (no arm); a table whose members all
// failed reports nothing.
func TestBatchChargesFailedWrites(t *testing.T) {
	db := newFixture(t)
	in := batch(
		`UPDATE Users SET age = 1 WHERE id = 'u1'`,
		`UPDATE Users SET age = 1 WHERE id = 'u2' AND age > 1000`,
		`INSERT INTO Users VALUE {'id': 'u3'}`,
		`UPDATE Music SET Plays = 1 WHERE Artist = 'Artist0' AND SongTitle = 'Song00' AND Plays > 1000`,
	)
	in.ReturnConsumedCapacity = "INDEXES"
	out, err := BatchExecuteStatement(db, in)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.ConsumedCapacity) != 1 {
		t.Fatalf("consumed capacity %s", canon(out.ConsumedCapacity))
	}
	cc := out.ConsumedCapacity[0]
	if cc.TableName != "Users" || cc.CapacityUnits != 3 || cc.Table == nil || cc.Table.CapacityUnits != 1 {
		t.Errorf("consumed capacity %s: want 3 units in all, 1 on the table arm", canon(cc))
	}
	if out.Responses[1].Error == nil || out.Responses[2].Error == nil || out.Responses[2].Error.Code != "DuplicateItem" || out.Responses[3].Error == nil {
		t.Errorf("responses %s", canon(out.Responses))
	}
}
