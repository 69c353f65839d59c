package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/model"
)

// layoutJS lists, on the panel shown, what a person cannot use or read:
// the page scrolling sideways, a picture (an SVG) wider than its box, and
// a control or table cell hidden under another element once scrolled
// into view (the fixed header and clock bar aside: scrolling clears them).
// It checks at most 400 elements, in document order.
const layoutJS = `((panel) => {
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth + 1) out.push("page " + document.documentElement.scrollWidth + " px wide");
  const root = document.getElementById(panel);
  if (!root) return "no panel " + panel;
  for (const svg of root.querySelectorAll("svg")) {
    const box = svg.parentElement;
    const r = svg.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (r.width === 0) continue;
    const cs = getComputedStyle(box);
    const inner = b.width - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - parseFloat(cs.borderLeftWidth) - parseFloat(cs.borderRightWidth);
    if (r.width > inner + 1) out.push("svg." + (svg.getAttribute("class") || "") + " " + Math.round(r.width) + " px in a " + Math.round(inner) + " px box");
  }
  const fixed = (e) => { for (; e; e = e.parentElement) { const p = getComputedStyle(e).position; if (p === "fixed" || p === "sticky") return true; } return false; };
  let n = 0;
  for (const el of root.querySelectorAll("button, input, select, textarea, td, th")) {
    if (n++ >= 400) break;
    const r0 = el.getBoundingClientRect();
    if (r0.width < 2 || r0.height < 2 || el.closest("[hidden], details:not([open]), .wb-visually-hidden") || getComputedStyle(el).visibility === "hidden") continue;
    if (fixed(el)) continue;
    el.scrollIntoView({block: "center", inline: "nearest"});
    const r = el.getBoundingClientRect();
    // Its left and right ends: a cell pushed under a neighbour shows one.
    const y = Math.max(0, Math.min(r.top + r.height / 2, innerHeight - 1));
    for (const x0 of [r.left + Math.min(r.width / 2, 12), r.right - Math.min(r.width / 2, 6)]) {
      const x = Math.max(0, Math.min(x0, innerWidth - 1));
      const top = document.elementFromPoint(x, y);
      if (!top || top === el || el.contains(top) || top.contains(el) || fixed(top)) continue;
      if (el.labels && [...el.labels].some(l => l.contains(top))) continue;
      const name = (e) => e.id ? "#" + e.id : e.tagName.toLowerCase() + (e.className && typeof e.className === "string" ? "." + e.className.split(" ")[0] : "");
      out.push(name(el) + " '" + (el.textContent || el.value || "").trim().slice(0, 20) + "' under " + name(top));
      break;
    }
  }
  window.scrollTo(0, 0);
  return out.slice(0, 12).join("; ");
})`

// TestBrowserLayoutEveryTab: at 1440x900 and 1024x768, after a
// 10,000-item load of a design made in the test, no tab scrolls the page
// sideways, has a picture wider than its box, or hides a control or a
// table cell under another element.
func TestBrowserLayoutEveryTab(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	b.open("/")
	makeWizardDesign(b, "Layout design")
	for _, size := range [][2]int64{{1440, 900}, {1024, 768}} {
		b.viewport(size[0], size[1])
		// mainTabs and the Grid.
		for _, tab := range append([]string{app.TabGrid}, mainTabs...) {
			b.showTab(tab)
			if tab == app.TabPartitions {
				b.waitFor("the keyspace picture", fmt.Sprintf(`!!document.querySelector("#%s svg")`, app.IDPartKeyspace), 60*1e9)
			}
			if tab == app.TabData {
				// The item editor opens on the first item: it must leave
				// the collections' columns readable.
				b.eval("selecting an item", `(() => { const r = document.querySelector("[id^='wb-row-']"); if (r) r.click(); return true; })()`, new(bool))
			}
			var bad, side string
			b.eval("the layout of "+tab, layoutJS+fmt.Sprintf("(%q)", app.IDPanel+tab), &bad)
			if bad != "" {
				t.Errorf("%dx%d %s: %s", size[0], size[1], tab, bad)
			}
			b.eval("the sidebar's layout", sidebarJS, &side)
			if side != "" {
				t.Errorf("%dx%d %s: sidebar: %s", size[0], size[1], tab, side)
			}
			b.screenshot(fmt.Sprintf("layout-%d-%s", size[0], strings.ToLower(tab)))
		}
	}
}

// sidebarJS lists what runs past the sidebar's edge: the sidebar scrolling
// sideways, or an element of it whose box ends beyond the sidebar's
// content box (text cut at its edge).
const sidebarJS = `(() => {
  const out = [];
  const side = document.getElementById("` + app.IDOutline + `");
  if (!side) return "no sidebar";
  if (side.scrollWidth > side.clientWidth + 1) out.push("the sidebar scrolls sideways: " + side.scrollWidth + " > " + side.clientWidth + " px");
  const b = side.getBoundingClientRect(), cs = getComputedStyle(side);
  const right = b.right - parseFloat(cs.borderRightWidth) - parseFloat(cs.paddingRight);
  for (const el of side.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > right + 1) out.push((el.className || el.tagName) + " '" + el.textContent.trim().slice(0, 40) + "' ends at " + Math.round(r.right) + " px, the sidebar at " + Math.round(right));
  }
  return out.slice(0, 8).join("; ");
})()`

// longKeysModel is a design made for the test whose entities have long key
// templates with no space to break at.
func longKeysModel(t *testing.T) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(`{"version":1,"name":"Long keys","tables":[{"TableName":"OrganizationProjectIssues",
"AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],
"KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}],
"entities":[{"name":"OrganizationProjectIssueComment","table":"OrganizationProjectIssues",
 "keys":{"PK":"ORGANIZATION#{organizationId}#PROJECT#{projectId}","SK":"ISSUE#{issueId}#COMMENT#{commentId}#REVISION#{revision}"},
 "attributes":[{"name":"organizationId","type":"S","generator":"seq(4)"},{"name":"projectId","type":"S","generator":"seq(4)"},
  {"name":"issueId","type":"S","generator":"seq(5)"},{"name":"commentId","type":"S","generator":"seq(5)"},{"name":"revision","type":"S","generator":"seq(2)"}]}],
"accessPatterns":[{"name":"Comments_of_an_issue_in_a_project_of_an_organization","entity":"OrganizationProjectIssueComment","operation":"Query",
 "parameters":[{"name":"organizationId","example":"0001"},{"name":"projectId","example":"0001"}],
 "request":{"TableName":"OrganizationProjectIssues","KeyConditionExpression":"PK = :pk","ExpressionAttributeValues":{":pk":{"S":"ORGANIZATION#{organizationId}#PROJECT#{projectId}"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBrowserSidebarFits: at 1440 and 1024 px the sidebar's entity keys,
// table names and access patterns wrap inside it, long templates too.
func TestBrowserSidebarFits(t *testing.T) {
	t.Parallel()
	b := startBrowser(t)
	openModel(b, longKeysModel(t))
	for _, w := range []int64{1440, 1024} {
		b.viewport(w, 768)
		var bad string
		b.eval("the sidebar's layout", sidebarJS, &bad)
		if bad != "" {
			t.Errorf("%d px: %s", w, bad)
		}
		b.screenshot(fmt.Sprintf("sidebar-%d", w))
	}
}
