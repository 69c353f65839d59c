package e2e

import (
	"fmt"
	"github.com/dynamodb-workbench/workbench/model/advise"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
)

// propose clicks Propose a design and waits for its answer (a proposal or
// an error): the server's advisor answers asynchronously, and until then
// the page still shows the previous proposal.
func propose(b *browser) {
	b.t.Helper()
	b.waitFor("the answers so far", fmt.Sprintf(`(() => { window.wbAnswers = document.getElementById(%q)?.dataset.answers || "0"; return true; })()`, app.IDWizardPropose), 10*time.Second)
	b.click(app.IDWizardPropose)
	b.waitFor("the advisor's answer", fmt.Sprintf(`(document.getElementById(%q)?.dataset.answers || "0") !== window.wbAnswers`, app.IDWizardPropose), 60*time.Second)
}

// openWizardLines opens the design wizard on its lines (the description
// language).
func openWizardLines(b *browser) {
	b.t.Helper()
	b.click(app.IDStartWizard)
	b.click(app.IDWizardAsText)
	b.waitFor("the lines show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWizardText), 10*time.Second)
}

// proposedInGo is the design the advisor proposes for lines, in Go: what
// the page's proposal should be, with its access patterns to run.
func proposedInGo(t *testing.T, lines string) *advise.Proposal {
	t.Helper()
	in, err := advise.Parse(lines)
	if err != nil {
		t.Fatal(err)
	}
	p, err := advise.Propose(in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// proposeLines writes lines into the wizard and proposes a design.
func proposeLines(b *browser, lines string) {
	b.t.Helper()
	openWizardLines(b)
	b.setField(app.IDWizardText, lines)
	propose(b)
}

// runEveryPattern runs each of m's access patterns from the Query tab, as
// its user would, and returns each one's status line: every run answers
// HTTP 200, and none says it read 0 items.
func runEveryPattern(t *testing.T, b *browser, m *model.Model) map[string]string {
	t.Helper()
	b.click(app.IDTab + app.TabQuery)
	b.waitFor("the access patterns show", fmt.Sprintf(`!!document.querySelector('[id^=%q]')`, app.IDQueryPattern), 30*time.Second)
	var ids []string
	b.eval("the run buttons", fmt.Sprintf(`Array.from(document.querySelectorAll('[id^=%q]')).map(x => x.id)`, app.IDQueryPattern), &ids)
	if len(ids) != len(m.AccessPatterns) {
		t.Fatalf("%d run buttons for %d access patterns", len(ids), len(m.AccessPatterns))
	}
	lines := map[string]string{}
	for i, ap := range m.AccessPatterns {
		id := ids[i]
		b.click(id)
		b.waitFor("the result of "+ap.Name, fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDStatus, ap.Name), 20*time.Second)
		status, line := b.textOf(app.IDResultStatus), b.textOf(app.IDStatus)
		var code string
		b.eval("the status", fmt.Sprintf(`document.getElementById(%q)?.dataset.status || ""`, app.IDResult), &code)
		t.Logf("%s: %s | %s", ap.Name, status, line)
		lines[ap.Name] = line
		if code != "200" || strings.Contains(line, " 0 items") {
			t.Errorf("%s: HTTP %s, %q", ap.Name, code, line)
		}
	}
	return lines
}
