package modelschema

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

var update = flag.Bool("update", false, "rewrite docs/model.schema.json")

const docFile = "../../docs/model.schema.json"

// TestSchemaFileIsCurrent: docs/model.schema.json is what the Go types
// generate (go test ./server/modelschema -update rewrites it).
func TestSchemaFileIsCurrent(t *testing.T) {
	want, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(docFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(docFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the model's Go types generate: run go test ./server/modelschema -update", docFile)
	}
}

func resolved(t *testing.T) *jsonschema.Resolved {
	t.Helper()
	s, err := Schema()
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func asJSON(t *testing.T, doc []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestSchemaAcceptsEveryPattern: every pattern's model document (tables,
// entities, access patterns, workloads, datasets, settings) passes the
// schema, as written by model.Marshal.
func TestSchemaAcceptsEveryPattern(t *testing.T) {
	r := resolved(t)
	for _, p := range patterns.Catalog() {
		doc, err := model.Marshal(p.Model())
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Validate(asJSON(t, doc)); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
	}
}

// TestSchemaRefuses: what the decoder refuses, the schema refuses too: an
// unknown member, a wrong type, a document without tables.
func TestSchemaRefuses(t *testing.T) {
	r := resolved(t)
	doc, err := model.Marshal(patterns.Catalog()[0].Model())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, from, to string }{
		{"unknown member", `"version":`, `"colour": "red", "version":`},
		{"tables not a list", `"tables":[`, `"tables":"no","x":[`},
		{"a table's unknown member", `"TableName":`, `"TableNam":"x","TableName":`},
		{"version a string", `"version":1`, `"version":"1"`},
	} {
		bad := strings.Replace(string(doc), c.from, c.to, 1)
		if bad == string(doc) {
			t.Fatalf("%s: %q not in the document", c.name, c.from)
		}
		if _, err := model.Decode([]byte(bad)); err == nil {
			t.Errorf("%s: the decoder takes it", c.name)
		}
		if err := r.Validate(asJSON(t, []byte(bad))); err == nil {
			t.Errorf("%s: the schema takes it", c.name)
		}
	}
	if err := r.Validate(map[string]any{"version": 1}); err == nil {
		t.Error("a document without tables passes")
	}
}
