package advise

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// Parse reads a design written in plain words, one statement a line ('#'
// starts a comment):
//
//	name Shop                          the model's name (optional)
//	table Shop                         the table's name (optional)
//	tables per entity                  one table per entity instead of one
//	Customer: email, name, createdAt   an entity and its attributes
//	Order of Customer 1-20: total N price(5,500), status
//	                                   a child entity: each Customer has 1 to 20
//	OrderLine of Order 1-5, id lineId: quantity N
//	get Customer by customerId, 100/s  an access pattern
//	list Orders by customerId range createdAt, 50/s
//	list Orders by status rare
//	create Order, 10/s
//	update Order set status, 5/s
//	delete Order
//	scan Products                      (list without by)
//
// An attribute is a name, then optionally its DynamoDB type and a
// generator ("total N price(5,500)"); a missing type is S, or N for an
// expiry (expiresAt), an amount or a count (price, total, quantity,
// stock, rating: the name's last word); a missing generator is guessed. A pattern is an action (get, list, create, update,
// delete; query and find mean list, put means create, scan means list with
// no key), the entity (a plural "Orders" names Order), then any of:
//
//	by a, b / by a and b     looked up by equality, the most general first
//	range a / sorted by a    a range of a, sorted by it
//	newest first / oldest first    the order of a list (ScanIndexForward)
//	limit N                  a page of N items (Limit)
//	where a = v [and b = w]  a subset chosen by a value (open issues)
//	rare                     a subset few items have (a sparse index)
//	with Children            a get reads the item and its children at once
//	set a, b                 what an update changes
//	N/s                      the rate
//	"a name"                 the pattern's name
//
// An entity's id is "id name" after its head ("Book, id isbn: title"); else
// the attribute named as its id (orgId for Organization, customerId in
// "get Customer by customerId"); else its first attribute ("Book: isbn,
// title" takes isbn); else the name plus Id (IDs). Errors name the line
// and the word.
func Parse(text string) (Input, error) {
	var in Input
	for i, raw := range strings.Split(text, "\n") {
		line := raw
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		fail := func(format string, args ...any) error {
			return fmt.Errorf("line %d (%s): %s", i+1, strings.TrimSpace(raw), fmt.Sprintf(format, args...))
		}
		words := strings.Fields(line)
		switch first := strings.ToLower(words[0]); {
		case first == "name" && len(words) > 1 && !strings.Contains(line, ":"):
			in.Name = strings.TrimSpace(line[len(words[0]):])
		case first == "table" && len(words) == 2:
			in.Table = words[1]
		case strings.EqualFold(line, "tables per entity") || strings.EqualFold(line, "table per entity"):
			in.TablePerEntity = true
		case actions[first] != "":
			p, err := parsePattern(actions[first], first, strings.TrimSpace(line[len(words[0]):]), &in)
			if err != nil {
				return in, fail("%v", err)
			}
			in.Patterns = append(in.Patterns, p)
		default:
			e, err := parseEntity(line)
			if err != nil {
				return in, fail("%v", err)
			}
			in.Entities = append(in.Entities, e)
		}
	}
	return in, nil
}

var actions = map[string]string{
	"get": Get, "read": Get, "list": List, "query": List, "find": List, "scan": List,
	"create": Create, "put": Create, "add": Create, "update": Update, "delete": Delete, "remove": Delete,
}

func parseEntity(line string) (Entity, error) {
	head, attrs, ok := strings.Cut(line, ":")
	if !ok {
		return Entity{}, fmt.Errorf("not an entity (Name: attributes) nor an access pattern (get, list, create, update, delete ...)")
	}
	var e Entity
	parts := strings.Split(head, ",")
	words := strings.Fields(parts[0])
	if len(words) == 0 {
		return e, fmt.Errorf("the entity has no name")
	}
	e.Name = words[0]
	if len(words) > 1 {
		if len(words) < 3 || words[1] != "of" && words[1] != "in" {
			return e, fmt.Errorf("after the entity's name: \"of Parent min-max\", not %q", strings.Join(words[1:], " "))
		}
		e.Parent = words[2]
		if len(words) > 3 {
			lo, hi, ok := strings.Cut(words[3], "-")
			a, err1 := strconv.Atoi(lo)
			b, err2 := strconv.Atoi(hi)
			if !ok || err1 != nil || err2 != nil || a < 0 || b < a {
				return e, fmt.Errorf("%q is not a count range such as 1-20", words[3])
			}
			e.Min, e.Max = a, b
		}
	}
	for _, p := range parts[1:] {
		w := strings.Fields(p)
		if len(w) == 2 && w[0] == "id" {
			e.ID = w[1]
			continue
		}
		return e, fmt.Errorf("%q: after the entity, \"id name\" names its id attribute", strings.TrimSpace(p))
	}
	for _, a := range splitTop(attrs) {
		w := strings.Fields(a)
		if len(w) == 0 {
			continue
		}
		at := model.Attribute{Name: w[0]}
		rest := w[1:]
		if len(rest) > 0 && isType(rest[0]) {
			at.Type, rest = rest[0], rest[1:]
		}
		if len(rest) > 0 {
			at.Generator = strings.Join(rest, " ")
		}
		e.Attributes = append(e.Attributes, at)
	}
	return e, nil
}

func isType(s string) bool {
	switch s {
	case "S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M":
		return true
	}
	return false
}

// splitTop splits at commas outside parentheses and quotes.
func splitTop(s string) []string {
	var out []string
	depth, quoted, from := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[from:i]))
			from = i + 1
		}
	}
	return append(out, strings.TrimSpace(s[from:]))
}

func parsePattern(action, verb, rest string, in *Input) (Pattern, error) {
	p := Pattern{Action: action}
	if verb == "scan" || verb == "list" || verb == "query" || verb == "find" {
		p.Action = List
	}
	// A quoted name.
	if i := strings.IndexByte(rest, '"'); i >= 0 {
		j := strings.IndexByte(rest[i+1:], '"')
		if j < 0 {
			return p, fmt.Errorf("unclosed '\"' in the name")
		}
		p.Name = rest[i+1 : i+1+j]
		rest = rest[:i] + rest[i+2+j:]
	}
	words := strings.Fields(strings.NewReplacer(",", " , ", "=", " = ").Replace(rest))
	if len(words) == 0 {
		return p, fmt.Errorf("which entity?")
	}
	p.Entity = entityName(words[0], in)
	var list *[]string
	mode := "" // "where", "limit", "first" (after newest/oldest)
	for i := 1; i < len(words); i++ {
		w := words[i]
		lw := strings.ToLower(w)
		switch {
		case mode == "where":
			// where a = v [and b = w]
			if i+2 >= len(words) || words[i+1] != "=" {
				return p, fmt.Errorf("%q: where takes an attribute, '=' and a value (where status = OPEN)", w)
			}
			p.Where = append(p.Where, Condition{Attribute: w, Value: strings.Trim(words[i+2], `'`)})
			i += 2
			mode = "where-and"
		case mode == "where-and" && lw == "and":
			mode = "where"
		case mode == "limit":
			n, err := strconv.Atoi(w)
			if err != nil || n < 1 {
				return p, fmt.Errorf("%q: limit takes a page size such as 25", w)
			}
			p.Limit, mode = n, ""
		case mode == "first":
			mode = ""
			if lw != "first" {
				i-- // "newest" alone is enough
			}
		case lw == ",":
			if mode == "where-and" {
				mode = ""
			}
			continue
		case lw == "and" && list != nil:
			continue
		case lw == "by":
			list, mode = &p.By, ""
		case lw == "with":
			list, mode = &p.With, ""
		case lw == "where":
			list, mode = nil, "where"
		case lw == "limit":
			list, mode = nil, "limit"
		case lw == "newest" || lw == "latest" || lw == "descending":
			p.Newest, list, mode = true, nil, "first"
		case lw == "oldest" || lw == "ascending":
			p.Newest, list, mode = false, nil, "first"
		case lw == "range" || lw == "between" || lw == "sorted":
			list, mode = nil, ""
			p.Range = "?"
			if i+1 < len(words) && strings.ToLower(words[i+1]) == "by" && lw == "sorted" {
				i++
			}
		case lw == "set":
			list, mode = &p.Set, ""
		case lw == "rare":
			p.Rare = true
			list, mode = nil, ""
		case strings.HasSuffix(lw, "/s"):
			r, err := strconv.ParseFloat(strings.TrimSuffix(lw, "/s"), 64)
			if err != nil || r < 0 {
				return p, fmt.Errorf("%q is not a rate such as 20/s", w)
			}
			p.Rate = r
			list, mode = nil, ""
		case p.Range == "?":
			p.Range = w
		case list == &p.With:
			p.With = append(p.With, entityName(w, in))
		case list != nil:
			*list = append(*list, w)
		default:
			return p, fmt.Errorf("%q: expected by, range, where, rare, with, newest first, oldest first, limit, set or a rate such as 20/s", w)
		}
	}
	if mode == "where" || mode == "limit" {
		return p, fmt.Errorf("%s of what? (where status = OPEN, limit 25)", mode)
	}
	if p.Range == "?" {
		return p, fmt.Errorf("range of which attribute?")
	}
	if verb == "scan" && len(p.By) > 0 {
		return p, fmt.Errorf("a scan reads by no key: use list ... by")
	}
	return p, nil
}

// entityName maps a plural ("Orders", "Categories") to the entity's name
// when the design has that entity.
func entityName(w string, in *Input) string {
	known := func(n string) bool {
		for _, e := range in.Entities {
			if e.Name == n {
				return true
			}
		}
		return false
	}
	for _, c := range []string{w, strings.TrimSuffix(w, "s"), strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "ies") + "y"} {
		if known(c) {
			return c
		}
	}
	return w
}
