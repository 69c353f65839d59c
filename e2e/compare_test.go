package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model/diff"
)

// TestBrowserCompareWithPattern opens write-sharding, adds an index to its
// Orders table in the Design panel, compares the design with the pattern
// it came from, and sees the migration plan: one online step that adds the
// index, in place for CloudFormation, with its backfill estimate and
// arithmetic.
func TestBrowserCompareWithPattern(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/?pattern=write-sharding&items=200")
	b.waitLoaded(200, time.Minute)
	b.click(app.IDTab + app.TabDesign)
	addGSI := app.IDDesignTable + "1" + app.IDDesignAddGSI
	b.waitFor("the design form shows", fmt.Sprintf(`!!document.getElementById(%q)`, addGSI), 10*time.Second)
	var clicked bool
	b.eval("clicking + GSI", fmt.Sprintf(`(() => { document.getElementById(%q).click(); return true; })()`, addGSI), &clicked)
	gsi := app.IDDesignTable + "1" + app.IDDesignGSI + "0"
	b.waitFor("the new index shows", fmt.Sprintf(`!!document.getElementById(%q)`, gsi+app.IDDesignPK), 10*time.Second)
	b.setField(gsi+app.IDDesignPK, "OrderId")
	b.setField(gsi+app.IDDesignSK, "PK")

	b.click(app.IDCompare)
	b.waitFor("the comparison opens", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDCompareRun), 10*time.Second)
	var source string
	b.eval("reading the source", fmt.Sprintf(`document.getElementById(%q).value`, app.IDCompareSource), &source)
	if source != "pattern" {
		t.Errorf("compare with %q by default, want the pattern", source)
	}
	b.setField(app.IDCompareSize, "10")
	b.click(app.IDCompareRun)
	step := app.IDCompareStep + "1"
	b.waitFor("the plan shows", fmt.Sprintf(`!!document.getElementById(%q)`, step), 30*time.Second)

	var kind, online, replacement string
	b.eval("reading the step's kind", fmt.Sprintf(`document.getElementById(%q).dataset.kind`, step), &kind)
	b.eval("reading the step's online", fmt.Sprintf(`document.getElementById(%q).dataset.online`, step), &online)
	b.eval("reading the step's replacement", fmt.Sprintf(`document.getElementById(%q).dataset.replacement`, step), &replacement)
	if kind != diff.KindAddGSI || online != "true" || replacement != "false" {
		t.Errorf("step 1: kind %q online %q replacement %q, want an online add-gsi in place", kind, online, replacement)
	}
	text := b.textOf(step)
	for _, want := range []string{"online", "CloudFormation: in place", "Orders / GSI1", "Estimate: ", "write units", "÷ on demand, 4,000 write units/s"} {
		if !strings.Contains(text, want) {
			t.Errorf("step 1 lacks %q:\n%s", want, text)
		}
	}
	if summary := b.textOf(app.IDCompareSummary); !strings.Contains(summary, "1 step in 1 deploy") || strings.Contains(summary, "REPLACE") {
		t.Errorf("summary %q", summary)
	}
	var more bool
	b.eval("looking for a second step", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDCompareStep+"2"), &more)
	if more {
		t.Errorf("a second step shows: %s", b.textOf(app.IDComparePanel))
	}
	b.screenshot("compare")
}
