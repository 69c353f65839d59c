package app

import (
	"sync"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Paths of the workbench's pages.
const (
	// PathWorkbench is the workbench itself.
	PathWorkbench = "/"
	// PathShare prefixes a stored share: /s/{id} opens it.
	PathShare = "/s/"
)

var registerOnce sync.Once

// Register installs the workbench's routes with go-app. It is safe to call
// more than once; only the first call has an effect.
func Register() {
	registerOnce.Do(func() {
		goapp.Route(PathWorkbench, func() goapp.Composer { return &workbenchPage{} })
		goapp.RouteWithRegexp("^"+PathShare+"[A-Za-z0-9_-]+$", func() goapp.Composer { return &workbenchPage{} })
	})
}
