package gen

import "math"

// RefsPerValue is how many referring items a referenced root item gets,
// about, in a generated dataset: the roots a family refers to take as many
// turns as keep each of their items referred to by this many. A clinic's
// family of 170 appointments, each naming a patient, makes 34 patients,
// not one patient with 170 appointments (who would make "a patient's
// appointments" read 130 items where an application reads five).
const RefsPerValue = 5

// maxTurns bounds a root's turns in one round.
const maxTurns = 10_000

// TurnEntity is one entity of a plan as Turns reads it.
type TurnEntity struct {
	// Parent is the index of the entity's parent, -1 for a root; Min and
	// Max its children per parent item.
	Parent   int
	Min, Max int
	// Refers are the entities its plain references (ref(E.a)) name.
	Refers []int
}

// Turns returns how many families of each root one round of the roots
// makes (1 for an entity that is not a root): at least one, and enough
// that the items the other families refer to it with are about
// RefsPerValue per item of it. The items a family makes of an entity are
// the product of the mean children per parent down its chain; a root's
// own references and those of its own family do not count.
func Turns(ents []TurnEntity) []int {
	rootOf := func(e int) int {
		for i := 0; ents[e].Parent >= 0 && i < len(ents); i++ {
			e = ents[e].Parent
		}
		return e
	}
	expected := func(e int) float64 {
		f := 1.0
		for i := 0; ents[e].Parent >= 0 && i < len(ents); i++ {
			f *= float64(ents[e].Min+max(ents[e].Min, ents[e].Max)) / 2
			e = ents[e].Parent
		}
		return f
	}
	demand := make([]float64, len(ents))
	for from, e := range ents {
		for _, t := range e.Refers {
			if t < 0 || t >= len(ents) || ents[t].Parent >= 0 || rootOf(from) == t {
				continue
			}
			demand[t] += expected(from)
		}
	}
	out := make([]int, len(ents))
	for i := range out {
		out[i] = 1
		if ents[i].Parent < 0 {
			out[i] = int(min(maxTurns, max(1, math.Round(demand[i]/RefsPerValue))))
		}
	}
	return out
}
