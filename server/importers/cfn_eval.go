package importers

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// A template's values may call intrinsic functions. The import evaluates
// what it can without a stack: parameters take their defaults, conditions
// are evaluated on those, pseudo parameters take placeholder values, and
// each substitution is reported once, naming where it happened. What
// needs a deployed stack (Fn::GetAtt, Fn::ImportValue) becomes a readable
// placeholder and is reported.

// noValue is AWS::NoValue: the property is left out.
type noValueT struct{}

var noValue = noValueT{}

// Pseudo parameters and the values the import gives them.
var pseudo = map[string]string{
	"AWS::AccountId":        "123456789012",
	"AWS::Region":           "us-east-1",
	"AWS::Partition":        "aws",
	"AWS::StackName":        "stack",
	"AWS::StackId":          "arn:aws:cloudformation:us-east-1:123456789012:stack/stack/00000000-0000-0000-0000-000000000000",
	"AWS::URLSuffix":        "amazonaws.com",
	"AWS::NotificationARNs": "",
}

type cfnEval struct {
	params     *omap // Parameters
	conditions *omap // Conditions
	mappings   *omap // Mappings
	resources  *omap // Resources
	condCache  map[string]bool
	condBusy   map[string]bool
	warn       func(format string, args ...any)
	reported   map[string]bool
	// given are the parameters' values the import was told (-param,
	// ?param=), by name.
	given map[string]string
	// expanded counts the values Fn::ForEach copied: at most maxVisited.
	expanded int
	// visited counts the values resolve has walked: YAML aliases share
	// subtrees, so a small file can stand for an exponentially large one.
	visited int
	// built counts the bytes of the strings the intrinsics built (Fn::Sub
	// of a long default, Fn::Join of joins through aliases): at most
	// MaxEvaluatedBytes.
	built int
}

// charge counts n bytes built at where, failing past the budget.
func (e *cfnEval) charge(n int, where string) error {
	if e.built += n; e.built > MaxEvaluatedBytes || n < 0 {
		return overBudget(where)
	}
	return nil
}

// maxVisited bounds the values one import resolves.
const maxVisited = 200_000

func (e *cfnEval) report(key, format string, args ...any) {
	if e.reported[key] {
		return
	}
	e.reported[key] = true
	e.warn(format, args...)
}

// param returns a parameter's value: the one given, else its default.
func (e *cfnEval) param(name, where string) (any, error) {
	if v, ok := e.given[name]; ok {
		e.report("param "+name, "%s: parameter %s takes the value given, %q", where, name, v)
		pv, _ := e.params.get(name)
		pm, _ := pv.(*omap)
		if t, _ := pm.get("Type"); scalarString(t) == "CommaDelimitedList" || strings.HasPrefix(scalarString(t), "List<") {
			var out []any
			for _, s := range strings.Split(v, ",") {
				out = append(out, strings.TrimSpace(s))
			}
			return out, nil
		}
		return v, nil
	}
	if v, ok := pseudo[name]; ok {
		e.report("pseudo "+name, "%s: %s is not known outside a stack; the import uses %q", where, name, v)
		return v, nil
	}
	if name == "AWS::NoValue" {
		return noValue, nil
	}
	p, ok := e.params.get(name)
	if !ok {
		if _, isRes := e.resources.get(name); isRes {
			e.report("ref "+name, "%s: Ref %s names a resource; the import uses its logical id", where, name)
			return name, nil
		}
		return nil, fmt.Errorf("%s: Ref %q names no parameter or resource of the template", where, name)
	}
	pm, _ := p.(*omap)
	def, ok := pm.get("Default")
	if !ok {
		return nil, fmt.Errorf("%s: parameter %s has no Default: give its value (?param=%s=VALUE over HTTP, -param %s=VALUE on the command line)", where, name, name, name)
	}
	if t, _ := pm.get("Type"); strings.HasPrefix(scalarString(t), "AWS::SSM::Parameter::Value") {
		e.report("param "+name, "%s: parameter %s is read from SSM at deployment; the import uses its name %q", where, name, scalarString(def))
	} else {
		e.report("param "+name, "%s: parameter %s takes its default %s", where, name, brief(def))
	}
	if t, _ := pm.get("Type"); scalarString(t) == "CommaDelimitedList" {
		var out []any
		for _, s := range strings.Split(scalarString(def), ",") {
			out = append(out, strings.TrimSpace(s))
		}
		return out, nil
	}
	return def, nil
}

// brief prints a value for a warning.
func brief(v any) string {
	switch x := v.(type) {
	case string:
		return fmt.Sprintf("%q", x)
	case []any:
		parts := make([]string, len(x))
		for i, p := range x {
			parts[i] = brief(p)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return scalarString(v)
}

// intrinsic reports whether m is a call: a one-key mapping whose key is
// Ref, Condition or Fn::Something.
func intrinsic(m *omap) (string, any, bool) {
	if m == nil || len(m.keys) != 1 {
		return "", nil, false
	}
	k := m.keys[0]
	if k == "Ref" || strings.HasPrefix(k, "Fn::") {
		return k, m.vals[k], true
	}
	return "", nil, false
}

// resolve evaluates every call inside v.
func (e *cfnEval) resolve(v any, where string, depth int) (any, error) {
	if depth > maxDepth {
		return nil, fmt.Errorf("%s: the value nests deeper than %d levels", where, maxDepth)
	}
	if e.visited++; e.visited > maxVisited {
		return nil, fmt.Errorf("%s: the template expands to more than %d values (through YAML aliases?)", where, maxVisited)
	}
	switch x := v.(type) {
	case *omap:
		if fn, arg, ok := intrinsic(x); ok {
			return e.call(fn, arg, where, depth)
		}
		out := newOmap()
		for _, k := range x.keys {
			r, err := e.resolve(x.vals[k], where+"."+k, depth+1)
			if err != nil {
				return nil, err
			}
			if r != noValue {
				out.set(k, r)
			}
		}
		return out, nil
	case []any:
		out := make([]any, 0, len(x))
		for i, it := range x {
			r, err := e.resolve(it, fmt.Sprintf("%s[%d]", where, i), depth+1)
			if err != nil {
				return nil, err
			}
			if r != noValue {
				out = append(out, r)
			}
		}
		return out, nil
	}
	return v, nil
}

var subVar = regexp.MustCompile(`\$\{([^}!][^}]*)\}`)

func (e *cfnEval) call(fn string, arg any, where string, depth int) (any, error) {
	res := func(v any) (any, error) { return e.resolve(v, where, depth+1) }
	args := func(n int) ([]any, error) {
		a, err := res(arg)
		if err != nil {
			return nil, err
		}
		l, ok := a.([]any)
		if !ok || (n > 0 && len(l) != n) {
			return nil, fmt.Errorf("%s: %s takes a list of %d values", where, fn, n)
		}
		return l, nil
	}
	switch fn {
	case "Ref":
		name, err := res(arg)
		if err != nil {
			return nil, err
		}
		return e.param(scalarString(name), where)
	case "Fn::Sub":
		var text string
		vars := newOmap()
		switch a := arg.(type) {
		case string:
			text = a
		case []any:
			if len(a) != 2 {
				return nil, fmt.Errorf("%s: Fn::Sub takes a string or [string, variables]", where)
			}
			text = scalarString(a[0])
			if m, ok := a[1].(*omap); ok {
				r, err := res(m)
				if err != nil {
					return nil, err
				}
				vars = r.(*omap)
			}
		default:
			return nil, fmt.Errorf("%s: Fn::Sub takes a string or [string, variables]", where)
		}
		var firstErr error
		if err := e.charge(len(text), where); err != nil {
			return nil, err
		}
		out := subVar.ReplaceAllStringFunc(text, func(s string) string {
			if firstErr != nil {
				return ""
			}
			r := e.subValue(s, vars, where, &firstErr)
			if err := e.charge(len(r), where); err != nil {
				firstErr = err
				return ""
			}
			return r
		})
		if firstErr != nil {
			return nil, firstErr
		}
		return strings.ReplaceAll(out, "${!", "${"), nil
	case "Fn::Join":
		l, err := args(2)
		if err != nil {
			return nil, err
		}
		items, ok := l[1].([]any)
		if !ok {
			return nil, fmt.Errorf("%s: Fn::Join takes [delimiter, [values]]", where)
		}
		parts := make([]string, len(items))
		sep := scalarString(l[0])
		n := len(sep) * max(len(items)-1, 0)
		for i, it := range items {
			parts[i] = scalarString(it)
			n += len(parts[i])
		}
		if err := e.charge(n, where); err != nil {
			return nil, err
		}
		return strings.Join(parts, sep), nil
	case "Fn::Select":
		l, err := args(2)
		if err != nil {
			return nil, err
		}
		items, ok := l[1].([]any)
		i, ok2 := toInt(l[0])
		if !ok || !ok2 || i < 0 || int(i) >= len(items) {
			return nil, fmt.Errorf("%s: Fn::Select index %s is outside its list", where, brief(l[0]))
		}
		return items[i], nil
	case "Fn::Split":
		l, err := args(2)
		if err != nil {
			return nil, err
		}
		// An empty delimiter splits every byte: a value each.
		if err := e.charge(16*len(scalarString(l[1])), where); err != nil {
			return nil, err
		}
		var out []any
		for _, s := range strings.Split(scalarString(l[1]), scalarString(l[0])) {
			out = append(out, s)
		}
		return out, nil
	case "Fn::If":
		l, ok := arg.([]any)
		if !ok || len(l) != 3 {
			return nil, fmt.Errorf("%s: Fn::If takes [condition, value if true, value if false]", where)
		}
		name := scalarString(l[0])
		c, err := e.condition(name, where)
		if err != nil {
			return nil, err
		}
		e.report("if "+where+name, "%s: Fn::If %s is %v with the parameters' defaults; the import takes that branch", where, name, c)
		if c {
			return res(l[1])
		}
		return res(l[2])
	case "Fn::FindInMap":
		l, err := args(0)
		if err != nil {
			return nil, err
		}
		if len(l) < 3 {
			return nil, fmt.Errorf("%s: Fn::FindInMap takes [map, top key, second key]", where)
		}
		mv, _ := e.mappings.get(scalarString(l[0]))
		m, ok := mv.(*omap)
		if !ok {
			return nil, fmt.Errorf("%s: Fn::FindInMap: no mapping %s", where, brief(l[0]))
		}
		top, _ := m.get(scalarString(l[1]))
		tm, ok := top.(*omap)
		if !ok {
			return nil, fmt.Errorf("%s: Fn::FindInMap: mapping %s has no key %s", where, brief(l[0]), brief(l[1]))
		}
		v, ok := tm.get(scalarString(l[2]))
		if !ok {
			return nil, fmt.Errorf("%s: Fn::FindInMap: mapping %s has no key %s.%s", where, brief(l[0]), brief(l[1]), brief(l[2]))
		}
		return res(v)
	case "Fn::GetAtt":
		a, err := res(arg)
		if err != nil {
			return nil, err
		}
		var parts []string
		switch x := a.(type) {
		case []any:
			for _, p := range x {
				parts = append(parts, scalarString(p))
			}
		default:
			parts = strings.SplitN(scalarString(x), ".", 2)
		}
		s := strings.Join(parts, ".")
		e.report("getatt "+s, "%s: Fn::GetAtt %s is known only once the stack exists; the import writes %q", where, s, s)
		return s, nil
	case "Fn::ImportValue":
		a, err := res(arg)
		if err != nil {
			return nil, err
		}
		s := scalarString(a)
		e.report("import "+s, "%s: Fn::ImportValue %s is another stack's output; the import writes %q", where, s, s)
		return s, nil
	case "Fn::GetAZs":
		return []any{"us-east-1a", "us-east-1b", "us-east-1c"}, nil
	case "Fn::Base64", "Fn::Transform", "Fn::Cidr", "Fn::Length", "Fn::ToJsonString":
		e.report("fn "+fn+where, "%s: %s is left unevaluated", where, fn)
		return res(arg)
	case "Fn::Equals", "Fn::Not", "Fn::And", "Fn::Or":
		b, err := e.condExpr(newOmapWith(fn, arg), where, depth)
		return b, err
	}
	return nil, fmt.Errorf("%s: unknown intrinsic function %s", where, fn)
}

// subValue is the text Fn::Sub puts for one ${name}.
func (e *cfnEval) subValue(s string, vars *omap, where string, firstErr *error) string {
	name := s[2 : len(s)-1]
	if v, ok := vars.get(name); ok {
		return scalarString(v)
	}
	if res, att, ok := strings.Cut(name, "."); ok {
		e.report("getatt "+name, "%s: ${%s} is known only once the stack exists; the import writes %s", where, name, res+"."+att)
		return name
	}
	v, err := e.param(name, where)
	if err != nil && *firstErr == nil {
		*firstErr = err
	}
	if l, ok := v.([]any); ok {
		parts := make([]string, len(l))
		for i, p := range l {
			parts[i] = scalarString(p)
		}
		return strings.Join(parts, ",")
	}
	return scalarString(v)
}

func newOmapWith(k string, v any) *omap {
	m := newOmap()
	m.set(k, v)
	return m
}

// condition evaluates a named condition of the template.
func (e *cfnEval) condition(name, where string) (bool, error) {
	if v, ok := e.condCache[name]; ok {
		return v, nil
	}
	if e.condBusy[name] {
		return false, fmt.Errorf("%s: condition %s refers to itself", where, name)
	}
	def, ok := e.conditions.get(name)
	if !ok {
		return false, fmt.Errorf("%s: no condition %q in the template's Conditions", where, name)
	}
	e.condBusy[name] = true
	v, err := e.condExpr(def, "Conditions."+name, 0)
	delete(e.condBusy, name)
	if err != nil {
		return false, err
	}
	e.condCache[name] = v
	return v, nil
}

func (e *cfnEval) condExpr(v any, where string, depth int) (bool, error) {
	if depth > maxDepth {
		return false, fmt.Errorf("%s: the condition nests deeper than %d levels", where, maxDepth)
	}
	m, ok := v.(*omap)
	if !ok || len(m.keys) != 1 {
		b, ok := toBool(v)
		if !ok {
			return false, fmt.Errorf("%s: a condition is Fn::Equals, Fn::Not, Fn::And, Fn::Or or a Condition", where)
		}
		return b, nil
	}
	k := m.keys[0]
	arg := m.vals[k]
	list := func() ([]any, error) {
		l, ok := arg.([]any)
		if !ok {
			return nil, fmt.Errorf("%s: %s takes a list", where, k)
		}
		return l, nil
	}
	switch k {
	case "Condition":
		return e.condition(scalarString(arg), where)
	case "Fn::Equals":
		l, err := list()
		if err != nil || len(l) != 2 {
			return false, fmt.Errorf("%s: Fn::Equals takes two values", where)
		}
		a, err := e.resolve(l[0], where, depth+1)
		if err != nil {
			return false, err
		}
		b, err := e.resolve(l[1], where, depth+1)
		if err != nil {
			return false, err
		}
		return scalarString(a) == scalarString(b), nil
	case "Fn::Not":
		l, err := list()
		if err != nil || len(l) != 1 {
			return false, fmt.Errorf("%s: Fn::Not takes one condition", where)
		}
		b, err := e.condExpr(l[0], where, depth+1)
		return !b, err
	case "Fn::And", "Fn::Or":
		l, err := list()
		if err != nil {
			return false, err
		}
		acc := k == "Fn::And"
		for _, c := range l {
			b, err := e.condExpr(c, where, depth+1)
			if err != nil {
				return false, err
			}
			if k == "Fn::And" {
				acc = acc && b
			} else {
				acc = acc || b
			}
		}
		return acc, nil
	}
	r, err := e.resolve(m, where, depth+1)
	if err != nil {
		return false, err
	}
	b, ok := toBool(r)
	if !ok {
		return false, fmt.Errorf("%s: %s is not a condition", where, k)
	}
	return b, nil
}

func toBool(v any) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		switch strings.ToLower(x) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return false, false
}

func toInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case float64:
		if x == float64(int64(x)) {
			return int64(x), true
		}
	case string:
		var n int64
		if _, err := fmt.Sscan(strings.TrimSpace(x), &n); err == nil && fmt.Sprint(n) == strings.TrimSpace(x) {
			return n, true
		}
	}
	return 0, false
}

// sortedKeys returns m's keys in order (for messages).
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
