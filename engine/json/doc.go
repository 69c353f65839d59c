// Package json is the engine's JSON codec: github.com/goccy/go-json on the
// server and the command line, the standard library's encoding/json in the
// page's WebAssembly.
//
// Why two: go-json is the faster codec for the server's wire API, but its
// encoder links four copies of its virtual machine (plain, indenting, and
// the colouring two), about 1.7 MB of WebAssembly code and 0.4 MB
// gzip-compressed with their tables, while the page already carries
// encoding/json for go-app. Under GOOS=js the page uses encoding/json and
// stays within its size budget (issue 16, TestWasmSize).
//
// The API is the subset the module uses, with the same names as both
// libraries. The types (RawMessage, Number, Delim, Marshaler, Unmarshaler)
// are the standard library's in both builds, as go-json's are aliases of
// or identical to them; SyntaxError and UnmarshalTypeError are each
// library's own, so code that needs an offset asks through the functions
// here rather than by type. The two decoders word their errors
// differently: nothing that reaches a user may depend on that wording
// (engine/wire words its SerializationExceptions from its own checks and
// the standard library's scanner).
package json
