// Package sharelink turns a model into the value of a share link's URL
// fragment (/#m=<value>) and back, so that a design travels without a
// server: the fragment never leaves the browser that opens the link.
//
// A value is a version tag ("2."), a checksum and a dot, then the payload:
// the model's JSON (model.Marshal) compressed with DEFLATE at best
// compression, in unpadded base64url, which needs no escaping in a URL. The
// checksum (the first 48 bits of the payload's SHA-256, in base64url) makes
// a link damaged on its way (a character changed, the link cut short) say
// so instead of opening a different design. Version 1 links, without the
// checksum ("1." then the payload), still open. The dataset travels as the model carries it:
// explicit items, or the generator spec that regenerates them.
//
// Decode guards against hostile links: an unknown version, corrupt data,
// trailing bytes and an expansion past MaxInflated are clear errors, and a
// decoded document goes through model.Parse (migration and validation).
// Encode refuses a model whose link would pass MaxLength with ErrTooLong,
// so that the UI can offer a stored share (POST /api/share) instead.
//
// The package is compiled into the page's WebAssembly program as well as
// the server; it imports only the standard library and model.
package sharelink
