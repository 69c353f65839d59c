package jsliteral

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Read returns, as JSON, the object literal the module exports: its
// default export or module.exports (an object literal, or the name of a
// const the module defines as one), else the first top-level
// `const X = {...}` whose object has a "models" or "indexes" member.
func Read(src []byte) ([]byte, error) {
	toks, err := lex(string(src))
	if err != nil {
		return nil, err
	}
	r := &reader{toks: toks, defs: map[string]int{}, busy: map[string]bool{}}
	target := r.statements()
	var v any
	switch {
	case target >= 0:
		v, err = r.value(target, 0)
	case toks[0].kind == tPunct && toks[0].text == "{" && toks[0].depth == 0:
		// A bare object (a schema written as JSON with comments).
		v, err = r.value(0, 0)
	default:
		for _, name := range r.order {
			i := r.defs[name]
			if t := toks[i]; t.kind != tPunct || t.text != "{" {
				continue
			}
			var cand any
			if cand, err = r.value(i, 0); err != nil {
				return nil, err
			}
			if o := cand.(*object); o.has("models") || o.has("indexes") {
				v = cand
				break
			}
		}
		if v == nil {
			t := toks[0]
			return nil, &SyntaxError{Line: t.line, Column: t.col, Msg: "the module exports no object literal: write export default {...}, module.exports = {...} or const Schema = {...}"}
		}
	}
	if err != nil {
		return nil, err
	}
	if _, ok := v.(*object); !ok {
		t := toks[max(target, 0)]
		return nil, &SyntaxError{Line: t.line, Column: t.col, Msg: "the module exports a value that is not an object literal"}
	}
	var b strings.Builder
	encode(&b, v)
	return []byte(b.String()), nil
}

type reader struct {
	toks     []token
	defs     map[string]int // a top-level const's name -> its initializer's first token
	order    []string
	busy     map[string]bool
	resolved int
	end      int // the token after the value value() read last
}

// statements finds the top-level definitions and returns the first token
// of the exported value, or -1.
func (r *reader) statements() int {
	target := -1
	t := r.toks
	is := func(i int, text string) bool {
		return i < len(t) && t[i].depth == 0 && (t[i].kind == tIdent || t[i].kind == tPunct) && t[i].text == text
	}
	for i := 0; i < len(t); i++ {
		if t[i].depth != 0 {
			continue
		}
		switch {
		case is(i, "export") && is(i+1, "default") && target < 0:
			target = i + 2
		case is(i, "module") && is(i+1, ".") && is(i+2, "exports") && is(i+3, "=") && target < 0:
			target = i + 4
		case (is(i, "const") || is(i, "let") || is(i, "var")) && i+1 < len(t) && t[i+1].kind == tIdent:
			name := t[i+1].text
			// Past a type annotation to "=" at the top level.
			for j := i + 2; j < len(t) && t[j].kind != tEOF; j++ {
				if t[j].depth == 0 && t[j].kind == tPunct && (t[j].text == ";" || t[j].text == "=") {
					if t[j].text == "=" {
						if _, dup := r.defs[name]; !dup {
							r.defs[name] = j + 1
							r.order = append(r.order, name)
						}
					}
					break
				}
				if t[j].depth == 0 && t[j].kind == tIdent && (t[j].text == "const" || t[j].text == "let" || t[j].text == "var") {
					break
				}
			}
		}
	}
	return target
}

func (r *reader) fail(i int, format string, args ...any) error {
	t := r.toks[min(i, len(r.toks)-1)]
	return &SyntaxError{Line: t.line, Column: t.col, Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) punct(i int, text string) bool {
	return i < len(r.toks) && r.toks[i].kind == tPunct && r.toks[i].text == text
}

func (r *reader) ident(i int, text string) bool {
	return i < len(r.toks) && r.toks[i].kind == tIdent && r.toks[i].text == text
}

// constructors are the types a OneTable field names by their constructor.
var constructors = map[string]string{"String": "string", "Number": "number", "Boolean": "boolean", "Date": "date",
	"Object": "object", "Array": "array", "Buffer": "binary", "ArrayBuffer": "arraybuffer", "Set": "set"}

// value reads the value starting at token i; r.end is the token after it.
func (r *reader) value(i, depth int) (any, error) {
	if depth > MaxDepth {
		return nil, r.fail(i, "values nest deeper than %d levels", MaxDepth)
	}
	if r.resolved++; r.resolved > maxResolved {
		return nil, r.fail(i, "the module's values, names expanded, are more than %d", maxResolved)
	}
	t := r.toks[i]
	var v any
	var err error
	switch t.kind {
	case tEOF:
		return nil, r.fail(i, "the module ends where a value should be")
	case tString:
		v, r.end = t.text, i+1
	case tTemplate:
		return nil, r.fail(i, "a template string with ${...} is computed, not a literal: write it in quotes")
	case tNumber:
		v, r.end = json.Number(t.text), i+1
	case tRegex:
		v, r.end = t.text, i+1
	case tPunct:
		switch t.text {
		case "{":
			v, err = r.object(i, depth)
		case "[":
			v, err = r.array(i, depth)
		case "-", "+":
			if i+1 < len(r.toks) && r.toks[i+1].kind == tNumber {
				n := r.toks[i+1].text
				if t.text == "-" {
					n = strings.TrimPrefix("-"+n, "--")
				}
				v, r.end = json.Number(n), i+2
			} else {
				return nil, r.fail(i, "%q before something that is not a number: an expression, not a literal", t.text)
			}
		case "...":
			return nil, r.fail(i, "a spread (...) is not a literal")
		case "(":
			return nil, r.fail(i, "an expression in parentheses (a function?) is not a literal")
		default:
			return nil, r.fail(i, "%q where a value should be", t.text)
		}
	case tIdent:
		v, err = r.name(i, depth)
	}
	if err != nil {
		return nil, err
	}
	// TypeScript's `as const`, `as T`, `satisfies T` after a value.
	for r.ident(r.end, "as") || r.ident(r.end, "satisfies") {
		j := r.end + 1
		if j >= len(r.toks) || r.toks[j].kind != tIdent {
			return nil, r.fail(j, "a type after %q: only a name (as const, as Schema) is read", r.toks[r.end].text)
		}
		for j++; r.punct(j, ".") && j+1 < len(r.toks) && r.toks[j+1].kind == tIdent; j += 2 {
		}
		r.end = j
	}
	if r.punct(r.end, "(") || r.punct(r.end, "?.") {
		return nil, r.fail(r.end, "a call is not a literal")
	}
	return v, nil
}

// name reads a value written as a name: a keyword literal, a type's
// constructor, or a const of the module (and members of it).
func (r *reader) name(i, depth int) (any, error) {
	t := r.toks[i]
	var v any
	switch t.text {
	case "true":
		v = true
	case "false":
		v = false
	case "null", "undefined":
		v = nil
	case "new", "function", "async", "class", "await", "typeof", "this":
		return nil, r.fail(i, "%q starts an expression, not a literal", t.text)
	default:
		if r.punct(i+1, "(") {
			return nil, r.fail(i+1, "a call is not a literal")
		}
		if c, ok := constructors[t.text]; ok && !r.punct(i+1, ".") {
			v = c
			break
		}
		at, ok := r.defs[t.text]
		if !ok {
			return nil, r.fail(i, "%s is not defined in the module as a literal (an import? a variable?)", t.text)
		}
		if r.busy[t.text] {
			return nil, r.fail(i, "%s refers to itself", t.text)
		}
		r.busy[t.text] = true
		var err error
		v, err = r.value(at, depth+1)
		delete(r.busy, t.text)
		if err != nil {
			return nil, err
		}
	}
	j := i + 1
	for r.punct(j, ".") && j+1 < len(r.toks) && r.toks[j+1].kind == tIdent {
		o, ok := v.(*object)
		key := r.toks[j+1].text
		if !ok || !o.has(key) {
			return nil, r.fail(j+1, "%s has no member %s the module defines", t.text, key)
		}
		v = o.vals[key]
		j += 2
	}
	r.end = j
	return v, nil
}

func (r *reader) object(i, depth int) (any, error) {
	o := &object{vals: map[string]any{}}
	j := i + 1
	for {
		if r.punct(j, "}") {
			r.end = j + 1
			return o, nil
		}
		t := r.toks[j]
		var key string
		switch {
		case t.kind == tIdent || t.kind == tString || t.kind == tNumber:
			key = t.text
		case t.kind == tPunct && t.text == "...":
			return nil, r.fail(j, "a spread (...) is not a literal")
		case t.kind == tPunct && t.text == "[":
			return nil, r.fail(j, "a computed key ([...]) is not a literal")
		case t.kind == tEOF:
			return nil, r.fail(i, "the object is not closed")
		default:
			return nil, r.fail(j, "%q where a key should be", t.text)
		}
		if !r.punct(j+1, ":") {
			if r.punct(j+1, ",") || r.punct(j+1, "}") {
				return nil, r.fail(j, "shorthand property %s: write %s: value", key, key)
			}
			return nil, r.fail(j+1, "%q after key %s: a method or a getter is not a literal", r.toks[j+1].text, key)
		}
		v, err := r.value(j+2, depth+1)
		if err != nil {
			return nil, err
		}
		o.set(key, v)
		j = r.end
		switch {
		case r.punct(j, ","):
			j++
		case r.punct(j, "}"):
		default:
			return nil, r.fail(j, "%q after the value of %s: a , or } should come (an operator makes it an expression)", r.toks[j].text, key)
		}
	}
}

func (r *reader) array(i, depth int) (any, error) {
	out := []any{}
	j := i + 1
	for {
		if r.punct(j, "]") {
			r.end = j + 1
			return out, nil
		}
		if r.punct(j, ",") {
			return nil, r.fail(j, "a hole in the array (,,) is not a value")
		}
		if r.toks[j].kind == tEOF {
			return nil, r.fail(i, "the array is not closed")
		}
		v, err := r.value(j, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		j = r.end
		switch {
		case r.punct(j, ","):
			j++
		case r.punct(j, "]"):
		default:
			return nil, r.fail(j, "%q after an element: a , or ] should come", r.toks[j].text)
		}
	}
}

// object is an object literal, its keys in order.
type object struct {
	keys []string
	vals map[string]any
}

func (o *object) has(k string) bool { _, ok := o.vals[k]; return ok }

func (o *object) set(k string, v any) {
	if !o.has(k) {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func encode(b *strings.Builder, v any) {
	switch x := v.(type) {
	case *object:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			q, _ := json.Marshal(k)
			b.Write(q)
			b.WriteByte(':')
			encode(b, x.vals[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			encode(b, e)
		}
		b.WriteByte(']')
	case json.Number:
		b.WriteString(string(x))
	default:
		q, _ := json.Marshal(x)
		b.Write(q)
	}
}
