package expr

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// An expression the engine wrote from legacy parameters is not held to the
// limits of the expressions clients write: size, operators, IN operands.
func TestLoweredSkipsExpressionLimits(t *testing.T) {
	vals := attr.Values{":v": attr.String("v")}
	in := "a IN (" + strings.TrimSuffix(strings.Repeat(":v,", 2000), ",") + ")"
	ors := strings.TrimSuffix(strings.Repeat("a = :v OR ", 400), " OR ")
	for _, src := range []string{in, ors} {
		if _, err := ParseCondition(FilterExpression, src, NewPlaceholders(nil, vals)); err == nil {
			t.Errorf("a client's %.40s... was accepted", src)
		}
		if _, err := ParseCondition(FilterExpression, src, NewPlaceholders(nil, vals).Lowered()); err != nil {
			t.Errorf("lowered %.40s...: %v", src, err)
		}
	}
}
