package expr

import (
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// updateFunctions are the functions of SET right-hand sides, with their
// number of operands.
var updateFunctions = map[string]int{
	"if_not_exists": 2,
	"list_append":   2,
}

// updateTypeNames are the type names of ADD and DELETE operand errors.
var updateTypeNames = map[attr.Type]string{
	attr.TypeS:    "STRING",
	attr.TypeN:    "NUMBER",
	attr.TypeB:    "BINARY",
	attr.TypeNULL: "NULL",
	attr.TypeBOOL: "BOOLEAN",
	attr.TypeL:    "LIST",
	attr.TypeM:    "MAP",
}

// Update is a parsed UpdateExpression.
type Update struct {
	clauses []*clauseNode
	actions []*actionNode // in source order
	paths   []Path
}

// ParseUpdate parses and checks an UpdateExpression.
func ParseUpdate(src string, ph *Placeholders) (_ *Update, err error) {
	const kind = UpdateExpression
	if ph == nil {
		ph = NewPlaceholders(nil, nil)
	}
	if err := ph.check(); err != nil {
		return nil, err
	}
	if err := checkSource(kind, src, ph); err != nil {
		return nil, err
	}
	defer recoverError(&err)
	pr := newParser(kind, src, updateKeywords)
	pr.unlimited = !ph.limited()
	clauses := pr.parseUpdateExpr()
	u := &Update{clauses: clauses}
	for _, c := range clauses {
		u.actions = append(u.actions, c.actions...)
	}
	c := newChecker(kind, ph)
	for _, cl := range clauses {
		c.resolve(cl)
	}
	if e := c.checkUpdate(u); e != nil {
		return nil, e
	}
	for _, a := range u.actions {
		u.paths = append(u.paths, a.path.resolved)
	}
	return u, nil
}

// String returns the update as canonical source.
func (u *Update) String() string {
	var b strings.Builder
	for i, c := range u.clauses {
		if i > 0 {
			b.WriteByte(' ')
		}
		c.write(&b)
	}
	return b.String()
}

// Paths returns the paths the update writes (SET, REMOVE, ADD and DELETE
// targets), in source order.
func (u *Update) Paths() []Path { return u.paths }

// OnlyRemoves reports whether the update only takes things away (REMOVE and
// DELETE actions): applied to an item that does not exist, it creates
// nothing.
func (u *Update) OnlyRemoves() bool {
	for _, a := range u.actions {
		if a.kind == actSet || a.kind == actAdd {
			return false
		}
	}
	return true
}

// Sets returns the paths of SET and ADD actions, which write values.
func (u *Update) Sets() []Path {
	var out []Path
	for _, a := range u.actions {
		if a.kind == actSet || a.kind == actAdd {
			out = append(out, a.path.resolved)
		}
	}
	return out
}

// Removes returns the paths of REMOVE and DELETE actions.
func (u *Update) Removes() []Path {
	var out []Path
	for _, a := range u.actions {
		if a.kind == actRemove || a.kind == actDelete {
			out = append(out, a.path.resolved)
		}
	}
	return out
}

// checkUpdate runs the checks of an update, in DynamoDB's order.
func (c *checker) checkUpdate(u *Update) *Error {
	for _, cl := range u.clauses {
		if err := c.redundantParens(cl); err != nil {
			return err
		}
	}
	for _, cl := range u.clauses {
		if err := c.reserved(cl); err != nil {
			return err
		}
	}
	for _, cl := range u.clauses {
		if err := c.unknownFunction(cl, updateFunctions); err != nil {
			return err
		}
	}
	for _, cl := range u.clauses {
		// list_append can't take the result of list_append (Alternator's
		// test_update_expression_function_nesting, against AWS).
		if err := postorder(cl, func(n Node) *Error {
			if x, ok := n.(*callNode); ok && x.name == "list_append" {
				for _, a := range x.args {
					if in, ok := unparen(a).(*callNode); ok && in.name == "list_append" {
						return errorf(c.kind, in.Pos(), msgMisusedFunction, in.name)
					}
				}
			}
			return nil
		}); err != nil {
			return err
		}
	}
	seen := map[actionKind]bool{}
	for _, cl := range u.clauses {
		if seen[cl.kind] {
			return errorf(c.kind, cl.Pos(), msgSectionTwice, cl.kind)
		}
		seen[cl.kind] = true
	}
	for _, cl := range u.clauses {
		if err := c.firstUndefined(cl, true, false); err != nil {
			return err
		}
	}
	for _, cl := range u.clauses {
		if err := c.firstUndefined(cl, false, true); err != nil {
			return err
		}
	}
	targets := make([]*pathNode, len(u.actions))
	for i, a := range u.actions {
		targets[i] = a.path
	}
	if err := c.checkPaths(targets); err != nil {
		return err
	}
	for _, a := range u.actions {
		if a.kind != actAdd && a.kind != actDelete {
			continue
		}
		v, _ := literal(a.value)
		switch t := v.Type(); {
		case t == attr.TypeSS || t == attr.TypeNS || t == attr.TypeBS:
		case t == attr.TypeN && a.kind == actAdd:
		default:
			return errorf(c.kind, a.value.Pos(), msgUpdateOperandType, a.kind, updateTypeNames[t])
		}
	}
	for _, cl := range u.clauses {
		if err := postorder(cl, func(n Node) *Error {
			switch x := n.(type) {
			case *callNode:
				if err := c.arity(x, updateFunctions); err != nil {
					return err
				}
				switch x.name {
				case "if_not_exists":
					if _, ok := isPath(x.args[0]); !ok {
						return errorf(c.kind, x.Pos(), msgNeedsPath, x.name)
					}
				case "list_append":
					return c.literalTypes(x.Pos(), x.name, attr.TypeL, x.args...)
				}
			case *arithNode:
				op := "+"
				if x.minus {
					op = "-"
				}
				return c.literalTypes(x.Pos(), op, attr.TypeN, x.left, x.right)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// literalTypes reports a placeholder operand of op whose type is not want.
func (c *checker) literalTypes(off int, op string, want attr.Type, os ...operandNode) *Error {
	for _, o := range os {
		if v, ok := literal(o); ok && v.Type() != want {
			return errorf(c.kind, off, msgOperandType, op, v.Type())
		}
	}
	return nil
}

// ---- applying ----

// put writes value at path.
type put struct {
	path  Path
	value attr.Value
}

// Apply applies the update to item and returns the new item; item itself is
// not modified (the values, immutable, are shared). All right-hand sides and
// ADD/DELETE operands are evaluated against item as it was before the
// update. Errors are DynamoDB's runtime messages: "The document path provided
// in the update expression is invalid for update", "The provided expression
// refers to an attribute that does not exist in the item", "An operand in the
// update expression has an incorrect data type", and number range errors.
func (u *Update) Apply(item attr.Item) (attr.Item, error) {
	return u.apply(item, false)
}

// ApplyToMissing applies the update to an item that does not exist yet, key
// holding its key attributes. It differs from Apply in one way DynamoDB
// shows: REMOVE of a nested path whose parent is missing is ignored rather
// than an invalid document path.
func (u *Update) ApplyToMissing(key attr.Item) (attr.Item, error) {
	return u.apply(key, true)
}

func (u *Update) apply(old attr.Item, missingItem bool) (attr.Item, error) {
	var puts []put
	var removes []Path
	for _, a := range u.actions {
		p := a.path.resolved
		switch a.kind {
		case actSet:
			v, err := evalRHS(old, a.value)
			if err != nil {
				return nil, err
			}
			if !validTarget(old, p) {
				return nil, bareErrorf(UpdateExpression, a.Pos(), msgInvalidPathForUpdate)
			}
			puts = append(puts, put{p, v})
		case actRemove:
			if !validTarget(old, p) {
				if missingItem {
					continue
				}
				return nil, bareErrorf(UpdateExpression, a.Pos(), msgInvalidPathForUpdate)
			}
			removes = append(removes, p)
		case actAdd:
			if !validTarget(old, p) {
				return nil, bareErrorf(UpdateExpression, a.Pos(), msgInvalidPathForUpdate)
			}
			v, err := addValue(old, p, a)
			if err != nil {
				return nil, err
			}
			puts = append(puts, put{p, v})
		case actDelete:
			if !validTarget(old, p) {
				return nil, bareErrorf(UpdateExpression, a.Pos(), msgInvalidPathForUpdate)
			}
			cur, ok := Lookup(old, p)
			if !ok {
				continue
			}
			operand, _ := literal(a.value)
			v, empty, err := attr.Difference(cur, operand)
			if err != nil {
				return nil, bareErrorf(UpdateExpression, a.Pos(), msgIncorrectDataType)
			}
			if empty {
				removes = append(removes, p)
			} else {
				puts = append(puts, put{p, v})
			}
		}
	}

	for _, w := range puts {
		if len(w.path) > 1 && tooDeep(w.value, attr.MaxDepth-len(w.path)+1) {
			return nil, bareErrorf(UpdateExpression, -1, "%s", attr.MsgNestingTooDeep)
		}
	}

	out := make(attr.Item, len(old)+len(puts))
	for k, v := range old {
		out[k] = v
	}
	// Writes in path order, so that several new list elements are appended
	// in index order; they never move an existing element.
	slices.SortStableFunc(puts, func(a, b put) int { return comparePaths(a.path, b.path) })
	for _, w := range puts {
		if len(w.path) == 1 {
			out[w.path[0].Name] = w.value
			continue
		}
		out[w.path[0].Name] = setIn(out[w.path[0].Name], w.path[1:], w.value)
	}
	// Removals last and from the back, so that list indexes keep meaning the
	// positions before the update.
	slices.SortFunc(removes, func(a, b Path) int { return comparePaths(b, a) })
	for _, p := range removes {
		if len(p) == 1 {
			delete(out, p[0].Name)
			continue
		}
		if last := p[len(p)-1]; last.IsIndex {
			parent, _ := Lookup(old, p[:len(p)-1])
			if l, ok := parent.(attr.List); !ok || last.Index >= len(l) {
				continue // past the end before the update: nothing to remove
			}
		}
		if v, ok := out[p[0].Name]; ok {
			out[p[0].Name] = removeIn(v, p[1:])
		}
	}
	return out, nil
}

// tooDeep reports whether v nests more than limit levels (a scalar is one
// level, a list or map one more than its deepest element).
func tooDeep(v attr.Value, limit int) bool {
	if limit < 1 {
		return true
	}
	switch x := v.(type) {
	case attr.List:
		for _, e := range x {
			if tooDeep(e, limit-1) {
				return true
			}
		}
	case attr.Map:
		for _, e := range x {
			if tooDeep(e, limit-1) {
				return true
			}
		}
	}
	return false
}

// validTarget reports whether a value can be written at (or removed from) p
// in item: the parent of the last step exists and is a map for a name or a
// list for an index.
func validTarget(item attr.Item, p Path) bool {
	if len(p) == 1 {
		return true
	}
	parent, ok := Lookup(item, p[:len(p)-1])
	if !ok {
		return false
	}
	switch parent.(type) {
	case attr.Map:
		return !p[len(p)-1].IsIndex
	case attr.List:
		return p[len(p)-1].IsIndex
	}
	return false
}

// setIn returns a copy of container with v written at p (relative); a list
// index at or past the end appends.
func setIn(container attr.Value, p Path, v attr.Value) attr.Value {
	e := p[0]
	switch x := container.(type) {
	case attr.Map:
		m := make(attr.Map, len(x)+1)
		for k, w := range x {
			m[k] = w
		}
		if len(p) == 1 {
			m[e.Name] = v
		} else {
			m[e.Name] = setIn(x[e.Name], p[1:], v)
		}
		return m
	case attr.List:
		l := make(attr.List, len(x), len(x)+1)
		copy(l, x)
		switch {
		case e.Index >= len(l):
			if len(p) == 1 {
				l = append(l, v)
			}
		case len(p) == 1:
			l[e.Index] = v
		default:
			l[e.Index] = setIn(l[e.Index], p[1:], v)
		}
		return l
	}
	return container
}

// removeIn returns a copy of container without the element at p (relative).
func removeIn(container attr.Value, p Path) attr.Value {
	e := p[0]
	switch x := container.(type) {
	case attr.Map:
		w, ok := x[e.Name]
		if !ok {
			return container
		}
		m := make(attr.Map, len(x))
		for k, v := range x {
			m[k] = v
		}
		if len(p) == 1 {
			delete(m, e.Name)
		} else {
			m[e.Name] = removeIn(w, p[1:])
		}
		return m
	case attr.List:
		if !e.IsIndex || e.Index >= len(x) {
			return container
		}
		if len(p) == 1 {
			l := make(attr.List, 0, len(x)-1)
			l = append(l, x[:e.Index]...)
			return append(l, x[e.Index+1:]...)
		}
		l := make(attr.List, len(x))
		copy(l, x)
		l[e.Index] = removeIn(x[e.Index], p[1:])
		return l
	}
	return container
}

// addValue computes the value ADD writes at p.
func addValue(old attr.Item, p Path, a *actionNode) (attr.Value, error) {
	operand, _ := literal(a.value)
	cur, ok := Lookup(old, p)
	if !ok {
		return operand, nil
	}
	if n, isN := operand.(attr.Number); isN {
		m, ok := cur.(attr.Number)
		if !ok {
			return nil, bareErrorf(UpdateExpression, a.Pos(), msgIncorrectDataType)
		}
		sum, err := m.Add(n)
		if err != nil {
			return nil, bareErrorf(UpdateExpression, a.Pos(), "%s", err.Error())
		}
		return sum, nil
	}
	v, err := attr.Union(cur, operand)
	if err != nil {
		return nil, bareErrorf(UpdateExpression, a.Pos(), msgIncorrectDataType)
	}
	return v, nil
}

// evalRHS evaluates the right-hand side of a SET action against the item
// before the update.
func evalRHS(old attr.Item, o operandNode) (attr.Value, error) {
	switch x := o.(type) {
	case *pathNode:
		v, ok := Lookup(old, x.resolved)
		if !ok {
			return nil, bareErrorf(UpdateExpression, x.Pos(), msgMissingAttribute)
		}
		return v, nil
	case *valueNode:
		return x.value, nil
	case *parenOperandNode:
		return evalRHS(old, x.x)
	case *arithNode:
		l, err := evalRHS(old, x.left)
		if err != nil {
			return nil, err
		}
		r, err := evalRHS(old, x.right)
		if err != nil {
			return nil, err
		}
		a, ok1 := l.(attr.Number)
		b, ok2 := r.(attr.Number)
		if !ok1 || !ok2 {
			return nil, bareErrorf(UpdateExpression, x.Pos(), msgIncorrectDataType)
		}
		var n attr.Number
		if x.minus {
			n, err = a.Sub(b)
		} else {
			n, err = a.Add(b)
		}
		if err != nil {
			return nil, bareErrorf(UpdateExpression, x.Pos(), "%s", err.Error())
		}
		return n, nil
	case *callNode:
		switch x.name {
		case "if_not_exists":
			if p, ok := isPath(x.args[0]); ok {
				if v, ok := Lookup(old, p.resolved); ok {
					return v, nil
				}
			}
			return evalRHS(old, x.args[1])
		case "list_append":
			l, err := evalRHS(old, x.args[0])
			if err != nil {
				return nil, err
			}
			r, err := evalRHS(old, x.args[1])
			if err != nil {
				return nil, err
			}
			a, ok1 := l.(attr.List)
			b, ok2 := r.(attr.List)
			if !ok1 || !ok2 {
				return nil, bareErrorf(UpdateExpression, x.Pos(), msgIncorrectDataType)
			}
			out := make(attr.List, 0, len(a)+len(b))
			return append(append(out, a...), b...), nil
		}
	}
	return nil, bareErrorf(UpdateExpression, o.Pos(), msgIncorrectDataType)
}
