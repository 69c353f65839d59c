package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/mcpserver"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// The mcp command:
//
//	workbench mcp [-url URL] [-data DIR | -store SPEC]
//
// serves the Model Context Protocol over standard input and output for a
// coding agent (see mcpserver and the README). Share links point at -url,
// the running workbench's page; a design too long for a link is kept in
// the share store (-data or -store, as the server's; the embedded store
// can be open in one process only, so a store the server holds is
// skipped with a note on standard error).

func init() { Commands["mcp"] = runMCPCommand }

func runMCPCommand(args []string) int {
	flags := flag.NewFlagSet("workbench mcp", flag.ContinueOnError)
	flags.SetOutput(os.Stderr)
	base := flags.String("url", mcpserver.DefaultBaseURL, "the `URL` of the workbench page share links open")
	data := flags.String("data", "", "`directory` of the share store, for designs too long for a link")
	store := flags.String("store", "", "share store `spec`, as the server's -store")
	endpoints := flags.String("apply-endpoints", "", "endpoint `URLs` apply_design and import_design may contact besides loopback ones, comma-separated, or none (as the server's)")
	flags.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: workbench mcp [-url URL] [-data DIR | -store SPEC] [-apply-endpoints URLS]   (MCP over stdio)")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if flags.NArg() > 0 {
		flags.Usage()
		return 2
	}
	policy, err := apply.ParsePolicy(*endpoints)
	if err != nil {
		fmt.Fprintf(os.Stderr, "workbench mcp: %v\n", err)
		return 2
	}
	cfg := mcpserver.Config{Version: Version, BaseURL: *base, Endpoints: policy}
	if *data != "" || *store != "" {
		s, err := sharestore.Open(*store, *data)
		switch {
		case errors.Is(err, sharestore.ErrInUse):
			fmt.Fprintf(os.Stderr, "workbench mcp: %v: long designs cannot be shared (the server's /mcp endpoint can)\n", err)
		case err != nil:
			fmt.Fprintf(os.Stderr, "workbench mcp: %v\n", err)
			return 1
		default:
			defer s.Close()
			cfg.Store = s
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := mcpserver.ServeStdio(ctx, cfg); err != nil && ctx.Err() == nil {
		fmt.Fprintf(os.Stderr, "workbench mcp: %v\n", err)
		return 1
	}
	return 0
}
