package snippet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
	"github.com/dynamodb-workbench/workbench/codegen/internal/sdkstub"
)

// TestRustFallibleMatchesModel: ddbapi.Required lists exactly the structures
// with members the API model marks required, as the SDK for Go's source
// says them ("This member is required."), which is what makes the Rust
// SDK's build() return a Result.
func TestRustFallibleMatchesModel(t *testing.T) {
	lookPath(t, "go")
	out, err := run(t, time.Minute, "", goEnv, "go", "list", "-f", "{{.Dir}}", typesPkg)
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", typesPkg, err, out)
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "types.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	required := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range g.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if !ok {
				continue
			}
			st, ok := ts.Type.(*ast.StructType)
			if !ok {
				continue
			}
			for _, field := range st.Fields.List {
				if field.Doc != nil && strings.Contains(field.Doc.Text(), "This member is required.") {
					required[ts.Name.Name] = true
				}
			}
		}
	}
	if len(required) == 0 {
		t.Fatalf("no required members found in %s", file)
	}
	structs, _ := sdkstub.Shapes()
	for _, s := range structs {
		if ddbapi.Required[s.Name] != required[s.Name] {
			t.Errorf("%s: ddbapi.Required says %v, the model's required members say %v", s.Name, ddbapi.Required[s.Name], required[s.Name])
		}
	}
	for name := range ddbapi.Required {
		if !slices.ContainsFunc(structs, func(s *shape) bool { return s.Name == name }) {
			t.Errorf("ddbapi.Required lists %s, which no operation uses", name)
		}
	}
}
