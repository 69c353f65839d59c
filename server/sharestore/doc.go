// Package sharestore keeps the models people share through the server
// (POST /api/share, GET /api/share/{id}, the page's /s/{id}).
//
// A share's id is content-addressed: the first 18 bytes of the SHA-256 of
// the canonical document (model.Marshal of the parsed model), as 24
// base64url characters. The same model always gets the same id, so sharing
// twice stores once; 144 bits cannot be enumerated, so an id is as private
// as the link that carries it. Every document is parsed and validated
// (model.Parse) and refused over MaxDocument bytes as sent; a stored
// document is checked against its id when read back.
//
// Two stores implement Store:
//
//   - Bolt, the default: an embedded bbolt database (share.db in the
//     server's -data folder, created on first run). Put returns once the
//     transaction is fsynced, so an acknowledged share survives a crash.
//   - DynamoDB: a table (key "id", type S; on demand; created when absent)
//     reached through the AWS SDK for Go v2, for a team that runs several
//     servers; any DynamoDB-compatible endpoint works. A document is stored
//     DEFLATE-compressed and, past what one item holds, in parts.
//
// Open picks one from the server's -store flag.
package sharestore
