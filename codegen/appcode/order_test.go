package appcode

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/codegen/snippet"
	"github.com/dynamodb-workbench/workbench/model/advise"
	"github.com/dynamodb-workbench/workbench/model/formats"
)

// newestFirst is a design whose list reads newest first, a page of 25.
const newestFirst = `
name Tracker
Project: projectId, name
Issue of Project 1-30: issueId, projectId, status, updatedAt, title
get Issue by issueId, 300/s
list Issues by projectId and status range updatedAt newest first limit 25, 100/s "Issues of a project by status, recently updated"
`

// orderAndLimit is how each format spells ScanIndexForward false and
// Limit 25 (case and separators aside).
var orderAndLimit = regexp.MustCompile(`(?is)scan_?index_?forward.{0,40}?false|no-scan-index-forward|order\s*:\s*["']desc|reverse\s*:\s*true`)
var limit25 = regexp.MustCompile(`(?is)limit.{0,40}?\b25\b`)

// TestNewestFirstAndLimitReachTheCode: a pattern that reads newest first
// with a limit keeps both in its snippet in every language and in every
// application-code export (issue 25: "newest first" was not honoured in
// the exported code).
func TestNewestFirstAndLimitReachTheCode(t *testing.T) {
	in, err := advise.Parse(newestFirst)
	if err != nil {
		t.Fatal(err)
	}
	p, err := advise.Propose(in)
	if err != nil {
		t.Fatal(err)
	}
	m := p.Model
	ap := m.AccessPattern("Issues of a project by status, recently updated")
	var req map[string]any
	if err := json.Unmarshal(ap.Request, &req); err != nil || req["ScanIndexForward"] != false || req["Limit"] != float64(25) {
		t.Fatalf("request %s", ap.Request)
	}
	for _, lang := range snippet.Languages() {
		src, err := snippet.Render(snippet.Request{Operation: ap.Operation, Input: ap.Request}, lang)
		if err != nil {
			t.Fatalf("snippet %s: %v", lang, err)
		}
		if !orderAndLimit.MatchString(src) || !limit25.MatchString(src) {
			t.Errorf("snippet %s lacks ScanIndexForward false or Limit 25:\n%s", lang, src)
		}
	}
	for _, l := range languages {
		if l.info.Name == ElectroDB {
			// ElectroDB's export is entities and indexes: it writes no
			// function per access pattern (order and limit are the
			// caller's go({ order: "desc", limit: 25 }) options).
			continue
		}
		var r formats.Result
		if err := Render(m, l.info.Name, &r); err != nil {
			t.Fatalf("%s: %v", l.info.Name, err)
		}
		src := r.Files[0].Content
		fn := regexp.MustCompile(`(?i)issues_?of_?a_?project_?by_?status`).FindStringIndex(src)
		if fn == nil {
			t.Errorf("%s: no function for the pattern", l.info.Name)
			continue
		}
		body := src[fn[0]:]
		if i := strings.Index(body[1:], "\n\n\n"); i > 0 {
			body = body[:i+1]
		}
		if !orderAndLimit.MatchString(body) || !limit25.MatchString(body) {
			t.Errorf("%s lacks ScanIndexForward false or Limit 25:\n%s", l.info.Name, body)
		}
	}
}
