package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// Config configures the server. The zero value works: links point at
// DefaultBaseURL and long designs cannot be shared.
type Config struct {
	// Version is the workbench's version, reported to clients.
	Version string
	// BaseURL is where people open the page, for share links; over HTTP
	// the request's own origin is used when it is empty.
	BaseURL string
	// Store keeps designs too long for a link (nil: none).
	Store sharestore.Store
	// SimulationBudget bounds a simulation's work (partition.Workload
	// Budget); 0: DefaultSimulationBudget.
	SimulationBudget int64
	// Endpoints are the endpoints apply_design and import_design may
	// contact (the server's -apply-endpoints; the zero value: loopback
	// only).
	Endpoints apply.Policy
	// ApplyGate lets one apply run at a time (shared with POST /api/apply;
	// nil: the server's own).
	ApplyGate chan struct{}
	// ApplyMaxItems bounds the dataset an apply loads (0:
	// DefaultApplyMaxItems).
	ApplyMaxItems int
}

// Bounds of a tool call.
const (
	// DefaultBaseURL is where `workbench` serves by default.
	DefaultBaseURL = "http://127.0.0.1:8080"
	// DefaultSimulationBudget matches the HTTP API's simulation budget.
	DefaultSimulationBudget = 20_000_000
	// callTimeout bounds one tool call.
	callTimeout = 2 * time.Minute
	// maxEvents bounds the simulation events a summary lists.
	maxEvents = 50
)

// originHeader carries the origin of an HTTP request to the tools (set by
// Handler, overwriting anything a client sent).
const originHeader = "X-Workbench-Origin"

// New returns the MCP server with every tool.
func New(cfg Config) *mcp.Server {
	if cfg.SimulationBudget == 0 {
		cfg.SimulationBudget = DefaultSimulationBudget
	}
	if cfg.ApplyGate == nil {
		cfg.ApplyGate = make(chan struct{}, 1)
	}
	if cfg.ApplyMaxItems == 0 {
		cfg.ApplyMaxItems = DefaultApplyMaxItems
	}
	version := cfg.Version
	if version == "" {
		version = "dev"
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "dynamodb-workbench", Title: "DynamoDB data-modeling workbench", Version: version},
		&mcp.ServerOptions{Instructions: instructions})
	t := &tools{cfg: cfg}
	t.register(s)
	t.registerDesign(s)
	return s
}

const instructions = `The DynamoDB workbench: design tables, keys and indexes as a model document (docs/model-format.md: tables in CreateTable's shape, entities with key templates, access patterns as DynamoDB requests, a dataset), then check it on a faithful DynamoDB engine. ` +
	`Start from a pattern (list_patterns, get_pattern) or from an existing stack or schema (import_design), validate_model after each edit, run_access_patterns to see the items and consumed capacity, analyze_cost and simulate_workload for cost and hot partitions, compare_models to plan the migration from the deployed design, export_model for CloudFormation/CDK/Terraform, apply_design to create the tables at a DynamoDB endpoint and check the access patterns there, and share_link to hand the human a link that opens the design in the page. The model document's JSON Schema is the resource ` + "workbench://schema/model" + `.`

type tools struct{ cfg Config }

// withTimeout bounds a tool call.
func withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, callTimeout)
}

// parseModel parses a model given as a JSON object. what names the
// argument in errors.
func parseModel(what string, doc map[string]any) (*model.Model, error) {
	if doc == nil {
		return nil, fmt.Errorf("%q: a model document is needed (docs/model-format.md)", what)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", what, err)
	}
	m, err := model.Decode(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	// An access pattern's own problems are left to the tool: running the
	// patterns reports them as that pattern's failure, validate_model lists
	// them, comparing counts them broken.
	if design, _ := m.ValidateApart(); design != nil {
		return nil, fmt.Errorf("%s: %w", what, design)
	}
	return m, nil
}

// toObject turns a value into the JSON object an output carries.
func toObject(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	err = json.Unmarshal(b, &out)
	return out, err
}

// baseURL is where share links point: the configured one, else the HTTP
// request's origin, else DefaultBaseURL.
func (t *tools) baseURL(req *mcp.CallToolRequest) string {
	if t.cfg.BaseURL != "" {
		return strings.TrimSuffix(t.cfg.BaseURL, "/")
	}
	if req != nil && req.Extra != nil && req.Extra.Header != nil {
		if o := req.Extra.Header.Get(originHeader); o != "" {
			return o
		}
	}
	return DefaultBaseURL
}

// Handler serves the server over streamable HTTP, stateless, answering
// JSON: each POST is one request. Mount it behind httpguard, which checks
// the Host, the Origin and the content type; the SDK's own localhost check
// is off because the guard's allowlist also admits the names the operator
// configured (-public-url behind a proxy on loopback).
func Handler(s *mcp.Server, maxBody int64) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{
		Stateless: true, JSONResponse: true, DisableLocalhostProtection: true, MaxRequestBodyBytes: maxBody,
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		r.Header.Set(originHeader, scheme+"://"+r.Host)
		h.ServeHTTP(w, r)
	})
}

// errNoStore explains why a long design cannot be shared.
var errNoStore = errors.New("the design is too long for a link and this server has no share store (run the server with -data DIR)")

// jsonRaw marks bytes as JSON for toObject.
type jsonRaw []byte

func (j jsonRaw) MarshalJSON() ([]byte, error) { return j, nil }

// ServeStdio serves the tools over standard input and output, for a coding
// agent that starts `workbench mcp` as its child, until ctx is cancelled or
// the agent closes the stream.
func ServeStdio(ctx context.Context, cfg Config) error {
	return New(cfg).Run(ctx, &mcp.StdioTransport{})
}
