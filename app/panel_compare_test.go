package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/diff"
	"github.com/dynamodb-workbench/workbench/engine/model"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// shardingDraft opens write-sharding and adds a GSI on OrderId to Orders
// in the draft.
func shardingDraft(t *testing.T) *Store {
	t.Helper()
	s := NewStore()
	if err := s.OpenPattern("write-sharding"); err != nil {
		t.Fatal(err)
	}
	err := s.Edit(func(m *model.Model) {
		tb := m.Table("Orders")
		tb.GlobalSecondaryIndexes = append(tb.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{IndexName: "ByOrderId",
			KeySchema:  []schema.KeySchemaElement{{AttributeName: "OrderId", KeyType: schema.KeyTypeHash}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}})
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCompareSources(t *testing.T) {
	s := shardingDraft(t)
	c := &compareControl{Panel: Panel{Store: s, State: s.State()}}
	var got []string
	for _, src := range c.sources(s.State()) {
		got = append(got, src[0])
	}
	// A pattern's edited draft: the pattern, the applied design (the
	// pattern as loaded), a file or a link.
	if strings.Join(got, ",") != "pattern,applied,file,link" {
		t.Errorf("sources = %v", got)
	}
	if c.currentSource(s.State()) != compareFromPattern {
		t.Errorf("default source %q", c.currentSource(s.State()))
	}
}

func TestCompareWithThePatternShowsThePlan(t *testing.T) {
	s := shardingDraft(t)
	c := &compareControl{Panel: Panel{Store: s, State: s.State()}, open: true, size: "10"}
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	c.onRun(goapp.Context{}, goapp.Event{})
	if c.err != "" || c.plan == nil {
		t.Fatalf("err %q plan %v", c.err, c.plan)
	}
	if len(c.plan.Steps) != 1 || c.plan.Steps[0].Kind != diff.KindAddGSI || c.plan.Steps[0].Estimate.Seconds <= 0 {
		t.Fatalf("steps = %+v", c.plan.Steps)
	}
	html := goapp.HTMLString(c.Render())
	for _, want := range []string{`id="` + IDCompareStep + `1"`, `data-kind="add-gsi"`, "wb-badge-online", "CloudFormation: in place", "write units", "Estimate: "} {
		if !strings.Contains(html, want) {
			t.Errorf("the plan lacks %q", want)
		}
	}
	// A bad size is refused in words and leaves no plan.
	c.size = "-2"
	c.onRun(goapp.Context{}, goapp.Event{})
	if c.plan != nil || !strings.Contains(c.err, `"-2" is not a number of GB`) {
		t.Errorf("bad size: %q %v", c.err, c.plan)
	}
	// A link that is not a share link.
	c.size, c.source, c.link = "", compareFromLink, "https://example.com/elsewhere"
	c.onRun(goapp.Context{}, goapp.Event{})
	if !strings.Contains(c.err, "not a share link") {
		t.Errorf("bad link: %q", c.err)
	}
}

func TestCompareWithAnInvalidDraft(t *testing.T) {
	s := shardingDraft(t)
	_ = s.Edit(func(m *model.Model) { m.Tables[0].KeySchema = nil })
	c := &compareControl{Panel: Panel{Store: s, State: s.State()}, open: true}
	c.onRun(goapp.Context{}, goapp.Event{})
	if c.plan != nil || !strings.HasPrefix(c.err, "to: ") {
		t.Errorf("invalid draft: %q", c.err)
	}
}
