package e2e

import (
	"fmt"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
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

// proposeLines writes lines into the wizard and proposes a design.
func proposeLines(b *browser, lines string) {
	b.t.Helper()
	openWizardLines(b)
	b.setField(app.IDWizardText, lines)
	propose(b)
}
