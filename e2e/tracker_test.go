package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// trackerLines is issue 25's issue tracker in plain lines, with a rare
// subset (the issues a user flagged) whose attribute is on few issues.
const trackerLines = `name Tracker
Organization: orgId, name
Project of Organization 1-5: projectId, orgId, name
Issue of Project 1-30: issueId, projectId, assigneeId, status enum(OPEN:3,IN_PROGRESS:1,CLOSED:6), createdAt, updatedAt, title, flaggedBy
Comment of Issue 0-8: commentId, issueId, authorId, createdAt, body
get Organization by orgId with Projects, 20/s "Organization with its projects"
list Projects by orgId, 20/s "Projects of an organization"
get Issue by issueId, 300/s "Issue by id"
list Issues by projectId and status range updatedAt newest first limit 25, 100/s "Issues of a project by status, recently updated"
list Issues by assigneeId where status = OPEN range updatedAt newest first, 50/s "Open issues assigned to a user"
list Issues by flaggedBy rare, 1/s "Issues flagged by a user"
list Comments by issueId range createdAt, 150/s "Comments of an issue"
create Comment, 4000/s "Add a comment"
update Issue set status, updatedAt, 30/s "Change an issue's status"
`

// proposalText is the proposed design and its reasons as the page shows them.
func proposalText(b *browser) string {
	b.t.Helper()
	b.waitFor("the proposal shows", fmt.Sprintf(`document.querySelectorAll("#%s li").length > 0`, app.IDWizardReasons), 20*time.Second)
	return b.textOf(app.IDWizardProposal)
}

// shots takes a screenshot at 1440 and at 1024 px wide.
func shots(b *browser, name string) {
	b.t.Helper()
	for _, w := range []int64{1440, 1024} {
		b.run("viewport", chromedp.EmulateViewport(w, 900))
		b.screenshot(fmt.Sprintf("%s-%d", name, w))
	}
	b.run("viewport", chromedp.EmulateViewport(1280, 800))
}

// TestBrowserTrackerDesign: the issue tracker written as plain lines,
// switched to the form (which keeps every word: where, with, newest first,
// limit, set, the generators), proposed from the form and from the lines:
// the same design, an organization and its projects in one item
// collection; "sorted by —" does not break Propose. Used and loaded, "open
// issues of an assignee" returns only open issues, from a sparse index
// that holds exactly the open issues (the Indexes view's count against a
// count of the same data); the design review has no
// incomplete index; an index made incomplete on purpose (a key template
// built from the rare flaggedBy) is named with its fix, and the fix, one
// click, clears it.
func TestBrowserTrackerDesign(t *testing.T) {
	t.Parallel()
	p := proposedInGo(t, trackerLines)
	var req struct{ IndexName string }
	_ = json.Unmarshal(p.Model.AccessPattern("Issues of a project by status, recently updated").Request, &req)
	issue := -1
	for i, e := range p.Model.Entities {
		if e.Name == "Issue" {
			issue = i
		}
	}
	skName := req.IndexName + "SK"
	sk := p.Model.Entities[issue].Keys[skName]
	if req.IndexName == "" || sk == "" {
		t.Fatalf("the pattern's index %q, key %q", req.IndexName, sk)
	}

	b := startBrowser(t)
	b.open("/")
	openWizardLines(b)
	var text string
	b.eval("the lines", fmt.Sprintf(`document.getElementById(%q).value`, app.IDWizardText), &text)
	if !strings.Contains(text, "name My shop") || !strings.Contains(text, "list Order by customerId range createdAt newest first") {
		t.Errorf("the lines do not say the form's example: %q", text)
	}
	b.setField(app.IDWizardText, trackerLines)
	propose(b)
	fromLines := proposalText(b)

	// To the form: every word kept.
	b.click(app.IDWizardAsForm)
	b.waitFor("the form shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDWizardEntities), 10*time.Second)
	var rows []int
	b.eval("counting the form's rows", fmt.Sprintf(`[document.querySelectorAll("#%s > .wb-wizard-row").length, document.querySelectorAll("#%s > .wb-wizard-row").length]`,
		app.IDWizardEntities, app.IDWizardPatterns), &rows)
	if len(rows) != 2 || rows[0] != 4 || rows[1] != 9 {
		t.Fatalf("the form has %v rows, want 4 entities and 9 patterns", rows)
	}
	for i, want := range map[int]string{0: "with Project", 3: "also by status newest first limit 25", 4: "where status = OPEN newest first", 8: "set status, updatedAt"} {
		if got := b.textOf(app.IDWizardPatternRow + fmt.Sprint(i) + app.IDWizardMore); got != want {
			t.Errorf("pattern %d keeps %q, want %q", i, got, want)
		}
	}
	var placeholder string
	b.eval("the id's placeholder", fmt.Sprintf(`document.getElementById(%q).placeholder`, app.IDWizardEntityRow+"0"+app.IDWizardID), &placeholder)
	if placeholder != "orgId" {
		t.Errorf("Organization's id placeholder %q", placeholder)
	}
	shots(b, "wizard-form")
	propose(b)
	if fromForm := proposalText(b); fromForm != fromLines {
		t.Errorf("the form proposes another design:\n%s\nfrom the lines:\n%s", fromForm, fromLines)
	}
	for _, want := range []string{"Entity Organization: PK=ORGANIZATION#{orgId}", "Entity Project: PK=ORGANIZATION#{orgId}"} {
		if !strings.Contains(fromLines, want) {
			t.Errorf("the proposal lacks %q (organization and projects in one collection)", want)
		}
	}
	// "sorted by —" on a row is no attribute.
	b.setField(app.IDWizardPatternRow+"1"+app.IDWizardSort, "—")
	propose(b)
	proposalText(b)
	if e := b.textOf(app.IDWizardError); e != "" {
		t.Errorf("sorted by —: %s", e)
	}
	// The proposal's text stays inside its box at both widths.
	for _, w := range []int64{1440, 1024} {
		b.run("viewport", chromedp.EmulateViewport(w, 900))
		var over []int
		b.eval("the proposal's overflow", fmt.Sprintf(`(() => { const s = document.getElementById(%q), p = s.querySelector("pre");
			return [p.scrollWidth - p.clientWidth, s.scrollWidth - s.clientWidth, Math.round(s.getBoundingClientRect().right - document.documentElement.clientWidth)]; })()`, app.IDWizardProposal), &over)
		if len(over) != 3 || over[0] > 0 || over[1] > 0 || over[2] > 0 {
			t.Errorf("at %d px the proposal overflows its box by %v px (text, section, page)", w, over)
		}
	}
	shots(b, "wizard-proposal")

	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Tracker")`, app.IDOutline), 10*time.Second)
	b.click(app.IDTab + app.TabData)
	b.waitFor("the load controls show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadSize), 10*time.Second)
	b.setField(app.IDLoadSize, "2000")
	b.click(app.IDLoadButton)
	b.waitLoaded(2000, 2*time.Minute)
	open := "wb-ap-Open_issues_assigned_to_a_user"
	b.click(open)
	b.waitFor("its result", fmt.Sprintf(`!!document.getElementById(%q) || !!document.getElementById(%q)`, app.IDResultItems, app.IDResultError), 30*time.Second)
	var statuses []string
	b.eval("the statuses returned", fmt.Sprintf(`(() => { const t = document.getElementById(%q); if (!t) return [];
		const i = Array.from(t.querySelectorAll("thead th")).findIndex(h => h.textContent.trim() === "status");
		return i < 0 ? ["no status column"] : Array.from(t.querySelectorAll("tbody tr")).map(r => r.children[i].textContent.trim()); })()`, app.IDResultItems), &statuses)
	if len(statuses) == 0 {
		t.Errorf("open issues of an assignee: none returned (%s)", b.textOf(app.IDResult))
	}
	for _, s := range statuses {
		if !strings.Contains(s, "OPEN") {
			t.Errorf("open issues of an assignee returns a %q issue", s)
		}
	}

	// The open issues' index is a sparse index holding exactly the open
	// issues: the Indexes view's count against the same data counted here.
	var openReq struct{ IndexName string }
	_ = json.Unmarshal(p.Model.AccessPattern("Open issues assigned to a user").Request, &openReq)
	m := p.Model
	m.Dataset.Generator.Size = 2000
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	openCount := 0
	db.Snapshot().Table("Tracker").Items(func(it attr.Item) bool {
		if it["SK"] == attr.String("#ISSUE") && it["status"] == attr.String("OPEN") {
			openCount++
		}
		return true
	})
	b.click(app.IDTab + app.TabIndexes)
	b.waitFor("the index picker", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDIndexSelect), 10*time.Second)
	b.setField(app.IDIndexSelect, openReq.IndexName)
	b.waitFor("the open issues' index", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDIndexSummary, openReq.IndexName+" ("), 10*time.Second)
	var held string
	b.eval("the index's items", fmt.Sprintf(`document.getElementById(%q).dataset.in`, app.IDIndexSummary), &held)
	if openCount == 0 || held != fmt.Sprint(openCount) {
		t.Errorf("the open issues' index %s holds %s items; the data has %d open issues", openReq.IndexName, held, openCount)
	}

	// The design review: complete, then an index made incomplete on purpose.
	b.click(app.IDTab + app.TabDesign)
	review := func() string {
		b.t.Helper()
		b.click(app.IDReviewRun)
		b.waitFor("the review", fmt.Sprintf(`document.getElementById(%q)?.dataset.state === "ready"`, app.IDReview), 2*time.Minute)
		return b.textOf(app.IDReviewFindings)
	}
	if f := review(); strings.Contains(f, "incomplete-index") {
		t.Errorf("the proposal's review: %s", f)
	}
	b.setField(fmt.Sprintf("%s%d%s%s", app.IDDesignEntity, issue, app.IDDesignKey, skName), strings.Replace(sk, "{updatedAt}", "{updatedAt}#{flaggedBy}", 1))
	f := review()
	if !strings.Contains(f, "Issues of a project by status, recently updated") || !strings.Contains(f, "flaggedBy (on 5% of the items)") {
		t.Fatalf("the review does not name the incomplete index: %s", f)
	}
	var fix string
	b.eval("the fix", fmt.Sprintf(`Array.from(document.querySelectorAll("#%s li[data-kind='incomplete-index'] button")).find(x => x.textContent.includes("flaggedBy"))?.id || ""`, app.IDReviewFindings), &fix)
	if fix == "" {
		t.Fatalf("no fix button: %s", f)
	}
	b.run("showing the review", chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).scrollIntoView({block: "start"})`, app.IDReview), nil))
	shots(b, "design-review")
	b.click(fix)
	// The review of the fixed design: until it has run, the page may still
	// show the last one's findings as ready (the click's re-review starts
	// on the next turn of the page's loop).
	cleared := fmt.Sprintf(`document.getElementById(%q)?.dataset.state === "ready" && !(document.getElementById(%q)?.textContent || "").includes("incomplete-index")`, app.IDReview, app.IDReviewFindings)
	if err := chromedp.Run(b.ctx, chromedp.Poll(cleared, nil, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Errorf("after the fix: %v: %s", err, b.textOf(app.IDReviewFindings))
	}
	b.run("showing the review", chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).scrollIntoView({block: "start"})`, app.IDReview), nil))
	shots(b, "design-review-fixed")
}

// TestBrowserLoadReview: the design review in the Load panel, measured on
// the items loaded: the tracker with an index made incomplete on purpose
// (a key template built from the rare flaggedBy), applied and loaded with
// 2,000 items; Load's review says it reviews those items, names the
// pattern whose index misses issues with the attribute and the count, and
// offers the fix as a button; screenshots at 1440 and 1024.
func TestBrowserLoadReview(t *testing.T) {
	t.Parallel()
	p := proposedInGo(t, trackerLines)
	var req struct{ IndexName string }
	_ = json.Unmarshal(p.Model.AccessPattern("Issues of a project by status, recently updated").Request, &req)
	issue := -1
	for i, e := range p.Model.Entities {
		if e.Name == "Issue" {
			issue = i
		}
	}
	skName := req.IndexName + "SK"
	sk := p.Model.Entities[issue].Keys[skName]

	b := startBrowser(t)
	b.open("/")
	proposeLines(b, trackerLines)
	proposalText(b)
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Tracker")`, app.IDOutline), 10*time.Second)
	b.setField(fmt.Sprintf("%s%d%s%s", app.IDDesignEntity, issue, app.IDDesignKey, skName), strings.Replace(sk, "{updatedAt}", "{updatedAt}#{flaggedBy}", 1))
	b.click(app.IDDesignApply)
	b.click(app.IDTab + app.TabData)
	b.waitFor("the load controls show", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDLoadSize), 10*time.Second)
	b.setField(app.IDLoadSize, "2000")
	b.click(app.IDLoadButton)
	b.waitLoaded(2000, 2*time.Minute)

	b.click(app.IDTab + app.TabLoad)
	b.click(app.IDLoadReviewRun)
	b.waitFor("Load's review", fmt.Sprintf(`document.getElementById(%q)?.dataset.state === "ready"`, app.IDLoadReview), 2*time.Minute)
	if s := b.textOf(app.IDLoadReview); !strings.Contains(s, "on the 2000 items loaded") {
		t.Errorf("Load's review does not say it reviews the items loaded: %s", s)
	}
	f := b.textOf(app.IDLoadReviewFindings)
	if !strings.Contains(f, "Issues of a project by status, recently updated") || !strings.Contains(f, "flaggedBy (on 5% of the items)") || !strings.Contains(f, "incomplete-index") {
		t.Fatalf("Load's review does not name the incomplete index: %s", f)
	}
	var fix string
	b.eval("the fix", fmt.Sprintf(`Array.from(document.querySelectorAll("#%s li[data-kind='incomplete-index'] button")).find(x => x.textContent.includes("flaggedBy"))?.id || ""`, app.IDLoadReviewFindings), &fix)
	if !strings.HasPrefix(fix, app.IDLoadReviewFix) {
		t.Errorf("no fix button in Load's review: %q", fix)
	}
	b.run("showing the review", chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).scrollIntoView({block: "start"})`, app.IDLoadReview), nil))
	shots(b, "load-review")
}
