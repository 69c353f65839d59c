package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/dynamodb-workbench/workbench/cli"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/server"
	"github.com/dynamodb-workbench/workbench/server/api"
)

// version identifies the build. The Makefile sets it with
// -ldflags "-X main.version=...". When it is empty, newHandler derives one
// from the embedded app.wasm.
var version string

func main() {
	log.SetFlags(0)
	log.SetPrefix("workbench: ")
	if len(os.Args) > 1 {
		if cmd, ok := cli.Commands[os.Args[1]]; ok {
			cli.Version = version
			os.Exit(cmd(os.Args[2:]))
		}
	}

	flags := flag.NewFlagSet("workbench", flag.ExitOnError)
	addr := flags.String("addr", "127.0.0.1:8080", "listen on `host:port`")
	data := flags.String("data", "", "`directory` for the share store, created on first run (default: "+server.DefaultDataDir()+" unless -store is given)")
	store := flags.String("store", "", "share store: `spec` \"bolt\" (the embedded database in -data, the default) or dynamodb://TABLE?endpoint=URL&region=R (created when absent)")
	applyEndpoints := flags.String("apply-endpoints", "", "`URLs`, comma-separated, that POST /api/apply may contact besides loopback endpoints; \"none\" turns it off")
	ttlDelay := flags.Duration("ttl-delay", 10*time.Second, "how long an expired item waits for the TTL sweeper (DynamoDB: up to about 48h)")
	gsiDelay := flags.Duration("gsi-delay", 0, "how long global secondary indexes lag their table")
	throttle := flags.Bool("throttle", false, "enforce provisioned throughput: ProvisionedThroughputExceededException and UnprocessedItems/UnprocessedKeys when a partition's share and burst are spent")
	clockSpeed := flags.Float64("clock-speed", 1, "run the engine's clock this many times faster than real time (86400: a day per second)")
	allowedHosts := flags.String("allowed-hosts", "", "`names`, comma-separated, the server answers to besides loopback names (needed to listen beyond loopback)")
	publicURL := flags.String("public-url", "", "the `URL` people open, e.g. https://workbench.example.com behind a reverse proxy: its host is allowed and its origin may write")
	corsOrigins := flags.String("cors-origins", "", "`origins`, comma-separated, whose pages may call the DynamoDB endpoint (\"*\": any), as DynamoDB Local's -cors; none by default")
	maxConns := flags.Int("max-connections", server.DefaultMaxConnections, "at most this many client `connections` open at once")
	maxExp := flags.Int("max-expensive", server.DefaultMaxExpensive, "at most this many simulations, analyses, exports and dataset generations at once")
	maxMem := flags.Int64("max-memory", server.DefaultMaxMemoryMB, "the memory ceiling in `MB` above the server's resting size (a soft limit for the Go runtime; 0: none)")
	shareClient := flags.Int64("share-client-quota", api.DefaultShareClientQuota>>10, "`KB` a minute one client address may store in shares (0: no limit)")
	shareTotal := flags.Int64("share-quota", api.DefaultShareQuota>>10, "`KB` a minute all clients together may store in shares (0: no limit)")
	shareMax := flags.Int64("share-store-max", api.DefaultShareStoreMax>>20, "`MB` the share store may grow to (0: no limit)")
	flags.Parse(os.Args[1:])
	if flags.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "workbench: unexpected arguments: %s\n", strings.Join(flags.Args(), " "))
		flags.Usage()
		os.Exit(2)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop() // a second signal during the graceful shutdown kills at once
	}()

	var clock engine.Clock = engine.SystemClock{}
	var virtual *engine.VirtualClock
	if *clockSpeed != 1 {
		virtual = engine.NewVirtualClock(time.Now())
		virtual.SetSpeed(*clockSpeed)
		virtual.Play()
		clock = virtual
	}
	db := engine.New(engine.WithClock(clock), engine.WithTTLDeletionDelay(*ttlDelay), engine.WithGSIPropagationDelay(*gsiDelay), engine.WithThrottling(*throttle))
	go tick(ctx, db, virtual)
	opts := server.Options{DB: db, Version: version, DataDir: *data, StoreSpec: *store, ApplyEndpoints: *applyEndpoints,
		AllowedHosts: splitList(*allowedHosts), PublicURL: *publicURL, CORSOrigins: splitList(*corsOrigins),
		MaxConnections: *maxConns, MaxExpensive: *maxExp,
		ShareQuota: api.ShareQuota{PerClient: *shareClient << 10, Total: *shareTotal << 10, MaxStore: *shareMax << 20}}
	if *data == "" && *store == "" {
		opts.DataDir, opts.DataDirImplicit = server.DefaultDataDir(), true
	}
	server.SetMemoryCeiling(*maxMem << 20)
	err := server.CheckExposure(*addr, opts)
	var ln net.Listener
	if err == nil {
		ln, err = net.Listen("tcp", *addr)
	}
	if err == nil {
		err = runWorkbench(ctx, ln, opts, nil, os.Stderr)
	}
	if err != nil {
		log.Print(err)
		stop()
		os.Exit(1)
	}
}

// tick drives the engine's delayed work (TTL deletions, GSI propagation,
// index backfills) until ctx is cancelled; requests also trigger it, so this
// matters for an idle server. With a virtual clock (-clock-speed), it also
// moves that clock by the real time that passed.
func tick(ctx context.Context, db *engine.Database, virtual *engine.VirtualClock) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	last := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if virtual != nil {
				virtual.Step(now.Sub(last))
			}
			last = now
			db.Tick()
		}
	}
}

// runWorkbench serves the workbench on ln until ctx is cancelled: it opens the
// share store opts describe, mounts the page of web (nil: the embedded
// copy) beside the API, and serves. It closes ln.
func runWorkbench(ctx context.Context, ln net.Listener, opts server.Options, web fs.FS, logw io.Writer) error {
	opts.Logger = log.New(logw, "workbench: ", 0)
	closeStore, err := server.OpenShareStore(&opts)
	if err != nil {
		ln.Close()
		return err
	}
	defer closeStore()
	h, err := newHandler(opts, web)
	if err != nil {
		ln.Close()
		return err
	}
	if !wasmBuilt(web) {
		opts.Logger.Print("web/app.wasm is not embedded: the page will not start (build with `make build`)")
	}
	return server.Serve(ctx, ln, h, opts)
}

// newHandler is the workbench's handler: server.New with the page of web
// (nil: the embedded copy) as opts.Page. An empty opts.Version becomes
// "dev-" followed by a hash of web/app.wasm, so a rebuilt wasm still
// reaches browsers that cached an older one.
func newHandler(opts server.Options, web fs.FS) (http.Handler, error) {
	if opts.Logger == nil {
		opts.Logger = log.Default()
	}
	page, version, err := newPage(web, opts.Version, opts.Logger)
	if err != nil {
		return nil, err
	}
	opts.Version, opts.Page = version, page
	return server.New(opts)
}

// splitList splits a comma-separated flag value, dropping blanks.
func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
