// Package httpguard is the one HTTP middleware that stands in front of every
// handler of the workbench's server. It makes the server safe to run on a
// shared host by refusing, before any handler runs:
//
//   - requests whose Host is not one of the server's own names (loopback
//     names, and those the operator names): a page on a DNS-rebinding host
//     name cannot reach the API or the DynamoDB endpoint as if it were
//     local;
//   - state-changing /api and /mcp requests (any method but GET, HEAD and OPTIONS)
//     that come from another origin (Origin, else Sec-Fetch-Site), or whose
//     body is not JSON (or text/csv, for a CSV import): the content types a cross-site form or a no-cors
//     fetch can send without a preflight (text/plain, form encodings, none)
//     are refused;
//   - cross-origin calls of the DynamoDB endpoint, unless the operator
//     named the origin (as DynamoDB Local's -cors does); requests without
//     an Origin header (the AWS SDKs and the CLI) pass;
//   - more than a set number of expensive requests (simulations, analyses,
//     dataset generation) at once.
//
// It also sets the security headers of every response (a
// Content-Security-Policy that go-app's WebAssembly start-up works with,
// frame protection, Referrer-Policy, nosniff).
//
// Connection-level limits (read timeouts, a cap on open connections) are
// the http.Server's and the listener's: see LimitListener.
package httpguard
