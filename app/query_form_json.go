package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ---- JSON writing ----

// member and object are a JSON object whose members keep their order, so
// that the bodies the form writes read like the API reference.
type member struct {
	name  string
	value any
}

type object []member

// addString appends a string member when v is not empty.
func (o object) addString(name, v string) object {
	if v == "" {
		return o
	}
	return append(o, member{name, v})
}

// addInt appends a whole-number member when v is not empty.
func (o object) addInt(name, v string) (object, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return o, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return o, fmt.Errorf("%s must be a whole number", name)
	}
	return append(o, member{name, n}), nil
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := marshalNoEscape(m.name)
		if err != nil {
			return nil, err
		}
		v, err := marshalNoEscape(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// marshalNoEscape is json.Marshal without the HTML escaping, which would
// turn "SK < :v" into "SK \u003c :v".
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}

// marshalPretty writes v as the editor shows JSON.
func marshalPretty(v any) (string, error) {
	raw, err := marshalNoEscape(v)
	if err != nil {
		return "", err
	}
	return prettyJSON(raw)
}

// compactWidth is the widest a JSON object or array may print on one line
// when it holds no other object or array: a typed value such as
// {"S": "USER#42"} stays whole.
const compactWidth = 72

// prettyJSON indents JSON by two spaces, keeping members' order and
// numbers' digits, and prints a small flat object or array on one line.
func prettyJSON(raw []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return "", err
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", errors.New("invalid JSON: more than one value")
	}
	var b strings.Builder
	n.write(&b, "")
	return b.String(), nil
}

// jsonNode is a parsed JSON value: an object (keys set), an array, or a
// scalar already encoded.
type jsonNode struct {
	delim  byte // '{', '[' or 0 for a scalar
	keys   []string
	kids   []*jsonNode
	scalar string
}

func readNode(dec *json.Decoder) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &jsonNode{delim: byte(t)}
		for dec.More() {
			if n.delim == '{' {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string)
				n.keys = append(n.keys, k)
			}
			kid, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.kids = append(n.kids, kid)
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
		return n, nil
	case json.Number:
		return &jsonNode{scalar: t.String()}, nil
	case nil:
		return &jsonNode{scalar: "null"}, nil
	default:
		b, err := marshalNoEscape(t)
		if err != nil {
			return nil, err
		}
		return &jsonNode{scalar: string(b)}, nil
	}
}

func (n *jsonNode) flat() bool {
	for _, k := range n.kids {
		if k.delim != 0 {
			return false
		}
	}
	return true
}

func (n *jsonNode) writeCompact(b *strings.Builder) {
	if n.delim == 0 {
		b.WriteString(n.scalar)
		return
	}
	closing := byte('}')
	if n.delim == '[' {
		closing = ']'
	}
	b.WriteByte(n.delim)
	for i, k := range n.kids {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.delim == '{' {
			key, _ := marshalNoEscape(n.keys[i])
			b.Write(key)
			b.WriteString(": ")
		}
		k.writeCompact(b)
	}
	b.WriteByte(closing)
}

func (n *jsonNode) write(b *strings.Builder, indent string) {
	if n.delim == 0 || len(n.kids) == 0 || n.flat() {
		var one strings.Builder
		n.writeCompact(&one)
		if n.delim == 0 || len(n.kids) == 0 || one.Len() <= compactWidth {
			b.WriteString(one.String())
			return
		}
	}
	closing := byte('}')
	if n.delim == '[' {
		closing = ']'
	}
	inner := indent + "  "
	b.WriteByte(n.delim)
	b.WriteByte('\n')
	for i, k := range n.kids {
		b.WriteString(inner)
		if n.delim == '{' {
			key, _ := marshalNoEscape(n.keys[i])
			b.Write(key)
			b.WriteString(": ")
		}
		k.write(b, inner)
		if i < len(n.kids)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent)
	b.WriteByte(closing)
}

// ---- editing a request ----

// setMember returns the request body with its top-level member name set to
// value (raw JSON), keeping the other members and their order; a new
// member goes last. The body must be a JSON object.
func setMember(body []byte, name string, value []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return "", fmt.Errorf("the request is not valid JSON: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return "", errors.New("the request is not a JSON object")
	}
	var o object
	found := false
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return "", fmt.Errorf("the request is not valid JSON: %v", err)
		}
		k, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", fmt.Errorf("the request is not valid JSON: %v", err)
		}
		if k == name {
			raw, found = value, true
		}
		o = append(o, member{k, raw})
	}
	if !found {
		o = append(o, member{name, json.RawMessage(value)})
	}
	return marshalPretty(o)
}

// nextPageBody is the request that reads the page after the one that
// request returned: the same request with ExclusiveStartKey set to the
// response's LastEvaluatedKey (raw DynamoDB JSON).
func nextPageBody(request, lastEvaluatedKey []byte) (string, error) {
	return setMember(request, "ExclusiveStartKey", lastEvaluatedKey)
}
