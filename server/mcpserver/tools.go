package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/exporters"
	"github.com/dynamodb-workbench/workbench/server/ops"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// Tool names.
const (
	ToolListPatterns = "list_patterns"
	ToolGetPattern   = "get_pattern"
	ToolValidate     = "validate_model"
	ToolRun          = "run_access_patterns"
	ToolAnalyze      = "analyze_cost"
	ToolSimulate     = "simulate_workload"
	ToolCompare      = "compare_models"
	ToolExport       = "export_model"
	ToolShare        = "share_link"
)

// Model is a model document (docs/model-format.md) as a JSON object.
type Model = map[string]any

type (
	noInput struct{}

	patternSummary struct {
		Name           string   `json:"name"`
		Title          string   `json:"title"`
		Summary        string   `json:"summary"`
		Tables         []string `json:"tables"`
		AccessPatterns []string `json:"accessPatterns"`
	}
	listPatternsOutput struct {
		Patterns []patternSummary `json:"patterns"`
	}

	getPatternInput struct {
		Name string `json:"name" jsonschema:"the pattern's name, from list_patterns"`
	}
	getPatternOutput struct {
		Model Model `json:"model" jsonschema:"the pattern's model document; its dataset is a generator spec the other tools expand"`
	}

	modelInput struct {
		Model Model `json:"model" jsonschema:"a model document (docs/model-format.md)"`
	}
	fieldError struct {
		Path    string `json:"path"`
		Message string `json:"message"`
	}
	validateOutput struct {
		Valid  bool         `json:"valid"`
		Errors []fieldError `json:"errors"`
	}

	runInput struct {
		Model          Model                        `json:"model" jsonschema:"a model document (docs/model-format.md)"`
		AccessPatterns []string                     `json:"accessPatterns,omitempty" jsonschema:"names of the access patterns to run (absent: all)"`
		Parameters     map[string]map[string]string `json:"parameters,omitempty" jsonschema:"per access pattern name, parameter values replacing the examples"`
		Items          int                          `json:"items,omitempty" jsonschema:"cap on a generated dataset's items (default 1000, at most 50000)"`
	}

	analyzeInput struct {
		Model             Model   `json:"model" jsonschema:"a model document (docs/model-format.md)"`
		Items             int     `json:"items,omitempty" jsonschema:"cap on a generated dataset's items (default 1000)"`
		TargetUtilization float64 `json:"targetUtilization,omitempty" jsonschema:"provisioned mode's target utilization, above 0 and at most 1 (default 1)"`
	}

	simulateInput struct {
		Model   Model `json:"model" jsonschema:"a model document with a workload"`
		Seconds int   `json:"seconds,omitempty" jsonschema:"simulated seconds (default: the workload's duration, else 600; at most 86400)"`
		Items   int   `json:"items,omitempty" jsonschema:"cap on a generated dataset's items (default 1000)"`
	}
	keySpaceSummary struct {
		Table    string            `json:"table"`
		Index    string            `json:"index,omitempty"`
		Patterns []string          `json:"patterns"`
		Totals   partition.Totals  `json:"totals"`
		Events   []partition.Event `json:"events"`
	}
	simulateOutput struct {
		Seconds   int               `json:"seconds"`
		KeySpaces []keySpaceSummary `json:"keySpaces"`
	}

	compareInput struct {
		From   Model   `json:"from" jsonschema:"the deployed design (a model document)"`
		To     Model   `json:"to" jsonschema:"the next version of the design"`
		SizeGB float64 `json:"sizeGB,omitempty" jsonschema:"the data's size in production in GB, all tables together (absent: measured on from's dataset)"`
	}

	exportInput struct {
		Model  Model  `json:"model" jsonschema:"a model document (docs/model-format.md)"`
		Format string `json:"format" jsonschema:"one of the export formats: cloudformation-json, cloudformation-yaml, cdk-ts, nosql-workbench, ..."`
		// Profile is the CloudFormation and CDK profile.
		Profile string `json:"profile,omitempty" jsonschema:"default or production (CloudFormation and CDK: point-in-time recovery, deletion protection, Stage-named tables, KMS key parameter, auto scaling, throttling alarms)"`
	}

	shareOutput struct {
		URL string `json:"url" jsonschema:"the link that opens the design in the workbench page"`
		// Stored says the design is kept in the server's share store (a
		// short /s/ID link); otherwise it travels in the link's fragment.
		Stored bool `json:"stored"`
	}
)

func (t *tools) register(s *mcp.Server) {
	addTool(s, &mcp.Tool{Name: ToolListPatterns,
		Description: "List the catalogue of DynamoDB design patterns (write sharding, sparse index, time series, multi-tenancy, ...): each a ready model with a narrative and a generated dataset."},
		t.listPatterns)
	addTool(s, &mcp.Tool{Name: ToolGetPattern,
		Description: "Get a pattern's model document: tables, entities with key templates, access patterns, workload, and a dataset generator spec. Edit it and pass it to the other tools."},
		t.getPattern)
	addTool(s, &mcp.Tool{Name: ToolValidate,
		Description: "Validate a model document: tables as CreateTable checks them (DynamoDB's own error messages), entities' key templates, access patterns against the tables and indexes, the dataset and the workload. Answers valid and the errors with their paths."},
		t.validate)
	addTool(s, &mcp.Tool{Name: ToolRun,
		Description: "Load the model's dataset into the workbench's DynamoDB engine and run its access patterns with their example parameters (or the ones given): per pattern, the items returned, the count, and the consumed capacity DynamoDB reports (per index), or DynamoDB's error."},
		t.run)
	addTool(s, &mcp.Tool{Name: ToolAnalyze,
		Description: "Analyze the model's cost and capacity: each access pattern measured on the engine (read/write units per request), monthly cost on demand and provisioned with the arithmetic, per-table sizes and partitions, warnings (scans, hot keys, missing indexes)."},
		t.analyze)
	addTool(s, &mcp.Tool{Name: ToolSimulate,
		Description: "Simulate the model's workload second by second on DynamoDB's partition model (per-partition throughput, burst, adaptive capacity, splits): per table and index, requests, consumed and throttled units, partitions, and events."},
		t.simulate)
	addTool(s, &mcp.Tool{Name: ToolCompare,
		Description: "Compare two versions of a design and plan the migration: each change online with UpdateTable (with the GSI backfill's time and cost) or a new table and a data copy (with a copy plan), what CloudFormation/CDK do (replacement warnings), the access patterns that break, and entities whose items no longer fit the new keys."},
		t.compare)
	addTool(s, &mcp.Tool{Name: ToolExport,
		Description: "Export the model: " + strings.Join(formats.FormatNames(), ", ") + ". Answers the files (path and content) and warnings for what the format cannot carry."},
		t.export)
	addTool(s, &mcp.Tool{Name: ToolShare,
		Description: "Make a share link that opens the design in the workbench page, for the human to look at: the design travels in the link (or, when too long, in the server's share store)."},
		t.share)
}

func (t *tools) listPatterns(ctx context.Context, _ *mcp.CallToolRequest, _ noInput) (*mcp.CallToolResult, listPatternsOutput, error) {
	out := listPatternsOutput{Patterns: []patternSummary{}}
	for _, p := range patterns.Catalog() {
		m := p.Model()
		ps := patternSummary{Name: p.Name, Title: p.Title, Summary: p.Narrative.Summary, Tables: []string{}, AccessPatterns: []string{}}
		for _, tb := range m.Tables {
			ps.Tables = append(ps.Tables, tb.TableName)
		}
		for _, ap := range m.AccessPatterns {
			ps.AccessPatterns = append(ps.AccessPatterns, ap.Name)
		}
		out.Patterns = append(out.Patterns, ps)
	}
	return nil, out, nil
}

func (t *tools) getPattern(ctx context.Context, _ *mcp.CallToolRequest, in getPatternInput) (*mcp.CallToolResult, getPatternOutput, error) {
	p, ok := patterns.Get(in.Name)
	if !ok {
		var names []string
		for _, p := range patterns.Catalog() {
			names = append(names, p.Name)
		}
		return nil, getPatternOutput{}, fmt.Errorf("no pattern %q: one of %s", in.Name, strings.Join(names, ", "))
	}
	b, err := model.Marshal(p.Model())
	if err != nil {
		return nil, getPatternOutput{}, err
	}
	m, err := toObject(jsonRaw(b))
	return nil, getPatternOutput{Model: m}, err
}

func (t *tools) validate(ctx context.Context, _ *mcp.CallToolRequest, in modelInput) (*mcp.CallToolResult, validateOutput, error) {
	out := validateOutput{Valid: true, Errors: []fieldError{}}
	m, err := parseModel("model", in.Model)
	if err == nil {
		err = m.Validate()
	}
	if err == nil {
		return nil, out, nil
	}
	out.Valid = false
	var fe model.Errors
	if errors.As(err, &fe) {
		for _, e := range fe {
			out.Errors = append(out.Errors, fieldError{Path: e.Path, Message: e.Message})
		}
	} else {
		out.Errors = append(out.Errors, fieldError{Message: err.Error()})
	}
	return nil, out, nil
}

// run's output is untyped: its items are DynamoDB JSON, whose schema the
// SDK cannot infer from json.RawMessage.
func (t *tools) run(ctx context.Context, _ *mcp.CallToolRequest, in runInput) (*mcp.CallToolResult, any, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	m, err := parseModel("model", in.Model)
	if err != nil {
		return nil, nil, err
	}
	params := map[string]model.Params{}
	for name, p := range in.Parameters {
		params[name] = model.Params(p)
	}
	res, err := ops.RunPatterns(ctx, m, in.AccessPatterns, params, in.Items)
	if err != nil {
		return nil, nil, err
	}
	obj, err := toObject(res)
	return nil, obj, err
}

func (t *tools) analyze(ctx context.Context, _ *mcp.CallToolRequest, in analyzeInput) (*mcp.CallToolResult, any, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	m, err := parseModel("model", in.Model)
	if err != nil {
		return nil, nil, err
	}
	rep, err := analysis.Analyze(m, analysis.Options{Resolve: patterns.Generator, Items: in.Items,
		TargetUtilization: in.TargetUtilization, Context: ctx, Budget: t.cfg.SimulationBudget})
	if err != nil {
		return nil, nil, err
	}
	obj, err := toObject(rep)
	return nil, obj, err
}

func (t *tools) simulate(ctx context.Context, _ *mcp.CallToolRequest, in simulateInput) (*mcp.CallToolResult, simulateOutput, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	m, err := parseModel("model", in.Model)
	if err != nil {
		return nil, simulateOutput{}, err
	}
	if m.Workload == nil || len(m.Workload.Requests) == 0 {
		return nil, simulateOutput{}, errors.New(`the model has no "workload" to simulate`)
	}
	secs := in.Seconds
	if secs < 0 || secs > analysis.MaxSimulationSeconds {
		return nil, simulateOutput{}, fmt.Errorf("seconds %d: 1 to %d (a day)", secs, analysis.MaxSimulationSeconds)
	}
	if secs == 0 {
		secs = analysis.DefaultSimulateSeconds
		if d := m.Workload.DurationSeconds; d > 0 {
			secs = min(d, analysis.MaxSimulationSeconds)
		}
	}
	sims, err := analysis.Simulate(m, analysis.Options{Resolve: patterns.Generator, Items: in.Items, Context: ctx, Budget: t.cfg.SimulationBudget},
		secs, max(1, secs/360))
	if err != nil {
		return nil, simulateOutput{}, err
	}
	out := simulateOutput{Seconds: secs, KeySpaces: []keySpaceSummary{}}
	for _, s := range sims {
		ev := s.Result.Events
		if len(ev) > maxEvents {
			ev = ev[:maxEvents]
		}
		if ev == nil {
			ev = []partition.Event{}
		}
		out.KeySpaces = append(out.KeySpaces, keySpaceSummary{Table: s.Table, Index: s.Index, Patterns: s.Patterns, Totals: s.Result.Totals, Events: ev})
	}
	return nil, out, nil
}

func (t *tools) compare(ctx context.Context, _ *mcp.CallToolRequest, in compareInput) (*mcp.CallToolResult, *diff.Plan, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	from, err := parseModel("from", in.From)
	if err != nil {
		return nil, nil, err
	}
	to, err := parseModel("to", in.To)
	if err != nil {
		return nil, nil, err
	}
	p, err := ops.Diff(ctx, from, to, in.SizeGB)
	return nil, p, err
}

func (t *tools) export(ctx context.Context, _ *mcp.CallToolRequest, in exportInput) (*mcp.CallToolResult, *formats.Result, error) {
	m, err := parseModel("model", in.Model)
	if err != nil {
		return nil, nil, err
	}
	res, err := exporters.RenderWith(m, in.Format, formats.Options{Resolve: patterns.Generator, Profile: in.Profile})
	return nil, res, err
}

func (t *tools) share(ctx context.Context, req *mcp.CallToolRequest, in modelInput) (*mcp.CallToolResult, shareOutput, error) {
	m, err := parseModel("model", in.Model)
	if err != nil {
		return nil, shareOutput{}, err
	}
	if err := m.Validate(); err != nil {
		return nil, shareOutput{}, fmt.Errorf("the model is not valid: %w", err)
	}
	base := t.baseURL(req)
	v, err := sharelink.Encode(m)
	if err == nil {
		return nil, shareOutput{URL: base + "/#m=" + v}, nil
	}
	if !errors.Is(err, sharelink.ErrTooLong) {
		return nil, shareOutput{}, err
	}
	if t.cfg.Store == nil {
		return nil, shareOutput{}, errNoStore
	}
	doc, err := model.Marshal(m)
	if err != nil {
		return nil, shareOutput{}, err
	}
	if len(doc) > sharestore.MaxDocument {
		return nil, shareOutput{}, fmt.Errorf("the design is %d bytes, over the %d a share may hold", len(doc), sharestore.MaxDocument)
	}
	id, err := t.cfg.Store.Put(ctx, doc)
	if err != nil {
		return nil, shareOutput{}, err
	}
	return nil, shareOutput{URL: base + "/s/" + id, Stored: true}, nil
}
