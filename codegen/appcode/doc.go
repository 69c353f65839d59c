// Package appcode generates application code from a model: the entities'
// item types and key templates, and one function per access pattern.
//
// Formats (registered with model/formats, so that POST /api/export, the
// command line's export and the page's Export tab all offer them):
//
//   - electrodb: ElectroDB entities (TypeScript) with the key templates as
//     composite attributes, one Service per table;
//   - dynamodb-toolbox: dynamodb-toolbox v2 Tables and Entities, the access
//     patterns as functions;
//   - typescript, python, go, java, csharp, rust: a typed data-access
//     module per language (AWS SDK v3 with @aws-sdk/lib-dynamodb, boto3,
//     aws-sdk-go-v2, the AWS SDK for Java v2, the AWS SDK for .NET,
//     aws-sdk-dynamodb).
//
// The model is read once into a language-neutral description (design.go:
// entities with typed fields and parsed key templates, access patterns
// with typed parameters and their request as a tree whose strings are
// literal text and parameter references); each language is then one file
// that prints that description. Adding a language is adding a file and a
// line in register.go.
//
// The Java, C# and Rust modules do not walk the request themselves: each
// pattern's request is written by codegen/snippet's renderer for the
// language (snippet.Expression; the same renderer writes the page's
// request snippets), which checks it against the operation's shape and
// gives it the SDK's types and layout. Each string holding parameters is
// given to it as parts, literal text and the parameters' identifiers
// (num(x) in Java and Num(x) in C# for a number), which it concatenates
// as the language does. The module puts the expression in the function's
// statement and what it imports in the header. The TypeScript, Python and
// Go modules still print the request tree themselves.
//
// Code is built with plain string building (no template engine). The
// package stays out of the page's WebAssembly, where it would add about
// 143 KB (brotli): the server, the command line and the MCP tools register
// it (a blank import in the root package), and the page's Export tab asks
// POST /api/export for these formats.
//
// What is generated is checked by the tests with the real toolchains
// (codecheck_test.go): one strict tsc over the TypeScript of every pattern
// and of testdata/operations.json (a model using every operation and
// attribute type), ElectroDB's and Toolbox's keys built by the libraries
// themselves, mypy --strict over the Python, go vet over the Go, javac,
// mcs and rustc over the Java, C# and Rust against stand-ins of their SDKs
// (sdkcompile_test.go, with the stand-ins of codegen/internal/sdkstub
// that snippet's checks use too: the real SDKs cannot be fetched here),
// and the key builders of TypeScript, Python and Go run and compared with
// the model's templates; an item written by the TypeScript module's
// put is read whole by the Toolbox entity's get and the reverse
// (roundtrip_test.go). The Java, C# and Rust modules have
// no item types or key builders yet: items are the SDKs' attribute maps.
package appcode
