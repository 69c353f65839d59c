package e2e

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
)

// TestBrowserOpenImports opens other tools' files with Open…: a
// CloudFormation template in YAML and a Terraform file, which the page
// sends to POST /api/import, and a OneTable schema, which it imports
// itself; each becomes the open model (its table in the design) with the
// import's warnings in the status line.
func TestBrowserOpenImports(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=multi-tenancy&items=50")
	b.waitLoaded(50, time.Minute)
	for _, c := range []struct{ file, format, table string }{
		{"orders.template.yaml", "cloudformation", "orders-dev"},
		{"game-scores.tf", "terraform", "staging-games-GameScores"},
		{"crm.onetable.json", "onetable", "OneTable"},
	} {
		path, err := filepath.Abs(filepath.Join("..", "server", "importers", "testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		b.run("choosing "+c.file, chromedp.SetUploadFiles("#"+app.IDOpenFile, []string{path}, chromedp.ByQuery, chromedp.NodeReady))
		want := fmt.Sprintf("Imported %s (%s).", c.file, c.format)
		b.waitFor(c.file+" is imported", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent.includes(%q)`, app.IDStatus, want), 30*time.Second)
		b.waitFor(c.file+"'s table is shown", fmt.Sprintf(`document.body.innerText.includes(%q)`, c.table), 30*time.Second)
		// The picker is reset so that the same input takes the next file.
		var ok bool
		b.eval("resetting the picker", fmt.Sprintf(`(() => { document.getElementById(%q).value = ""; return true; })()`, app.IDOpenFile), &ok)
	}
	b.screenshot("import")
}

// TestBrowserOpenImportServerUnreachable opens a CloudFormation template,
// which only the server reads, while requests to POST /api/import fail as
// they do when the server has stopped: the page says the server could not
// be reached, and the open design stays.
func TestBrowserOpenImportServerUnreachable(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=multi-tenancy&items=20")
	b.waitLoaded(20, time.Minute)
	var ok bool
	// fetch rejects with the TypeError a browser gives for a connection
	// refused; other requests go through.
	b.eval("cutting /api/import off", `(() => {
		const fetch = window.fetch;
		window.fetch = (url, opts) => String(url).startsWith("/api/import") ? Promise.reject(new TypeError("Failed to fetch")) : fetch(url, opts);
		return true;
	})()`, &ok)
	path, err := filepath.Abs(filepath.Join("..", "server", "importers", "testdata", "orders.template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	b.run("choosing orders.template.yaml", chromedp.SetUploadFiles("#"+app.IDOpenFile, []string{path}, chromedp.ByQuery, chromedp.NodeReady))
	b.waitFor("the page says the server could not be reached",
		`document.body.innerText.includes("orders.template.yaml cannot be imported: the workbench's server could not be reached (TypeError: Failed to fetch); cloudformation files are read by the server")`,
		30*time.Second)
	var imported bool
	b.eval("the import left the design alone", `document.body.innerText.includes("orders-dev")`, &imported)
	if imported {
		t.Error("the template's table orders-dev is shown although the import failed")
	}
}
