package advise

import (
	"strings"
	"unicode"

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

// namedID is the id attribute of an entity the user did not name one for:
// its first attribute when that reads as its own id ("Organization: orgId"
// takes orgId: the name ends in Id and begins like the entity's), else the
// name in lower camel case plus Id. Inventing organizationId beside the
// user's orgId would key the entity by one and point its children at the
// other (issue 25).
func namedID(e Entity) string {
	if len(e.Attributes) > 0 {
		n := e.Attributes[0].Name
		stem, ok := strings.CutSuffix(n, "Id")
		if !ok {
			stem, ok = strings.CutSuffix(n, "ID")
		}
		if ok && stem != "" && strings.HasPrefix(strings.ToLower(e.Name), strings.ToLower(stem)) {
			return n
		}
	}
	return lowerFirst(e.Name) + "Id"
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

// IDOf is the id attribute the advisor gives entity e: its ID, else its
// first attribute when that reads as its id, else the name plus Id.
func IDOf(e Entity) string {
	if e.ID != "" {
		return e.ID
	}
	return namedID(e)
}
