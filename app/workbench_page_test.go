package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestWorkbenchPagePreRendered(t *testing.T) {
	p := &workbenchPage{}
	e := goapp.NewTestEngine()
	if err := e.Load(p); err != nil {
		t.Fatalf("Load: %v", err)
	}
	e.ConsumeAll()

	// Natively, go-app never calls OnMount: this is the server's view.
	checks := []struct {
		name     string
		expected goapp.UI
		path     []int
	}{
		{"header", goapp.Header().Class("wb-header"), []int{0, 0}},
		{"title", goapp.Text("DynamoDB Workbench"), []int{0, 0, 0, 0}},
		{"main", goapp.Main().ID(IDRoot).Class("wb-main"), []int{0, 1}},
		{"status", goapp.P().ID(IDStatus).Class("wb-status").Attr("role", "status"), []int{0, 2, 0}},
		{"status text", goapp.Text(StatusLoading), []int{0, 2, 0, 0}},
	}
	for _, c := range checks {
		if err := goapp.Match(c.expected, p, c.path...); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

func TestWorkbenchPageReadyAfterMount(t *testing.T) {
	p := &workbenchPage{}
	p.OnMount(goapp.Context{})

	html := goapp.HTMLString(p.Render())
	if !strings.Contains(html, StatusReady) {
		t.Errorf("status line after mount does not say %q:\n%s", StatusReady, html)
	}
	if strings.Contains(html, StatusLoading) {
		t.Errorf("status line after mount still says %q:\n%s", StatusLoading, html)
	}
}

func TestRegisterIsIdempotent(t *testing.T) {
	Register()
	Register()
}
