// Package importers reads DynamoDB designs where teams keep them into a
// workbench model: CloudFormation templates (JSON and YAML, short-form
// tags, CDK's synthesized output), Terraform's aws_dynamodb_table
// resources, and, through model/formats, NoSQL Workbench models, AWS
// Labs DynamoDB MCP server schemas and OneTable schemas.
//
// Import(format, data) returns a model that passes Validate and warnings:
// what the model does not keep, and every value that depended on a
// parameter, a variable, a condition or a deployed stack (those take their
// defaults). Detect guesses the format of a file from its name and
// content.
//
// The package is server-side: it parses YAML with github.com/goccy/go-yaml
// and HCL with github.com/hashicorp/hcl/v2, which would add about 0.35 MB
// and 0.68 MB (gzip) to the page's WebAssembly, so the page posts these
// formats to the server's POST /api/import. The JSON formats (NoSQL
// Workbench, AWS Labs, OneTable) are pure code in model/formats, which
// this package dispatches to; the page posts those to the server too,
// leaving their importers out of its WebAssembly.
package importers
