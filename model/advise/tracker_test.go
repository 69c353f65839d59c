package advise

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"

	"github.com/dynamodb-workbench/workbench/model"
)

// tracker is issue 25's small issue tracker: four entities, eight access
// patterns, a design the seeds never saw.
func tracker() Input {
	return Input{Name: "Tracker",
		Entities: []Entity{
			{Name: "Organization", ID: "orgId", Attributes: []model.Attribute{{Name: "name"}}},
			{Name: "Project", ID: "projectId", Parent: "Organization", Min: 1, Max: 5, Attributes: []model.Attribute{{Name: "orgId"}, {Name: "name"}}},
			{Name: "Issue", ID: "issueId", Parent: "Project", Min: 1, Max: 30, Attributes: []model.Attribute{{Name: "projectId"}, {Name: "assigneeId"}, {Name: "status", Generator: "enum(OPEN:3,IN_PROGRESS:1,CLOSED:6)"}, {Name: "createdAt"}, {Name: "updatedAt"}, {Name: "title"}}},
			{Name: "Comment", ID: "commentId", Parent: "Issue", Min: 0, Max: 8, Attributes: []model.Attribute{{Name: "issueId"}, {Name: "authorId"}, {Name: "createdAt"}, {Name: "body"}}},
		},
		Patterns: []Pattern{
			{Name: "Organization with its projects", Entity: "Organization", By: []string{"orgId"}, With: []string{"Project"}, Rate: 20},
			{Name: "Projects of an organization", Entity: "Project", By: []string{"orgId"}, Rate: 20},
			{Name: "Issue by id", Entity: "Issue", By: []string{"issueId"}, Rate: 300},
			{Name: "Issues of a project by status, recently updated", Entity: "Issue", By: []string{"projectId", "status"}, Range: "updatedAt", Newest: true, Limit: 25, Rate: 100},
			{Name: "Open issues assigned to a user", Entity: "Issue", By: []string{"assigneeId"}, Range: "updatedAt", Where: []Condition{{Attribute: "status", Value: "OPEN"}}, Newest: true, Rate: 50},
			{Name: "Comments of an issue", Entity: "Comment", By: []string{"issueId"}, Range: "createdAt", Rate: 150},
			{Name: "Add a comment", Entity: "Comment", Action: Create, Rate: 4000},
			{Name: "Change an issue's status", Entity: "Issue", Action: Update, Set: []string{"status", "updatedAt"}, Rate: 30},
		},
	}
}

// trackerText is the tracker in plain lines.
const trackerText = `
name Tracker
Organization: orgId, name
Project of Organization 1-5: projectId, orgId, name
Issue of Project 1-30: issueId, projectId, assigneeId, status enum(OPEN:3,IN_PROGRESS:1,CLOSED:6), createdAt, updatedAt, title
Comment of Issue 0-8: commentId, issueId, authorId, createdAt, body
get Organization by orgId with Projects, 20/s "Organization with its projects"
list Projects by orgId, 20/s "Projects of an organization"
get Issue by issueId, 300/s "Issue by id"
list Issues by projectId and status range updatedAt newest first limit 25, 100/s "Issues of a project by status, recently updated"
list Issues by assigneeId where status = OPEN range updatedAt newest first, 50/s "Open issues assigned to a user"
list Comments by issueId range createdAt, 150/s "Comments of an issue"
create Comment, 4000/s "Add a comment"
update Issue set status, updatedAt, 30/s "Change an issue's status"
`

// TestTracker is issue 25's design the workbench had never seen, through
// the Input and through plain lines: the same design; the ids the user
// named; an organization and its projects in one item collection, read
// in one Query; open issues of an assignee by a sparse index, exactly the
// open ones; issues of a project by status complete (no key
// attribute made optional); newest first and limit in the requests; and
// every pattern's example runs on the loaded data.
func TestTracker(t *testing.T) {
	p := propose(t, tracker())
	in, err := Parse(trackerText)
	if err != nil {
		t.Fatal(err)
	}
	q := propose(t, in)
	a, _ := model.MarshalIndent(p.Model)
	b, _ := model.MarshalIndent(q.Model)
	if string(a) != string(b) {
		t.Errorf("the form's input and the plain lines give different designs:\n%s\n---\n%s", a, b)
	}
	m := p.Model
	for e, id := range map[string]string{"Organization": "orgId", "Project": "projectId", "Issue": "issueId", "Comment": "commentId"} {
		if m.Entity(e).Attributes[0].Name != id {
			t.Errorf("%s's id is %s, want %s", e, m.Entity(e).Attributes[0].Name, id)
		}
		for _, at := range m.Entity(e).Attributes {
			if strings.Contains(at.Name, "organizationId") {
				t.Errorf("%s has an invented %s", e, at.Name)
			}
			if at.Frequency != 0 && at.Frequency != 1 {
				t.Errorf("%s.%s is optional (%v): an index keyed on it would miss items", e, at.Name, at.Frequency)
			}
		}
	}
	org, proj := m.Entity("Organization").Keys, m.Entity("Project").Keys
	if org["PK"] != proj["PK"] || org["PK"] != "ORGANIZATION#{orgId}" {
		t.Errorf("organization %v and projects %v in different partitions", org, proj)
	}
	with := m.AccessPattern("Organization with its projects")
	if with.Operation != "Query" || !strings.Contains(string(with.Request), `begins_with(#sk, :sk)","TableName`) || !strings.Contains(string(with.Request), `":sk":{"S":"#ORGANIZATION"}`) {
		t.Errorf("with projects: %s %s", with.Operation, with.Request)
	}
	for _, name := range []string{"Issues of a project by status, recently updated", "Open issues assigned to a user"} {
		req := string(m.AccessPattern(name).Request)
		if !strings.Contains(req, `"ScanIndexForward":false`) {
			t.Errorf("%s: newest first not in %s", name, req)
		}
	}
	if req := string(m.AccessPattern("Issues of a project by status, recently updated").Request); !strings.Contains(req, `"Limit":25`) {
		t.Errorf("limit not in %s", req)
	}
	if req := string(m.AccessPattern("Open issues assigned to a user").Request); !strings.Contains(req, "OPENASSIGNEEID#{assigneeId}") {
		t.Errorf("open issues: not the sparse index on the open issues' marker: %s", req)
	}

	// On the loaded data: the reads return exactly what a brute-force
	// scan finds, newest first where asked.
	for _, size := range []int{200, 10_000} {
		checkExamples(t, "tracker", m, size)
		m.Dataset.Generator.Size = size
		db, _ := m.NewDatabase()
		if _, err := m.Load(db, nil); err != nil {
			t.Fatal(err)
		}
		m.SetExamples(m.FindExamples(db))
		var issues []attr.Item
		db.Snapshot().Table("Tracker").Items(func(it attr.Item) bool {
			if s, ok := it["SK"].(attr.String); ok && s == "#ISSUE" {
				issues = append(issues, it)
			}
			return true
		})
		// The data looks like an application's: ids with the entity's
		// prefix, assignees shared by several issues (the pool is sized
		// for the Load's 10,000 items), updatedAt never before createdAt.
		perAssignee := map[string]int{}
		for _, it := range issues {
			if id := string(it["issueId"].(attr.String)); !strings.HasPrefix(id, "ISSUE-") {
				t.Errorf("at %d: issue id %q does not look like an issue's id", size, id)
			}
			if p := string(it["projectId"].(attr.String)); !strings.HasPrefix(p, "PROJECT-") {
				t.Errorf("at %d: an issue's project %q is not a project's id", size, p)
			}
			perAssignee[string(it["assigneeId"].(attr.String))]++
			if it["updatedAt"].(attr.String) < it["createdAt"].(attr.String) {
				t.Errorf("at %d: issue %v updated before it was created", size, it["issueId"])
			}
		}
		if size == DatasetSize && len(perAssignee) > len(issues)/3 {
			t.Errorf("at %d: %d assignees for %d issues: lookup values are not shared", size, len(perAssignee), len(issues))
		}
		open := m.AccessPattern("Open issues assigned to a user")
		ex := open.Examples()
		res, err := open.Run(db, ex)
		if err != nil {
			t.Fatal(err)
		}
		want := 0
		for _, it := range issues {
			u := string(it["updatedAt"].(attr.String))
			if string(it["assigneeId"].(attr.String)) == ex["assigneeId"] && string(it["status"].(attr.String)) == "OPEN" && u >= ex["updatedAtFrom"] && u <= ex["updatedAtTo"] {
				want++
			}
		}
		if len(res.Items) != want || want == 0 {
			t.Errorf("at %d: open issues of %s: %d returned, %d in the data", size, ex["assigneeId"], len(res.Items), want)
		}
		for i := 1; i < len(res.Items); i++ {
			if res.Items[i-1]["updatedAt"].(attr.String) < res.Items[i]["updatedAt"].(attr.String) {
				t.Errorf("at %d: open issues not newest first", size)
			}
		}
	}
}

// TestParseWords reads each word of the description language and names
// the line and the word of a mistake.
func TestParseWords(t *testing.T) {
	in, err := Parse(trackerText)
	if err != nil {
		t.Fatal(err)
	}
	p := in.Patterns
	if strings.Join(p[0].With, ",") != "Project" || strings.Join(p[3].By, ",") != "projectId,status" || p[3].Range != "updatedAt" ||
		!p[3].Newest || p[3].Limit != 25 || len(p[4].Where) != 1 || p[4].Where[0] != (Condition{"status", "OPEN"}) || p[6].Rate != 4000 ||
		strings.Join(p[7].Set, ",") != "status,updatedAt" {
		t.Errorf("patterns %+v", p)
	}
	if ids := IDs(in); in.Entities[0].ID != "" || ids["Organization"] != "orgId" || ids["Project"] != "projectId" {
		t.Errorf("ids: %+v", in.Entities[:2])
	}
	if x, _ := Parse("A: x\nlist As by x oldest first sorted by y"); x.Patterns[0].Newest || x.Patterns[0].Range != "y" {
		t.Errorf("oldest first, sorted by: %+v", x.Patterns)
	}
	for text, want := range map[string]string{
		"A: x\nlist As by x where y":            `line 2 (list As by x where y): "y": where takes an attribute, '=' and a value`,
		"A: x\nlist As by x limit ten":          `line 2 (list As by x limit ten): "ten": limit takes a page size`,
		"A: x\nlist As by x limit":              "limit of what?",
		"A: x\nlist As quickly":                 `"quickly": expected by, range, where`,
		"A: x\nB of A: y\nget A by aId with Cs": "with C",
	} {
		in, err := Parse(text)
		if err == nil {
			_, err = Propose(in)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}
