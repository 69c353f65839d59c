package partiql

import (
	"errors"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// FuzzExecuteStatement runs arbitrary statements against the fixture: no
// panic, and every failure a DynamoDB-shaped *engine.Error.
func FuzzExecuteStatement(f *testing.F) {
	for _, c := range corpus {
		f.Add(c.stmt)
	}
	for _, s := range []string{`SELECT * FROM Music WHERE - - 1 = -Plays`, `UPDATE Users SET a = -? WHERE id = 'u1'`,
		`SELECT a[`, `INSERT INTO Users VALUE {'id': 'x', 'm': {'k': [<<1, 2>>, {'z': ?}]}}`, `DELETE FROM Users WHERE (id = 'u1'`,
		`EXISTS(SELECT * FROM Users WHERE id = 'u1' AND a = 1)`, `SELECT * FROM Music WHERE Artist = 'a' ORDER BY SongTitle DESC, Artist`} {
		f.Add(s)
	}
	db := newFixture(f)
	f.Fuzz(func(t *testing.T, stmt string) {
		in := &ExecuteStatementInput{Statement: &stmt, Parameters: []attr.AttributeValue{{Value: attr.String("p")}, {Value: attr.MustNumber("1")}}}
		_, err := ExecuteStatement(db, in)
		var e *engine.Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("%q: error %T %v is not an engine error", stmt, err, err)
		}
	})
}
