package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
)

// WarnIncompleteIndex: an access pattern reads an index that holds fewer
// of its entity's items than exist, because a key attribute is optional.
// A sparse index means it; an index shared by a pattern that lists "the
// issues of a project" does not, and its reads silently miss items (issue
// 25: 65 of 1,483 issues).
const WarnIncompleteIndex = "incomplete-index"

// SparseFrequency is the largest share of an entity's items an optional
// key attribute may be on for its index to be a sparse index by design
// (a rare subset, as the advisor's rare makes: 5%), when no other key of
// the entity is built from it; such an index draws no incomplete-index.
const SparseFrequency = 0.2

// reviewReach measures, for each Query on an index, the items of its
// entity the index reaches against the items that exist, and warns when
// some are missing, naming the optional key attributes and the fix.
func reviewReach(rep *Report, m *model.Model, stats map[string]*entityStats) {
	for i := range m.AccessPatterns {
		ap := &m.AccessPatterns[i]
		pr := &rep.AccessPatterns[i]
		s := stats[ap.Entity]
		if pr.Index == "" || s == nil || s.items == 0 || ap.Entity == "" {
			continue
		}
		in := s.entries[pr.Index]
		if in >= s.items {
			continue
		}
		e := m.Entity(ap.Entity)
		var optional, names []string
		for _, k := range []string{pr.Index + "PK", pr.Index + "SK"} {
			tpl, err := model.ParseTemplate(e.Keys[k])
			if err != nil {
				continue
			}
			for _, p := range tpl.Params() {
				for _, a := range e.Attributes {
					if a.Name == p && a.Frequency > 0 && a.Frequency < 1 {
						optional = append(optional, fmt.Sprintf("%s (on %s of the items)", p, pct(a.Frequency)))
						names = append(names, p)
					}
				}
			}
		}
		if sparseByDesign(e, pr.Index, names) {
			continue
		}
		msg := fmt.Sprintf("reaches %d of the %d %s items on the loaded data: %d are not in index %s", in, s.items, ap.Entity, s.items-in, pr.Index)
		if len(optional) > 0 {
			msg += fmt.Sprintf(", because its key is built from %s", strings.Join(optional, ", "))
		}
		msg += "; if the pattern reads every item, make those attributes required (frequency 1); if it reads a subset, key the index on an attribute only the subset carries, which no other index shares"
		pr.warn(WarnIncompleteIndex, msg)
		if len(names) > 0 {
			entity := ap.Entity
			pr.lastWarning().Fix = fix(m, fmt.Sprintf("make %s required on every %s (frequency 1)", strings.Join(names, ", "), entity), func(c *model.Model) bool {
				ce := c.Entity(entity)
				for i := range ce.Attributes {
					if a := &ce.Attributes[i]; slices.Contains(names, a.Name) {
						a.Frequency, a.Required = 0, true
					}
				}
				return true
			})
		}
	}
}

// sparseByDesign reports whether index ix of e is a sparse index on
// purpose: its optional key attributes are each on at most
// SparseFrequency of the items and key no other key space of the entity
// (the table's, another index's), whose reads would miss items with them.
func sparseByDesign(e *model.Entity, ix string, optional []string) bool {
	if len(optional) == 0 {
		return false
	}
	for _, name := range optional {
		for _, a := range e.Attributes {
			if a.Name == name && a.Frequency > SparseFrequency {
				return false
			}
		}
		for k, t := range e.Keys {
			if k == ix+"PK" || k == ix+"SK" {
				continue
			}
			tpl, err := model.ParseTemplate(t)
			if err == nil && slices.Contains(tpl.Params(), name) {
				return false
			}
		}
	}
	return true
}
