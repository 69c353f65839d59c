package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model/formats"
)

// TestReadmeListsEveryElementID keeps README's UI map complete: every
// element id (or id prefix) that app/ids*.go declares as an ID... constant
// must appear in README.md, since people's own automation addresses the
// workbench by them.
func TestReadmeListsEveryElementID(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("app", "ids*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no app/ids*.go files (%v)", err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, id := range vs.Names {
					if !strings.HasPrefix(id.Name, "ID") || i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					value, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					checked++
					if !strings.Contains(string(readme), "`"+value) {
						t.Errorf("README.md's UI map lacks %s (%q, declared in %s)", id.Name, value, name)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("checked only %d ids: is the parse broken?", checked)
	}
}

// TestReadmeShowsEveryExportFormat keeps README's export examples complete:
// every format the export registry offers (application code included)
// appears in an example command.
func TestReadmeShowsEveryExportFormat(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range formats.FormatNames() {
		if !strings.Contains(string(readme), "-format "+f+" ") && !strings.Contains(string(readme), "format="+f+"'") && !strings.Contains(string(readme), "format="+f+"&") {
			t.Errorf("README.md has no example command for the export format %s", f)
		}
	}
}
