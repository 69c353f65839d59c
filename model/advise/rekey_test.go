package advise

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// openByAssignee is, by brute force, "issueId@assigneeId updatedAt" of
// every open issue in the table, and of every issue entry of index ix
// (its key read back from the index: the assignee and updatedAt it is
// filed under).
func openByAssignee(t *testing.T, db *engine.Database, ix string) (scan, index []string) {
	t.Helper()
	ts := db.Snapshot().Table("Tracker")
	ts.Items(func(it attr.Item) bool {
		if s, ok := it["SK"].(attr.String); ok && s == "#ISSUE" && it["status"].(attr.String) == "OPEN" {
			scan = append(scan, string(it["issueId"].(attr.String))+"@"+string(it["assigneeId"].(attr.String))+" "+string(it["updatedAt"].(attr.String)))
		}
		return true
	})
	ts.Entries(ix, func(e engine.StoredEntry) bool {
		it := e.Item()
		if it["SK"].(attr.String) != "#ISSUE" {
			return true
		}
		pk, sk := string(it[ix+"PK"].(attr.String)), string(it[ix+"SK"].(attr.String))
		a, u := string(it["openAssigneeId"].(attr.String)), string(it["updatedAt"].(attr.String))
		if !strings.Contains(pk, a) || !strings.Contains(sk, u) {
			t.Errorf("index entry of %v keyed %s / %s, not on its assignee %s and updatedAt %s", it["issueId"], pk, sk, a, u)
		}
		index = append(index, string(it["issueId"].(attr.String))+"@"+a+" "+u)
		return true
	})
	slices.Sort(scan)
	slices.Sort(index)
	return scan, index
}

// TestRekeyIsBranchedByMembership: an update that sets the marker's
// source (reassigning an issue) or the sparse index's sort key
// (updatedAt), but not status, is split by the item's current
// membership: "(status = OPEN)" requires the issue open and rewrites the
// marker and the index keys, the other branch refuses an open issue and
// sets only the attribute. At 200 and 10,000 items, after reassigning an
// open and a closed issue and touching an open one, the sparse index
// holds exactly the open issues keyed by their current assignee and
// updatedAt (a brute-force scan); a wrong branch fails with
// ConditionalCheckFailedException and changes nothing, and so does the
// OPEN branch given a stale value of a key attribute it does not set.
func TestRekeyIsBranchedByMembership(t *testing.T) {
	in := tracker()
	in.Patterns = append(in.Patterns,
		Pattern{Name: "Reassign an issue", Entity: "Issue", Action: Update, Set: []string{"assigneeId"}, Rate: 10},
		Pattern{Name: "Touch an issue", Entity: "Issue", Action: Update, Set: []string{"updatedAt"}, Rate: 20},
		Pattern{Name: "Rename an issue", Entity: "Issue", Action: Update, Set: []string{"title"}, Rate: 5})
	p := propose(t, in)
	m := p.Model
	var q struct{ IndexName string }
	_ = json.Unmarshal(m.AccessPattern("Open issues assigned to a user").Request, &q)
	if m.AccessPattern("Rename an issue (status = OPEN)") != nil {
		t.Errorf("an update of no key attribute is split")
	}
	for base, rate := range map[string]float64{"Reassign an issue": 10, "Touch an issue": 20} {
		inside, other := m.AccessPattern(base+" (status = OPEN)"), m.AccessPattern(base)
		if inside == nil || other == nil {
			t.Fatalf("%s: no branch by membership", base)
		}
		if inside.Rate != rate*0.3 || other.Rate != rate*0.7 {
			t.Errorf("%s: branches at %v/s and %v/s, want 30%% and 70%% of %v", base, inside.Rate, other.Rate, rate)
		}
		for _, b := range []*model.AccessPattern{inside, other} {
			if !strings.Contains(string(b.Request), "ConditionExpression") {
				t.Errorf("%s: no condition: %s", b.Name, b.Request)
			}
		}
		if r := string(inside.Request); !strings.Contains(r, "openAssigneeId") || !strings.Contains(r, q.IndexName+"PK") {
			t.Errorf("%s does not rewrite the marker and the index keys: %s", inside.Name, r)
		}
		if r := string(other.Request); strings.Contains(r, "openAssigneeId") || strings.Contains(r, q.IndexName+"PK") {
			t.Errorf("%s writes the sparse index's keys: %s", other.Name, r)
		}
	}
	var reason bool
	for _, r := range p.Reasons {
		reason = reason || r.Where.Pattern == "Reassign an issue (status = OPEN)" && strings.Contains(r.Text, "GetItem first")
	}
	if !reason {
		t.Errorf("no reason for the reassignment's branch names the alternative")
	}

	for _, size := range []int{200, 10_000} {
		m.Dataset.Generator.Size = size
		db, _ := m.NewDatabase()
		if _, err := m.Load(db, nil); err != nil {
			t.Fatal(err)
		}
		m.SetExamples(m.FindExamples(db))
		// An open and a closed issue, and their parameters for a pattern.
		var open, closed attr.Item
		db.Snapshot().Table("Tracker").Items(func(it attr.Item) bool {
			if s, ok := it["SK"].(attr.String); ok && s == "#ISSUE" {
				switch it["status"].(attr.String) {
				case "OPEN":
					open = it
				case "CLOSED":
					closed = it
				}
			}
			return open == nil || closed == nil
		})
		if open == nil || closed == nil {
			t.Fatalf("at %d: no open or no closed issue", size)
		}
		args := func(name string, it attr.Item, set map[string]string) model.Params {
			p := m.AccessPattern(name).Examples()
			for k := range p {
				if v, ok := it[k].(attr.String); ok {
					p[k] = string(v)
				}
			}
			for k, v := range set {
				p[k] = v
			}
			return p
		}
		check := func(when string) {
			scan, index := openByAssignee(t, db, q.IndexName)
			if len(scan) == 0 || !slices.Equal(scan, index) {
				t.Fatalf("at %d, %s: the sparse index holds %d issues, the scan %d open ones; differing: %v", size, when, len(index), len(scan), diff(scan, index))
			}
		}
		check("loaded")
		wrong := func(name string, it attr.Item, set map[string]string) {
			before, _ := openByAssignee(t, db, q.IndexName)
			if _, err := m.AccessPattern(name).Run(db, args(name, it, set)); err == nil || !strings.Contains(err.Error(), "ConditionalCheckFailed") {
				t.Errorf("at %d: %s took issue %v (%v): %v", size, name, it["issueId"], it["status"], err)
			}
			if after, _ := openByAssignee(t, db, q.IndexName); !slices.Equal(before, after) {
				t.Errorf("at %d: the refused %s changed the open issues", size, name)
			}
		}
		wrong("Reassign an issue", open, map[string]string{"assigneeId": "someone-new"})
		wrong("Reassign an issue (status = OPEN)", closed, map[string]string{"assigneeId": "someone-new"})
		// A stale sort key from the caller: refused, not filed wrongly.
		wrong("Reassign an issue (status = OPEN)", open, map[string]string{"assigneeId": "someone-new", "updatedAt": "1999-01-01T00:00:00Z"})
		wrong("Touch an issue", open, map[string]string{"updatedAt": "2030-01-01T00:00:00Z"})
		check("after the refused writes")
		for _, w := range []struct {
			name string
			it   attr.Item
			set  map[string]string
		}{
			{"Reassign an issue (status = OPEN)", open, map[string]string{"assigneeId": "someone-new"}},
			{"Reassign an issue", closed, map[string]string{"assigneeId": "someone-else"}},
			{"Touch an issue (status = OPEN)", open, map[string]string{"updatedAt": "2030-01-01T00:00:00Z"}},
			{"Touch an issue", closed, map[string]string{"updatedAt": "2030-01-02T00:00:00Z"}},
		} {
			if _, err := m.AccessPattern(w.name).Run(db, args(w.name, w.it, w.set)); err != nil {
				t.Fatalf("at %d: %s: %v", size, w.name, err)
			}
			check("after " + w.name)
			// The next write sees the item as it is now.
			tn := "Tracker"
			got, err := db.GetItem(&engine.GetItemInput{TableName: &tn, Key: attr.Item{"PK": w.it["PK"], "SK": w.it["SK"]}})
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range got.Item {
				w.it[k] = v
			}
		}
		read := m.AccessPattern("Open issues assigned to a user")
		res, err := read.Run(db, model.Params{"assigneeId": "someone-new", "updatedAtFrom": "0", "updatedAtTo": "9"})
		if err != nil || len(res.Items) != 1 || res.Items[0]["issueId"] != open["issueId"] {
			t.Errorf("at %d: the new assignee's open issues: %v, %v", size, res, err)
		}
	}
}

// diff is the members of one sorted list and not the other.
func diff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, "-"+x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			out = append(out, "+"+x)
		}
	}
	if len(out) > 6 {
		out = out[:6]
	}
	return out
}
