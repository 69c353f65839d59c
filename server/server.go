package server

import (
	"log"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/server/api"
	"github.com/dynamodb-workbench/workbench/server/httpguard"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// Options configures New and Serve. The zero value serves the API and the
// DynamoDB endpoint without a page.
type Options struct {
	// DB is the database the DynamoDB endpoint serves. Nil means a new,
	// empty engine.New().
	DB *engine.Database

	// Version identifies the build: the MCP server reports it (the page's
	// handler, which the caller builds, uses the same for go-app's update
	// check and the caches).
	Version string

	// DataDir is the folder of the embedded share store (OpenShareStore opens it);
	// DataDirImplicit says it is the default rather than -data, so that a
	// store another process holds is a warning instead of an error.
	DataDir         string
	DataDirImplicit bool
	// StoreSpec selects the share store (sharestore.Open): "" or "bolt" for
	// the embedded one in DataDir, dynamodb://TABLE?... for a table.
	StoreSpec string
	// Store is the open share store; OpenShareStore sets it from DataDir and
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
	// MaxConnections caps open connections (0: DefaultMaxConnections);
	// ReadTimeout, when set, bounds reading a request's header and body
	// (0: headerTimeout and bodyTimeout).
	MaxConnections int
	ReadTimeout    time.Duration
	// MaxExpensive bounds the simulations, analyses, exports and dataset
	// generations running at once (0: DefaultMaxExpensive).
	MaxExpensive int
	// ShareQuota bounds POST /api/share (-share-client-quota,
	// -share-quota, -share-store-max); the zero value is no quota.
	ShareQuota api.ShareQuota

	// Page answers every GET and HEAD that no other route takes: the page,
	// its assets and its WebAssembly (the program's web.go builds it with
	// go-app, which stays out of this package). Nil answers 404.
	Page http.Handler
}

// New returns the workbench's HTTP handler, behind httpguard (the
// Host allowlist, origin and content-type checks, CORS, the cap on
// expensive requests, security headers):
//
//   - POST / carrying an X-Amz-Target header, and the CORS preflight
//     (OPTIONS /) that asks to send one, go to the DynamoDB wire handler
//     (httpguard answers preflights from the -cors-origins);
//   - /api/* are the JSON APIs and /mcp the MCP server (package api);
//   - every other GET or HEAD goes to opts.Page.
func New(opts Options) (http.Handler, error) {
	if opts.DB == nil {
		opts.DB = engine.New()
	}
	if opts.Logger == nil {
		opts.Logger = log.Default()
	}
	mux := http.NewServeMux()
	err := api.Mount(mux, api.Config{Version: opts.Version, PublicURL: opts.PublicURL, Store: opts.Store,
		ApplyEndpoints: opts.ApplyEndpoints, Logger: opts.Logger, ShareQuota: opts.ShareQuota})
	if err != nil {
		return nil, err
	}
	page := opts.Page
	if page == nil {
		page = http.NotFoundHandler()
	}
	mux.Handle("GET /", page)

	dynamodb := wire.NewHandler(opts.DB)
	routes := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if IsDynamoDBRequest(r) {
			dynamodb.ServeHTTP(w, r)
			return
		}
		mux.ServeHTTP(w, r)
	})
	return &workbench{Guard: httpguard.New(opts.guardConfig(), routes), db: opts.DB}, nil
}

// DefaultMaxExpensive is how many simulations, analyses, exports and dataset
// generations run at once by default (-max-expensive): each may hold a core
// for seconds, and the machine has a few.
const DefaultMaxExpensive = 4

// guardConfig is what httpguard lets through for these options.
func (opts Options) guardConfig() httpguard.Config {
	cfg := httpguard.Config{
		Hosts:        opts.AllowedHosts,
		CORSOrigins:  opts.CORSOrigins,
		IsDynamoDB:   IsDynamoDBRequest,
		Expensive:    api.IsExpensive,
		MaxExpensive: opts.MaxExpensive,
		FileBody:     api.TakesFile,
	}
	if cfg.MaxExpensive == 0 {
		cfg.MaxExpensive = DefaultMaxExpensive
	}
	if u, err := url.Parse(opts.PublicURL); err == nil && u.Host != "" {
		cfg.Hosts = append(slices.Clone(cfg.Hosts), u.Host)
		cfg.PublicOrigins = []string{u.Scheme + "://" + u.Host}
	}
	return cfg
}

// IsDynamoDBRequest reports whether r is meant for the DynamoDB endpoint:
// any request carrying X-Amz-Target (a call, or another method, which the
// wire handler answers as DynamoDB does: 404 "<UnknownOperationException/>",
// not the page's plain-text 405), or a browser's CORS preflight asking to
// send one. DynamoDB ignores the path (dynalite, modelled on it, checks
// none; an SDK whose endpoint has a path posts there), so every path
// counts except the workbench's own /api/ and /mcp.
func IsDynamoDBRequest(r *http.Request) bool {
	if p := r.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") || p == "/mcp" {
		return false
	}
	if r.Header.Get("X-Amz-Target") != "" {
		return true
	}
	if r.Method == http.MethodOptions {
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
