package app

import (
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// stateKey is the go-app state under which the store's State is published.
// The page observes it and re-renders; panels receive the State it holds
// through their exported fields.
const stateKey = "wb.state"

// Panel is what every panel component embeds: the store to send actions to
// and the State to render. Both are exported so that go-app hands a
// re-rendered parent's new values to the mounted panel (it copies exported
// fields only, which is why Panel itself is exported); a panel's own input state lives in unexported fields and
// survives re-renders.
type Panel struct {
	Store *Store
	State *State
}

// act runs one store action from an event handler and publishes the state
// that follows. The panel keeps the new State itself too, so a panel works
// alone (in tests) as well as under the page.
func (p *Panel) act(ctx goapp.Context, action func()) {
	action()
	publish(ctx, p.Store)
	p.State = p.Store.State()
}

// A note on event handlers: go-app keeps a mounted element's handler when
// the new one has the same code pointer, so a closure that captures values
// from a render (a row, a name, an offset) must say so with
// goapp.EventScope(values...), or a later render's click runs with the
// first render's values.

// greyed is a control's title: what it does, and when it is greyed out,
// why and what would enable it. Every disabled control says both
// (e2e TestBrowserDisabledControlsSayWhy looks for "Greyed out").
func greyed(disabled bool, does, why string) string {
	if disabled {
		return "Greyed out: " + why
	}
	return does
}

// publish hands the store's current State to go-app's state, whose
// observers (the page) re-render.
func publish(ctx goapp.Context, s *Store) {
	ctx.SetState(stateKey, publication{s.State()})
}
