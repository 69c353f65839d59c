// Command workbench serves the DynamoDB workbench on one port: the go-app
// page with its WebAssembly program, and DynamoDB's JSON 1.0 wire protocol,
// so that the AWS CLI and the AWS SDKs can use the same engine.
//
// Usage:
//
//	workbench [-addr 127.0.0.1:8080] [-data dir | -store dynamodb://TABLE?endpoint=URL]
//	          [-public-url https://HOST] [-allowed-hosts HOST,...] [-cors-origins ORIGIN,...]
//
// It answers loopback host names only unless -public-url or -allowed-hosts
// names others, and refuses to listen beyond loopback without them.
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
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	// The application-code export formats (ElectroDB, DynamoDB-Toolbox,
	// typed data access in TypeScript, Python and Go) register themselves
	// with model/formats: for POST /api/export, the command line and the
	// MCP tools. The page asks the server for them (app.ServerFormats).
	_ "github.com/dynamodb-workbench/workbench/codegen/appcode"
	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/server/httpguard"
	"github.com/dynamodb-workbench/workbench/server/mcpserver"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
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
	allowedHosts := flags.String("allowed-hosts", "", "`names`, comma-separated, the server answers to besides loopback names (needed to listen beyond loopback)")
	publicURL := flags.String("public-url", "", "the `URL` people open, e.g. https://workbench.example.com behind a reverse proxy: its host is allowed and its origin may write")
	corsOrigins := flags.String("cors-origins", "", "`origins`, comma-separated, whose pages may call the DynamoDB endpoint (\"*\": any), as DynamoDB Local's -cors; none by default")
	maxConns := flags.Int("max-connections", defaultMaxConnections, "at most this many client `connections` open at once")
	maxExp := flags.Int("max-expensive", maxExpensive, "at most this many simulations, analyses, exports and dataset generations at once")
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
	opts := serverOptions{DB: db, Version: version, DataDir: *data, StoreSpec: *store, ApplyEndpoints: *applyEndpoints,
		AllowedHosts: splitList(*allowedHosts), PublicURL: *publicURL, CORSOrigins: splitList(*corsOrigins),
		MaxConnections: *maxConns, MaxExpensive: *maxExp}
	if *data == "" && *store == "" {
		opts.DataDir, opts.DataDirImplicit = defaultDataDir(), true
	}
	err := checkExposure(*addr, opts)
	var ln net.Listener
	if err == nil {
		ln, err = net.Listen("tcp", *addr)
	}
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

	srv := newHTTPServer(h, opts, logger)
	if opts.MaxConnections == 0 {
		opts.MaxConnections = defaultMaxConnections
	}
	ln = httpguard.LimitListener(ln, opts.MaxConnections)
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

// Connection limits of the server (see newHTTPServer).
const (
	// defaultMaxConnections caps the connections open at once
	// (-max-connections): slow clients holding connections cannot exhaust
	// the process's file descriptors or memory.
	defaultMaxConnections = 256
	// headerTimeout bounds reading a request's header, bodyTimeout the
	// whole request with its body (a client that trickles a large body is
	// cut off), writeTimeout writing the answer to a slow reader.
	headerTimeout = 10 * time.Second
	bodyTimeout   = 30 * time.Second
	writeTimeout  = 5 * time.Minute
	// maxHeaderBytes bounds a request's header.
	maxHeaderBytes = 64 << 10
)

// newHTTPServer is the http.Server for h with the read and write timeouts
// (opts.ReadTimeout replaces the header and body ones when set, for tests).
func newHTTPServer(h http.Handler, opts serverOptions, logger *log.Logger) *http.Server {
	header, body := headerTimeout, bodyTimeout
	if opts.ReadTimeout > 0 {
		header, body = opts.ReadTimeout, opts.ReadTimeout
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: header,
		ReadTimeout:       body,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          logger,
	}
}

// checkExposure refuses to listen beyond loopback unless the operator
// named the host people will use: without it every request would be
// refused by the Host check, and a server on a shared network should be
// put there on purpose.
func checkExposure(addr string, opts serverOptions) error {
	if opts.PublicURL != "" {
		u, err := url.Parse(opts.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("-public-url %q: want http://HOST or https://HOST, the address people open", opts.PublicURL)
		}
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %v", addr, err)
	}
	if host != "" && httpguard.IsLoopback(host) {
		return nil
	}
	if len(opts.AllowedHosts) > 0 || opts.PublicURL != "" {
		return nil
	}
	where := host
	if where == "" || where == "0.0.0.0" || where == "::" {
		where = "every network interface"
	}
	return fmt.Errorf("-addr %s listens on %s, beyond this machine: add -public-url https://NAME (the address people open) or -allowed-hosts NAME (the host names they use), or listen on 127.0.0.1", addr, where)
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

	// AllowedHosts are the host names the server answers to besides the
	// loopback ones (-allowed-hosts); PublicURL is the address people use
	// (-public-url), whose host is allowed too and whose origin may write.
	AllowedHosts []string
	PublicURL    string
	// CORSOrigins are the origins whose pages may call the DynamoDB
	// endpoint (-cors-origins); none by default.
	CORSOrigins []string
	// MaxConnections caps open connections (0: defaultMaxConnections);
	// ReadTimeout, when set, bounds reading a request's header and body
	// (0: headerTimeout and bodyTimeout).
	MaxConnections int
	ReadTimeout    time.Duration
	// MaxExpensive bounds the simulations, analyses, exports and dataset
	// generations running at once (0: maxExpensive).
	MaxExpensive int

	// Web holds the static files, named as in the repository
	// ("web/app.wasm", "web/icon.svg", ...). Nil means the copy embedded in
	// the binary. Tests substitute their own.
	Web fs.FS
}

// newServer returns the workbench's HTTP handler, behind httpguard (the
// Host allowlist, origin and content-type checks, CORS, the cap on
// expensive requests, security headers):
//
//   - POST / carrying an X-Amz-Target header, and the CORS preflight
//     (OPTIONS /) that asks to send one, go to the DynamoDB wire handler
//     (httpguard answers preflights from the -cors-origins);
//   - /web/app.wasm is served gzip-compressed when the client accepts it and
//     web/app.wasm.gz was built;
//   - /api/* are the JSON APIs and /mcp the MCP server (mcpserver);

//   - every other GET or HEAD goes to appHandler: /robots.txt,
//     /sitemap.xml, /ads.txt, /web/... and the wasm come from the embedded
//     files, with or without go-app's /<version>/ prefix (go-app's handler
//     would fetch the first three from the client-supplied Host); the rest
//     goes to go-app, which pre-renders the pages registered by
//     app.Register and serves its own generated files.
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
	importHandler, err := importAPI(opts.ApplyEndpoints, opts.Logger)
	if err != nil {
		return nil, err
	}
	mux.Handle("POST /api/import", importHandler)
	mux.HandleFunc("POST /api/diff", serveDiff)
	mux.HandleFunc("GET /api/diff", methodNotAllowed("POST"))
	mcpHandler := mcpserver.Handler(mcpserver.New(mcpserver.Config{Version: opts.Version, BaseURL: opts.PublicURL,
		Store: opts.Store, SimulationBudget: simulationBudget}), maxAnalysisBody)
	// The Model Context Protocol's streamable HTTP transport (mcpserver):
	// POST carries the calls; GET and DELETE are answered by the SDK.
	mux.Handle("POST /mcp", mcpHandler)
	mux.Handle("GET /mcp", mcpHandler)
	mux.Handle("DELETE /mcp", mcpHandler)
	mux.Handle("GET /", assets.appHandler(opts.Version, assets.wasmHandler(opts.Version)))

	dynamodb := wire.NewHandler(opts.DB)
	routes := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isDynamoDBRequest(r) {
			dynamodb.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})
	return httpguard.New(opts.guardConfig(), routes), nil
}

// maxExpensive is how many simulations, analyses, exports and dataset
// generations run at once by default (-max-expensive): each may hold a core
// for seconds, and the machine has a few.
const maxExpensive = 4

// guardConfig is what httpguard lets through for these options.
func (opts serverOptions) guardConfig() httpguard.Config {
	cfg := httpguard.Config{
		Hosts:        opts.AllowedHosts,
		CORSOrigins:  opts.CORSOrigins,
		IsDynamoDB:   isDynamoDBRequest,
		Expensive:    isExpensive,
		MaxExpensive: opts.MaxExpensive,
	}
	if cfg.MaxExpensive == 0 {
		cfg.MaxExpensive = maxExpensive
	}
	if u, err := url.Parse(opts.PublicURL); err == nil && u.Host != "" {
		cfg.Hosts = append(slices.Clone(cfg.Hosts), u.Host)
		cfg.PublicOrigins = []string{u.Scheme + "://" + u.Host}
	}
	return cfg
}

// isExpensive reports whether a request may hold a core for long:
// simulations, analyses, exports (which sample a dataset), comparisons,
// MCP tool calls (which run the same) and generated datasets.
func isExpensive(r *http.Request) bool {
	switch p := r.URL.Path; {
	case r.Method == http.MethodPost && (p == "/api/simulate" || p == "/api/analyze" || p == "/api/export" || p == "/api/diff" || p == "/mcp"):
		return true
	case r.Method == http.MethodPost && p == "/api/import" && r.URL.Query().Get("format") == "csv":
		return true // up to maxCSVRows rows checked against a scratch table
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		name, ok := strings.CutPrefix(p, "/api/patterns/")
		return ok && name != ""
	}
	return false
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
