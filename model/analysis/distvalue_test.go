package analysis

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
)

// TestDistValueWidth: a distribution's width zero-pads n, so that its
// values are the ids seq(5,ISSUE) generates.
func TestDistValueWidth(t *testing.T) {
	for _, c := range []struct {
		d    model.KeyDistribution
		n    int
		want string
	}{
		{model.KeyDistribution{Format: "ISSUE-{n}", Width: 5}, 860, "ISSUE-00860"},
		{model.KeyDistribution{Width: 3}, 7, "007"},
		{model.KeyDistribution{Format: "u{n}", Width: 2}, 1234, "u1234"},
		{model.KeyDistribution{Format: "u{n}"}, 7, "u7"},
	} {
		if got := distValue(c.d, c.n); got != c.want {
			t.Errorf("%+v at %d: %q, want %q", c.d, c.n, got, c.want)
		}
	}
}
