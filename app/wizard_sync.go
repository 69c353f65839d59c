package app

import (
	"strings"

	"github.com/dynamodb-workbench/workbench/model/advise"
)

// The form and the plain lines are one description with two editors:
// switching writes the one into the other (advise.Format, advise.Parse),
// and what the form has no field for is kept with the row it belongs to
// (an entity's generators and counts, a pattern's second by, where, with,
// newest first, limit and set), so neither editor loses what the other
// says.

// wizardNone is the "sorted by" choice of no attribute.
const wizardNone = "—"

// noneIsEmpty reads the "—" choice as no attribute: a browser gives an
// option's text as its value when it has none, and "—" is not an
// attribute name.
func noneIsEmpty(v string) string {
	if v = strings.TrimSpace(v); v == wizardNone {
		return ""
	}
	return v
}

// showText switches to the plain lines, written from the form.
func (w *designWizard) showText() {
	if w.asText {
		return
	}
	in, err := adviseInput(*w.input())
	if err != nil {
		w.err = err.Error()
		return
	}
	w.err, w.text, w.asText = "", advise.Format(in), true
}

// showForm switches to the form, read from the plain lines; lines that
// do not read stay, with the error.
func (w *designWizard) showForm() {
	if !w.asText {
		return
	}
	if err := w.syncFromText(); err != nil {
		w.err = err.Error()
		return
	}
	w.err, w.asText = "", false
}

// syncFromText makes the form say what the plain lines say.
func (w *designWizard) syncFromText() error {
	in, err := advise.Parse(w.text)
	if err != nil {
		return err
	}
	w.in, w.started = formFrom(in), true
	return nil
}

// formFrom is a description as the form's rows.
func formFrom(in advise.Input) wizardInput {
	out := wizardInput{Name: in.Name, Table: in.Table, TablePerEntity: in.TablePerEntity}
	for _, e := range in.Entities {
		we := wizardEntity{Name: e.Name, Parent: e.Parent, ID: e.ID, Min: e.Min, Max: e.Max}
		var attrs []string
		for _, a := range e.Attributes {
			s := a.Name
			if a.Type != "" { // S too: untyped, price would be a Number
				s += ":" + a.Type
			}
			attrs = append(attrs, s)
			if a.Generator != "" {
				if we.Generators == nil {
					we.Generators = map[string]string{}
				}
				we.Generators[a.Name] = a.Generator
			}
		}
		we.Attributes = strings.Join(attrs, ", ")
		out.Entities = append(out.Entities, we)
	}
	for _, p := range in.Patterns {
		wp := wizardPattern{Name: p.Name, Entity: p.Entity, Action: formAction(in, p), SortBy: p.Range, Rare: p.Rare, Rate: p.Rate}
		if len(p.By) > 0 {
			wp.By = p.By[0]
		}
		wp.More = advise.Pattern{Where: p.Where, With: p.With, Newest: p.Newest, Limit: p.Limit, Set: p.Set}
		if len(p.By) > 1 {
			wp.More.By = p.By[1:]
		}
		out.Patterns = append(out.Patterns, wp)
	}
	return out
}

// formAction is the form's action for a pattern: the advisor's default
// said (get by the id alone, else list), a create as "put".
func formAction(in advise.Input, p advise.Pattern) string {
	switch p.Action {
	case advise.Create:
		return "put"
	case "":
		for _, e := range in.Entities {
			if e.Name == p.Entity && len(p.By) == 1 && p.By[0] == advise.IDIn(in, e.Name) && p.Range == "" {
				return "get"
			}
		}
		return "list"
	}
	return p.Action
}

// moreText says what a pattern's row keeps beyond its fields, in the
// plain lines' words ("also by status newest first limit 25").
func moreText(p advise.Pattern) string {
	x := advise.Extras(p)
	if len(p.By) > 0 {
		x = strings.TrimSpace("also by " + strings.Join(p.By, " and ") + " " + x)
	}
	return x
}

// wizardIDPlaceholder shows the id the advisor gives entity name of the
// form when its id field is empty (advise.IDs).
func wizardIDPlaceholder(in wizardInput, name string) string {
	ai, err := adviseInput(in)
	if err != nil {
		return ""
	}
	return advise.IDIn(ai, name)
}
