package exporters

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/formats"
)

// TestTemplatesPassCfnLint runs cfn-lint over every pattern's template (and
// the tricky model's), JSON and YAML, default and production profiles.
// cfn-lint checks the templates against the CloudFormation resource
// specification: property names and types, allowed values, references,
// unused parameters and conditions. Without cfn-lint (CI may lack it) the
// test is skipped.
func TestTemplatesPassCfnLint(t *testing.T) {
	lint, err := exec.LookPath("cfn-lint")
	if err != nil {
		t.Skip("cfn-lint is not installed (pip install cfn-lint): the templates are not linted")
	}
	dir := t.TempDir()
	var files []string
	for name, m := range testModels(t) {
		for _, f := range []string{formats.CloudFormationJSON, formats.CloudFormationYAML} {
			for _, profile := range formats.Profiles() {
				r, err := RenderWith(m, f, formats.Options{Profile: profile})
				if err != nil {
					t.Fatal(err)
				}
				p := filepath.Join(dir, name+"-"+profile+"-"+r.Files[0].Path)
				if err := os.WriteFile(p, []byte(r.Files[0].Content), 0o644); err != nil {
					t.Fatal(err)
				}
				files = append(files, p)
			}
		}
	}
	out, err := exec.Command(lint, append([]string{"--format", "parseable"}, files...)...).CombinedOutput()
	if err != nil {
		t.Errorf("cfn-lint: %v\n%s", err, out)
	}
}
