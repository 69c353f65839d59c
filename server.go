// Command workbench serves the DynamoDB workbench on one port: the go-app
// page with its WebAssembly program, and DynamoDB's JSON 1.0 wire protocol,
// so that the AWS CLI and the AWS SDKs can use the same engine.
//
// Usage:
//
//	workbench [-addr 127.0.0.1:8080] [-data dir | -store dynamodb://TABLE?endpoint=URL]
//
// The page and its assets under web/ are embedded in the binary; build it
// with `make build`, which compiles web/app.wasm first.
package main

import (
	"context"
	"errors"
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

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/sharestore"
)

// version identifies the build. The Makefile sets it with
// -ldflags "-X main.version=...". When it is empty, newServer derives one
// from the embedded app.wasm (see serverOptions.Version).
var version string

// shutdownTimeout bounds how long a graceful shutdown waits for requests in
// flight.
const shutdownTimeout = 10 * time.Second

// subcommands are the workbench's commands besides serving
// (`workbench export ...`). Each lives in its own file and registers itself
// in an init function; it gets the arguments after its name and returns the
// process's exit code.
var subcommands = map[string]func(args []string) int{}

func main() {
	log.SetFlags(0)
	log.SetPrefix("workbench: ")
	if len(os.Args) > 1 {
		if cmd, ok := subcommands[os.Args[1]]; ok {
			os.Exit(cmd(os.Args[2:]))
		}
	}

	flags := flag.NewFlagSet("workbench", flag.ExitOnError)
	addr := flags.String("addr", "127.0.0.1:8080", "listen on `host:port`")
	data := flags.String("data", "", "`directory` for the share store, created on first run (default: "+defaultDataDir()+" unless -store is given)")
	store := flags.String("store", "", "share store: `spec` \"bolt\" (the embedded database in -data, the default) or dynamodb://TABLE?endpoint=URL&region=R (created when absent)")
	applyEndpoints := flags.String("apply-endpoints", "", "`URLs`, comma-separated, that POST /api/apply may contact besides loopback endpoints; \"none\" turns it off")
	ttlDelay := flags.Duration("ttl-delay", 10*time.Second, "how long an expired item waits for the TTL sweeper (DynamoDB: up to about 48h)")
	gsiDelay := flags.Duration("gsi-delay", 0, "how long global secondary indexes lag their table")
	throttle := flags.Bool("throttle", false, "enforce provisioned throughput: ProvisionedThroughputExceededException and UnprocessedItems/UnprocessedKeys when a partition's share and burst are spent")
	clockSpeed := flags.Float64("clock-speed", 1, "run the engine's clock this many times faster than real time (86400: a day per second)")
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
	opts := serverOptions{DB: db, Version: version, DataDir: *data, StoreSpec: *store, ApplyEndpoints: *applyEndpoints}
	if *data == "" && *store == "" {
		opts.DataDir, opts.DataDirImplicit = defaultDataDir(), true
	}
	ln, err := net.Listen("tcp", *addr)
	if err == nil {
		err = run(ctx, ln, opts, os.Stderr)
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

// run serves on ln until ctx is cancelled, then shuts down gracefully. It
// closes ln.
func run(ctx context.Context, ln net.Listener, opts serverOptions, logw io.Writer) error {
	logger := log.New(logw, "workbench: ", 0)
	opts.Logger = logger
	closeStore, err := openShareStore(&opts)
	if err != nil {
		ln.Close()
		return err
	}
	defer closeStore()
	h, err := newServer(opts)
	if err != nil {
		ln.Close()
		return err
	}
	if !wasmBuilt(opts.Web) {
		logger.Print("web/app.wasm is not embedded: the page will not start (build with `make build`)")
	}

	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          logger,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	logger.Printf("serving the workbench and the DynamoDB endpoint on http://%s", ln.Addr())

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}

	logger.Print("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serverOptions configures newServer. The zero value is usable.
type serverOptions struct {
	// DB is the database the DynamoDB endpoint serves. Nil means a new,
	// empty engine.New().
	DB *engine.Database

	// Version identifies the app build for go-app's update check and the
	// caches. Empty means "dev-" followed by a hash of web/app.wasm, so a
	// rebuilt wasm still reaches browsers that cached an older one.
	Version string

	// DataDir is the folder of the embedded share store (run opens it);
	// DataDirImplicit says it is the default rather than -data, so that a
	// store another process holds is a warning instead of an error.
	DataDir         string
	DataDirImplicit bool
	// StoreSpec selects the share store (sharestore.Open): "" or "bolt" for
	// the embedded one in DataDir, dynamodb://TABLE?... for a table.
	StoreSpec string
	// Store is the open share store; run sets it from DataDir and
	// StoreSpec. Nil: /api/share answers 503.
	Store sharestore.Store
	// ApplyEndpoints is the -apply-endpoints policy of POST /api/apply.
	ApplyEndpoints string

	// Logger receives warnings (for example, a stale app.wasm.gz). Nil
	// means the standard logger.
	Logger *log.Logger

	// Web holds the static files, named as in the repository
	// ("web/app.wasm", "web/icon.svg", ...). Nil means the copy embedded in
	// the binary. Tests substitute their own.
	Web fs.FS
}

// newServer returns the workbench's HTTP handler:
//
//   - POST / carrying an X-Amz-Target header, and the CORS preflight
//     (OPTIONS /) that asks to send one, go to the DynamoDB wire handler;
//   - /web/app.wasm is served gzip-compressed when the client accepts it and
//     web/app.wasm.gz was built;
//   - /robots.txt, /sitemap.xml and /ads.txt come from web/ when present and
//     are otherwise 404 (go-app's handler would fetch them from the
//     client-supplied Host);
//   - every other GET or HEAD goes to the go-app handler, which pre-renders
//     the pages registered by app.Register and serves go-app's own files.
func newServer(opts serverOptions) (http.Handler, error) {
	if opts.DB == nil {
		opts.DB = engine.New()
	}
	if opts.Logger == nil {
		opts.Logger = log.Default()
	}
	assets, err := loadWebAssets(opts.Web, opts.Logger)
	if err != nil {
		return nil, err
	}
	if opts.Version == "" {
		opts.Version = assets.fallbackVersion()
	}

	app.Register()

	mux := http.NewServeMux()
	wasm := assets.wasmHandler(opts.Version)
	for _, p := range []string{"/web/app.wasm", "/app.wasm", "/goapp.wasm"} {
		mux.Handle("GET "+p, wasm)
	}
	for _, name := range []string{"robots.txt", "sitemap.xml", "ads.txt"} {
		mux.Handle("GET /"+name, assets.rootFileHandler(name))
	}
	api := patternsAPI()
	mux.Handle("GET /api/patterns", api)
	mux.Handle("GET /api/patterns/", api)
	analysis := analysisAPI()
	mux.Handle("GET /api/partitions", analysis)
	mux.Handle("POST /api/partitions", analysis)
	mux.Handle("POST /api/simulate", analysis)
	mux.Handle("POST /api/analyze", analysis)
	mux.Handle("POST /api/advise", adviseAPI())
	shares := shareAPI(opts.Store, opts.Logger)
	mux.Handle("POST /api/share", shares)
	mux.Handle("GET /api/share/{id}", shares)
	applyHandler, err := applyAPI(opts.ApplyEndpoints, opts.Logger)
	if err != nil {
		return nil, err
	}
	mux.Handle("POST /api/apply", applyHandler)
	mux.Handle("POST /api/export", exportAPI())
	mux.Handle("POST /api/import", exportAPI())
	mux.Handle("GET /", newAppHandler(opts.Version, assets))

	dynamodb := wire.NewHandler(opts.DB)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isDynamoDBRequest(r) {
			dynamodb.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	}), nil
}

// isDynamoDBRequest reports whether r is meant for the DynamoDB endpoint:
// an API call (POST / with X-Amz-Target) or a browser's CORS preflight for
// one (OPTIONS / asking to send X-Amz-Target).
func isDynamoDBRequest(r *http.Request) bool {
	if r.URL.Path != "/" {
		return false
	}
	switch r.Method {
	case http.MethodPost:
		return r.Header.Get("X-Amz-Target") != ""
	case http.MethodOptions:
		for _, v := range r.Header.Values("Access-Control-Request-Headers") {
			for _, name := range strings.Split(v, ",") {
				if strings.EqualFold(strings.TrimSpace(name), "X-Amz-Target") {
					return true
				}
			}
		}
	}
	return false
}
