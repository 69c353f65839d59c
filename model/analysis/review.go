package analysis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
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
		e := m.Entity(ap.Entity)
		if reviewSubset(pr, m, e, s, in) || in >= s.items {
			continue
		}
		var optional, names, sparse []string
		for _, k := range []string{pr.Index + "PK", pr.Index + "SK"} {
			tpl, err := model.ParseTemplate(e.Keys[k])
			if err != nil {
				continue
			}
			for _, p := range tpl.Params() {
				for _, a := range e.Attributes {
					switch {
					case a.Name == p && a.Frequency > 0 && a.Frequency < 1:
						optional = append(optional, fmt.Sprintf("%s (on %s of the items)", p, pct(a.Frequency)))
						names = append(names, p)
					case a.Name == p && sparseMarker(a):
						sparse = append(sparse, p)
					}
				}
			}
		}
		if len(names) == 0 && sparseByDesign(e, pr.Index, sparse) || len(names) > 0 && sparseByDesign(e, pr.Index, names) {
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
			if a.Name == name && a.Frequency > SparseFrequency && !sparseMarker(a) {
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

// reviewSubset reviews a read of a sparse index keyed on a subset's marker
// (a when() attribute) and reports whether it was one: the index must hold
// every item of the subset, which the loaded data counts by brute force;
// one that holds fewer is named with the marker's source made optional
// and the fix.
func reviewSubset(pr *PatternReport, m *model.Model, e *model.Entity, s *entityStats, in int) bool {
	var marker *model.Attribute
	for _, k := range []string{pr.Index + "PK", pr.Index + "SK"} {
		tpl, err := model.ParseTemplate(e.Keys[k])
		if err != nil {
			continue
		}
		for i := range e.Attributes {
			if a := &e.Attributes[i]; slices.Contains(tpl.Params(), a.Name) && sparseMarker(*a) {
				marker = a
			}
		}
	}
	if marker == nil {
		return false
	}
	conds, source := whenArgs(marker.Generator)
	want := s.subset[marker.Name]
	if in >= want {
		return true
	}
	var words []string
	for i := 0; i+1 < len(conds); i += 2 {
		words = append(words, conds[i]+" = "+conds[i+1])
	}
	msg := fmt.Sprintf("reaches %d of the %d %s items of its subset (%s) on the loaded data: index %s is keyed on %s, a copy of %s on the subset's items", in, want, e.Name, strings.Join(words, " and "), pr.Index, marker.Name, source)
	var names []string
	for _, a := range e.Attributes {
		if a.Name == source && a.Frequency > 0 && a.Frequency < 1 {
			msg += fmt.Sprintf(", and %s is on %s of the items", source, pct(a.Frequency))
			names = append(names, source)
		}
	}
	msg += "; every item of the subset needs it: make it required (frequency 1)"
	pr.warn(WarnIncompleteIndex, msg)
	if len(names) > 0 {
		entity := e.Name
		pr.lastWarning().Fix = fix(m, fmt.Sprintf("make %s required on every %s (frequency 1)", source, entity), func(c *model.Model) bool {
			ce := c.Entity(entity)
			for i := range ce.Attributes {
				if a := &ce.Attributes[i]; a.Name == source {
					a.Frequency, a.Required = 0, true
				}
			}
			return true
		})
	}
	return true
}

// whenArgs reads a when() generator: its attribute-value pairs and its
// source attribute.
func whenArgs(src string) (conds []string, source string) {
	src = strings.TrimSpace(src)
	inner := strings.TrimSuffix(strings.TrimPrefix(src, "when("), ")")
	args := strings.Split(inner, ",")
	for i := range args {
		args[i] = strings.TrimSpace(args[i])
	}
	return args[:len(args)-1], args[len(args)-1]
}

// countSubsets adds item it of entity e to the subsets of e's sparse
// markers whose conditions it meets.
func countSubsets(s *entityStats, e *model.Entity, it attr.Item) {
	for _, a := range e.Attributes {
		if !sparseMarker(a) {
			continue
		}
		conds, _ := whenArgs(a.Generator)
		in := true
		for i := 0; i+1 < len(conds) && in; i += 2 {
			v, ok := it[conds[i]].(attr.String)
			in = ok && string(v) == conds[i+1]
		}
		if in {
			if s.subset == nil {
				s.subset = map[string]int{}
			}
			s.subset[a.Name]++
		}
	}
}

// sparseMarker reports whether a is a sparse index's marker: a when() generator
// puts it on exactly the items of a subset (the assignee of open issues),
// so an index keyed on it holds the subset by design.
func sparseMarker(a model.Attribute) bool {
	return strings.HasPrefix(strings.TrimSpace(a.Generator), "when(")
}
