package patterns

import (
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// courseNames lists the courses whose Grade an item carries.
func courseNames(it attr.Item, prefix string) []string {
	var out []string
	for k := range it {
		if strings.HasSuffix(k, "Grade") && strings.HasPrefix(k, prefix) {
			out = append(out, strings.TrimSuffix(k, "Grade"))
		}
	}
	sort.Strings(out)
	return out
}

// TestStudentDataSideBySide: john's naive grades item carries all 36
// courses (110 attributes) to answer "john's math grades"; the composite
// item grades#MATH carries exactly his 8 math courses, with the same values
// (math2045 = 96.52), in a quarter of the bytes; recording one grade costs
// 3 WCU in the naive item and 1 in the subject's; all five subject items
// together hold what the naive item holds.
func TestStudentDataSideBySide(t *testing.T) {
	l := load(t, studentData, studentData.DefaultSize)
	naive := l.run(t, "Math grades (naive)", nil)
	comp := l.run(t, "Math grades (composite)", nil)
	if len(naive.Items) != 1 || len(comp.Items) != 1 {
		t.Fatalf("GetItem found %d and %d items", len(naive.Items), len(comp.Items))
	}
	bloated, math := naive.Items[0], comp.Items[0]
	if n := len(bloated); n < 105 {
		t.Errorf("naive grades item has %d attributes, want the 105-120 the seed warns about", n)
	}
	if got := courseNames(bloated, ""); len(got) != 36 {
		t.Errorf("naive grades item holds %d courses, want 36", len(got))
	}
	wantMath := courseNames(bloated, "math")
	if got := courseNames(math, ""); strings.Join(got, ",") != strings.Join(wantMath, ",") || len(got) != 8 {
		t.Errorf("grades#MATH holds %v, want the naive item's math courses %v", got, wantMath)
	}
	for _, c := range wantMath {
		for _, suffix := range []string{"Grade", "Instructor", "Credits"} {
			if !attr.Equal(bloated[c+suffix], math[c+suffix]) {
				t.Errorf("%s%s: naive %v, composite %v", c, suffix, bloated[c+suffix], math[c+suffix])
			}
		}
	}
	if math["math2045Grade"] != attr.MustNumber("96.52") {
		t.Errorf("math2045Grade = %v, want 96.52", math["math2045Grade"])
	}
	nb, cb := attr.ItemSize(bloated), attr.ItemSize(math)
	ncu := naive.Outputs[0].(*engine.GetItemOutput).ConsumedCapacity.CapacityUnits
	ccu := comp.Outputs[0].(*engine.GetItemOutput).ConsumedCapacity.CapacityUnits
	if !(nb > 4*cb && ncu >= ccu) {
		t.Errorf("naive read: %d bytes, %v RCU; composite: %d bytes, %v RCU", nb, ncu, cb, ccu)
	}
	t.Logf("john's math grades: naive %d bytes (%v RCU), composite %d bytes (%v RCU)", nb, ncu, cb, ccu)

	nw := l.run(t, "Record a grade (naive)", nil).Outputs[0].(*engine.UpdateItemOutput).ConsumedCapacity.CapacityUnits
	cw := l.run(t, "Record a grade (composite)", nil).Outputs[0].(*engine.UpdateItemOutput).ConsumedCapacity.CapacityUnits
	if nw < 3 || cw != 1 {
		t.Errorf("recording one grade: naive %v WCU, composite %v WCU; want at least 3 and 1", nw, cw)
	}
	t.Logf("recording one grade: naive %v WCU, composite %v WCU", nw, cw)
	bloated = l.run(t, "Math grades (naive)", nil).Items[0]

	all := l.run(t, "All grades (composite)", nil)
	wantKeys(t, "john's grade items", all.Items, []string{"grades#ART", "grades#ENG", "grades#HIST", "grades#MATH", "grades#SCI"}, "entityId")
	union := attr.Item{}
	for _, it := range all.Items {
		for k, v := range it {
			if k != "entityId" {
				union[k] = v
			}
		}
	}
	delete(bloated, "entityId")
	if !union.Equal(bloated) {
		t.Errorf("the subject items together differ from the naive grades item")
	}
	wantKeys(t, "john's profile", l.run(t, "Profile", nil).Items, []string{"john|smith"}, "firstName", "lastName")
	wantKeys(t, "everything in the naive table", l.run(t, "Profile and address (naive)", nil).Items,
		[]string{"address|fresno", "grades|<none>", "profile|<none>"}, "entityId", "city")
}
