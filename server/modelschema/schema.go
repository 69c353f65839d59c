package modelschema

import (
	"encoding/json"
	"reflect"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// ID is the schema's $id; URI is the MCP resource that serves it.
const (
	ID  = "https://github.com/dynamodb-workbench/workbench/docs/model.schema.json"
	URI = "workbench://schema/model"
)

var (
	once   sync.Once
	schema *jsonschema.Schema
	doc    []byte
	errGen error
)

func build() {
	// The types the generator cannot see through: a request is the
	// operation's input object (validated against the operation by the
	// workbench), an item is DynamoDB JSON, a duration a Go duration string.
	request := &jsonschema.Schema{Type: "object", Description: "the operation's input, as the DynamoDB API takes it (QueryInput, PutItemInput, ...)"}
	item := &jsonschema.Schema{Type: "object", Description: `an item in DynamoDB JSON: {"pk": {"S": "a"}, "n": {"N": "1"}}`,
		AdditionalProperties: &jsonschema.Schema{Type: "object", Description: "an attribute value: one member, S, N, B, BOOL, NULL, M, L, SS, NS or BS"}}
	s, err := jsonschema.For[model.Model](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[json.RawMessage](): request,
		reflect.TypeFor[attr.Item]():       item,
		reflect.TypeFor[model.Duration]():  {Type: "string", Description: `a duration such as "48h" or "90s"`},
	}})
	if err != nil {
		errGen = err
		return
	}
	// The generator makes every member without omitempty required; the
	// decoder requires none of them (absent is the zero value), so the
	// schema requires only what Validate does at the top.
	relax(s, 0)
	s.Required = []string{"version", "tables"}
	s.Schema = "https://json-schema.org/draft/2020-12/schema"
	s.ID = ID
	s.Title = "DynamoDB workbench model document"
	s.Description = "A design: tables as CreateTable takes them, entities with key templates, access patterns as DynamoDB requests, a workload and a dataset (docs/model-format.md). Generated from the Go types of package model."
	schema = s
	doc, errGen = json.MarshalIndent(s, "", "  ")
	doc = append(doc, '\n')
}

// relax removes the generated required lists below the top.
func relax(s *jsonschema.Schema, depth int) {
	if s == nil || depth > 64 {
		return
	}
	if depth > 0 {
		s.Required = nil
	}
	for _, p := range s.Properties {
		relax(p, depth+1)
	}
	relax(s.Items, depth+1)
	relax(s.AdditionalProperties, depth+1)
}

// Schema returns the model document's schema (shared: do not modify it).
func Schema() (*jsonschema.Schema, error) {
	once.Do(build)
	return schema, errGen
}

// JSON returns the schema as indented JSON, as docs/model.schema.json
// holds it.
func JSON() ([]byte, error) {
	once.Do(build)
	return doc, errGen
}
