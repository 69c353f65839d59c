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
