package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/importers"
	"github.com/dynamodb-workbench/workbench/server/liveimport"
	"github.com/dynamodb-workbench/workbench/server/modelschema"
)

// The tools that start from, and end at, real infrastructure: import_design
// reads a design file (or a live endpoint) into a model, apply_design
// creates the model's tables at an endpoint and checks the access patterns
// there; and the model document's schema as a resource.

const (
	ToolImport = "import_design"
	ToolApply  = "apply_design"
)

const (
	// maxImportContent bounds a file given to import_design (the HTTP
	// import's bound).
	maxImportContent = 8 << 20
	// DefaultApplyMaxItems bounds the dataset apply_design loads, as
	// POST /api/apply's.
	DefaultApplyMaxItems = 100_000
)

type (
	importInput struct {
		Format  string            `json:"format,omitempty" jsonschema:"nosql-workbench, cloudformation, terraform, awslabs, onetable, or endpoint (a live DynamoDB endpoint); absent: the name and content tell"`
		Name    string            `json:"name,omitempty" jsonschema:"the file's name (template.yaml, main.tf, schema.ts), which helps tell the format"`
		Content string            `json:"content,omitempty" jsonschema:"the file's text: a CloudFormation or CDK template (JSON or YAML), a Terraform file, a NoSQL Workbench model, an AWS Labs schema.json, a OneTable schema (JSON or a JavaScript/TypeScript module)"`
		Params  map[string]string `json:"params,omitempty" jsonschema:"CloudFormation parameter values by name (AWS::Region too); the others take their defaults"`
		// The endpoint import.
		Endpoint string   `json:"endpoint,omitempty" jsonschema:"with format endpoint: the DynamoDB endpoint URL (loopback, or one the server allows with -apply-endpoints)"`
		Region   string   `json:"region,omitempty" jsonschema:"with format endpoint: the AWS region"`
		Tables   []string `json:"tables,omitempty" jsonschema:"with format endpoint: the tables to read (absent: all)"`
		Sample   int      `json:"sample,omitempty" jsonschema:"with format endpoint: items to sample per table"`
	}
	importOutput struct {
		Model    Model    `json:"model" jsonschema:"the imported model document"`
		Warnings []string `json:"warnings" jsonschema:"what the model could not keep or had to assume"`
	}

	applyInput struct {
		Model      Model  `json:"model" jsonschema:"a model document (docs/model.schema.json)"`
		Endpoint   string `json:"endpoint" jsonschema:"the DynamoDB endpoint URL: loopback (this workbench, DynamoDB Local) or one the server allows with -apply-endpoints"`
		Region     string `json:"region,omitempty" jsonschema:"the AWS region"`
		Replace    bool   `json:"replace,omitempty" jsonschema:"delete and create again tables that exist at the endpoint (otherwise an existing table stops the apply before anything changes)"`
		SkipWrites bool   `json:"skipWrites,omitempty" jsonschema:"run only the read access patterns"`
	}
)

func (t *tools) registerDesign(s *mcp.Server) {
	addTool(s, &mcp.Tool{Name: ToolImport,
		Description: "Import an existing design into a model document: a CloudFormation or CDK template, a Terraform file, a NoSQL Workbench model, an AWS Labs schema.json, a OneTable schema, or a live DynamoDB endpoint (DescribeTable and a sample of items). Answers the model and warnings for what it could not keep."},
		t.importDesign)
	addTool(s, &mcp.Tool{Name: ToolApply,
		Description: "Apply the model to a DynamoDB endpoint: create its tables (with every setting: indexes, TTL, point-in-time recovery, tags...), load the dataset, and run the access patterns there and on the workbench's engine, comparing the items. Only endpoints the server's policy allows (loopback by default)."},
		t.applyDesign)
	schema, err := modelschema.JSON()
	if err != nil {
		panic(fmt.Sprintf("mcpserver: the model's schema: %v", err))
	}
	s.AddResource(&mcp.Resource{URI: modelschema.URI, Name: "model-schema", Title: "Model document JSON Schema",
		Description: "The JSON Schema of the model document every tool takes (docs/model.schema.json; GET /api/schema over HTTP).",
		MIMEType:    "application/schema+json", Size: int64(len(schema))},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: modelschema.URI, MIMEType: "application/schema+json", Text: string(schema)}}}, nil
		})
}

func (t *tools) importDesign(ctx context.Context, _ *mcp.CallToolRequest, in importInput) (*mcp.CallToolResult, importOutput, error) {
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	var m *model.Model
	var warnings []string
	var err error
	if in.Format == "endpoint" {
		m, warnings, err = t.importEndpoint(ctx, in)
	} else {
		if in.Endpoint != "" || in.Region != "" || len(in.Tables) > 0 || in.Sample != 0 {
			return nil, importOutput{}, errors.New("endpoint, region, tables and sample go with format endpoint")
		}
		if strings.TrimSpace(in.Content) == "" {
			return nil, importOutput{}, errors.New("content: the file's text is needed")
		}
		if len(in.Content) > maxImportContent {
			return nil, importOutput{}, fmt.Errorf("content: %d bytes, over the %d an import reads", len(in.Content), maxImportContent)
		}
		format := importers.FormatName(in.Format)
		if format == "" {
			if format = importers.Detect(in.Name, []byte(in.Content)); format == "" {
				return nil, importOutput{}, fmt.Errorf("format: the content does not tell its format; give one of %s", strings.Join(importers.Formats, ", "))
			}
		}
		if len(in.Params) > 0 && format != importers.CloudFormation {
			return nil, importOutput{}, fmt.Errorf("params gives a CloudFormation template's parameters, not a %s file's", format)
		}
		m, warnings, err = importers.ImportWith(format, []byte(in.Content), importers.Options{Params: in.Params})
	}
	if err != nil {
		return nil, importOutput{}, err
	}
	doc, err := model.Marshal(m)
	if err != nil {
		return nil, importOutput{}, err
	}
	obj, err := toObject(jsonRaw(doc))
	if warnings == nil {
		warnings = []string{}
	}
	return nil, importOutput{Model: obj, Warnings: warnings}, err
}

func (t *tools) importEndpoint(ctx context.Context, in importInput) (*model.Model, []string, error) {
	if in.Content != "" || len(in.Params) > 0 {
		return nil, nil, errors.New("format endpoint reads a live endpoint: content and params go with the file formats")
	}
	client, err := t.client(ctx, in.Endpoint, in.Region)
	if err != nil {
		return nil, nil, err
	}
	if in.Sample < 0 || in.Sample > liveimport.MaxSample {
		return nil, nil, fmt.Errorf("sample %d: 0 (the default, %d) to %d items per table", in.Sample, liveimport.DefaultSample, liveimport.MaxSample)
	}
	ctx, cancel := context.WithTimeout(ctx, liveimport.Timeout)
	defer cancel()
	return liveimport.Run(ctx, client, liveimport.Options{Tables: in.Tables, Sample: in.Sample})
}

// client checks an endpoint against the policy and connects to it.
func (t *tools) client(ctx context.Context, endpoint, region string) (*dynamodb.Client, error) {
	if endpoint == "" {
		return nil, errors.New("endpoint: which DynamoDB endpoint? give its URL")
	}
	u, err := apply.ParseEndpoint(endpoint)
	if err != nil {
		return nil, fmt.Errorf("endpoint: %w", err)
	}
	if err := t.cfg.Endpoints.Allows(u); err != nil {
		return nil, err
	}
	return apply.NewClient(ctx, u.String(), region)
}

func (t *tools) applyDesign(ctx context.Context, _ *mcp.CallToolRequest, in applyInput) (*mcp.CallToolResult, *apply.Report, error) {
	m, err := parseModel("model", in.Model)
	if err != nil {
		return nil, nil, err
	}
	client, err := t.client(ctx, in.Endpoint, in.Region)
	if err != nil {
		return nil, nil, err
	}
	// One apply at a time, shared with POST /api/apply: applies to one
	// endpoint would race on its tables.
	select {
	case t.cfg.ApplyGate <- struct{}{}:
		defer func() { <-t.cfg.ApplyGate }()
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
	ctx, cancel := withTimeout(ctx)
	defer cancel()
	rep, err := apply.Run(ctx, m, client, apply.Options{Replace: in.Replace, SkipWrites: in.SkipWrites,
		MaxItems: t.cfg.ApplyMaxItems, Endpoint: in.Endpoint})
	if err != nil {
		return nil, nil, err
	}
	return nil, rep, nil
}
