package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/diff"
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

// TestCompareShowsAReplacementInRed changes the Orders sort key in the
// draft: the plan's step is a copy that CloudFormation would replace, in
// red, with its copy plan, and the pattern that reads by the old key is
// listed as broken.
func TestCompareShowsAReplacementInRed(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("write-sharding"); err != nil {
		t.Fatal(err)
	}
	err := s.Edit(func(m *model.Model) {
		tb := m.Table("Orders")
		tb.KeySchema[1].AttributeName = "Created"
		for i := range tb.AttributeDefinitions {
			if tb.AttributeDefinitions[i].AttributeName == "OrderId" {
				tb.AttributeDefinitions[i].AttributeName = "Created"
			}
		}
		for i := range m.Entities {
			if k := m.Entities[i].Keys; m.Entities[i].Table == "Orders" {
				k["Created"] = k["OrderId"]
				delete(k, "OrderId")
			}
		}
		var kept []model.AccessPattern
		for _, ap := range m.AccessPatterns {
			if !strings.Contains(string(ap.Request), `"Orders"`) || ap.Operation == "Query" {
				kept = append(kept, ap)
			}
		}
		m.AccessPatterns = kept
		m.Workload = nil
	})
	if err != nil || len(s.State().Problems) > 0 {
		t.Fatalf("edit: %v %v", err, s.State().Problems)
	}
	c := &compareControl{Panel: Panel{Store: s, State: s.State()}, open: true, size: "1"}
	c.onRun(goapp.Context{}, goapp.Event{})
	if c.err != "" || c.plan == nil {
		t.Fatalf("err %q", c.err)
	}
	// go-app's HTMLString writes an attribute whose value is "true" bare.
	html := goapp.HTMLString(c.Render())
	if !strings.Contains(html, "data-replacement") || strings.Contains(html, `data-replacement="false"`) {
		t.Errorf("the step and the summary are not marked as a replacement")
	}
	for _, want := range []string{`data-kind="key-schema"`, `data-online="false"`, "wb-badge-replace", "CloudFormation: replacement",
		"wb-compare-danger", "wb-compare-warning", "A deploy replaces table Orders", "Copy plan", "TotalSegments", `id="` + IDCompareBroken + `"`, "Get an order"} {
		if !strings.Contains(html, want) {
			t.Errorf("the plan lacks %q", want)
		}
	}
}
