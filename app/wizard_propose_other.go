//go:build !(js && wasm)

package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model/advise"
)

// requestProposal proposes a design for ai and calls done with it, at
// once: outside the page the advisor runs in the process (the page asks
// the server, wizard_propose_js.go, so that its wasm does not carry the
// advisor).
func requestProposal(_ goapp.Context, ai advise.Input, done func(*wizardProposal, error)) {
	done(propose(ai))
}
