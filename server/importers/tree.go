package importers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// A template is read into a small tree of plain values: *omap for a
// mapping (keeping its order, so that tables import in the template's
// order), []any for a sequence, and string, int64, float64, bool or nil
// for a scalar.

// omap is a mapping that remembers the order of its keys.
type omap struct {
	keys []string
	vals map[string]any
}

func newOmap() *omap { return &omap{vals: map[string]any{}} }

func (m *omap) set(k string, v any) {
	if _, ok := m.vals[k]; !ok {
		m.keys = append(m.keys, k)
	}
	m.vals[k] = v
}

func (m *omap) get(k string) (any, bool) {
	if m == nil {
		return nil, false
	}
	v, ok := m.vals[k]
	return v, ok
}

// maxDepth bounds the nesting of a template, so that a hostile file cannot
// exhaust the stack.
const maxDepth = 100

// readJSONTree decodes a JSON document into the tree.
func readJSONTree(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := jsonValue(dec, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: data after the document")
	}
	return v, nil
}

func jsonValue(dec *json.Decoder, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("the document nests deeper than %d levels", maxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			m := newOmap()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, fmt.Errorf("invalid JSON: %v", err)
				}
				k, _ := kt.(string)
				v, err := jsonValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				m.set(k, v)
			}
			_, err := dec.Token()
			return m, err
		case '[':
			out := []any{}
			for dec.More() {
				v, err := jsonValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			_, err := dec.Token()
			return out, err
		}
		return nil, fmt.Errorf("invalid JSON: unexpected %v", t)
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i, nil
		}
		f, err := t.Float64()
		if err != nil {
			return nil, fmt.Errorf("invalid JSON number %s", t)
		}
		return f, nil
	default:
		return t, nil // string, bool, nil
	}
}

// readYAMLTree parses a YAML document with goccy/go-yaml and converts its
// syntax tree, turning CloudFormation's short-form tags into the long
// form: "!Ref X" is {"Ref": "X"}, "!GetAtt A.B" is {"Fn::GetAtt": ["A",
// "B"]}, "!Condition C" is {"Condition": "C"} and any other "!Name v" is
// {"Fn::Name": v}.
func readYAMLTree(data []byte) (any, error) {
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return nil, fmt.Errorf("invalid YAML: %v", err)
	}
	if len(f.Docs) == 0 || f.Docs[0].Body == nil {
		return nil, errors.New("the YAML file is empty")
	}
	if len(f.Docs) > 1 {
		return nil, errors.New("the YAML file holds several documents; a template is one")
	}
	c := &yamlConv{anchors: map[string]any{}}
	return c.node(f.Docs[0].Body, 0)
}

type yamlConv struct {
	anchors map[string]any
	// aliases counts alias expansions, so that a "billion laughs" file
	// cannot make the tree explode.
	aliases int
}

const maxAliases = 10_000

func (c *yamlConv) node(n ast.Node, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("the document nests deeper than %d levels", maxDepth)
	}
	switch n := n.(type) {
	case nil:
		return nil, nil
	case *ast.MappingNode:
		m := newOmap()
		for _, mv := range n.Values {
			if err := c.pair(m, mv, depth); err != nil {
				return nil, err
			}
		}
		return m, nil
	case *ast.MappingValueNode:
		m := newOmap()
		return m, c.pair(m, n, depth)
	case *ast.SequenceNode:
		out := make([]any, 0, len(n.Values))
		for _, v := range n.Values {
			x, err := c.node(v, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
		return out, nil
	case *ast.AnchorNode:
		v, err := c.node(n.Value, depth+1)
		if err != nil {
			return nil, err
		}
		c.anchors[n.Name.String()] = v
		return v, nil
	case *ast.AliasNode:
		c.aliases++
		if c.aliases > maxAliases {
			return nil, fmt.Errorf("more than %d aliases", maxAliases)
		}
		v, ok := c.anchors[n.Value.String()]
		if !ok {
			return nil, fmt.Errorf("line %d: alias *%s names no anchor", n.GetToken().Position.Line, n.Value.String())
		}
		return v, nil
	case *ast.TagNode:
		return c.tag(n, depth)
	case *ast.CommentNode, *ast.CommentGroupNode:
		return nil, nil
	case *ast.StringNode:
		return n.Value, nil
	case *ast.LiteralNode:
		return n.Value.Value, nil
	case *ast.IntegerNode:
		switch v := n.GetValue().(type) {
		case int64:
			return v, nil
		case uint64:
			return int64(v), nil
		case int:
			return int64(v), nil
		}
		return n.GetToken().Value, nil
	case *ast.FloatNode:
		return n.Value, nil
	case *ast.BoolNode:
		return n.Value, nil
	case *ast.NullNode:
		return nil, nil
	case ast.ScalarNode:
		return n.GetValue(), nil
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node %s", n.GetToken().Position.Line, n.Type())
}

func (c *yamlConv) pair(m *omap, mv *ast.MappingValueNode, depth int) error {
	if _, ok := mv.Key.(*ast.MergeKeyNode); ok {
		v, err := c.node(mv.Value, depth+1)
		if err != nil {
			return err
		}
		src, ok := v.(*omap)
		if !ok {
			return fmt.Errorf("line %d: a merge key (<<) takes a mapping", mv.GetToken().Position.Line)
		}
		for _, k := range src.keys {
			if _, has := m.vals[k]; !has {
				m.set(k, src.vals[k])
			}
		}
		return nil
	}
	k, err := c.node(mv.Key, depth+1)
	if err != nil {
		return err
	}
	v, err := c.node(mv.Value, depth+1)
	if err != nil {
		return err
	}
	m.set(scalarString(k), v)
	return nil
}

// tag converts a tagged node: CloudFormation's intrinsic functions, or one
// of YAML's own tags (!!str, !!int, ...) which the library decodes.
func (c *yamlConv) tag(n *ast.TagNode, depth int) (any, error) {
	name := n.Start.Value
	if strings.HasPrefix(name, "!!") {
		var v any
		if err := yaml.NodeToValue(n, &v); err != nil {
			return nil, fmt.Errorf("line %d: %v", n.GetToken().Position.Line, err)
		}
		switch x := v.(type) {
		case uint64:
			return int64(x), nil
		case int:
			return int64(x), nil
		case map[string]any, []any:
			return c.node(n.Value, depth+1)
		}
		return v, nil
	}
	v, err := c.node(n.Value, depth+1)
	if err != nil {
		return nil, err
	}
	fn := strings.TrimPrefix(name, "!")
	m := newOmap()
	switch fn {
	case "Ref", "Condition":
		m.set(fn, v)
	case "GetAtt":
		// The short form takes "Resource.Attribute" (or a list).
		if s, ok := v.(string); ok {
			res, att, _ := strings.Cut(s, ".")
			v = []any{res, att}
		}
		m.set("Fn::GetAtt", v)
	default:
		m.set("Fn::"+fn, v)
	}
	return m, nil
}

// scalarString is the text of a scalar (a mapping key, a value where a
// string is expected).
func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// readTree reads a JSON or YAML template.
func readTree(data []byte) (any, error) {
	// Size and depth before a parser sees the text: goccy/go-yaml's
	// recursion grows quadratically with nesting (100,000 "[" held 19.7
	// GB for 83 s, issue 24).
	if len(data) > MaxTemplateBytes {
		return nil, tooLarge("template")
	}
	if yamlNesting(data, MaxNesting) > MaxNesting {
		return nil, tooDeep("template")
	}
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	trimmed = bytes.TrimPrefix(trimmed, []byte("\xef\xbb\xbf"))
	if len(trimmed) > 0 && trimmed[0] == '{' {
		return readJSONTree(trimmed)
	}
	return readYAMLTree(data)
}
