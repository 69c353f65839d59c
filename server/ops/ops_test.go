package ops_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/analysis"
	"github.com/dynamodb-workbench/workbench/model/diff"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/ops"
)

func sharding(t testing.TB, edit func(*model.Model)) *model.Model {
	t.Helper()
	p, ok := patterns.Get("write-sharding")
	if !ok {
		t.Fatal("no write-sharding")
	}
	m := p.Model()
	if edit != nil {
		edit(m)
	}
	return m
}

func TestRunPatterns(t *testing.T) {
	m := sharding(t, nil)
	res, err := ops.RunPatterns(context.Background(), m, []string{"Get an order", "Place an order"}, nil, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Patterns) != 2 || res.Patterns[0].Name != "Get an order" || res.Patterns[0].Count != 1 || res.Patterns[0].CapacityUnits != 0.5 {
		t.Fatalf("runs = %+v", res.Patterns)
	}
	if total := res.Loaded["Votes"] + res.Loaded["Orders"]; total != 100 {
		t.Errorf("loaded %v, want 100 items (the cap)", res.Loaded)
	}
	// A parameter that finds nothing: an empty, successful read.
	res, err = ops.RunPatterns(context.Background(), m, []string{"Get an order"},
		map[string]model.Params{"Get an order": {"orderId": "no-such-order"}}, 100)
	if err != nil || res.Patterns[0].Count != 0 || res.Patterns[0].Error != "" || res.Patterns[0].Parameters["orderId"] != "no-such-order" {
		t.Errorf("override: %v %+v", err, res)
	}
	for name, c := range map[string]struct {
		names  []string
		params map[string]model.Params
		items  int
		want   string
	}{
		"unknown pattern":    {[]string{"nope"}, nil, 0, `no access pattern "nope"`},
		"unknown parameters": {nil, map[string]model.Params{"nope": {}}, 0, `parameters for "nope"`},
		"too many items":     {nil, nil, analysis.MaxItems + 1, "items"},
	} {
		if _, err := ops.RunPatterns(context.Background(), m, c.names, c.params, c.items); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
	bad := sharding(t, func(m *model.Model) { m.Tables[0].KeySchema = nil })
	if _, err := ops.RunPatterns(context.Background(), bad, nil, nil, 0); err == nil || !strings.Contains(err.Error(), "not valid") {
		t.Errorf("an invalid model: %v", err)
	}
}

func TestDiffIsCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := ops.Diff(ctx, sharding(t, nil), sharding(t, nil), 0)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled comparison: %v", err)
	}
}

func TestDiffScalesAGeneratedSample(t *testing.T) {
	from := sharding(t, func(m *model.Model) { m.Dataset.Generator.Size = 3 * ops.MaxDiffItems })
	p, err := ops.Diff(context.Background(), from, from, 0)
	if err != nil {
		t.Fatal(err)
	}
	items := 0
	for _, s := range p.Sizes {
		items += s.Items
		if s.Scale != 3 {
			t.Errorf("%s: scale %v, want 3 (a third of the dataset read)", s.Table, s.Scale)
		}
	}
	if items != ops.MaxDiffItems {
		t.Errorf("read %d items, want %d", items, ops.MaxDiffItems)
	}
}

// BenchmarkDiffWriteSharding compares write-sharding with a copy that adds
// an index, reading the pattern's generated dataset (1,000 items).
func BenchmarkDiffWriteSharding(b *testing.B) {
	from := sharding(b, nil)
	to := sharding(b, func(m *model.Model) {
		tb := m.Table("Orders")
		tb.GlobalSecondaryIndexes = append(tb.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{IndexName: "ByOrderId",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "OrderId", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}})
	})
	for b.Loop() {
		p, err := ops.Diff(context.Background(), from, to, 100)
		if err != nil || len(p.Steps) != 1 || p.Steps[0].Kind != diff.KindAddGSI {
			b.Fatal(err, p)
		}
	}
}
