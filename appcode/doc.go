// Package appcode generates application code from a model: the entities'
// item types and key templates, and one function per access pattern.
//
// Formats (registered with engine/export, so that POST /api/export, the
// command line's export and the page's Export tab all offer them):
//
//   - electrodb: ElectroDB entities (TypeScript) with the key templates as
//     composite attributes, one Service per table;
//   - dynamodb-toolbox: dynamodb-toolbox v2 Tables and Entities, the access
//     patterns as functions;
//   - typescript, python, go: a typed data-access module per language (AWS
//     SDK v3 with @aws-sdk/lib-dynamodb, boto3, aws-sdk-go-v2).
//
// The model is read once into a language-neutral description (design.go:
// entities with typed fields and parsed key templates, access patterns
// with typed parameters and their request as a tree whose strings are
// literal text and parameter references); each language is then one file
// that prints that description. Adding a language is adding a file and a
// line in register.go.
//
// Code is built with plain string building (no text/template): the
// package runs in the page's WebAssembly too.
package appcode
