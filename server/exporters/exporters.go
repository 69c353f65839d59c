package exporters

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// Render exports m in format with the default options.
func Render(m *model.Model, format string) (*formats.Result, error) {
	return RenderWith(m, format, formats.Options{})
}

// RenderWith exports m in format: formats.RenderWith for the engine's
// formats, the YAML template from the JSON one, and Terraform
// (terraform.go).
func RenderWith(m *model.Model, format string, opts formats.Options) (*formats.Result, error) {
	if format == formats.Terraform {
		return renderTerraform(m, opts)
	}
	if format != formats.CloudFormationYAML {
		return formats.RenderWith(m, format, opts)
	}
	r, err := formats.RenderWith(m, formats.CloudFormationJSON, opts)
	if err != nil {
		return nil, err
	}
	for i, f := range r.Files {
		y, err := JSONToYAML([]byte(f.Content))
		if err != nil {
			// The engine writes JSON that always reads back: a failure
			// here is a bug, reported rather than hidden.
			return nil, fmt.Errorf("writing %s as YAML: %w", f.Path, err)
		}
		r.Files[i] = formats.File{Path: strings.TrimSuffix(f.Path, ".json") + ".yaml", Content: string(y)}
	}
	r.Format = format
	r.ContentType = "application/yaml"
	return r, nil
}

// JSONToYAML writes a JSON document as block YAML with the members in
// their order, two-space indentation and indented sequences (as the
// CloudFormation documentation writes templates). Intrinsic functions
// keep their long form ("Fn::Sub:", "Ref:"), which every YAML reader takes
// as it is; go-yaml quotes every string a reader could take for something
// else ("yes", "1.0", "null", "2026-01-01").
func JSONToYAML(data []byte) ([]byte, error) {
	var v any
	if err := yaml.UnmarshalWithOptions(data, &v, yaml.UseOrderedMap(), yaml.UseJSONUnmarshaler()); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b, yaml.Indent(2), yaml.IndentSequence(true), yaml.UseLiteralStyleIfMultiline(false))
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
