package importers

import (
	"bytes"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/export"
	"github.com/dynamodb-workbench/workbench/engine/model"
)

// The import formats (the endpoint import, which reads a live table, is
// apart: see package liveimport).
const (
	NoSQLWorkbench = export.NoSQLWorkbench
	CloudFormation = "cloudformation"
	Terraform      = "terraform"
	AWSLabs        = export.AWSLabs
	OneTable       = export.OneTable
)

// Formats are the formats Import reads, in the order a menu shows them.
var Formats = []string{NoSQLWorkbench, CloudFormation, Terraform, AWSLabs, OneTable}

// ErrUnknownFormat is wrapped by Import's error for a format it does not
// read.
var ErrUnknownFormat = errors.New("unknown import format")

// Import reads a file of format and returns the model, passing Validate,
// and warnings naming what the model could not keep or had to assume.
func Import(format string, data []byte) (*model.Model, []string, error) {
	switch format {
	case NoSQLWorkbench:
		return export.ImportNoSQLWorkbench(data)
	case CloudFormation:
		return ImportCloudFormation(data)
	case Terraform:
		return ImportTerraform(map[string][]byte{"main.tf": data})
	case AWSLabs:
		return export.ImportAWSLabs(data)
	case OneTable:
		return export.ImportOneTable(data)
	}
	return nil, nil, fmt.Errorf("%w %q (one of %s)", ErrUnknownFormat, format, strings.Join(Formats, ", "))
}

// Detect guesses a file's format from its name and content: .tf is
// Terraform; a template (AWSTemplateFormatVersion or Resources) is
// CloudFormation; a document with DataModel is NoSQL Workbench's; one with
// "models" and "indexes" is a OneTable schema; one with "tables" holding
// table_config is the AWS Labs MCP server's. It returns "" when it cannot
// tell.
func Detect(name string, data []byte) string {
	ext := strings.ToLower(path.Ext(name))
	if ext == ".tf" || ext == ".hcl" {
		return Terraform
	}
	head := data
	if len(head) > 64<<10 {
		head = head[:64<<10]
	}
	has := func(s string) bool { return bytes.Contains(head, []byte(s)) }
	switch {
	case has("AWSTemplateFormatVersion") || (has("Resources") && has("AWS::DynamoDB::")):
		return CloudFormation
	case has(`"DataModel"`):
		return NoSQLWorkbench
	case has(`"table_config"`):
		return AWSLabs
	case has(`"models"`) && has(`"indexes"`):
		return OneTable
	case has(`resource "aws_dynamodb_table"`):
		return Terraform
	}
	return ""
}
