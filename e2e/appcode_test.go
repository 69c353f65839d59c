package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
)

// TestBrowserExportApplicationCode: the Export tab offers the application
// code, which the server generates for the design being edited.
func TestBrowserExportApplicationCode(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=50")
	b.click(app.IDTab + app.TabExport)
	b.waitFor("the export shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("AWS::DynamoDB::Table")`, app.IDExportPreview), 15*time.Second)
	for _, step := range []struct{ format, want, file string }{
		{"python", "def orders_of_a_day(client: DynamoDBClient, date: str) -> List[Order]:", "access.py"},
		{"electrodb", `template: "CANDIDATE#${candidate}#${shard}", casing: "none"`, "entities.ts"},
		{"go", "func GatherTheShards(ctx context.Context, client Client, candidate string) ([]VoteShard, error)", "access.go"},
	} {
		b.setField(app.IDExportFormat, step.format)
		b.waitFor("the "+step.format+" export shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDExportPreview, step.want), 15*time.Second)
		var name string
		b.eval("reading the download name", fmt.Sprintf(`document.getElementById(%q).getAttribute("download")`, app.IDExportDownload), &name)
		if name != step.file {
			t.Errorf("%s: the download is named %q, want %q", step.format, name, step.file)
		}
	}
	var href string
	b.eval("reading the download link", fmt.Sprintf(`document.getElementById(%q).getAttribute("href")`, app.IDExportDownload), &href)
	if !strings.HasPrefix(href, "data:text/plain") || !strings.Contains(href, "OrdersOfADay") {
		t.Errorf("the Go download is %.60q", href)
	}
	b.screenshot("export-appcode")
}
