// Package apply takes a model from the workbench to a real DynamoDB
// endpoint (AWS, DynamoDB Local, ScyllaDB Alternator, or the workbench's
// own wire API) through the AWS SDK for Go v2, and checks that the
// workbench's engine told the truth about it.
//
// Run creates the model's tables (CreateTable with the model's own
// definition, waiting until ACTIVE), turns on their time to live, loads the
// dataset with BatchWriteItem (resubmitting unprocessed items with
// backoff), then runs every access pattern with its example parameters at
// the endpoint and in a fresh in-process engine loaded the same way, and
// reports for each whether the two agree: items (in order where DynamoDB
// defines one), Count, ScannedCount, error codes.
//
// Requests are stored in the model as DynamoDB JSON; they reach the SDK's
// typed inputs through a reflective decoder (convert.go), since the SDK's
// field names are DynamoDB's member names.
//
// NewClient builds an SDK client for an endpoint, with placeholder
// credentials for a loopback emulator. The package is server-side only: it
// imports the SDK, which the WebAssembly build must never compile.
package apply
