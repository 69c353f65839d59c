package importers

import (
	"fmt"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
)

// An import's budget (issue 24). The YAML and HCL parsers recurse once per
// level of nesting and goccy/go-yaml's grows quadratically with it, and
// HCL expressions and CloudFormation's intrinsics can build values far
// larger than the file (locals that grow tenfold per level, Fn::Sub of a
// long default): each is bounded before the work, with an error naming the
// limit.
const (
	// MaxTemplateBytes bounds a CloudFormation template or Terraform
	// file: CloudFormation's own limit for a template (1 MB, from S3).
	// The parsers' token lists are some hundred bytes a token, so this
	// also bounds what parsing holds.
	MaxTemplateBytes = 1 << 20
	// MaxNesting bounds brackets, braces, parentheses and interpolations
	// nested in the text, checked by a scan that does not recurse before
	// a parser sees it (maxDepth bounds the tree the same way).
	MaxNesting = maxDepth
	// MaxEvaluatedBytes bounds what evaluating one import's expressions
	// and intrinsic functions may build, in bytes of strings and values
	// of collections, together.
	MaxEvaluatedBytes = 4 << 20
	// maxEvaluations bounds the HCL expressions evaluated (locals are
	// retried pass after pass until they resolve).
	maxEvaluations = 100_000
)

// LimitError is an import refused by a limit of its budget.
type LimitError struct{ What string }

func (e *LimitError) Error() string { return e.What }

func tooDeep(what string) error {
	return &LimitError{fmt.Sprintf("the %s nests deeper than %d levels (brackets, braces, parentheses and interpolations)", what, MaxNesting)}
}

func tooLarge(what string) error {
	return &LimitError{fmt.Sprintf("the %s is over %d bytes", what, MaxTemplateBytes)}
}

func overBudget(where string) error {
	return &LimitError{fmt.Sprintf("%s: evaluating the import would build more than %d bytes of values", where, MaxEvaluatedBytes)}
}

// yamlNesting returns the deepest nesting of flow collections ([ ] and
// { }) in a YAML or JSON text, stopping once past limit. Quoted scalars
// and comments are skipped: a quote opens one only where a node may start
// (after space or an indicator), as in YAML, so that "it's" does not hide
// the brackets after it. A closer at depth 0 is text of a block scalar.
// The count may be higher than the parser's (a "[" inside a plain block
// scalar), never lower.
func yamlNesting(data []byte, limit int) int {
	depth, deepest := 0, 0
	prev := byte('\n')
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch c {
		case '[', '{':
			depth++
			if depth > deepest {
				if deepest = depth; deepest > limit {
					return deepest
				}
			}
		case ']', '}':
			if depth > 0 {
				depth--
			}
		case '#':
			if isYAMLSpace(prev) {
				for i < len(data) && data[i] != '\n' {
					i++
				}
				c = '\n'
			}
		case '"', '\'':
			if isYAMLSpace(prev) || prev == '[' || prev == '{' || prev == ',' || prev == ':' || prev == '-' || prev == '?' {
				for i++; i < len(data); i++ {
					if c == '"' && data[i] == '\\' {
						i++
					} else if data[i] == c {
						if c == '\'' && i+1 < len(data) && data[i+1] == '\'' {
							i++ // '' is a quote inside a single-quoted scalar
							continue
						}
						break
					}
				}
			}
		}
		prev = c
	}
	return deepest
}

func isYAMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// hclNesting returns the deepest nesting in an HCL file, counted on the
// tokens of hclsyntax's lexer (a state machine, no recursion): brackets,
// braces, parentheses, quotes, heredocs and template interpolations and
// directives, all of which the parser recurses into.
func hclNesting(src []byte, filename string) int {
	toks, _ := hclsyntax.LexConfig(src, filename, hcl.InitialPos)
	depth, deepest := 0, 0
	// The parser recurses too once per unary operator in a row (!!!!x,
	// ----x) and per conditional (a ? b : c ? d : ...): those count as
	// levels, the conditionals until the end of the line's expression.
	unary, conds := 0, 0
	for _, t := range toks {
		switch t.Type {
		case hclsyntax.TokenOBrace, hclsyntax.TokenOBrack, hclsyntax.TokenOParen, hclsyntax.TokenOQuote,
			hclsyntax.TokenOHeredoc, hclsyntax.TokenTemplateInterp, hclsyntax.TokenTemplateControl:
			depth++
		case hclsyntax.TokenCBrace, hclsyntax.TokenCBrack, hclsyntax.TokenCParen, hclsyntax.TokenCQuote,
			hclsyntax.TokenCHeredoc, hclsyntax.TokenTemplateSeqEnd:
			depth = max(depth-1, 0)
		case hclsyntax.TokenQuestion:
			conds++
		case hclsyntax.TokenNewline:
			if depth == 0 {
				conds = 0
			}
		}
		if t.Type == hclsyntax.TokenBang || t.Type == hclsyntax.TokenMinus {
			unary++
		} else {
			unary = 0
		}
		deepest = max(deepest, depth+unary+conds)
	}
	return deepest
}

// ctySize is the budget's measure of a value: bytes of its strings, eight
// a number or bool, and its elements, for a collection.
func ctySize(v cty.Value) int {
	if v.IsNull() || !v.IsKnown() {
		return 8
	}
	t := v.Type()
	switch {
	case t == cty.String:
		return len(v.AsString()) + 8
	case t.IsListType() || t.IsSetType() || t.IsTupleType() || t.IsMapType() || t.IsObjectType():
		n := 8
		for it := v.ElementIterator(); it.Next(); {
			k, e := it.Element()
			if t.IsMapType() || t.IsObjectType() {
				n += ctySize(k)
			}
			n += ctySize(e)
		}
		return n
	}
	return 8
}
