package snippet

import (
	"strings"

	"github.com/dynamodb-workbench/workbench/codegen/internal/ddbapi"
)

// The operations' input shapes are DynamoDB's API model (ddbapi, from
// which the tests' stand-in SDKs are also written). They are what turns a
// JSON value into each language's type: a JSON number is an *int32 or an
// *int64 in Go, a JSON string an *string, an enum constant or, inside an
// attribute value, a []byte. The tests check them against the SDK for Go's
// structs and, where installed, the AWS CLI's argument tables.

type (
	shape     = ddbapi.Shape
	field     = ddbapi.Field
	operation = ddbapi.Operation
)

const (
	kString = ddbapi.String
	kInt32  = ddbapi.Int32
	kInt64  = ddbapi.Int64
	kBool   = ddbapi.Bool
	kEnum   = ddbapi.Enum
	kStruct = ddbapi.Struct
	kList   = ddbapi.List
	kMap    = ddbapi.Map
	kAttr   = ddbapi.Attr
)

// operations are the supported operations by name.
var operations = ddbapi.Operations

// tAttrMap is a map of attribute values (Item, Key, ...).
var tAttrMap = ddbapi.AttrMap

// words, joinWords, snake, lowerCamel and rustName are the SDKs' names.
var (
	words      = ddbapi.Words
	joinWords  = ddbapi.JoinWords
	snake      = ddbapi.Snake
	lowerCamel = ddbapi.LowerCamel
	rustName   = ddbapi.RustName
)

// enumConstant is the SDK for Go's constant for an enum value ("ALL_NEW"
// of ReturnValue is ReturnValueAllNew), or "" when the value is not one
// the SDK knows.
func enumConstant(s *shape, value string) string {
	known := false
	for _, v := range s.Values {
		known = known || v == value
	}
	if !known {
		return ""
	}
	var b strings.Builder
	b.WriteString(s.Name)
	for _, part := range strings.Split(value, "_") {
		if part == "" {
			continue
		}
		b.WriteString(part[:1])
		b.WriteString(strings.ToLower(part[1:]))
	}
	return b.String()
}
