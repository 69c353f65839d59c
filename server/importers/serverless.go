package importers

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Serverless Framework service files (serverless.yml) keep their tables as
// CloudFormation under resources.Resources, with the framework's own
// variables in the values: ${self:path}, ${opt:stage, 'dev'},
// ${sls:stage}, fallbacks after a comma, nested ones
// (${self:custom.capacity.${sls:stage}}). serverlessTemplate turns such a
// file into the CloudFormation template it deploys, resolving what the
// file itself says: its own values, the stage and region given as
// parameters (-param stage=prod) or by default, quoted defaults. The rest
// (${env:...}, ${ssm:...}, ${file(...)}, ${cf:...}, ${aws:accountId}) is
// never read here, whatever the server's environment holds: each becomes a
// placeholder, with a warning.

// maxVariableDepth bounds ${self:...} references followed through other
// references, and maxVariableSteps the variables resolved in one value.
const (
	maxVariableDepth = 10
	maxVariableSteps = 256
	// maxImportVariables bounds the variables resolved in one import,
	// references followed included (each may hold 256 more).
	maxImportVariables = 100_000
)

// isServerless reports whether root reads as a Serverless Framework
// service: a resources section, a service or provider, and no top-level
// Resources.
func isServerless(root *omap) bool {
	if _, ok := root.get("Resources"); ok {
		return false
	}
	_, res := root.get("resources")
	_, svc := root.get("service")
	_, prov := root.get("provider")
	return res && (svc || prov)
}

// slsResolver resolves the Serverless variables of one service file.
type slsResolver struct {
	root   *omap
	params map[string]string
	warn   func(string, ...any)
	warned map[string]bool
	built  int // bytes of resolved strings, against MaxEvaluatedBytes
	steps  int // variables resolved, against maxImportVariables
	// err is the first limit a reference ran into: the import fails with
	// it rather than taking a fallback.
	err error
}

// serverlessTemplate returns the CloudFormation template of the service
// root: its resources' Resources (a list of fragments merged in order),
// Conditions and Outputs, the variables in them resolved, and the
// service's name.
func serverlessTemplate(root *omap, params map[string]string, warn func(string, ...any)) (*omap, string, error) {
	r := &slsResolver{root: root, params: params, warn: warn, warned: map[string]bool{}}
	res, _ := root.get("resources")
	var fragments []*omap
	switch v := res.(type) {
	case *omap:
		fragments = append(fragments, v)
	case []any:
		for i, f := range v {
			switch x := f.(type) {
			case *omap:
				fragments = append(fragments, x)
			case string:
				warn("resources[%d]: %s is another file, not read here: import it on its own", i, x)
			}
		}
	}
	out := newOmap()
	for _, section := range []string{"Resources", "Conditions", "Outputs", "Mappings"} {
		merged := newOmap()
		for _, f := range fragments {
			v, _ := f.get(section)
			m, ok := v.(*omap)
			if !ok {
				continue
			}
			for _, k := range m.keys {
				merged.set(k, m.vals[k])
			}
		}
		if len(merged.keys) == 0 {
			continue
		}
		resolved, err := r.value(merged, "resources."+section, 0, 0)
		if err != nil {
			return nil, "", err
		}
		out.set(section, resolved)
	}
	if _, ok := out.get("Resources"); !ok {
		return nil, "", fmt.Errorf(`not a CloudFormation template: the Serverless service has no "resources.Resources"`)
	}
	name := ""
	if s, ok := root.get("service"); ok {
		if v, err := r.value(s, "service", 0, 0); err == nil {
			name = scalarString(v)
		}
	}
	return out, name, nil
}

// value resolves the variables in every string of v; depth is v's
// nesting in the file, vars how many references led to it.
func (r *slsResolver) value(v any, where string, depth, vars int) (any, error) {
	if depth > maxDepth {
		return nil, tooDeep("service file")
	}
	switch x := v.(type) {
	case string:
		return r.str(x, where, vars)
	case *omap:
		out := newOmap()
		for _, k := range x.keys {
			e, err := r.value(x.vals[k], where+"."+k, depth+1, vars)
			if err != nil {
				return nil, err
			}
			out.set(k, e)
		}
		return out, nil
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			var err error
			if out[i], err = r.value(e, fmt.Sprintf("%s[%d]", where, i), depth+1, vars); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return v, nil
}

// str resolves the variables of s, innermost first. A string that is one
// variable takes its value's type (a number of capacity units).
func (r *slsResolver) str(s, where string, depth int) (any, error) {
	if depth > maxVariableDepth {
		return nil, fmt.Errorf("%s: Serverless variables refer to each other more than %d deep", where, maxVariableDepth)
	}
	var cur any = s
	from := 0 // what precedes holds no Serverless variable
	for step := 0; ; step++ {
		text, ok := cur.(string)
		if !ok {
			return cur, nil
		}
		end := strings.Index(text[from:], "}")
		if end < 0 {
			return text, nil
		}
		end += from
		start := strings.LastIndex(text[from:end], "${")
		if start < 0 {
			from = end + 1
			continue
		}
		start += from
		if !slsVariable.MatchString(text[start+2 : end]) {
			// CloudFormation's own ${Name}, ${AWS::Region} or ${!Literal}
			// (Fn::Sub): left for the template's evaluation.
			from = end + 1
			continue
		}
		if step == maxVariableSteps {
			return nil, fmt.Errorf("%s: more than %d Serverless variables", where, maxVariableSteps)
		}
		if r.steps++; r.steps > maxImportVariables {
			return nil, &LimitError{fmt.Sprintf("%s: resolving the file's Serverless variables takes more than %d steps", where, maxImportVariables)}
		}
		v := r.variable(text[start+2:end], where, depth)
		if r.err != nil {
			return nil, r.err
		}
		if start == 0 && end == len(text)-1 {
			cur = v
			continue
		}
		rest := text[:start] + scalarString(v) + text[end+1:]
		if r.built += len(rest); r.built > MaxEvaluatedBytes {
			return nil, overBudget(where)
		}
		cur = rest
	}
}

// variable is the value of one ${...}: its sources in order, the first
// that resolves; none, a placeholder.
func (r *slsResolver) variable(inner, where string, depth int) any {
	srcs := splitSources(inner)
	var skipped []string
	for _, src := range srcs {
		if v, ok := r.source(src, where, depth); ok {
			if len(skipped) > 0 && !r.warned[inner] {
				r.warned[inner] = true
				r.warn("%s: ${%s}: %s is not read here (a deployment reads it), so the fallback %s is taken", where, inner, strings.Join(skipped, ", "), scalarString(v))
			}
			return v
		}
		if kind, _, _ := strings.Cut(src, ":"); kind != "self" && kind != "opt" {
			skipped = append(skipped, src)
		}
	}
	switch srcs[0] {
	case "opt:stage", "opt:region":
		// The command line's option, not given: the provider's, else the
		// framework's default (dev, us-east-1), as a deployment takes it.
		v := r.stage(where, depth)
		if srcs[0] == "opt:region" {
			v = r.region(where, depth)
		}
		if !r.warned[inner] {
			r.warned[inner] = true
			r.warn("%s: ${%s} takes %s (give another with the parameter %s)", where, inner, v, strings.TrimPrefix(srcs[0], "opt:"))
		}
		return v
	}
	if !r.warned[inner] {
		r.warned[inner] = true
		r.warn("%s: ${%s} is not resolved here (a deployment reads it): the import keeps a placeholder", where, inner)
	}
	return placeholder(inner)
}

var slsUnsafe = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// slsVariable matches what Serverless resolves: a source with its kind
// (self:, opt:, sls:, env:, ssm:, cf:, aws:, ...) or file(...), not
// CloudFormation's ${AWS::Region}.
var slsVariable = regexp.MustCompile(`^\s*([a-zA-Z][a-zA-Z0-9]*:[^:]|file\()`)

// placeholder is a value standing for a variable: letters, digits and
// "-_." only, so that it passes as a table or index name.
func placeholder(inner string) string {
	p := strings.Trim(slsUnsafe.ReplaceAllString(inner, "-"), "-.")
	if len(p) < 3 {
		p = "var-" + p
	}
	return p[:min(len(p), 200)]
}

// splitSources splits a variable at its top-level commas ("opt:stage,
// 'dev'").
func splitSources(s string) []string {
	var out []string
	quote, from := byte(0), 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ',':
			out = append(out, strings.TrimSpace(s[from:i]))
			from = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[from:]))
}

// source resolves one source of a variable.
func (r *slsResolver) source(src, where string, depth int) (any, bool) {
	if len(src) >= 2 && (src[0] == '\'' || src[0] == '"') && src[len(src)-1] == src[0] {
		return src[1 : len(src)-1], true
	}
	if n, err := strconv.ParseInt(src, 10, 64); err == nil {
		return n, true
	}
	kind, arg, _ := strings.Cut(src, ":")
	switch kind {
	case "self":
		v, ok := r.path(arg)
		if !ok {
			return nil, false
		}
		out, err := r.value(v, where, 0, depth+1)
		if err != nil {
			r.err = err
		}
		return out, err == nil
	case "opt":
		if v, ok := r.params[arg]; ok {
			return v, true
		}
		return nil, false
	case "sls":
		if arg == "stage" {
			v := r.stage(where, depth)
			if _, given := r.params["stage"]; !given && !r.warned["sls:stage"] {
				r.warned["sls:stage"] = true
				r.warn("%s: ${sls:stage} takes %s (give another with the parameter stage)", where, v)
			}
			return v, true
		}
	case "aws":
		if arg == "region" {
			return r.region(where, depth), true
		}
	}
	return nil, false
}

// stage is the service's stage: given (-param stage=...), else the
// provider's, else Serverless's default, dev.
func (r *slsResolver) stage(where string, depth int) string {
	return r.setting("stage", "dev", where, depth)
}

// region is the service's region, as stage is its stage (us-east-1 by
// default).
func (r *slsResolver) region(where string, depth int) string {
	return r.setting("region", "us-east-1", where, depth)
}

func (r *slsResolver) setting(name, def, where string, depth int) string {
	if v, ok := r.params[name]; ok {
		return v
	}
	if v, ok := r.path("provider." + name); ok {
		if s, isStr := v.(string); isStr && !strings.Contains(s, "sls:"+name) && !strings.Contains(s, "opt:"+name) {
			if out, err := r.str(s, where, depth+1); err == nil {
				return scalarString(out)
			}
		}
	}
	return def
}

// path looks a dotted path up in the service file.
func (r *slsResolver) path(p string) (any, bool) {
	var cur any = r.root
	for _, part := range strings.Split(p, ".") {
		m, ok := cur.(*omap)
		if !ok {
			return nil, false
		}
		if cur, ok = m.get(part); !ok {
			return nil, false
		}
	}
	return cur, true
}
