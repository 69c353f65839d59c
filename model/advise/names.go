package advise

import (
	"slices"
	"strings"
	"unicode"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && unicode.IsDigit(r)) || r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// IDs returns the id attribute of every entity of in, by the rule of the
// description language:
//
//  1. the attribute marked as its id ("Book, id isbn: ...", Entity.ID,
//     the form's id field);
//  2. else the entity's conventional id, when the design names it: an
//     attribute of the entity, or of any access pattern, called the name
//     plus Id or a shortening of it ("orgId" for Organization; "get
//     Customer by customerId");
//  3. else its first attribute ("Book: isbn, title" takes isbn), unless
//     that is of a type no key holds, another entity's id (a child that
//     lists its parent's id first) or a subset's attribute (where status =
//     OPEN: an id is never chosen by value);
//  4. else the name in lower camel case plus Id ("bookId").
//
// Inventing organizationId beside the user's orgId would key the entity by
// one and point its children at the other (issue 25).
func IDs(in Input) map[string]string {
	ids := map[string]string{}
	named := map[string]bool{}  // every attribute name the patterns use
	chosen := map[string]bool{} // the attributes a where fixes to a value
	for _, p := range in.Patterns {
		for _, n := range append(append(slices.Clone(p.By), p.Range), p.Set...) {
			named[n] = true
		}
		for _, c := range p.Where {
			chosen[c.Attribute] = true
		}
	}
	for _, e := range in.Entities {
		switch {
		case e.ID != "":
			ids[e.Name] = e.ID
		default:
			if n := conventionalID(e, named); n != "" {
				ids[e.Name] = n
			}
		}
	}
	taken := map[string]bool{}
	for _, id := range ids {
		taken[id] = true
	}
	for _, e := range in.Entities {
		if ids[e.Name] != "" {
			continue
		}
		if len(e.Attributes) > 0 {
			a := e.Attributes[0]
			if (a.Type == "" || a.Type == "S" || a.Type == "N" || a.Type == "B") && !taken[a.Name] && !othersID(in, e, a.Name) && !chosen[a.Name] {
				ids[e.Name] = a.Name
				continue
			}
		}
		ids[e.Name] = lowerFirst(e.Name) + "Id"
	}
	return ids
}

// conventionalID is the attribute of e, or of the patterns (named), that
// reads as e's own id: the name plus Id, or an attribute ending in Id
// whose stem the name begins with (orgId for Organization).
func conventionalID(e Entity, named map[string]bool) string {
	full := lowerFirst(e.Name) + "Id"
	reads := func(n string) bool {
		stem, ok := strings.CutSuffix(n, "Id")
		if !ok {
			stem, ok = strings.CutSuffix(n, "ID")
		}
		return ok && stem != "" && strings.HasPrefix(strings.ToLower(e.Name), strings.ToLower(stem))
	}
	for _, a := range e.Attributes {
		if a.Name == full || reads(a.Name) {
			return a.Name
		}
	}
	if named[full] {
		return full
	}
	return ""
}

// othersID reports whether name reads as the id of another entity of in
// than e (Project listing orgId first).
func othersID(in Input, e Entity, name string) bool {
	for _, o := range in.Entities {
		if o.Name != e.Name && (o.ID == name || lowerFirst(o.Name)+"Id" == name || conventionalID(Entity{Name: o.Name, Attributes: []model.Attribute{{Name: name}}}, nil) == name) {
			return true
		}
	}
	return false
}

// defaultID is the id the rule gives entity name of in without its mark:
// what the description need not say.
func defaultID(in Input, name string) string {
	c := in
	c.Entities = slices.Clone(in.Entities)
	for i := range c.Entities {
		if c.Entities[i].Name == name {
			c.Entities[i].ID = ""
		}
	}
	return IDs(c)[name]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func tableName(s string) string {
	var b strings.Builder
	for _, w := range strings.Fields(s) {
		w = strings.ToUpper(w[:1]) + w[1:] // "My design" -> "MyDesign"
		for _, r := range w {
			if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '.') {
				b.WriteRune(r)
			}
		}
	}
	if b.Len() < 3 {
		return "App"
	}
	return b.String()
}

func defaultName(p Pattern) string {
	act := p.Action
	if act == "" {
		act = "read"
	}
	s := strings.ToUpper(act[:1]) + act[1:] + " " + p.Entity
	if len(p.By) > 0 {
		s += " by " + strings.Join(p.By, " and ")
	}
	if p.Range != "" {
		s += ", " + p.Range + " range"
	}
	return s
}

// kind returns a generator's kind name ("ref" for references).
func kind(src string) string {
	if strings.HasPrefix(strings.TrimSpace(src), "ref(") {
		return "ref"
	}
	g, err := gen.Compile(src, "", gen.Env{})
	if err != nil {
		return ""
	}
	return g.Kind()
}

func uniqueGenerator(src string) bool {
	switch kind(src) {
	case "seq", "uuid", "ulid", "email":
		return true
	}
	return false
}

// IDIn is the id attribute the advisor gives entity name of in (IDs).
func IDIn(in Input, name string) string { return IDs(in)[name] }
