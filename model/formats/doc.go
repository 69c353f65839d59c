// Package export turns a workbench model into infrastructure code and into
// other tools' model formats (NoSQL Workbench, AWS Labs, OneTable), and
// reads those back. The server, the command line and the page (as WebAssembly) run the
// same generators.
//
// Formats (Formats, Render, RenderWith):
//
//   - cloudformation-json, cloudformation-yaml: a template with one
//     AWS::DynamoDB::Table per model table. AttributeDefinitions hold
//     exactly the attributes the table's and its indexes' keys use
//     (CloudFormation refuses others); key schema, billing mode, provisioned
//     throughput (the table's and each GSI's) or on-demand limits, GSIs and
//     LSIs with their projections, stream, time to live, table class,
//     deletion protection and tags are written when the model sets them.
//     Tables are retained on stack deletion; tables with secondary indexes
//     depend on one another so that CloudFormation creates them in turn.
//     Outputs give each table's name and ARN, and its stream's ARN. A
//     model's auto scaling becomes Application Auto Scaling targets and
//     target-tracking policies. This package writes the JSON template; the
//     server's package exporters writes the YAML one from it (with a YAML
//     library the page's WebAssembly leaves out: FormatInfo.Server).
//   - cdk-ts: an AWS CDK app in TypeScript (package.json with pinned
//     versions, cdk.json, tsconfig.json, bin/, lib/): a Table construct
//     (AWS::DynamoDB::Table) for every table, whatever its billing mode,
//     under the CloudFormation export's logical id, every default written
//     out; its synthesized template is the CloudFormation export.
//
// Options.Profile ProfileProduction (production.go) adds to both what a
// production table needs: point-in-time recovery and deletion protection,
// Stage-named tables, an optional customer-managed KMS key, auto scaling of
// provisioned capacity, throttling alarms.
//
// Other formats:
//
//   - nosql-workbench: NoSQL Workbench's model JSON (version 3.0): one
//     facet per entity, its key aliases holding the entity's key templates
//     and its TableData the entity's sample items; what the format cannot
//     carry (time to live, streams, LSIs, tags, ...) is reported in
//     Result.Warnings and stays in the workbench model.
//   - terraform: an aws_dynamodb_table resource per table, and
//     aws_appautoscaling_target and _policy resources for its auto scaling
//     (terraform.go).
//   - awslabs: the AWS Labs DynamoDB MCP server's schema.json (tables,
//     entities with pk_template and sk_template, fields, GSI mappings,
//     access patterns with range conditions; awslabs.go).
//   - onetable: a OneTable schema per table (indexes, models with value
//     templates; onetable.go).
//
// ImportNoSQLWorkbench reads a NoSQL Workbench model (facets with their own
// TableData, INCLUDE projections, provisioned capacity settings and auto
// scaling) into a model that passes Validate; ImportAWSLabs and
// ImportOneTable read their formats back. Detect guesses a file's import
// format (the page uses it to name what it sends); the server's package
// importers dispatches every import format, these and CloudFormation and
// Terraform, whose parsers it holds. The page posts every import to
// POST /api/import, so the importers stay out of its WebAssembly.
//
// The package imports only the standard library and the engine's packages.
package formats
