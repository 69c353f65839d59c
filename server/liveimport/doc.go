// Package liveimport reads a design from a live DynamoDB endpoint (AWS or
// any compatible one, such as this workbench's own wire API): each table's
// DescribeTable, time to live, tags and continuous backups, and a sample
// of its items read with a parallel Scan. From the sample it infers
// entities: items are grouped by the prefixes of their key values
// ("USER#", "ORDER#"), each group becomes an entity with key templates
// ("USER#{userId}") and attribute schemas whose generators are inferred
// from the values (model/gen.Infer). The sample becomes the
// model's dataset.
//
// Like apply, it imports the AWS SDK, so it is server-side only; the
// server reaches endpoints under apply's policy (loopback unless listed).
package liveimport
