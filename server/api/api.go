package api

import (
	"context"
	"log"
	"net/http"
	"strings"

	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/mcpserver"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// Config is what the API needs of the server it is mounted in.
type Config struct {
	// Version identifies the build (the MCP server reports it).
	Version string
	// PublicURL is the address people open (-public-url); share links the
	// MCP tools make point at it.
	PublicURL string
	// Store is the open share store. Nil: /api/share answers 503.
	Store sharestore.Store
	// ApplyEndpoints is the -apply-endpoints policy of POST /api/apply and
	// POST /api/import?format=endpoint.
	ApplyEndpoints string
	// ShareQuota bounds POST /api/share; the zero value is no quota.
	ShareQuota ShareQuota
	// Logger receives what an operator should see (a failing store, an
	// endpoint that did not answer). Nil means the standard logger.
	Logger *log.Logger
}

// Mount registers every route of the API on mux: /api/* (one file of this
// package per route group) and the MCP endpoint at /mcp. It fails only on
// a bad ApplyEndpoints policy.
func Mount(root *http.ServeMux, cfg Config) error {
	if cfg.Logger == nil {
		cfg.Logger = log.Default()
	}
	mux := &recoveringMux{root, cfg.Logger}
	patterns := patternsAPI()
	mux.Handle("GET /api/patterns", patterns)
	mux.Handle("GET /api/patterns/", patterns)
	analysis := analysisAPI()
	mux.Handle("GET /api/partitions", analysis)
	mux.Handle("POST /api/partitions", analysis)
	mux.Handle("POST /api/simulate", analysis)
	mux.Handle("POST /api/analyze", analysis)
	mux.Handle("POST /api/advise", adviseAPI())
	mux.Handle("POST /api/snippet", snippetAPI())
	var q *quota
	if sq := cfg.ShareQuota; sq.PerClient > 0 || sq.Total > 0 || sq.MaxStore > 0 {
		sq := cfg.ShareQuota
		if sizer, ok := cfg.Store.(sharestore.Sizer); ok && sq.StoreSize == nil {
			// The store's real size: what earlier runs and other servers
			// sharing it stored counts too.
			sq.StoreSize = func() (int64, bool) { return sizer.Size(context.Background()) }
		}
		q = newQuota(sq)
	}
	shares := shareAPI(cfg.Store, cfg.Logger, q)
	mux.Handle("POST /api/share", shares)
	mux.Handle("GET /api/share/{id}", shares)
	policy, err := apply.ParsePolicy(cfg.ApplyEndpoints)
	if err != nil {
		return err
	}
	// One apply at a time, over HTTP and MCP together.
	applyGate := make(chan struct{}, 1)
	applyHandler := applyAPI(policy, applyGate, cfg.Logger)
	mux.Handle("POST /api/apply", applyHandler)
	mux.Handle("POST /api/export", exportAPI())
	importHandler, err := importAPI(cfg.ApplyEndpoints, cfg.Logger)
	if err != nil {
		return err
	}
	mux.Handle("POST /api/import", importHandler)
	mux.HandleFunc("POST /api/diff", serveDiff)
	mux.HandleFunc("GET /api/diff", methodNotAllowed("POST"))
	mcpHandler := mcpserver.Handler(mcpserver.New(mcpserver.Config{Version: cfg.Version, BaseURL: cfg.PublicURL,
		Store: cfg.Store, SimulationBudget: simulationBudget, Endpoints: policy, ApplyGate: applyGate, ApplyMaxItems: maxApplyItems}), maxAnalysisBody)
	mux.HandleFunc("GET /api/schema", serveSchema)
	// The Model Context Protocol's streamable HTTP transport (mcpserver):
	// POST carries the calls; GET and DELETE are answered by the SDK.
	mux.Handle("POST /mcp", mcpHandler)
	mux.Handle("GET /mcp", mcpHandler)
	mux.Handle("DELETE /mcp", mcpHandler)
	return nil
}

// IsExpensive reports whether a request may hold a core for long:
// simulations, analyses, exports (which sample a dataset), comparisons,
// imports, MCP tool calls (which run the same) and generated datasets.
func IsExpensive(r *http.Request) bool {
	switch p := r.URL.Path; {
	case r.Method == http.MethodPost && (p == "/api/simulate" || p == "/api/analyze" || p == "/api/export" || p == "/api/diff" || p == "/mcp"):
		return true
	case r.Method == http.MethodPost && p == "/api/import":
		// Every import: parsing and evaluating a design file is bounded
		// (server/importers' budget) but not small, a CSV import checks
		// up to maxCSVRows rows against a scratch table, and an endpoint
		// import waits on another server.
		return true
	case r.Method == http.MethodGet || r.Method == http.MethodHead:
		name, ok := strings.CutPrefix(p, "/api/patterns/")
		return ok && name != ""
	}
	return false
}

// TakesFile reports whether a request's body is a design file as the user
// has it, which httpguard then lets in under the type the file has
// (YAML, HCL, JavaScript, text, octet-stream; httpguard.IsFileType): a
// POST /api/import of a file. The endpoint import (it makes the server
// contact another) and the CSV import keep their own types.
func TakesFile(r *http.Request) bool {
	if r.Method != http.MethodPost || r.URL.Path != "/api/import" {
		return false
	}
	switch r.URL.Query().Get("format") {
	case "endpoint", "csv":
		return false
	}
	return true
}

// recoveringMux registers every route of the API behind recovering.
type recoveringMux struct {
	mux    *http.ServeMux
	logger *log.Logger
}

func (m *recoveringMux) Handle(pattern string, h http.Handler) {
	m.mux.Handle(pattern, recovering(h, m.logger))
}

func (m *recoveringMux) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(h))
}
