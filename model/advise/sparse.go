package advise

import "slices"

// sparseRead is a rare pattern and the attribute only its subset carries.
type sparseRead struct {
	p    *pattern
	rare string
}

// makeSparse makes attribute rare of p's entity optional, so that the
// index keyed by it holds only the items that carry it; never when
// another key of the entity is built from it (the table's, or another
// index's): those keys would lose the items without it, and their reads
// would silently miss them (issue 25: a rare updatedAt made "issues of a
// project, recently updated" read 65 of 1,483 issues).
func (d *designer) makeSparse(p *pattern, rare string) {
	e := p.e
	a := e.attr(rare)
	where := Location{Entity: e.in.Name, Pattern: p.in.Name, Attribute: rare}
	if slices.Contains(e.home.params(), rare) {
		d.why(where, "%s is part of the table's key, so every item has it: the index cannot be sparse on it; to read a subset, say which with where (where status = OPEN puts the value in the key)", rare)
		return
	}
	for ix, sh := range e.indexes {
		if ix != p.index && slices.Contains(sh.params(), rare) {
			d.why(where, "%s is also a key attribute of %s: made rare, it would drop items from %s and its reads would miss them, so every item keeps it and the index is not sparse; to read a subset, say which with where (where status = OPEN puts the value in the key)", rare, ix, ix)
			return
		}
	}
	if a.Frequency == 0 || a.Frequency == 1 {
		a.Frequency = 0.05
		a.Required = false
		d.why(where, "a rare subset: %s is on about 5%% of the items (set its frequency to what you expect)", rare)
	}
}
