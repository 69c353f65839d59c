package model

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
)

// TestPartiQLAccessPattern writes an access pattern as a PartiQL statement
// with {param} placeholders, validates it against the model and runs it.
func TestPartiQLAccessPattern(t *testing.T) {
	m := fixture(t)
	m.AccessPatterns = append(m.AccessPatterns, AccessPattern{Name: "Active cart (PartiQL)", Operation: "ExecuteStatement", Rate: 5,
		Parameters: []Parameter{{Name: "userId", Example: "alice"}},
		Request: []byte(`{"Statement": "SELECT SK, price FROM ShoppingCart WHERE PK = ? AND begins_with(SK, 'CART#ACTIVE')",
			"Parameters": [{"S": "USER#{userId}"}], "ReturnConsumedCapacity": "TOTAL"}`)})
	if err := m.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	ap := &m.AccessPatterns[len(m.AccessPatterns)-1]
	res, err := ap.Run(db, ap.Examples())
	if err != nil {
		t.Fatal(err)
	}
	want := attr.Item{"SK": attr.String("CART#ACTIVE#P-1"), "price": attr.MustNumber("12.5")}
	if len(res.Items) != 1 || !res.Items[0].Equal(want) {
		t.Fatalf("items %v, want %v", res.Items, want)
	}
	if out := res.Outputs[0].(*partiql.ExecuteStatementOutput); out.ConsumedCapacity == nil || out.ConsumedCapacity.CapacityUnits != 0.5 {
		t.Errorf("consumed capacity %+v", out.ConsumedCapacity)
	}

	for _, c := range []struct{ stmt, want string }{
		{`SELECT * FROM Nope WHERE PK = 'x'`, `no table "Nope" in the model`},
		{`SELECT * FROM "ShoppingCart"."Nope"`, `table ShoppingCart has no index "Nope"`},
		{`SELEC * FROM ShoppingCart`, `Expected data manipulation`},
	} {
		m := fixture(t)
		m.AccessPatterns = append(m.AccessPatterns, AccessPattern{Name: "bad", Operation: "ExecuteStatement",
			Request: []byte(`{"Statement": ` + quote(c.stmt) + `}`)})
		if err := m.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want %q", c.stmt, err, c.want)
		}
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }
