package main

import (
	"fmt"
	"os"

	"github.com/dynamodb-workbench/workbench/app"
	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

func main() {
	if goapp.IsServer {
		fmt.Fprintln(os.Stderr, "wasm: this program runs in the browser; build it with GOOS=js GOARCH=wasm and start the server instead (make run)")
		os.Exit(2)
	}
	app.Register()
	goapp.RunWhenOnBrowser()
}
