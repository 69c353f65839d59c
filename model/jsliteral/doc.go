// Package jsliteral reads the object literal a JavaScript or TypeScript
// module exports (a OneTable schema: `export default {...}`,
// `const Schema = {...} as const`, `module.exports = ...`) as JSON, without
// running anything: a small, bounded reader of the literal syntax only.
//
// Read takes unquoted keys, single, double and backtick quotes (a backtick
// string without ${...}), trailing commas, comments, numbers (hex, octal,
// binary, separators), true, false, null, undefined, nested arrays and
// objects, `as const` after a value, the constructors a OneTable field
// names as its type (String, Number, Boolean, Date, Object, Array, Buffer,
// Set; read as "string", "number"...), regular expressions (read as their
// source text) and a name or a member of a name the module defines as a
// literal (`const Match = {ulid: /.../}`, then `Match.ulid`). Anything else
// (a call, a spread, a computed key, a template with ${...}) is refused
// with a SyntaxError naming its line and column. The size, the tokens and
// the nesting are bounded before any recursion.
package jsliteral
