package formats

import (
	"bytes"
	"path"
	"strings"
)

// Formats read by the server's importers (package importers), which need
// YAML and HCL parsers that the page's WebAssembly leaves out; named here
// so that the page can tell which files to send to the server.
const (
	CloudFormation = "cloudformation"
	Terraform      = "terraform"
)

// jsModule reports whether ext names a JavaScript or TypeScript module.
func jsModule(ext string) bool {
	switch ext {
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return true
	}
	return false
}

// Detect guesses the import format of a file from its name and content:
// .tf is Terraform; a template (AWSTemplateFormatVersion, or Resources of
// AWS::DynamoDB:: types) is CloudFormation; a document with DataModel is
// NoSQL Workbench's; one with table_config is an AWS Labs schema.json; one
// with "models" and "indexes" is a OneTable schema (a .js or .ts module
// naming models and indexes too). It returns "" when it
// cannot tell (a workbench model, for one).
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
	case jsModule(ext) && (has("models") && has("indexes")):
		// A OneTable schema as a JavaScript or TypeScript module, its
		// keys unquoted.
		return OneTable
	case has(`resource "aws_dynamodb_table"`) || has(`terraform-aws-modules/dynamodb-table`):
		return Terraform
	}
	return ""
}
