// Package ddbapi is the part of DynamoDB's API model that code generation
// needs: the input shapes of the operations codegen/snippet renders
// (members in the model's order, each with its type), the structures
// with required members, and the SDKs' names for members and types.
//
// It is internal to codegen: snippet renders requests from it, and the
// tests' stand-ins of the AWS SDKs (codegen/internal/sdkstub) are written
// from it, so that the stand-ins have exactly the members, types and
// enums the renderers can write.
package ddbapi
