package importers

import (
	"fmt"
	"time"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// HCL evaluation has no budget of its own: a local may join ten copies of
// another, itself ten copies of a third, and 1,282 bytes of locals
// reached 22.9 GB (issue 24). Before an expression is evaluated, eval
// bounds what it can build from the sizes of the values it names (an
// over-estimate: a product where a function or a for expression repeats
// its input) and refuses it when that may pass what is left of
// MaxEvaluatedBytes; what it did build is then charged.

const (
	// maxLocals bounds the locals of a configuration: each pass of
	// computeLocals rebuilds the evaluation context with all of them.
	maxLocals = 2_000
	// maxEvalTime bounds the time one import spends evaluating.
	maxEvalTime = 10 * time.Second
)

// hclBudget is what is left of one import's evaluation budget.
type hclBudget struct {
	spent, evals int
	start        time.Time
	err          error // the first limit reached: the import fails with it
}

// eval evaluates e in ctx within the budget; over it, it records the
// error and answers an unknown value with an error diagnostic.
func (ti *tfImporter) eval(e hclsyntax.Expression, ctx *hcl.EvalContext, where string) (cty.Value, hcl.Diagnostics) {
	b := &ti.budget
	refuse := func(err error) (cty.Value, hcl.Diagnostics) {
		if b.err == nil {
			b.err = err
		}
		return cty.DynamicVal, hcl.Diagnostics{{Severity: hcl.DiagError, Summary: err.Error()}}
	}
	if b.err != nil {
		return refuse(b.err)
	}
	if b.start.IsZero() {
		b.start = time.Now()
	}
	if b.evals++; b.evals > maxEvaluations {
		return refuse(&LimitError{fmt.Sprintf("%s: the configuration needs more than %d evaluations", where, maxEvaluations)})
	}
	if time.Since(b.start) > maxEvalTime {
		return refuse(&LimitError{fmt.Sprintf("%s: evaluating the configuration takes longer than %v", where, maxEvalTime)})
	}
	if est := ti.estimate(e, nil); est > MaxEvaluatedBytes-b.spent {
		return refuse(overBudget(where))
	}
	v, diags := e.Value(ctx)
	if !diags.HasErrors() {
		b.spent += ctySize(v)
		if b.spent > MaxEvaluatedBytes {
			return refuse(overBudget(where))
		}
	}
	return v, diags
}

// saturating arithmetic: estimates stop growing past the budget.
const estCap = 1 << 40

func satAdd(a, b int) int { return min(a+b, estCap) }

func satMul(a, b int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if a > estCap/b {
		return estCap
	}
	return a * b
}

// estimate bounds the size (ctySize) of e's value. scope holds the sizes
// of names a for expression binds and of the splat's element ("").
func (ti *tfImporter) estimate(e hclsyntax.Expression, scope map[string]int) int {
	est := func(x hclsyntax.Expression) int {
		if x == nil {
			return 0
		}
		return ti.estimate(x, scope)
	}
	switch x := e.(type) {
	case *hclsyntax.LiteralValueExpr:
		return ctySize(x.Val)
	case *hclsyntax.TemplateExpr:
		n := 8
		for _, p := range x.Parts {
			n = satAdd(n, est(p))
		}
		return n
	case *hclsyntax.TemplateWrapExpr:
		return est(x.Wrapped)
	case *hclsyntax.TemplateJoinExpr:
		return est(x.Tuple)
	case *hclsyntax.ScopeTraversalExpr:
		return ti.traversalSize(x.Traversal, scope)
	case *hclsyntax.RelativeTraversalExpr:
		return est(x.Source)
	case *hclsyntax.IndexExpr:
		return satAdd(est(x.Collection), est(x.Key))
	case *hclsyntax.AnonSymbolExpr:
		return scope[""]
	case *hclsyntax.SplatExpr:
		src := est(x.Source)
		inner := map[string]int{"": src}
		for k, v := range scope {
			if k != "" {
				inner[k] = v
			}
		}
		return satMul(src/8+1, ti.estimate(x.Each, inner)+8)
	case *hclsyntax.ForExpr:
		coll := est(x.CollExpr)
		inner := map[string]int{x.KeyVar: coll, x.ValVar: coll}
		for k, v := range scope {
			if _, bound := inner[k]; !bound {
				inner[k] = v
			}
		}
		each := 8
		for _, p := range []hclsyntax.Expression{x.KeyExpr, x.ValExpr, x.CondExpr} {
			if p != nil {
				each = satAdd(each, ti.estimate(p, inner))
			}
		}
		return satMul(coll/8+1, each)
	case *hclsyntax.FunctionCallExpr:
		args := make([]int, len(x.Args))
		sum := 8
		for i, a := range x.Args {
			args[i] = est(a)
			sum = satAdd(sum, args[i])
		}
		switch {
		case x.Name == "replace" && len(args) == 3:
			// Every match of the second argument may become the third.
			return satAdd(sum, satMul(args[0], args[2]+1))
		case x.Name == "join" && len(args) >= 2:
			// The separator between every element.
			return satAdd(sum, satMul(sum, args[0]+1))
		case x.Name == "split" && len(args) == 2:
			// split("", s): an element a byte.
			return satAdd(sum, satMul(args[1], 9))
		}
		return sum // the other functions build at most what they are given
	case *hclsyntax.ConditionalExpr:
		return satAdd(est(x.Condition), max(est(x.TrueResult), est(x.FalseResult)))
	case *hclsyntax.BinaryOpExpr:
		return satAdd(satAdd(est(x.LHS), est(x.RHS)), 8)
	case *hclsyntax.UnaryOpExpr:
		return satAdd(est(x.Val), 8)
	case *hclsyntax.TupleConsExpr:
		n := 8
		for _, it := range x.Exprs {
			n = satAdd(n, est(it))
		}
		return n
	case *hclsyntax.ObjectConsExpr:
		n := 8
		for _, it := range x.Items {
			n = satAdd(n, satAdd(est(it.KeyExpr), est(it.ValueExpr)))
		}
		return n
	case *hclsyntax.ObjectConsKeyExpr:
		return est(x.Wrapped)
	case *hclsyntax.ParenthesesExpr:
		return est(x.Expression)
	}
	// An expression type this does not know: no more than the budget
	// allows, so that it is refused rather than trusted.
	return estCap
}

// traversalSize is the size of the value a name refers to: the local or
// variable it names, a resource's known attributes, or a bound name.
func (ti *tfImporter) traversalSize(tr hcl.Traversal, scope map[string]int) int {
	root := tr.RootName()
	if n, ok := scope[root]; ok {
		return n
	}
	attr := ""
	if len(tr) > 1 {
		if a, ok := tr[1].(hcl.TraverseAttr); ok {
			attr = a.Name
		}
	}
	switch root {
	case "local":
		if v, ok := ti.locals[attr]; ok {
			return ctySize(v)
		}
		return ti.budget.spent // all that was built so far
	case "var":
		if v, ok := ti.vars[attr]; ok {
			return ctySize(v)
		}
		return 8
	}
	if v, ok := ti.resources[root]; ok {
		return ctySize(v)
	}
	return 8
}
