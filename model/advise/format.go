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
		if e.ID != "" && defaultID(in, e.Name) != e.ID {
			b.WriteString(", id " + e.ID)
		}
		b.WriteString(":")
		for i, a := range e.Attributes {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(" " + a.Name)
			// S goes without saying, unless the name alone would make it
			// a Number (price, expiresAt) or the generator reads as a type.
			if a.Type != "" && (a.Type != "S" || isNumberName(a.Name) || isTTLName(a.Name) || a.Generator != "" && isType(strings.Fields(a.Generator)[0])) {
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
				id := IDIn(in, e.Name)
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
	line := p.Action + " " + p.Entity
	if len(p.By) > 0 {
		line += " by " + strings.Join(p.By, " and ")
	}
	if p.Range != "" {
		line += " range " + p.Range
	}
	if p.Rare {
		line += " rare"
	}
	if x := Extras(p); x != "" {
		line += " " + x
	}
	if p.Rate > 0 {
		line += ", " + strconv.FormatFloat(p.Rate, 'f', -1, 64) + "/s"
	}
	if name := strings.NewReplacer("#", "", `"`, "").Replace(p.Name); name != "" {
		line += ` "` + name + `"`
	}
	return line
}

// Extras says a pattern's where, with, order, limit and set in the
// description's words ("where status = OPEN newest first limit 25").
func Extras(p Pattern) string {
	var w []string
	for i, c := range p.Where {
		w = append(w, map[bool]string{true: "where", false: "and"}[i == 0], c.Attribute, "=", c.Value)
	}
	if len(p.With) > 0 {
		w = append(w, "with", strings.Join(p.With, " and "))
	}
	if p.Newest {
		w = append(w, "newest first")
	}
	if p.Limit > 0 {
		w = append(w, "limit", strconv.Itoa(p.Limit))
	}
	if len(p.Set) > 0 {
		w = append(w, "set", strings.Join(p.Set, ", "))
	}
	return strings.Join(w, " ")
}
