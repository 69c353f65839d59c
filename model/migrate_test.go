package model

import (
	"os"
	"strings"
	"testing"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// fixture returns the valid version-1 cart model.
func fixture(t testing.TB) *Model {
	t.Helper()
	m, err := Parse(readFixture(t, "cart_v1.json"))
	if err != nil {
		t.Fatalf("cart_v1.json: %v", err)
	}
	return m
}

func TestParseCurrentVersion(t *testing.T) {
	m := fixture(t)
	if m.Version != Version || m.Name != "Shopping cart" || len(m.Entities) != 2 || len(m.AccessPatterns) != 2 {
		t.Fatalf("decoded %+v", m)
	}
	if got := m.Tables[0].TimeToLiveSpecification; got == nil || got.AttributeName != "expiresAt" || !got.Enabled {
		t.Errorf("TTL = %+v", got)
	}
	if got := len(m.Dataset.Items["ShoppingCart"]); got != 3 {
		t.Errorf("dataset items = %d, want 3", got)
	}
}

// TestMigrateV0 loads a document in the draft format (no version member)
// and checks it becomes exactly the version-1 document.
func TestMigrateV0(t *testing.T) {
	old, err := Parse(readFixture(t, "cart_v0.json"))
	if err != nil {
		t.Fatalf("v0 fixture: %v", err)
	}
	if old.Version != Version {
		t.Errorf("migrated version = %d, want %d", old.Version, Version)
	}
	got, err := MarshalIndent(old)
	if err != nil {
		t.Fatal(err)
	}
	want, err := MarshalIndent(fixture(t))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("migrated v0 document differs from v1:\n got %s\nwant %s", got, want)
	}
}

func TestMarshalRoundTrip(t *testing.T) {
	m := fixture(t)
	b, err := Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `\u003c`) || strings.Contains(string(b), `\u003e`) {
		t.Errorf("Marshal escaped HTML characters: %s", b)
	}
	again, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	b2, _ := Marshal(again)
	if string(b) != string(b2) {
		t.Errorf("round trip changed the document:\n%s\n%s", b, b2)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{
		{"not JSON", `{"version": 1,`, "not a model document"},
		{"not an object", `[1]`, "not a model document"},
		{"newer version", `{"version": 2, "name": "x", "tables": []}`, "version: 2 is newer than this workbench reads (1)"},
		{"bad version", `{"version": 1.5}`, "version: 1.5 is not a format version"},
		{"unknown member", `{"version": 1, "name": "x", "tables": [], "settings": {}, "tabels": []}`, `tabels`},
		{"unknown v0 member", `{"name": "x", "tables": [], "querys": []}`, "migrating from version 0"},
		{"bad duration", `{"version": 1, "name": "x", "tables": [], "settings": {"ttlDeletionDelay": "2 days"}}`, "invalid duration"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.doc))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Decode error = %v, want %q", err, tt.want)
			}
		})
	}
}

// TestParseReturnsInvalidModel: a document that decodes but does not
// validate comes back with its errors.
func TestParseReturnsInvalidModel(t *testing.T) {
	m, err := Parse([]byte(`{"version": 1, "name": "", "tables": [], "settings": {}}`))
	if m == nil || err == nil {
		t.Fatalf("Parse = %v, %v; want the model and its errors", m, err)
	}
	if !strings.Contains(err.Error(), "name: a model needs a name") || !strings.Contains(err.Error(), "tables: a model needs at least one table") {
		t.Errorf("errors = %v", err)
	}
}
