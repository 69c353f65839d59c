package importers

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// The import formats (the endpoint import, which reads a live table, is
// apart: see package liveimport).
const (
	NoSQLWorkbench = formats.NoSQLWorkbench
	CloudFormation = formats.CloudFormation
	Terraform      = formats.Terraform
	AWSLabs        = formats.AWSLabs
	OneTable       = formats.OneTable
)

// Formats are the formats Import reads, in the order a menu shows them.
var Formats = []string{NoSQLWorkbench, CloudFormation, Terraform, AWSLabs, OneTable}

// ErrUnknownFormat is wrapped by Import's error for a format it does not
// read.
var ErrUnknownFormat = errors.New("unknown import format")

// Options are what an import is told besides the file.
type Options struct {
	// Params are values of a CloudFormation template's parameters (and of
	// its pseudo parameters, AWS::Region...), by name: a parameter given
	// here takes this value, others their Default. Other formats ignore
	// them.
	Params map[string]string
}

// Import reads a file of format and returns the model, passing Validate,
// and warnings naming what the model could not keep or had to assume.
func Import(format string, data []byte) (*model.Model, []string, error) {
	return ImportWith(format, data, Options{})
}

// ParseParams reads parameter values written NAME=VALUE (?param= over
// HTTP, -param on the command line), a name given once.
func ParseParams(list []string) (map[string]string, error) {
	out := map[string]string{}
	for _, kv := range list {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			return nil, fmt.Errorf("parameter %q: write NAME=VALUE", truncate(kv))
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("parameter %s is given twice", truncate(name))
		}
		out[name] = value
	}
	return out, nil
}

// truncate keeps a value quoted in a message short.
func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// ImportWith is Import with options.
func ImportWith(format string, data []byte, opts Options) (*model.Model, []string, error) {
	switch format {
	case NoSQLWorkbench:
		return formats.ImportNoSQLWorkbench(data)
	case CloudFormation:
		return ImportCloudFormationWith(data, opts.Params)
	case Terraform:
		return ImportTerraform(map[string][]byte{"main.tf": data})
	case AWSLabs:
		return formats.ImportAWSLabs(data)
	case OneTable:
		return formats.ImportOneTable(data)
	}
	return nil, nil, fmt.Errorf("%w %q (one of %s)", ErrUnknownFormat, format, strings.Join(Formats, ", "))
}

// Detect guesses a file's format from its name and content (see
// formats.Detect, which the page shares).
func Detect(name string, data []byte) string { return formats.Detect(name, data) }

// FormatName accepts the export formats' names for the import formats
// that read them back (cloudformation-json and -yaml are cloudformation).
func FormatName(f string) string {
	switch f {
	case formats.CloudFormationJSON, formats.CloudFormationYAML:
		return CloudFormation
	}
	return f
}
