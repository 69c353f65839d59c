package partiql

import (
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/expr"
)

// reserved are PartiQL keywords that may not be used bare as names (a
// subset of PartiQL's reserved-word list: the statement keywords and the
// words users most often trip over). Quoting ("value") makes them names.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`all and as asc at between by case cast count date delete desc distinct else end
		exists false from full group having in inner insert into is join key left like limit missing modified names
		new not null old on or order outer pad pivot remove replace returning right select set size table then
		timestamp to true union unpivot update upsert user using value values when where with zone index conflict`) {
		reserved[w] = true
	}
}

// parser is a recursive-descent parser over the token list.
type parser struct {
	toks   []token
	i      int
	params int // number of ? seen
}

// parse parses one statement and counts its ? parameters. EXISTS(SELECT
// ...) parses anywhere; only a write transaction accepts it.
func parse(src string) (statement, int, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, 0, err
	}
	p := &parser{toks: toks}
	st, err := p.statement()
	if err != nil {
		return nil, 0, err
	}
	if p.peek().punct(";") {
		p.i++
	}
	if p.peek().kind != tEOF {
		return nil, 0, malformed(msgTrailing)
	}
	return st, p.params, nil
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token { t := p.toks[p.i]; p.i = min(p.i+1, len(p.toks)-1); return t }

// accept consumes the keyword kw if it is next.
func (p *parser) accept(kw string) bool {
	if p.peek().is(kw) {
		p.i++
		return true
	}
	return false
}

func (p *parser) acceptPunct(s string) bool {
	if p.peek().punct(s) {
		p.i++
		return true
	}
	return false
}

// expect consumes the keyword kw or fails.
func (p *parser) expect(kw string) error {
	if !p.accept(kw) {
		return p.unexpected()
	}
	return nil
}

func (p *parser) expectPunct(s string) error {
	if !p.acceptPunct(s) {
		return p.unexpected()
	}
	return nil
}

// unexpected is the syntax error for the next token.
func (p *parser) unexpected() error {
	t := p.peek()
	if t.kind == tEOF {
		return malformed("Unexpected end of statement")
	}
	return malformed("Unexpected token")
}

func (p *parser) statement() (statement, error) {
	t := p.peek()
	switch {
	case t.is("SELECT"):
		return p.selectStmt()
	case t.is("INSERT"):
		return p.insertStmt()
	case t.is("UPDATE"):
		return p.updateStmt()
	case t.is("DELETE"):
		return p.deleteStmt()
	case t.is("EXISTS"):
		p.i++
		if err := p.expectPunct("("); err != nil {
			return nil, err
		}
		if !p.peek().is("SELECT") {
			return nil, p.unexpected()
		}
		sel, err := p.selectStmt()
		if err != nil {
			return nil, err
		}
		if err := p.expectPunct(")"); err != nil {
			return nil, err
		}
		return &existsStmt{sel: sel}, nil
	}
	return nil, malformed(msgExpectedDML)
}

// name reads a table, index or attribute name: bare or double-quoted.
func (p *parser) name() (string, token, error) {
	t := p.peek()
	switch t.kind {
	case tQIdent:
		p.i++
		return t.text, t, nil
	case tIdent:
		if reserved[strings.ToLower(t.text)] {
			return "", t, p.unexpected()
		}
		p.i++
		return t.text, t, nil
	}
	return "", t, p.unexpected()
}

// source reads FROM's target: name or name.name.
func (p *parser) source() (source, error) {
	var parts []string
	var first token
	for {
		n, t, err := p.name()
		if err != nil {
			return source{}, err
		}
		if len(parts) == 0 {
			first = t
		}
		parts = append(parts, n)
		if !p.acceptPunct(".") {
			break
		}
	}
	for _, s := range parts {
		if s == "" {
			return source{}, validation("Path component cannot be an empty string")
		}
	}
	if len(parts) > 2 {
		return source{}, validation("A path may contain at most 2 components in the FROM clause")
	}
	s := source{table: parts[0], tok: first}
	if len(parts) == 2 {
		s.index = parts[1]
		// The position spans the whole qualified name.
		last := p.toks[p.i-1]
		s.tok.length = last.pos + last.length - first.pos
	}
	return s, nil
}

func (p *parser) selectStmt() (*selectStmt, error) {
	p.i++ // SELECT
	s := &selectStmt{}
	if p.acceptPunct("*") {
		s.star = true
		if p.peek().punct(",") {
			return nil, validation("Other attributes should not be present in the projection when '*' is used.")
		}
	} else {
		seen := map[string]bool{}
		for {
			t := p.peek()
			if (t.kind == tIdent) && p.toks[p.i+1].punct("(") {
				// A function or aggregate in the projection.
				t.length = 5
				return nil, verr(at("Unexpected path component", t))
			}
			if t.punct("*") {
				return nil, validation("Other attributes should not be present in the projection when '*' is used.")
			}
			path, err := p.path()
			if err != nil {
				return nil, err
			}
			if p.peek().is("AS") {
				return nil, validation("Aliasing is not supported")
			}
			name := outputName(path)
			if seen[name] {
				return nil, validation("Duplicate identifiers in select clause: %s", name)
			}
			seen[name] = true
			s.proj = append(s.proj, projItem{path: path, name: name})
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	if err := p.expect("FROM"); err != nil {
		return nil, err
	}
	src, err := p.source()
	if err != nil {
		return nil, err
	}
	s.from = src
	if p.accept("WHERE") {
		if s.where, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if p.accept("ORDER") {
		if err := p.expect("BY"); err != nil {
			return nil, err
		}
		for {
			n, _, err := p.name()
			if err != nil {
				return nil, err
			}
			k := orderKey{name: n}
			if p.accept("DESC") {
				k.desc = true
			} else {
				p.accept("ASC")
			}
			s.orderBy = append(s.orderBy, k)
			if !p.acceptPunct(",") {
				break
			}
		}
	}
	if p.peek().is("LIMIT") {
		return nil, validation("Unsupported clause: LIMIT")
	}
	return s, nil
}

// outputName is the name a projected path comes back under: its last named
// component with any list indexes after it (profile.sub -> sub, m.k[0] -> k[0]).
func outputName(path expr.Path) string {
	last := 0
	for i, e := range path {
		if !e.IsIndex {
			last = i
		}
	}
	var b strings.Builder
	b.WriteString(path[last].Name)
	for _, e := range path[last+1:] {
		b.WriteString("[" + strconv.Itoa(e.Index) + "]")
	}
	return b.String()
}

// path reads a document path: name {.name | [n]}.
func (p *parser) path() (expr.Path, error) {
	if p.peek().punct("[") {
		return nil, validation("A path cannot start with a list index")
	}
	n, _, err := p.name()
	if err != nil {
		return nil, err
	}
	path := expr.Path{{Name: n}}
	for {
		switch {
		case p.acceptPunct("."):
			t := p.peek()
			if t.kind == tIdent && reserved[strings.ToLower(t.text)] {
				return nil, malformed("Invalid path dot component")
			}
			if t.punct("*") {
				return nil, malformed("Invalid path dot component")
			}
			n, _, err := p.name()
			if err != nil {
				return nil, err
			}
			path = append(path, expr.PathElem{Name: n})
		case p.acceptPunct("["):
			neg := p.acceptPunct("-")
			t := p.next()
			if t.kind != tNumber {
				return nil, p.unexpected()
			}
			idx, err := strconv.ParseInt(t.text, 10, 64)
			if err != nil || idx > 1<<31-1 || (neg && idx != 0) {
				text := t.text
				if neg {
					text = "-" + text
				}
				return nil, verr(at("List index is not within the allowable range; index: ["+text+"]", t))
			}
			if err := p.expectPunct("]"); err != nil {
				return nil, err
			}
			path = append(path, expr.PathElem{Index: int(idx), IsIndex: true})
		default:
			return path, nil
		}
	}
}

func (p *parser) insertStmt() (*insertStmt, error) {
	p.i++ // INSERT
	if err := p.expect("INTO"); err != nil {
		return nil, err
	}
	src, err := p.source()
	if err != nil {
		return nil, err
	}
	if src.index != "" {
		return nil, verr(at("FROM clause may only contain a single table name in data manipulation statements", src.tok))
	}
	if p.peek().is("VALUES") {
		return nil, validation(`Unsupported operation: Inserting multiple items in a single statement is not supported, use "INSERT INTO tableName VALUE item" instead`)
	}
	if err := p.expect("VALUE"); err != nil {
		return nil, err
	}
	v, err := p.primary()
	if err != nil {
		return nil, err
	}
	m, ok := v.(*mapLit)
	if !ok {
		return nil, validation("Unsupported format in item expression. Please use struct format {...} to express item values for insert statement.")
	}
	if p.peek().is("RETURNING") {
		return nil, validation("RETURNING is not supported in INSERT")
	}
	return &insertStmt{from: src, value: m}, nil
}

func (p *parser) updateStmt() (*updateStmt, error) {
	p.i++ // UPDATE
	src, err := p.source()
	if err != nil {
		return nil, err
	}
	s := &updateStmt{from: src}
	for {
		switch {
		case p.accept("SET"):
			for {
				t := p.peek()
				path, err := p.path()
				if err != nil {
					return nil, err
				}
				if err := p.expectPunct("="); err != nil {
					return nil, err
				}
				rhs, err := p.additive()
				if err != nil {
					return nil, err
				}
				if p.peek().is("IS") {
					return nil, validation("IS operator is not supported in update expressions")
				}
				s.actions = append(s.actions, action{path: path, rhs: rhs, tok: t})
				if !p.acceptPunct(",") {
					break
				}
			}
			continue
		case p.accept("REMOVE"):
			for {
				t := p.peek()
				path, err := p.path()
				if err != nil {
					return nil, err
				}
				s.actions = append(s.actions, action{remove: true, path: path, tok: t})
				if !p.acceptPunct(",") {
					break
				}
			}
			continue
		}
		break
	}
	if len(s.actions) == 0 {
		return nil, p.unexpected()
	}
	if p.accept("WHERE") {
		if s.where, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if s.returning, err = p.returning(); err != nil {
		return nil, err
	}
	return s, nil
}

func (p *parser) deleteStmt() (*deleteStmt, error) {
	p.i++ // DELETE
	if err := p.expect("FROM"); err != nil {
		return nil, err
	}
	src, err := p.source()
	if err != nil {
		return nil, err
	}
	s := &deleteStmt{from: src}
	if p.accept("WHERE") {
		if s.where, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if s.returning, err = p.returning(); err != nil {
		return nil, err
	}
	if s.returning != "" && s.returning != "ALL OLD" {
		return nil, validation("Invalid returning clause: RETURNING %s *. Only RETURNING ALL OLD * is allowed in DELETE statements.", s.returning)
	}
	return s, nil
}

// returning reads an optional RETURNING (ALL|MODIFIED) (OLD|NEW) *.
func (p *parser) returning() (string, error) {
	if !p.accept("RETURNING") {
		return "", nil
	}
	var which, age string
	switch {
	case p.accept("ALL"):
		which = "ALL"
	case p.accept("MODIFIED"):
		which = "MODIFIED"
	default:
		return "", p.unexpected()
	}
	switch {
	case p.accept("OLD"):
		age = "OLD"
	case p.accept("NEW"):
		age = "NEW"
	default:
		return "", p.unexpected()
	}
	if err := p.expectPunct("*"); err != nil {
		return "", err
	}
	return which + " " + age, nil
}

// ---- expressions: OR < AND < NOT < comparison < additive < unary < primary ----

func (p *parser) expr() (node, error) { return p.or() }

func (p *parser) or() (node, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.peek().is("OR") {
		t := p.next()
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = &binary{op: "OR", l: l, r: r, tok: t}
	}
	return l, nil
}

func (p *parser) and() (node, error) {
	l, err := p.not()
	if err != nil {
		return nil, err
	}
	for p.peek().is("AND") {
		t := p.next()
		r, err := p.not()
		if err != nil {
			return nil, err
		}
		l = &binary{op: "AND", l: l, r: r, tok: t}
	}
	return l, nil
}

func (p *parser) not() (node, error) {
	if p.peek().is("NOT") {
		t := p.next()
		x, err := p.not()
		if err != nil {
			return nil, err
		}
		return &notNode{x: x, tok: t}, nil
	}
	return p.comparison()
}

var comparisons = map[string]bool{"=": true, "<>": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true}

func (p *parser) comparison() (node, error) {
	l, err := p.additive()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	switch {
	case t.kind == tPunct && comparisons[t.text]:
		p.i++
		r, err := p.additive()
		if err != nil {
			return nil, err
		}
		op := t.text
		if op == "!=" {
			op = "<>"
		}
		return &binary{op: op, l: l, r: r, tok: t}, nil
	case t.is("BETWEEN"):
		p.i++
		lo, err := p.additive()
		if err != nil {
			return nil, err
		}
		if err := p.expect("AND"); err != nil {
			return nil, err
		}
		hi, err := p.additive()
		if err != nil {
			return nil, err
		}
		return &betweenNode{x: l, lo: lo, hi: hi, tok: t}, nil
	case t.is("IN"):
		p.i++
		closing := "]"
		if !p.acceptPunct("[") {
			if !p.acceptPunct("(") {
				return nil, p.unexpected()
			}
			closing = ")"
		}
		var list []node
		for !p.peek().punct(closing) {
			e, err := p.additive()
			if err != nil {
				return nil, err
			}
			list = append(list, e)
			if !p.acceptPunct(",") {
				break
			}
		}
		if err := p.expectPunct(closing); err != nil {
			return nil, err
		}
		return &inNode{x: l, list: list, tok: t}, nil
	case t.is("IS"):
		p.i++
		n := &isNode{x: l, tok: t}
		n.not = p.accept("NOT")
		switch {
		case p.accept("MISSING"):
			n.what = "MISSING"
		case p.accept("NULL"):
			n.what = "NULL"
		default:
			return nil, p.unexpected()
		}
		return n, nil
	}
	return l, nil
}

func (p *parser) additive() (node, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for p.peek().punct("+") || p.peek().punct("-") {
		t := p.next()
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		l = &binary{op: t.text, l: l, r: r, tok: t}
	}
	return l, nil
}

// unary folds signs into number literals; DynamoDB rejects a sign before
// anything else (-? and -attr, reference §3).
func (p *parser) unary() (node, error) {
	if p.peek().punct("-") || p.peek().punct("+") {
		t := p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		lit, ok := x.(*litNode)
		if !ok {
			return nil, malformed("Unexpected token")
		}
		n, isNum := lit.v.(attr.Number)
		if !isNum {
			return nil, malformed("Unexpected token")
		}
		if t.text == "-" {
			z, _ := attr.NumberFromInt64(0).Sub(n)
			lit = &litNode{v: z, tok: t}
		}
		return lit, nil
	}
	return p.primary()
}

func (p *parser) primary() (node, error) {
	t := p.peek()
	switch t.kind {
	case tString:
		p.i++
		return &litNode{v: attr.String(t.text), tok: t}, nil
	case tNumber:
		p.i++
		n, err := attr.ParseNumber(t.text)
		if err != nil {
			return nil, validation("%s", err.Error())
		}
		return &litNode{v: n, tok: t}, nil
	case tParam:
		p.i++
		p.params++
		return &paramNode{n: p.params - 1, tok: t}, nil
	case tQIdent:
		return p.pathNode()
	case tIdent:
		switch strings.ToUpper(t.text) {
		case "TRUE", "FALSE":
			p.i++
			return &litNode{v: attr.Bool(strings.EqualFold(t.text, "true")), tok: t}, nil
		case "NULL":
			p.i++
			return &litNode{v: attr.Null{}, tok: t}, nil
		case "MISSING":
			p.i++
			return &missingLit{tok: t}, nil
		}
		if p.toks[p.i+1].punct("(") {
			return p.call()
		}
		return p.pathNode()
	case tPunct:
		switch t.text {
		case "(":
			p.i++
			x, err := p.expr()
			if err != nil {
				return nil, err
			}
			if err := p.expectPunct(")"); err != nil {
				return nil, err
			}
			return &parenNode{x: x, tok: t}, nil
		case "[":
			p.i++
			l := &listLit{tok: t}
			for !p.peek().punct("]") {
				e, err := p.additive()
				if err != nil {
					return nil, err
				}
				l.elems = append(l.elems, e)
				if !p.acceptPunct(",") {
					break
				}
			}
			return l, p.expectPunct("]")
		case "{":
			p.i++
			m := &mapLit{tok: t}
			for !p.peek().punct("}") {
				k := p.next()
				if k.kind != tString {
					if k.kind == tQIdent {
						return nil, validation("Tuple keys must be of type String. Actual type: %s under %s", "VARIABLE_REFERENCE", "root")
					}
					return nil, malformed("Unexpected token")
				}
				if err := p.expectPunct(":"); err != nil {
					return nil, err
				}
				v, err := p.additive()
				if err != nil {
					return nil, err
				}
				for _, seen := range m.keys {
					if seen == k.text {
						return nil, validation("Duplicate keys in tuple. Key: %s under %s", k.text, "root")
					}
				}
				m.keys = append(m.keys, k.text)
				m.vals = append(m.vals, v)
				if !p.acceptPunct(",") {
					break
				}
			}
			return m, p.expectPunct("}")
		case "<<":
			p.i++
			b := &bagLit{tok: t}
			for !p.peek().punct(">>") {
				e, err := p.additive()
				if err != nil {
					return nil, err
				}
				b.elems = append(b.elems, e)
				if !p.acceptPunct(",") {
					break
				}
			}
			return b, p.expectPunct(">>")
		}
	}
	return nil, p.unexpected()
}

// knownFunctions are the functions PartiQL for DynamoDB evaluates, with
// their arity.
var knownFunctions = map[string]int{
	"begins_with": 2, "contains": 2, "attribute_type": 2, "size": 1,
	"attribute_exists": 1, "attribute_not_exists": 1,
	"list_append": 2, "set_add": 2, "set_delete": 2,
}

func (p *parser) call() (node, error) {
	t := p.next()
	name := strings.ToLower(t.text)
	p.i++ // (
	c := &callNode{name: name, tok: t}
	for !p.peek().punct(")") {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		c.args = append(c.args, e)
		if !p.acceptPunct(",") {
			break
		}
	}
	if err := p.expectPunct(")"); err != nil {
		return nil, err
	}
	n, ok := knownFunctions[name]
	if !ok {
		return nil, validation("Unrecognized function: %s", t.text)
	}
	if len(c.args) != n {
		if name == "set_add" || name == "set_delete" {
			return nil, validation("%s must have exactly two arguments", strings.ToUpper(name))
		}
		return nil, malformed("Incorrect number of arguments for function " + t.text)
	}
	return c, nil
}

func (p *parser) pathNode() (node, error) {
	t := p.peek()
	path, err := p.path()
	if err != nil {
		return nil, err
	}
	return &pathNode{path: path, tok: t}, nil
}
