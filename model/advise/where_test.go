package advise

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestWhereMembershipFollowsTheValue: "where status = OPEN" keeps the
// value in the index key (the choice over a sparse marker, issue 25 item
// 3): the update that sets status moves an issue out of the open issues
// and back in, without a marker any writer must remember; the reason says
// what the index holds beyond the subset (the enum's weights: 30% open)
// and what the sparse alternative would take.
func TestWhereMembershipFollowsTheValue(t *testing.T) {
	p := propose(t, tracker())
	m := p.Model
	var reason string
	for _, r := range p.Reasons {
		if r.Where.Pattern == "Open issues assigned to a user" && strings.HasPrefix(r.Text, "where status = OPEN") {
			reason = r.Text
		}
	}
	for _, want := range []string{"about 30% of them", "other 70%", "SET the marker when the new value is OPEN and REMOVE it otherwise", "say rare"} {
		if !strings.Contains(reason, want) {
			t.Errorf("reason %q lacks %q", reason, want)
		}
	}
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	m.SetExamples(m.FindExamples(db))
	open := m.AccessPattern("Open issues assigned to a user")
	ex := open.Examples()
	read := func() map[string]string {
		t.Helper()
		res, err := open.Run(db, ex)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]string{}
		for _, it := range res.Items {
			if it["status"].(attr.String) != "OPEN" {
				t.Errorf("a %v issue among the open ones", it["status"])
			}
			out[string(it["issueId"].(attr.String))] = string(it["updatedAt"].(attr.String))
		}
		return out
	}
	before := read()
	if len(before) == 0 {
		t.Fatal("no open issue in the example")
	}
	var id, updated string
	for k, v := range before {
		id, updated = k, v
		break
	}
	// The update rewrites the index keys from the parameters: it takes
	// the issue's own project and assignee.
	res, _ := open.Run(db, ex)
	var issue attr.Item
	for _, it := range res.Items {
		if string(it["issueId"].(attr.String)) == id {
			issue = it
		}
	}
	change := m.AccessPattern("Change an issue's status")
	set := func(status string) {
		t.Helper()
		args := change.Examples()
		args["issueId"], args["status"], args["updatedAt"] = id, status, updated
		args["projectId"], args["assigneeId"] = string(issue["projectId"].(attr.String)), string(issue["assigneeId"].(attr.String))
		if _, err := change.Run(db, args); err != nil {
			t.Fatalf("%s: %v", status, err)
		}
	}
	set("CLOSED")
	if _, ok := read()[id]; ok || len(read()) != len(before)-1 {
		t.Errorf("closed issue %s still read as open", id)
	}
	set("OPEN")
	if _, ok := read()[id]; !ok || len(read()) != len(before) {
		t.Errorf("reopened issue %s not read as open", id)
	}
}
