package exporters

import (
	"encoding/json"
	"errors"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// trickyModel has names and tag values a careless YAML writer would leave
// unquoted and a reader would take for booleans, numbers, nulls, dates,
// comments or mappings.
func trickyModel(t *testing.T) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(`{
	  "version": 1, "name": "yes: no", "description": "# not a comment\nsecond line 'quoted' \"double\"",
	  "tables": [{
	    "TableName": "off",
	    "AttributeDefinitions": [{"AttributeName": "yes", "AttributeType": "S"}, {"AttributeName": "1.0", "AttributeType": "N"}, {"AttributeName": "null", "AttributeType": "S"}],
	    "KeySchema": [{"AttributeName": "yes", "KeyType": "HASH"}, {"AttributeName": "1.0", "KeyType": "RANGE"}],
	    "BillingMode": "PROVISIONED",
	    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5},
	    "GlobalSecondaryIndexes": [{"IndexName": "2026-01-01", "KeySchema": [{"AttributeName": "null", "KeyType": "HASH"}],
	      "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["off", "~", "0x1F", "- x", "a: b", "[x]"]},
	      "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}],
	    "Tags": [{"Key": "true", "Value": ""}, {"Key": "Y", "Value": "12:30"}, {"Key": "note", "Value": "line1\nline2 & <b>"}, {"Key": "*ref", "Value": "!Ref x"}]
	  }]
	}`))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func testModels(t *testing.T) map[string]*model.Model {
	out := map[string]*model.Model{"tricky": trickyModel(t)}
	for _, p := range patterns.Catalog() {
		out[p.Name] = p.Model()
	}
	return out
}

// TestYAMLTemplateMatchesJSON renders every pattern's template in YAML, in
// both profiles, and reads it back twice: with go-yaml, and with the
// suspicious reader of yamlread_test.go, which takes an unquoted "yes" or
// "1.0" for a boolean or a number. Both must give the JSON template.
func TestYAMLTemplateMatchesJSON(t *testing.T) {
	for name, m := range testModels(t) {
		for _, profile := range formats.Profiles() {
			opts := formats.Options{Profile: profile}
			j, err := RenderWith(m, formats.CloudFormationJSON, opts)
			if err != nil {
				t.Fatal(err)
			}
			y, err := RenderWith(m, formats.CloudFormationYAML, opts)
			if err != nil {
				t.Fatalf("%s %s: %v", name, profile, err)
			}
			if y.Format != formats.CloudFormationYAML || y.ContentType != "application/yaml" || len(y.Files) != 1 ||
				!strings.HasSuffix(y.Files[0].Path, ".template.yaml") {
				t.Errorf("%s %s: format %s, %s, files %v", name, profile, y.Format, y.ContentType, y.Files)
			}
			if !reflect.DeepEqual(y.Warnings, j.Warnings) {
				t.Errorf("%s %s: warnings %v, JSON's %v", name, profile, y.Warnings, j.Warnings)
			}
			var want any
			if err := json.Unmarshal([]byte(j.Files[0].Content), &want); err != nil {
				t.Fatal(err)
			}
			text := y.Files[0].Content
			var viaLib any
			if err := yaml.UnmarshalWithOptions([]byte(text), &viaLib, yaml.UseJSONUnmarshaler()); err != nil {
				t.Fatalf("%s %s: go-yaml does not read the YAML: %v\n%s", name, profile, err, text)
			}
			if !reflect.DeepEqual(jsonRoundTrip(t, viaLib), want) {
				t.Errorf("%s %s: the YAML reads (go-yaml) as something else than the JSON:\n%s", name, profile, text)
			}
			suspicious, err := readYAML(text)
			if err != nil {
				t.Errorf("%s %s: the suspicious reader: %v\n%s", name, profile, err, text)
				continue
			}
			if !reflect.DeepEqual(suspicious, want) {
				sb, _ := json.MarshalIndent(suspicious, "", " ")
				t.Errorf("%s %s: the YAML reads as\n%s\n%s", name, profile, sb, text)
			}
		}
	}
}

// jsonRoundTrip gives v the types encoding/json decodes to (float64
// numbers), for comparison with the JSON template.
func jsonRoundTrip(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestYAMLKeepsOrder: the YAML lists members in the JSON's order (Type
// before Properties, TableName first), not sorted.
func TestYAMLKeepsOrder(t *testing.T) {
	r, err := Render(trickyModel(t), formats.CloudFormationYAML)
	if err != nil {
		t.Fatal(err)
	}
	text := r.Files[0].Content
	order := []string{"AWSTemplateFormatVersion:", "Description:", "Resources:", "Type: AWS::DynamoDB::Table", "Properties:", "TableName:", "AttributeDefinitions:", "Outputs:"}
	last := -1
	for _, s := range order {
		i := strings.Index(text, s)
		if i < last {
			t.Errorf("%q comes before what precedes it in the JSON:\n%s", s, text)
		}
		last = i
	}
	if !strings.Contains(text, "\n      AttributeDefinitions:\n        - AttributeName:") {
		t.Errorf("sequences are not indented:\n%s", text)
	}
}

// TestRenderPassesEngineFormatsThrough: the other formats are the
// engine's, errors included.
func TestRenderPassesEngineFormatsThrough(t *testing.T) {
	m := patterns.Catalog()[0].Model()
	for _, f := range formats.FormatNames() {
		r, err := Render(m, f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if info, _ := formats.FormatByName(f); info.Server {
			continue
		}
		e, _ := formats.Render(m, f)
		if r.Concatenation() != e.Concatenation() {
			t.Errorf("%s differs from the engine's", f)
		}
	}
	if _, err := Render(m, "pdf"); !errors.Is(err, formats.ErrUnknownFormat) {
		t.Errorf("unknown format: %v", err)
	}
	if _, err := RenderWith(m, formats.CloudFormationYAML, formats.Options{Profile: "staging"}); err == nil || !strings.Contains(err.Error(), "unknown profile") {
		t.Errorf("unknown profile: %v", err)
	}
	if _, err := RenderWith(m, formats.Terraform, formats.Options{Profile: formats.ProfileProduction}); err == nil {
		t.Error("a production Terraform export: no error")
	}
	if _, err := formats.Render(m, formats.Terraform); !errors.Is(err, formats.ErrServerFormat) {
		t.Errorf("the engine renders Terraform: %v", err)
	}
	if _, err := formats.Render(m, formats.CloudFormationYAML); !errors.Is(err, formats.ErrServerFormat) {
		t.Errorf("the engine renders YAML: %v", err)
	}
}

// TestYAMLStaysOutOfTheWasm: the page's WebAssembly must not link a YAML
// library (issue 16's size budget); the page fetches YAML from the server.
func TestYAMLStaysOutOfTheWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("go list over the wasm build")
	}
	cmd := exec.Command("go", "list", "-deps", "../../wasm")
	cmd.Env = append(cmd.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "yaml") || strings.HasSuffix(p, "/exporters") {
			t.Errorf("the wasm build imports %s", p)
		}
	}
}
