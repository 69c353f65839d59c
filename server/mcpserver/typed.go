package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dynamodb-workbench/workbench/server/modelschema"
)

// addTool registers a tool whose arguments decode into In and whose answer
// is Out, as mcp.AddTool does, with two differences. The input schema is
// the arguments' with every model document described by the model's JSON
// Schema (modelschema, under $defs). And the arguments are decoded here,
// not validated by the SDK against that schema, whose errors quote the
// value they refuse (a model sent as a string came back whole): an
// argument of the wrong type is answered with its path and the kind
// expected, never its content.
func addTool[In, Out any](s *mcp.Server, tool *mcp.Tool, h func(context.Context, *mcp.CallToolRequest, In) (*mcp.CallToolResult, Out, error)) {
	tool.InputSchema = inputSchema[In]()
	if out, err := jsonschema.For[Out](nil); err == nil && out.Type == "object" {
		tool.OutputSchema = out
	}
	s.AddTool(tool, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in In
		if err := decodeArguments(req.Params.Arguments, &in); err != nil {
			return errorResult(err), nil
		}
		res, out, err := h(ctx, req, in)
		if err != nil {
			return errorResult(err), nil
		}
		b, err := json.Marshal(out)
		if err != nil {
			return errorResult(err), nil
		}
		if res == nil {
			res = &mcp.CallToolResult{}
		}
		res.Content = []mcp.Content{&mcp.TextContent{Text: string(b)}}
		res.StructuredContent = json.RawMessage(b)
		return res, nil
	})
}

func errorResult(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}

// modelType is a model document among the arguments.
var modelType = reflect.TypeFor[Model]()

// inputSchema is In's schema, its model documents the model's schema.
func inputSchema[In any]() *jsonschema.Schema {
	ref := &jsonschema.Schema{Ref: "#/$defs/model"}
	s, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{modelType: ref}})
	if err != nil {
		panic(fmt.Sprintf("mcpserver: the input schema of %T: %v", *new(In), err)) // a programming error
	}
	if bytes.Contains(mustJSON(s), []byte(`"#/$defs/model"`)) {
		m, err := modelschema.Schema()
		if err != nil {
			panic(fmt.Sprintf("mcpserver: the model's schema: %v", err))
		}
		def := *m
		def.Schema, def.ID = "", "" // a definition inside the tool's schema
		s.Defs = map[string]*jsonschema.Schema{"model": &def}
	}
	return s
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// decodeArguments decodes a call's arguments strictly; its errors name the
// argument and the kind of value expected, never the value.
func decodeArguments(raw json.RawMessage, v any) error {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		where := typeErr.Field
		if where == "" {
			where = "the arguments"
		}
		return fmt.Errorf("%s: %s where %s is expected", where, article(typeErr.Value), kind(typeErr.Type))
	case errors.As(err, &syntaxErr):
		return fmt.Errorf("the arguments are not JSON (at byte %d)", syntaxErr.Offset)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.TrimPrefix(err.Error(), "json: unknown field ")
		if len(name) > 80 {
			name = name[:80] + `..."`
		}
		return fmt.Errorf("unknown argument %s", name)
	}
	return errors.New("the arguments could not be read")
}

func article(jsonKind string) string {
	switch jsonKind {
	case "array", "object", "":
		return "an " + map[string]string{"": "unknown value"}[jsonKind] + jsonKind
	}
	return "a " + jsonKind
}

// kind describes a Go type as the JSON it takes.
func kind(t reflect.Type) string {
	if t == modelType {
		return "an object (a model document, docs/model.schema.json; not a string holding one)"
	}
	switch t.Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Float64, reflect.Float32, reflect.Uint, reflect.Uint64:
		return "a number"
	case reflect.Pointer:
		return kind(t.Elem())
	}
	return "another value"
}
