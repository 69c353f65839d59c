package visualizer

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestGridPrepare: on a grid of more rows than one sort run, for sorts
// and filters, Ready is false until Prepare has run, after which View
// gives what a grid that never prepared gives; a step's error stops
// Prepare with nothing kept.
func TestGridPrepare(t *testing.T) {
	seed := rand.Int63()
	t.Logf("seed %d", seed)
	r := rand.New(rand.NewSource(seed))
	n := 3*gridSortRun + 17
	items := make([]attr.Item, n)
	for i := range items {
		items[i] = attr.Item{"PK": attr.String(fmt.Sprintf("P%04d", i)), "SK": attr.String("S"),
			"n": attr.MustNumber(fmt.Sprint(r.Intn(500))), "s": attr.String(fmt.Sprintf("x%d", r.Intn(900)))}
		if r.Intn(10) == 0 {
			delete(items[i], "n")
		}
	}
	o := GridOptions{Table: "T", Hash: "PK", Range: "SK"}
	g := NewGrid(items, o)
	queries := []GridQuery{
		{Sort: g.Column("n")},
		{Sort: g.Column("s"), Desc: true},
		{Sort: -1, Filter: "x1"},
		{Sort: g.Column("n"), Desc: true, Columns: map[int]string{g.Column("s"): "7"}},
	}
	for _, q := range queries {
		if g.Ready(q) {
			t.Errorf("%+v is ready before Prepare", q)
		}
		stop := errors.New("stop")
		k := 0
		if err := g.Prepare(q, func() error {
			if k++; k == 3 {
				return stop
			}
			return nil
		}); err != stop || g.Ready(q) {
			t.Errorf("%+v: a stopped Prepare returned %v (ready %v)", q, err, g.Ready(q))
		}
		steps := 0
		if err := g.Prepare(q, func() error { steps++; return nil }); err != nil || !g.Ready(q) || steps < n/gridSortRun {
			t.Fatalf("%+v: Prepare: %v, ready %v after %d steps", q, err, g.Ready(q), steps)
		}
		want := NewGrid(items, o).View(q)
		if got := g.View(q); !slices.Equal(got, want) {
			t.Errorf("%+v: the prepared view differs from one worked out at once", q)
		}
	}
}
