package app

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model/formats"
)

type testExport struct {
	exportPanel
	ctx goapp.Context
}

func (x *testExport) OnPreRender(ctx goapp.Context) { x.ctx = ctx }

func TestExportPanelRendersTheDraft(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("sparse-index"); err != nil {
		t.Fatal(err)
	}
	x := &testExport{exportPanel: exportPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(x); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := goapp.HTMLString(x.Render())
	for _, want := range []string{"AWS::DynamoDB::Table", "EscalationIndex", `id="` + IDExportDownload + `"`, `id="` + IDApplyRun + `"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the CloudFormation export lacks %q", want)
		}
	}
	// The export is kept while the draft stays: the same result object.
	first, _ := x.render(s.State().Draft, formats.CloudFormationJSON, formats.ProfileDefault)
	again, _ := x.render(s.State().Draft, formats.CloudFormationJSON, formats.ProfileDefault)
	if first != again {
		t.Error("the panel exported the same draft twice")
	}
	x.format = formats.NoSQLWorkbench
	html = goapp.HTMLString(x.Render())
	if !strings.Contains(html, "ModelMetadata") || !strings.Contains(html, "DeviceStatus") {
		t.Error("the NoSQL Workbench export does not show the model")
	}
}

func TestExportDownloadZipsAProject(t *testing.T) {
	s, _ := newTestStore(t)
	s.OpenPattern("time-series")
	res, err := formats.Render(s.State().Draft, formats.CDKTypeScript)
	if err != nil {
		t.Fatal(err)
	}
	name, href := downloadOf(s.State().Draft, formats.CDKTypeScript, res)
	if !strings.HasSuffix(name, ".zip") || !strings.HasPrefix(href, "data:application/zip;base64,") {
		t.Fatalf("download %q %.40q", name, href)
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(href, "data:application/zip;base64,"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) != len(res.Files) {
		t.Errorf("the zip holds %d files, the project %d", len(zr.File), len(res.Files))
	}
}

func TestIsNoSQLWorkbench(t *testing.T) {
	s, _ := newTestStore(t)
	s.OpenPattern("sparse-index")
	res, err := formats.Render(s.State().Draft, formats.NoSQLWorkbench)
	if err != nil {
		t.Fatal(err)
	}
	if !isNoSQLWorkbench([]byte(res.Files[0].Content)) {
		t.Error("a NoSQL Workbench export is not recognised")
	}
	if isNoSQLWorkbench([]byte(`{"version":1,"name":"x","tables":[]}`)) || isNoSQLWorkbench([]byte(`not json`)) {
		t.Error("a workbench model or garbage passes for NoSQL Workbench")
	}
}

// TestExportPanelProfileAndServerFormats: the CloudFormation and CDK
// formats offer the production profile, rendered in the page; YAML, which
// the server renders, shows that it is on its way until the fetch lands.
func TestExportPanelProfileAndServerFormats(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("sparse-index"); err != nil {
		t.Fatal(err)
	}
	x := &testExport{exportPanel: exportPanel{Panel: Panel{Store: s, State: s.State()}}}
	e := goapp.NewTestEngine()
	if err := e.Load(x); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	html := goapp.HTMLString(x.Render())
	if !strings.Contains(html, `id="`+IDExportProfile+`"`) || strings.Contains(html, "DeletionProtectionEnabled&#34;: true") {
		t.Fatalf("the default CloudFormation export: no profile choice, or production settings:\n%.2000s", html)
	}
	x.profile = formats.ProfileProduction
	html = goapp.HTMLString(x.Render())
	for _, want := range []string{"HasStage", "KmsKeyArn", "ReadThrottleEventsAlarm", "PointInTimeRecoveryEnabled&#34;: true"} {
		if !strings.Contains(html, want) {
			t.Errorf("the production template lacks %s", want)
		}
	}
	x.format = formats.NoSQLWorkbench
	if html = goapp.HTMLString(x.Render()); strings.Contains(html, `id="`+IDExportProfile+`"`) {
		t.Error("NoSQL Workbench offers a profile")
	}
	x.format = formats.CloudFormationYAML
	html = goapp.HTMLString(x.Render())
	if !strings.Contains(html, `id="`+IDExportPending+`"`) || strings.Contains(html, `id="`+IDExportDownload+`"`) {
		t.Errorf("YAML before the server answered:\n%.2000s", html)
	}
	// What the fetch leaves: the server's result for this draft, format
	// and profile is shown.
	x.fetchFor, x.fetchKey, x.fetching = s.State().Draft, formats.CloudFormationYAML+"|"+formats.ProfileProduction, false
	x.fetched = &formats.Result{Format: formats.CloudFormationYAML, Files: []formats.File{{Path: "m.template.yaml", Content: "Resources: {}\n"}}, ContentType: "application/yaml"}
	html = goapp.HTMLString(x.Render())
	if !strings.Contains(html, "Resources: {}") || !strings.Contains(html, `id="`+IDExportDownload+`"`) {
		t.Errorf("the fetched YAML does not show:\n%.2000s", html)
	}
	x.profile = formats.ProfileDefault
	if html = goapp.HTMLString(x.Render()); strings.Contains(html, "Resources: {}") {
		t.Error("a fetch for the production profile shows for the default one")
	}
}
