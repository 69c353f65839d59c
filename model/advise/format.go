package advise

import (
	"fmt"
	"strconv"
	"strings"
)

// Format writes in as the description language Parse reads: one
// statement a line, so that a form and the plain lines are one
// description with two editors (Parse(Format(in)) gives in back). What the
// language cannot say is left out: a pattern's Description, an attribute's
// Required, Frequency and Description, and the characters '#' and '"' of a
// pattern's name (a comment and the name's quotes).
func Format(in Input) string {
	var b strings.Builder
	if in.Name != "" {
		b.WriteString("name " + in.Name + "\n")
	}
	if in.Table != "" {
		b.WriteString("table " + in.Table + "\n")
	}
	if in.TablePerEntity {
		b.WriteString("tables per entity\n")
	}
	for _, e := range in.Entities {
		b.WriteString(e.Name)
		if e.Parent != "" {
			b.WriteString(" of " + e.Parent)
			if e.Min != 0 || e.Max != 0 {
				fmt.Fprintf(&b, " %d-%d", e.Min, max(e.Max, e.Min)) // the advisor reads hi < lo as lo
			}
		}
		if e.ID != "" && namedID(Entity{Name: e.Name, Attributes: e.Attributes}) != e.ID {
			b.WriteString(", id " + e.ID)
		}
		b.WriteString(":")
		for i, a := range e.Attributes {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + a.Name)
			if a.Type != "" && (a.Type != "S" || a.Generator != "" && isType(strings.Fields(a.Generator)[0])) {
				b.WriteString(" " + a.Type)
			}
			if a.Generator != "" {
				b.WriteString(" " + a.Generator)
			}
		}
		b.WriteString("\n")
	}
	for _, p := range in.Patterns {
		if p.Action == "" {
			// The advisor's default, said: get when By is the id alone.
			p.Action = List
			for _, e := range in.Entities {
				id := e.ID
				if id == "" {
					id = namedID(e)
				}
				if e.Name == p.Entity && len(p.By) == 1 && p.By[0] == id && p.Range == "" {
					p.Action = Get
				}
			}
		}
		b.WriteString(formatPattern(p) + "\n")
	}
	return b.String()
}

// formatPattern writes one access pattern as a line.
func formatPattern(p Pattern) string {
	words := []string{p.Action, p.Entity}
	if len(p.By) > 0 {
		words = append(words, "by", strings.Join(p.By, " and "))
	}
	for i, c := range p.Where {
		if i == 0 {
			words = append(words, "where")
		} else {
			words = append(words, "and")
		}
		words = append(words, c.Attribute, "=", c.Value)
	}
	if p.Range != "" {
		words = append(words, "range", p.Range)
	}
	if p.Rare {
		words = append(words, "rare")
	}
	if len(p.With) > 0 {
		words = append(words, "with", strings.Join(p.With, " and "))
	}
	if p.Newest {
		words = append(words, "newest first")
	}
	if p.Limit > 0 {
		words = append(words, "limit", strconv.Itoa(p.Limit))
	}
	if len(p.Set) > 0 {
		words = append(words, "set", strings.Join(p.Set, ", "))
	}
	line := strings.Join(words, " ")
	if p.Rate > 0 {
		line += ", " + strconv.FormatFloat(p.Rate, 'f', -1, 64) + "/s"
	}
	if name := strings.NewReplacer("#", "", `"`, "").Replace(p.Name); name != "" {
		line += ` "` + name + `"`
	}
	return line
}
