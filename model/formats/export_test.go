package formats

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenTime fixes the NoSQL Workbench model's dates.
var goldenTime = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// goldenOptions sample a few generated items per table, so that the
// NoSQL Workbench goldens show facets with data and stay small.
func goldenOptions() Options {
	return Options{Resolve: patterns.Generator, MaxItems: 4, Time: goldenTime}
}

func i64(v int64) *int64 { return &v }

// fullModel exercises every table setting the exports carry, with names
// and tag values chosen to trip a careless YAML emitter or id scheme.
func fullModel() *model.Model {
	yes := true
	return &model.Model{
		Version:     model.Version,
		Name:        "Orders: full",
		Description: "Every table setting, for the export tests.",
		Tables: []model.Table{
			{
				TableDefinition: schema.TableDefinition{
					TableName: "orders",
					AttributeDefinitions: []schema.AttributeDefinition{
						{AttributeName: "PK", AttributeType: schema.TypeS},
						{AttributeName: "SK", AttributeType: schema.TypeS},
						{AttributeName: "GSI1PK", AttributeType: schema.TypeS},
						{AttributeName: "GSI1SK", AttributeType: schema.TypeN},
						{AttributeName: "Status", AttributeType: schema.TypeS},
					},
					KeySchema: []schema.KeySchemaElement{
						{AttributeName: "PK", KeyType: schema.KeyTypeHash},
						{AttributeName: "SK", KeyType: schema.KeyTypeRange},
					},
					BillingMode:           schema.BillingProvisioned,
					ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: i64(5), WriteCapacityUnits: i64(7)},
					GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{
						IndexName: "ByCustomer",
						KeySchema: []schema.KeySchemaElement{
							{AttributeName: "GSI1PK", KeyType: schema.KeyTypeHash},
							{AttributeName: "GSI1SK", KeyType: schema.KeyTypeRange},
						},
						Projection:            schema.Projection{ProjectionType: schema.ProjectInclude, NonKeyAttributes: []string{"Total", "yes"}},
						ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: i64(2), WriteCapacityUnits: i64(3)},
					}},
					LocalSecondaryIndexes: []schema.LocalSecondaryIndex{{
						IndexName: "ByStatus",
						KeySchema: []schema.KeySchemaElement{
							{AttributeName: "PK", KeyType: schema.KeyTypeHash},
							{AttributeName: "Status", KeyType: schema.KeyTypeRange},
						},
						Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly},
					}},
					StreamSpecification:       &schema.StreamSpecification{StreamEnabled: true, StreamViewType: schema.StreamNewImage},
					TableClass:                schema.TableClassStandardInfrequentAccess,
					DeletionProtectionEnabled: &yes,
					PointInTimeRecoverySpecification: &schema.PointInTimeRecoverySpecification{
						PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: i64(14),
					},
					Tags: []schema.Tag{
						{Key: "yes", Value: "0123"},
						{Key: "team: data", Value: "#ops"},
						{Key: "note", Value: "line1\nline2 'quoted' \"double\""},
						{Key: "empty", Value: ""},
						{Key: "date", Value: "2026-03-01"},
						{Key: "null", Value: "~"},
						{Key: "float", Value: "1e3"},
						{Key: "dash", Value: "- item"},
						{Key: "unicode", Value: "Zoë – ☃"},
					},
				},
				TimeToLiveSpecification: &model.TimeToLive{AttributeName: "expiresAt", Enabled: true},
			},
			{
				TableDefinition: schema.TableDefinition{
					TableName: "Orders",
					AttributeDefinitions: []schema.AttributeDefinition{
						{AttributeName: "id", AttributeType: schema.TypeN},
						{AttributeName: "email", AttributeType: schema.TypeS},
					},
					KeySchema:          []schema.KeySchemaElement{{AttributeName: "id", KeyType: schema.KeyTypeHash}},
					BillingMode:        schema.BillingPayPerRequest,
					OnDemandThroughput: &schema.OnDemandThroughput{MaxReadRequestUnits: i64(100), MaxWriteRequestUnits: i64(50)},
					GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{
						IndexName:          "ByEmail",
						KeySchema:          []schema.KeySchemaElement{{AttributeName: "email", KeyType: schema.KeyTypeHash}},
						Projection:         schema.Projection{ProjectionType: schema.ProjectAll},
						OnDemandThroughput: &schema.OnDemandThroughput{MaxReadRequestUnits: i64(10)},
					}},
				},
			},
			{
				TableDefinition: schema.TableDefinition{
					TableName:            "2026-archive",
					AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "blob", AttributeType: schema.TypeB}},
					KeySchema:            []schema.KeySchemaElement{{AttributeName: "blob", KeyType: schema.KeyTypeHash}},
					BillingMode:          schema.BillingPayPerRequest,
				},
			},
		},
		Entities: []model.Entity{
			{
				Name: "Order", Table: "orders",
				Keys: map[string]string{"PK": "CUSTOMER#{customerId}", "SK": "ORDER#{orderId}", "GSI1PK": "C#{customerId}"},
				Attributes: []model.Attribute{
					{Name: "Total", Type: "N", Required: true},
					{Name: "expiresAt", Type: "N"},
				},
			},
			{Name: "Profile", Table: "orders", Keys: map[string]string{"PK": "CUSTOMER#{customerId}", "SK": "PROFILE"}},
			{Name: "Account", Table: "Orders", Keys: map[string]string{"id": "{id}"}},
		},
		Settings: model.Settings{StartTime: "2026-03-01T12:00:00Z"},
		Dataset: &model.Dataset{Items: map[string][]attr.Item{
			"orders": {
				{"PK": attr.String("CUSTOMER#c1"), "SK": attr.String("ORDER#o1"), "Total": attr.MustNumber("12.50"), "GSI1PK": attr.String("C#c1"), "GSI1SK": attr.MustNumber("3")},
				{"PK": attr.String("CUSTOMER#c1"), "SK": attr.String("ORDER#o2"), "Total": attr.String("twelve")},
				{"PK": attr.String("CUSTOMER#c1"), "SK": attr.String("PROFILE"), "Name": attr.String("Ann")},
				{"PK": attr.String("CUSTOMER#c2"), "SK": attr.String("PROFILE"), "Name": attr.String("Bo")},
				{"PK": attr.String("OTHER#x"), "SK": attr.String("x")},
			},
			"Orders": {{"id": attr.MustNumber("1"), "email": attr.String("a@example.com")}},
		}},
	}
}

func TestFullModelValidates(t *testing.T) {
	if err := fullModel().Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestFormats(t *testing.T) {
	got := FormatNames()
	want := []string{CloudFormationJSON, CloudFormationYAML, CDKTypeScript, NoSQLWorkbench, Terraform, AWSLabs, OneTable}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("FormatNames() = %v, want %v", got, want)
	}
	fs := Formats()
	fs[0].Name = "changed"
	if Formats()[0].Name != CloudFormationJSON {
		t.Error("Formats returns the package's own slice")
	}
}

func TestRenderRefusesBadInput(t *testing.T) {
	if _, err := Render(nil, CloudFormationJSON); err == nil {
		t.Error("nil model: no error")
	}
	_, err := Render(fullModel(), "pdf")
	if !errors.Is(err, ErrUnknownFormat) || !strings.Contains(err.Error(), "cloudformation-yaml") {
		t.Errorf("unknown format: %v", err)
	}
	bad := fullModel()
	bad.Tables[0].KeySchema = nil
	if _, err := Render(bad, CloudFormationJSON); err == nil || !strings.Contains(err.Error(), "does not validate") {
		t.Errorf("invalid model: %v", err)
	}
}

// pageFormats are the formats this package renders (not the server's).
func pageFormats() []string {
	var out []string
	for _, f := range Formats() {
		if !f.Server {
			out = append(out, f.Name)
		}
	}
	return out
}

// goldenExt is the extension of each format's golden file.
var goldenExt = map[string]string{
	CloudFormationJSON: ".json",
	CloudFormationYAML: ".yaml",
	CDKTypeScript:      ".txt", // the concatenation of the app's files
	NoSQLWorkbench:     ".json",
}

// goldenPath names the golden file of a pattern's export.
func goldenPath(pattern string, r *Result) string {
	return filepath.Join("testdata", "golden", pattern, r.Format+goldenExt[r.Format])
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the export (run go test -update after checking the change):\n%s", path, firstDiff(string(want), got))
	}
}

func firstDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + strconv.Itoa(i+1) + ":\n  want: " + w + "\n  got:  " + g
		}
	}
	return "(same lines)"
}

// TestGoldenPatterns renders every pattern of the catalogue in every
// format and compares with testdata/golden; the warnings are compared with
// testdata/golden/warnings.txt.
func TestGoldenPatterns(t *testing.T) {
	var warnings strings.Builder
	for _, p := range patterns.Catalog() {
		for _, f := range pageFormats() {
			r, err := RenderWith(p.Model(), f, goldenOptions())
			if err != nil {
				t.Errorf("%s %s: %v", p.Name, f, err)
				continue
			}
			checkGolden(t, goldenPath(p.Name, r), r.Concatenation())
			for _, w := range r.Warnings {
				warnings.WriteString(p.Name + " " + f + ": " + w + "\n")
			}
		}
		for _, f := range []string{CloudFormationJSON, CDKTypeScript} {
			opts := goldenOptions()
			opts.Profile = ProfileProduction
			r, err := RenderWith(p.Model(), f, opts)
			if err != nil {
				t.Errorf("%s %s production: %v", p.Name, f, err)
				continue
			}
			path := goldenPath(p.Name, r)
			checkGolden(t, strings.TrimSuffix(path, filepath.Ext(path))+"-production"+filepath.Ext(path), r.Concatenation())
			for _, w := range r.Warnings {
				warnings.WriteString(p.Name + " " + f + " production: " + w + "\n")
			}
		}
	}
	checkGolden(t, filepath.Join("testdata", "golden", "warnings.txt"), warnings.String())
}

// TestRenderIsDeterministic guards the goldens: two renders of a pattern
// give the same bytes.
func TestRenderIsDeterministic(t *testing.T) {
	for _, f := range pageFormats() {
		a, err := RenderWith(fullModel(), f, goldenOptions())
		if err != nil {
			t.Fatal(err)
		}
		b, _ := RenderWith(fullModel(), f, goldenOptions())
		if a.Concatenation() != b.Concatenation() {
			t.Errorf("%s: two renders differ", f)
		}
	}
}

func TestConcatenation(t *testing.T) {
	r := &Result{Files: []File{{Path: "a.txt", Content: "A"}, {Path: "b/c.ts", Content: "C\n"}}}
	want := "==> a.txt <==\nA\n\n==> b/c.ts <==\nC\n"
	if got := r.Concatenation(); got != want {
		t.Errorf("Concatenation() = %q, want %q", got, want)
	}
	one := &Result{Files: []File{{Path: "x.json", Content: "{}\n"}}}
	if one.Concatenation() != "{}\n" {
		t.Error("a single file is not returned as it is")
	}
}

func TestNames(t *testing.T) {
	for _, c := range []struct{ in, pascal, kebab string }{
		{"student-data-naive", "StudentDataNaive", "student-data-naive"},
		{"ShoppingCart", "ShoppingCart", "shopping-cart"},
		{"Clicks_2026_03", "Clicks202603", "clicks-2026-03"},
		{"Sparse GSI: escalated", "SparseGSIEscalated", "sparse-gsi-escalated"},
		{"ümlaut only", "MlautOnly", "mlaut-only"},
		{"", "", ""},
	} {
		if got := pascal(c.in); got != c.pascal {
			t.Errorf("pascal(%q) = %q, want %q", c.in, got, c.pascal)
		}
		if got := kebab(c.in); got != c.kebab {
			t.Errorf("kebab(%q) = %q, want %q", c.in, got, c.kebab)
		}
	}
	n := names{}
	if a, b, c := n.unique("Orders"), n.unique("Orders"), n.unique("Orders"); a != "Orders" || b != "Orders2" || c != "Orders3" {
		t.Errorf("unique: %s %s %s", a, b, c)
	}
	if got := truncate("ééé", 5); got != "é..." {
		t.Errorf("truncate cut a rune: %q", got)
	}
}
