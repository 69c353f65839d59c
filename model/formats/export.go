package formats

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/model"
)

// The export formats.
const (
	CloudFormationJSON = "cloudformation-json"
	CloudFormationYAML = "cloudformation-yaml"
	CDKTypeScript      = "cdk-ts"
	NoSQLWorkbench     = "nosql-workbench"
)

// FormatInfo describes one export format.
type FormatInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// MultiFile says the result is several files (a project) rather than
	// one document.
	MultiFile bool `json:"multiFile"`
	// Importable says ImportNoSQLWorkbench (or a future importer) reads the
	// format back.
	Importable bool `json:"importable"`
	// Server says the server renders the format (package exporters: YAML
	// through a YAML library the page's WebAssembly leaves out); RenderWith
	// refuses it with ErrServerFormat and the page fetches it from POST
	// /api/export.
	Server bool `json:"server,omitempty"`
	// Profiles says the format takes Options.Profile (ProfileProduction).
	Profiles bool `json:"profiles,omitempty"`
}

var formats = []FormatInfo{
	{Name: CloudFormationJSON, Title: "AWS CloudFormation template (JSON)", Profiles: true},
	{Name: CloudFormationYAML, Title: "AWS CloudFormation template (YAML)", Server: true, Profiles: true},
	{Name: CDKTypeScript, Title: "AWS CDK app (TypeScript)", MultiFile: true, Profiles: true},
	{Name: NoSQLWorkbench, Title: "NoSQL Workbench data model (JSON)", Importable: true},
	{Name: Terraform, Title: "Terraform (aws_dynamodb_table)", Server: true, Importable: true},
	{Name: AWSLabs, Title: "AWS Labs DynamoDB MCP server schema.json", Importable: true},
	{Name: OneTable, Title: "OneTable schema (JSON, one per table)", Importable: true},
}

// Renderer renders a format registered from outside this package (the
// application code of package appcode, which builds on model and so
// cannot be imported here). It adds its files and warnings to r.
type Renderer func(m *model.Model, opts Options, r *Result) error

// registered holds the renderers of Register's formats.
var registered = map[string]Renderer{}

// Register adds a format rendered by render to Formats and RenderWith. It
// is called from package initialization (appcode's init); a name taken
// twice is a programming error and panics.
func Register(info FormatInfo, render Renderer) {
	for _, f := range formats {
		if f.Name == info.Name {
			panic("export: format " + info.Name + " registered twice")
		}
	}
	formats = append(formats, info)
	registered[info.Name] = render
}

// The profiles of the CloudFormation and CDK exports (Options.Profile).
const (
	// ProfileDefault writes the model's tables as the model says, for a
	// sandbox or a first deployment.
	ProfileDefault = "default"
	// ProfileProduction adds what a production table needs (see
	// production.go): point-in-time recovery, deletion protection, table
	// names from a Stage parameter, auto scaling of provisioned capacity,
	// tags, an optional customer-managed KMS key, throttling alarms.
	ProfileProduction = "production"
)

// Profiles returns the profile names.
func Profiles() []string { return []string{ProfileDefault, ProfileProduction} }

// FormatByName returns the format named name.
func FormatByName(name string) (FormatInfo, bool) {
	for _, f := range formats {
		if f.Name == name {
			return f, true
		}
	}
	return FormatInfo{}, false
}

// Formats returns the export formats in the order a menu shows them.
func Formats() []FormatInfo { return append([]FormatInfo(nil), formats...) }

// FormatNames returns the formats' names.
func FormatNames() []string {
	out := make([]string, len(formats))
	for i, f := range formats {
		out[i] = f.Name
	}
	return out
}

// File is one generated file: a path relative to the output directory (for
// a single-file format, a suggested file name) and its content.
type File struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

// Result is an export: its files, what the format could not carry, and the
// media type of the content a single-file format returns.
type Result struct {
	Format string `json:"format"`
	Files  []File `json:"files"`
	// Warnings name what the model holds that the format cannot carry, or
	// what was left out (sample data beyond a limit), one sentence each.
	Warnings []string `json:"warnings"`
	// ContentType is the media type of Files[0] for a single-file format,
	// and of Concatenation for a multi-file one.
	ContentType string `json:"contentType"`
}

// Concatenation returns the files as one text, each introduced by a
// "==> path <==" line, for a page that shows a project without unpacking
// an archive. A single-file result is returned as it is.
func (r *Result) Concatenation() string {
	if len(r.Files) == 1 {
		return r.Files[0].Content
	}
	var b strings.Builder
	for i, f := range r.Files {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "==> %s <==\n", f.Path)
		b.WriteString(f.Content)
		if !strings.HasSuffix(f.Content, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Options tune an export.
type Options struct {
	// Resolve turns a dataset's generator spec into items
	// (patterns.Generator), so that a NoSQL Workbench model carries sample
	// data for a pattern. Nil: only explicit items and the model's own
	// "entities" generator are exported.
	Resolve model.Resolver
	// MaxItems caps the sample items a NoSQL Workbench model carries per
	// table (the table's first items in the dataset). 0 means
	// DefaultMaxItems; negative means none.
	MaxItems int
	// Time is the NoSQL Workbench model's creation date. Zero means the
	// model's settings.startTime, else the current time.
	Time time.Time
	// Profile is ProfileDefault ("" too) or ProfileProduction, for the
	// formats whose FormatInfo.Profiles is set; the others refuse
	// ProfileProduction.
	Profile string
}

// DefaultMaxItems is the number of sample items per table a NoSQL
// Workbench export carries unless told otherwise: enough to show every
// entity of a pattern, few enough for NoSQL Workbench's visualizer.
const DefaultMaxItems = 100

// ErrUnknownFormat is wrapped by the error of Render for a format it does
// not know.
var ErrUnknownFormat = errors.New("unknown export format")

// ErrServerFormat is wrapped by the error of RenderWith for a format the
// server renders (FormatInfo.Server): see package exporters.
var ErrServerFormat = errors.New("the server renders this format")

// Render exports m in format with the default options.
func Render(m *model.Model, format string) (*Result, error) {
	return RenderWith(m, format, Options{})
}

// RenderWith exports m in format. The model must validate: the generators
// rely on its tables being what CreateTable accepts.
func RenderWith(m *model.Model, format string, opts Options) (*Result, error) {
	if m == nil {
		return nil, errors.New("no model to export")
	}
	info, known := FormatByName(format)
	if !known {
		return nil, fmt.Errorf("%w %q (one of %s)", ErrUnknownFormat, format, strings.Join(FormatNames(), ", "))
	}
	if info.Server {
		return nil, fmt.Errorf("%w: %s (POST /api/export?format=%s, or package exporters)", ErrServerFormat, format, format)
	}
	production := false
	switch opts.Profile {
	case "", ProfileDefault:
	case ProfileProduction:
		if !info.Profiles {
			return nil, fmt.Errorf("profile %q applies to cloudformation-json, cloudformation-yaml and cdk-ts, not %s", opts.Profile, format)
		}
		production = true
	default:
		return nil, fmt.Errorf("unknown profile %q (one of %s)", opts.Profile, strings.Join(Profiles(), ", "))
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("the model does not validate: %w", err)
	}
	r := &Result{Format: format, Warnings: []string{}}
	switch format {
	case CloudFormationJSON:
		renderCloudFormation(m, production, r)
	case CDKTypeScript:
		renderCDK(m, production, r)
	case AWSLabs:
		renderAWSLabs(m, r)
	case OneTable:
		renderOneTable(m, r)
	case NoSQLWorkbench:
		if err := renderNoSQLWorkbench(m, opts, r); err != nil {
			return nil, err
		}
	default:
		if err := registered[format](m, opts, r); err != nil {
			return nil, err
		}
	}
	return r, nil
}
