package importers

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestOneTableSchema reads a OneTable schema shaped like the library's
// examples: global indexes with a projection list and keys, a local index,
// models with value templates, generated ids, enums and ISO dates.
func TestOneTableSchema(t *testing.T) {
	data := readTestdata(t, "crm.onetable.json")
	if f := Detect("crm.json", data); f != OneTable {
		t.Errorf("Detect: %q", f)
	}
	m, warnings, err := Import(OneTable, data)
	if err != nil {
		t.Fatal(err)
	}
	tb := m.Tables[0]
	if len(tb.GlobalSecondaryIndexes) != 2 || len(tb.LocalSecondaryIndexes) != 1 {
		t.Fatalf("indexes %+v %+v", tb.GlobalSecondaryIndexes, tb.LocalSecondaryIndexes)
	}
	if g := tb.GSI("gs1"); g.Projection.ProjectionType != schema.ProjectInclude || strings.Join(g.Projection.NonKeyAttributes, ",") != "name,email" {
		t.Errorf("gs1 %+v", g.Projection)
	}
	if tb.GSI("gs2").Projection.ProjectionType != schema.ProjectKeysOnly || tb.LSI("ls1").KeySchema[1].AttributeName != "created" {
		t.Errorf("gs2/ls1 %+v %+v", tb.GSI("gs2"), tb.LSI("ls1"))
	}
	acct, user := m.Entity("Account"), m.Entity("User")
	if acct.Keys["pk"] != "account#{id}" || acct.Keys["sk"] != "account#" || user.Keys["sk"] != "user#{email}" || user.Keys["gs1pk"] != "user-email#{email}" || acct.Keys["created"] != "{created}" {
		t.Errorf("keys %v %v", acct.Keys, user.Keys)
	}
	gens := map[string]string{}
	types := map[string]string{}
	for _, a := range acct.Attributes {
		gens[a.Name], types[a.Name] = a.Generator, a.Type
	}
	if gens["id"] != "ulid" || gens["status"] != "choice(active,inactive)" || types["balance"] != "N" || types["settings"] != "M" {
		t.Errorf("attributes %+v", acct.Attributes)
	}
	hasWarning(t, warnings, "does not name its table")
	hasWarning(t, warnings, "default", "unique")
	hasWarning(t, warnings, "follow")
	hasWarning(t, warnings, "timestamps")
}

// TestOneTableRoundTrip exports every pattern as OneTable schemas (one per
// table) and imports each back: the table's keys and indexes, every
// entity's key templates (its indexes' too) and attribute types.
func TestOneTableRoundTrip(t *testing.T) {
	for _, p := range patterns.Catalog() {
		m := p.Model()
		r, err := formats.Render(m, formats.OneTable)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Files) != len(m.Tables) {
			t.Fatalf("%s: %d files for %d tables", p.Name, len(r.Files), len(m.Tables))
		}
		for i, f := range r.Files {
			back, _, err := Import(OneTable, []byte(f.Content))
			if err != nil {
				t.Errorf("%s %s: %v", p.Name, f.Path, err)
				continue
			}
			want := m.Tables[i]
			if w, g := keyTable(t, withoutCapacity(want)), keyTable(t, withoutCapacity(back.Tables[0])); w != g {
				t.Errorf("%s: table differs\n got %s\nwant %s", p.Name, g, w)
			}
			if len(want.LocalSecondaryIndexes) != len(back.Tables[0].LocalSecondaryIndexes) {
				t.Errorf("%s: LSIs %d, want %d", p.Name, len(back.Tables[0].LocalSecondaryIndexes), len(want.LocalSecondaryIndexes))
			}
			sub := *m
			sub.Entities = nil
			for _, e := range m.Entities {
				if e.Table == want.TableName {
					sub.Entities = append(sub.Entities, e)
				}
			}
			// Every key attribute's template, the indexes' too.
			sameEntities(t, p.Name+" "+want.TableName, &sub, back, func(tb *model.Table) []string {
				var out []string
				for _, d := range formats.KeyDefinitions(&tb.TableDefinition) {
					out = append(out, d.AttributeName)
				}
				return out
			})
		}
	}
}

// withoutCapacity drops what a OneTable schema does not carry.
func withoutCapacity(tb model.Table) model.Table {
	tb.LocalSecondaryIndexes = nil
	return tb
}
