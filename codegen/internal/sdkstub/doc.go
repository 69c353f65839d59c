// Package sdkstub writes stand-ins of the AWS SDKs that generated code is
// compiled against in the tests, since the real ones (Maven Central's,
// NuGet's, crates.io's) cannot be fetched here: the AWS SDK for Java v2
// (Java, for javac), the AWS SDK for .NET (CSharp, for mcs), and the
// crates aws-sdk-dynamodb, aws-config and tokio (Rust, for rustc).
//
// The stand-ins are written from DynamoDB's API model as ddbapi has it:
// every operation, structure and enum the renderers can write, with the
// member types the shapes give and each SDK's calling conventions as its
// documentation describes them (Java v2's builders with their Collection,
// varargs and Consumer overloads and a String overload for every enum;
// .NET's properties and constant classes; Rust's fluent builders whose
// list and map setters append and whose build() returns a Result when the
// structure has required members), plus what the generated data-access
// code reads of the responses (items, the last evaluated key, a GetItem's
// item). What they cannot check is that the SDKs use the names they were
// written with: those come from the same functions as the renderers'
// (snippet's TestShapesMatchSDK checks the shapes themselves against the
// SDK for Go).
//
// Both codegen/snippet's compiler checks (one snippet per request) and
// codegen/appcode's (the data-access modules) use them. The package is
// imported only by _test.go files.
package sdkstub
