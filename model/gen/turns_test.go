package gen

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestRootTurns: random designs of a root with a family of children
// (min-max per parent) whose items refer to another root (a clinic's
// appointments naming patients). With Env.RootTurns the referenced root's
// items are referred to about RefsPerValue times each (counted over a
// generated dataset, within the spread of the random family sizes); a
// root nothing refers to keeps one turn; without RootTurns every root
// takes one turn a round, as before (the referenced root then makes one
// item per family).
func TestRootTurns(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewPCG(seed, 3))
		lo := 1 + r.IntN(20)
		hi := lo + r.IntN(60)
		depth2 := r.IntN(2) == 0
		ents := []Entity{
			{Name: "Patient", Attributes: []Attribute{{Name: "patientId", Generator: "seq(5,PATIENT)"}}},
			{Name: "Clinic", Attributes: []Attribute{{Name: "clinicId", Generator: "seq(5,CLINIC)"}}},
			{Name: "Visit", Attributes: []Attribute{
				{Name: "visitId", Generator: "seq(5,VISIT)"},
				{Name: "clinicId", Generator: fmt.Sprintf("ref(Clinic.clinicId,%d,%d)", lo, hi)},
				{Name: "patientId", Generator: "ref(Patient.patientId)"}}},
		}
		if depth2 {
			ents = append(ents, Entity{Name: "Note", Attributes: []Attribute{
				{Name: "noteId", Generator: "seq(5,NOTE)"},
				{Name: "visitId", Generator: "ref(Visit.visitId,0,4)"},
				{Name: "patientId", Generator: "ref(Patient.patientId)"}}})
		}
		for _, turns := range []bool{false, true} {
			p, err := NewPlan(ents, Env{Start: start, RootTurns: turns})
			if err != nil {
				t.Fatal(err)
			}
			counts := make([]int, len(ents))
			refs := map[string]int{}
			if err := p.Run(int64(seed), 20_000, func(e int, lent attr.Fields) error {
				it := lent.Item() // lent by the source
				counts[e]++
				if e >= 2 {
					refs[string(it["patientId"].(attr.String))]++
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			referring := counts[2]
			if depth2 {
				referring += counts[3]
			}
			perPatient := float64(referring) / float64(counts[0])
			switch {
			case !turns && counts[0] != counts[1] && counts[0] != counts[1]+1:
				t.Errorf("seed %d, one turn each: %d patients for %d clinics", seed, counts[0], counts[1])
			case turns && (perPatient < RefsPerValue*0.5 || perPatient > RefsPerValue*2):
				t.Errorf("seed %d (%d-%d visits per clinic, notes %v): %d patients for %d referring items, %.1f each, want about %d",
					seed, lo, hi, depth2, counts[0], referring, perPatient, RefsPerValue)
			case turns && counts[1] > counts[0]:
				t.Errorf("seed %d: %d clinics, %d patients", seed, counts[1], counts[0])
			}
			for id := range refs {
				if id == "" {
					t.Errorf("seed %d: an item refers to no patient", seed)
				}
			}
		}
	}
}

// TestTurnsNeedReferences: roots no family refers to, or referred to by
// roots of one item a family, take one turn each (the generator's
// round-robin without relations is unchanged).
func TestTurnsNeedReferences(t *testing.T) {
	got := Turns([]TurnEntity{
		{Parent: -1},
		{Parent: -1, Refers: []int{0}},
		{Parent: -1, Refers: []int{0, 1}},
		{Parent: 2, Min: 2, Max: 8, Refers: []int{2}}, // its own root: not counted
	})
	for i, n := range got {
		if n != 1 {
			t.Errorf("entity %d takes %d turns, want 1 (%v)", i, n, got)
		}
	}
	got = Turns([]TurnEntity{{Parent: -1}, {Parent: -1}, {Parent: 1, Min: 10, Max: 30, Refers: []int{0}}})
	if got[0] != 4 || got[1] != 1 || got[2] != 1 {
		t.Errorf("20 referring items a round: turns %v, want 4 for the referred root", got)
	}
}
