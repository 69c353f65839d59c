package model

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/model/gen"
)

// Template is a parsed key template such as "USER#{userId}" or
// "ORDER#{date}#{orderId}": literal text and named parameters. "{{" and "}}"
// stand for literal braces. Two parameters must be separated by literal
// text, so that a key value can be split back into its parameters.
type Template struct {
	src  string
	lits []string // len(params)+1 literal runs around the parameters
	pars []string
}

// Params maps parameter names to their values.
type Params map[string]string

// Args are parameters as a short list, for an ItemBuilder: a generator's
// item has two or three, and a map's hashing on each lookup was a tenth of
// building a generated item under wasm.
type Args []Arg

// Arg is one parameter of Args.
type Arg struct{ Name, Value string }

// Set sets the named parameter, replacing its value if it has one.
func (a *Args) Set(name, value string) {
	for i := range *a {
		if (*a)[i].Name == name {
			(*a)[i].Value = value
			return
		}
	}
	*a = append(*a, Arg{name, value})
}

// Get returns the named parameter's value.
func (a Args) Get(name string) (string, bool) {
	for i := range a {
		if len(a[i].Name) == len(name) && a[i].Name == name {
			return a[i].Value, true
		}
	}
	return "", false
}

// ParseTemplate parses a key template. A parameter name is a letter or '_'
// followed by letters, digits and '_'.
func ParseTemplate(s string) (*Template, error) {
	t := &Template{src: s}
	var lit strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '{' && i+1 < len(s) && s[i+1] == '{':
			lit.WriteByte('{')
			i += 2
		case c == '}' && i+1 < len(s) && s[i+1] == '}':
			lit.WriteByte('}')
			i += 2
		case c == '}':
			return nil, fmt.Errorf("unexpected '}' at offset %d (write \"}}\" for a literal brace)", i)
		case c == '{':
			end := strings.IndexByte(s[i+1:], '}')
			if end < 0 {
				return nil, fmt.Errorf("unclosed '{' at offset %d", i)
			}
			name := s[i+1 : i+1+end]
			if !validParamName(name) {
				return nil, fmt.Errorf("invalid parameter name %q at offset %d", name, i)
			}
			if len(t.pars) > 0 && lit.Len() == 0 {
				return nil, fmt.Errorf("parameters {%s} and {%s} must be separated by literal text", t.pars[len(t.pars)-1], name)
			}
			t.lits = append(t.lits, lit.String())
			lit.Reset()
			t.pars = append(t.pars, name)
			i += end + 2
		default:
			lit.WriteByte(c)
			i++
		}
	}
	t.lits = append(t.lits, lit.String())
	if len(t.pars) == 0 && t.lits[0] == "" {
		return nil, fmt.Errorf("empty template")
	}
	return t, nil
}

// MustParseTemplate is ParseTemplate for templates known to be valid; it
// panics on an error.
func MustParseTemplate(s string) *Template {
	t, err := ParseTemplate(s)
	if err != nil {
		panic("model: template " + s + ": " + err.Error())
	}
	return t
}

func validParamName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// String returns the template's source.
func (t *Template) String() string { return t.src }

// Params returns the parameter names in order of appearance.
func (t *Template) Params() []string { return append([]string(nil), t.pars...) }

// IsParam reports whether the template is exactly one parameter ("{id}").
func (t *Template) IsParam() bool {
	return len(t.pars) == 1 && t.lits[0] == "" && t.lits[1] == ""
}

// IsConstant reports whether the template has no parameters.
func (t *Template) IsConstant() bool { return len(t.pars) == 0 }

// Literal returns the template's literal text: the sum of the text around
// the parameters. EntityOf prefers the entity whose templates say most.
func (t *Template) literalLen() int {
	n := 0
	for _, l := range t.lits {
		n += len(l)
	}
	return n
}

// Expand builds the key value: each parameter is replaced by lookup(name).
// A parameter without a value, or with an empty one, is an error naming it.
func (t *Template) Expand(lookup func(name string) (string, bool)) (string, error) {
	if len(t.pars) == 0 {
		return t.lits[0], nil
	}
	var vals [4]string
	vs, err := t.values(lookup, vals[:0])
	if err != nil {
		return "", err
	}
	return t.join(vs, nil), nil
}

// values appends the parameters' values to dst, in the template's order.
func (t *Template) values(lookup func(name string) (string, bool), dst []string) ([]string, error) {
	for _, p := range t.pars {
		v, ok := lookup(p)
		if !ok {
			return nil, fmt.Errorf("parameter {%s} has no value", p)
		}
		if v == "" {
			return nil, fmt.Errorf("parameter {%s} is empty", p)
		}
		dst = append(dst, v)
	}
	return dst, nil
}

// join is the template's text with the parameters' values vs, in slab (a
// generated dataset expands two or three templates per item; nil: in an
// allocation of its own); none for a template that is one parameter.
func (t *Template) join(vs []string, slab *gen.Slab) string {
	if t.IsParam() {
		return vs[0]
	}
	size := len(t.lits[0])
	for i, v := range vs {
		size += len(v) + len(t.lits[i+1])
	}
	b := append(slab.Make(size)[:0], t.lits[0]...)
	for i, v := range vs {
		b = append(append(b, v...), t.lits[i+1]...)
	}
	return gen.String(b)
}

// ExpandParams is Expand with the values of p.
func (t *Template) ExpandParams(p Params) (string, error) {
	return t.Expand(func(name string) (string, bool) { v, ok := p[name]; return v, ok })
}

// Match reports whether s is a value of the template and, if so, adds the
// parameters' values to into (which may be nil when only the answer is
// wanted). Every parameter matches a non-empty run; where the literal
// separators also occur inside values, the first split that fits wins.
func (t *Template) Match(s string, into Params) bool {
	if !strings.HasPrefix(s, t.lits[0]) {
		return false
	}
	if len(t.pars) == 0 {
		return len(s) == len(t.lits[0])
	}
	var vals [8]string
	got := vals[:0]
	if !t.match(s[len(t.lits[0]):], 0, &got) {
		return false
	}
	if into != nil {
		for i, p := range t.pars {
			into[p] = got[i]
		}
	}
	return true
}

// match matches rest against parameter i and everything after it.
func (t *Template) match(rest string, i int, got *[]string) bool {
	after := t.lits[i+1]
	if i == len(t.pars)-1 {
		if !strings.HasSuffix(rest, after) || len(rest) == len(after) {
			return false
		}
		*got = append(*got, rest[:len(rest)-len(after)])
		return true
	}
	// after is non-empty: parameters are separated by literal text.
	for from := 1; from < len(rest); {
		j := strings.Index(rest[from:], after)
		if j < 0 {
			return false
		}
		cut := from + j
		n := len(*got)
		*got = append(*got, rest[:cut])
		if t.match(rest[cut+len(after):], i+1, got) {
			return true
		}
		*got = (*got)[:n]
		from = cut + 1
	}
	return false
}
