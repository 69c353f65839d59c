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

// TestLayoutNamesEveryPackage keeps README's Layout in step with the tree:
// every folder that holds a Go package is named there (a nested one by its
// own name, under its parent), and every top-level folder the Layout names
// exists.
func TestLayoutNamesEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, layout, ok := strings.Cut(string(readme), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no Layout section")
	}
	layout, _, _ = strings.Cut(layout, "\n## ")
	named := map[string]bool{}
	for _, line := range strings.Split(layout, "\n") {
		for _, word := range strings.Fields(line) {
			if strings.HasSuffix(word, "/") {
				named[word] = true
			}
		}
		if word, _, _ := strings.Cut(line, " "); strings.HasSuffix(word, "/") && !strings.HasPrefix(line, " ") {
			if _, err := os.Stat(word); err != nil {
				t.Errorf("the Layout names %s, which is not a folder: %v", word, err)
			}
		}
	}
	err = filepath.WalkDir(".", func(p string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); p != "." && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		gos, _ := filepath.Glob(filepath.Join(p, "*.go"))
		if p == "." || len(gos) == 0 {
			return nil
		}
		name := filepath.Base(p) + "/"
		if !strings.Contains(p, string(filepath.Separator)) || strings.HasPrefix(p, "cmd"+string(filepath.Separator)) {
			name = filepath.ToSlash(p) + "/"
		}
		if !named[name] {
			t.Errorf("README's Layout does not name %s (the package in %s)", name, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
