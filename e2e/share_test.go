package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// TestBrowserShareLinkRoundTrip makes a share link of an edited design and
// opens it in a fresh page: the design comes back from the URL fragment
// alone.
func TestBrowserShareLinkRoundTrip(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=sparse-index&items=100")
	b.click(app.IDTab + app.TabDesign)
	b.waitFor("the design form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignModelName), 10*time.Second)
	b.setField(app.IDDesignModelName, "Shared by the browser test")
	b.click(app.IDShare)
	b.waitFor("the link is made", fmt.Sprintf(`(document.getElementById(%q)?.value || "").includes("#m=")`, app.IDShareLink), 10*time.Second)
	var link string
	b.eval("reading the link", fmt.Sprintf(`document.getElementById(%q).value`, app.IDShareLink), &link)
	if !strings.Contains(link, "#m=2.") {
		t.Fatalf("share link %q: want the versioned model in the fragment", link)
	}
	t.Logf("share link of the sparse-index pattern: %d characters", len(link))

	// A fresh page: navigate away, then to the link.
	b.open("/")
	b.open(strings.TrimPrefix(link, b.url))
	b.waitFor("the shared design opens",
		fmt.Sprintf(`document.getElementById(%q)?.textContent.includes("Shared by the browser test")`, app.IDOutline), 10*time.Second)
	b.waitFor("its dataset loads",
		fmt.Sprintf(`document.getElementById(%q)?.dataset.running === "false" && parseInt(document.getElementById(%q)?.dataset.items) > 0`, app.IDLoadProgress, app.IDCollections), 30*time.Second)
}

// TestBrowserStoredShare stores a model through the API, as the page does
// for a model too large for a link, and opens /s/{id}.
func TestBrowserStoredShare(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	p, _ := patterns.Get("composite-sort-key")
	m := p.Model()
	m.Name = "Stored by the browser test"
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Post(b.url+"/api/share", "application/json", bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var out struct {
		URL string `json:"url"`
	}
	if resp.StatusCode/100 != 2 || json.Unmarshal(body, &out) != nil || !strings.HasPrefix(out.URL, app.PathShare) {
		t.Fatalf("POST /api/share: %d %s", resp.StatusCode, body)
	}
	b.open(out.URL)
	b.waitFor("the stored design opens",
		fmt.Sprintf(`document.getElementById(%q)?.textContent.includes("Stored by the browser test")`, app.IDOutline), 15*time.Second)
	b.screenshot("shared")
}

// TestBrowserExport generates CloudFormation in the page.
func TestBrowserExport(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=time-series&items=100")
	b.click(app.IDTab + app.TabExport)
	b.waitFor("the export shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("AWS::DynamoDB::Table")`, app.IDExportPreview), 15*time.Second)
	b.setField(app.IDExportFormat, "cdk-ts")
	b.waitFor("the CDK app shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("aws-cdk-lib")`, app.IDExportPreview), 15*time.Second)
	var href string
	b.eval("reading the download link", fmt.Sprintf(`document.getElementById(%q).getAttribute("href")`, app.IDExportDownload), &href)
	if !strings.HasPrefix(href, "data:application/zip;base64,") {
		t.Errorf("the CDK download is %.40q, want a zip", href)
	}
	b.screenshot("export")
}

// TestBrowserExportProductionYAML: the Export tab's production profile,
// and YAML, which the server renders (the page's WebAssembly has no YAML
// library): the page fetches it and shows it, and follows a change of
// profile.
func TestBrowserExportProductionYAML(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=bulk-upload-hot-cold&items=20")
	b.click(app.IDTab + app.TabExport)
	preview := func(what, text string) {
		t.Helper()
		b.waitFor(what, fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDExportPreview, text), 20*time.Second)
	}
	preview("the JSON template shows", `"Type": "AWS::DynamoDB::Table"`)
	b.setField(app.IDExportProfile, "production")
	preview("the production JSON template shows", `"Type": "AWS::ApplicationAutoScaling::ScalableTarget"`)
	b.setField(app.IDExportFormat, "cloudformation-yaml")
	preview("the server's production YAML shows", "PredefinedMetricType: DynamoDBReadCapacityUtilization")
	preview("with its throttling alarms", "MetricName: WriteThrottleEvents")
	var href string
	b.eval("reading the download link", fmt.Sprintf(`document.getElementById(%q).getAttribute("href")`, app.IDExportDownload), &href)
	if !strings.HasPrefix(href, "data:application/yaml") {
		t.Errorf("the YAML download is %.40q", href)
	}
	b.setField(app.IDExportProfile, "default")
	b.waitFor("the default YAML replaces it", fmt.Sprintf(`(() => { const t = document.getElementById(%q)?.textContent || "";
		return t.includes("Type: AWS::DynamoDB::Table") && !t.includes("HasStage"); })()`, app.IDExportPreview), 20*time.Second)
	b.screenshot("export-yaml")
}

// TestBrowserExportTerraform: Terraform, which the server now renders with
// hclwrite (the page's WebAssembly leaves hcl out): the page fetches it,
// shows it as terraform fmt writes it (aligned), and offers it to download.
func TestBrowserExportTerraform(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=time-series&items=20")
	b.click(app.IDTab + app.TabExport)
	b.waitFor("the export shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("AWS::DynamoDB::Table")`, app.IDExportPreview), 15*time.Second)
	b.setField(app.IDExportFormat, "terraform")
	b.waitFor("the server's Terraform shows", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes('resource "aws_dynamodb_table"')`, app.IDExportPreview), 20*time.Second)
	var text string
	b.eval("reading the preview", fmt.Sprintf(`document.getElementById(%q).textContent`, app.IDExportPreview), &text)
	if !strings.Contains(text, `source  = "hashicorp/aws"`) || !strings.Contains(text, "prevent_destroy = true") {
		t.Errorf("the preview is not the formatted export: %.400s", text)
	}
	var href string
	b.eval("reading the download link", fmt.Sprintf(`document.getElementById(%q).getAttribute("href")`, app.IDExportDownload), &href)
	if !strings.HasPrefix(href, "data:text/plain") {
		t.Errorf("the Terraform download is %.40q", href)
	}
	b.screenshot("export-terraform")
}

// TestBrowserLargeModelSharesThroughTheStore: a design too large for a link
// is stored on the server and shared as /s/{id}.
func TestBrowserLargeModelSharesThroughTheStore(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=sparse-index&items=50")
	b.click(app.IDTab + app.TabDesign)
	b.waitFor("the design form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignModelDesc), 10*time.Second)
	// Random text does not compress: 12,000 hex digits overflow a link.
	var long string
	b.eval("making an incompressible description",
		`Array.from(crypto.getRandomValues(new Uint8Array(6000)), x => x.toString(16).padStart(2, "0")).join("")`, &long)
	b.setField(app.IDDesignModelDesc, long)
	b.click(app.IDShare)
	b.waitFor("a stored share is made", fmt.Sprintf(`(document.getElementById(%q)?.value || "").includes(%q)`, app.IDShareLink, app.PathShare), 15*time.Second)
	var link string
	b.eval("reading the link", fmt.Sprintf(`document.getElementById(%q).value`, app.IDShareLink), &link)
	b.open(strings.TrimPrefix(link, b.url))
	b.waitFor("the stored design opens with its description",
		fmt.Sprintf(`document.getElementById(%q)?.textContent.includes("Sparse GSI")`, app.IDOutline), 15*time.Second)
	var desc string
	b.click(app.IDTab + app.TabDesign)
	b.waitFor("the design form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDDesignModelDesc), 10*time.Second)
	b.eval("reading the description", fmt.Sprintf(`document.getElementById(%q).value`, app.IDDesignModelDesc), &desc)
	if desc != long {
		t.Errorf("the stored share's description has %d characters, want the %d shared", len(desc), len(long))
	}
}
