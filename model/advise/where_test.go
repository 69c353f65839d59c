package advise

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// openIssues counts, by brute force over the loaded data, the issues
// whose status is OPEN, and the entries of index ix.
func openIssues(t *testing.T, db *engine.Database, ix string) (open, entries int) {
	t.Helper()
	ts := db.Snapshot().Table("Tracker")
	ts.Items(func(it attr.Item) bool {
		if s, ok := it["SK"].(attr.String); ok && s == "#ISSUE" && it["status"].(attr.String) == "OPEN" {
			open++
		}
		return true
	})
	ts.Entries(ix, func(e engine.StoredEntry) bool {
		if it := e.Item(); it["SK"].(attr.String) == "#ISSUE" {
			if it["status"].(attr.String) != "OPEN" {
				t.Errorf("a %v issue in the open issues' index", it["status"])
			}
			entries++
		}
		return true
	})
	return open, entries
}

// TestWhereIsASparseIndex: "where status = OPEN" makes a sparse index
// keyed on a marker only open issues carry (openAssigneeId, a copy of
// assigneeId): on the loaded data the index holds exactly the open
// issues. The writes that change status come in two branches, as an
// expert's code has them: into the subset (status fixed to OPEN, SETs the
// marker and the index keys) and any other value (REMOVEs them; its
// condition refuses OPEN); a create likewise. The reason says what the
// alternatives cost (the enum's weights: 30% open, the other 70% in the
// index with the value in the key; a filter reads every issue). No
// attribute another key is built from is made optional.
func TestWhereIsASparseIndex(t *testing.T) {
	in := tracker()
	in.Patterns = append(in.Patterns, Pattern{Name: "Open an issue", Entity: "Issue", Action: Create, Rate: 10})
	p := propose(t, in)
	m := p.Model
	var reason string
	for _, r := range p.Reasons {
		if r.Where.Pattern == "Open issues assigned to a user" && strings.Contains(r.Text, "sparse index") {
			reason = r.Text
		}
	}
	for _, want := range []string{"about 30% of them", "the other 70% too", "FilterExpression on status reads (and bills) every Issue", "REMOVEs them"} {
		if !strings.Contains(reason, want) {
			t.Errorf("reason %q lacks %q", reason, want)
		}
	}
	var q struct{ IndexName string }
	_ = json.Unmarshal(m.AccessPattern("Open issues assigned to a user").Request, &q)
	issue := m.Entity("Issue")
	if tpl := issue.Keys[q.IndexName+"PK"]; !strings.Contains(tpl, "{openAssigneeId}") {
		t.Fatalf("open issues read %s, keyed %s: not on the marker", q.IndexName, tpl)
	}
	for _, a := range issue.Attributes {
		if a.Name == "openAssigneeId" && a.Generator != "when(status,OPEN,assigneeId)" {
			t.Errorf("the marker's generator is %s", a.Generator)
		}
	}
	for _, name := range []string{"Change an issue's status", "Change an issue's status (status = OPEN)", "Open an issue", "Open an issue (status = OPEN)"} {
		if m.AccessPattern(name) == nil {
			t.Fatalf("no write %q", name)
		}
	}
	if a, b := m.AccessPattern("Change an issue's status").Rate, m.AccessPattern("Change an issue's status (status = OPEN)").Rate; a != 21 || b != 9 {
		t.Errorf("the update's branches at %v/s and %v/s, want 21 and 9 (30%% open)", a, b)
	}

	for _, size := range []int{200, 10_000} {
		m.Dataset.Generator.Size = size
		db, _ := m.NewDatabase()
		if _, err := m.Load(db, nil); err != nil {
			t.Fatal(err)
		}
		m.SetExamples(m.FindExamples(db))
		open, entries := openIssues(t, db, q.IndexName)
		if open == 0 || entries != open {
			t.Fatalf("at %d: the sparse index holds %d issues, the data has %d open", size, entries, open)
		}
		if size > 200 {
			break
		}
		read := m.AccessPattern("Open issues assigned to a user")
		ex := read.Examples()
		res, err := read.Run(db, ex)
		if err != nil || len(res.Items) == 0 {
			t.Fatalf("open issues of %s: %v, %v", ex["assigneeId"], res, err)
		}
		issue := res.Items[0]
		id := string(issue["issueId"].(attr.String))
		args := func(name string) model.Params {
			p := m.AccessPattern(name).Examples()
			for k := range p {
				if v, ok := issue[k].(attr.String); ok {
					p[k] = string(v)
				}
			}
			return p
		}
		has := func() bool {
			res, err := read.Run(db, ex)
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range res.Items {
				if string(it["issueId"].(attr.String)) == id {
					return true
				}
			}
			return false
		}
		closeIt, reopen := m.AccessPattern("Change an issue's status"), m.AccessPattern("Change an issue's status (status = OPEN)")
		wrong := args(closeIt.Name)
		if _, err := closeIt.Run(db, wrong); err == nil || !strings.Contains(err.Error(), "ConditionalCheckFailed") {
			t.Errorf("the other values' branch took status OPEN: %v", err)
		}
		c := args(closeIt.Name)
		c["status"] = "CLOSED"
		if _, err := closeIt.Run(db, c); err != nil {
			t.Fatal(err)
		}
		if o, e := openIssues(t, db, q.IndexName); has() || o != open-1 || e != o {
			t.Errorf("closed issue %s: still read %v; %d open, %d in the index", id, has(), o, e)
		}
		if _, err := reopen.Run(db, args(reopen.Name)); err != nil {
			t.Fatal(err)
		}
		if o, e := openIssues(t, db, q.IndexName); !has() || o != open || e != o {
			t.Errorf("reopened issue %s: read %v; %d open, %d in the index", id, has(), o, e)
		}
		for _, name := range []string{"Open an issue", "Open an issue (status = OPEN)"} {
			if _, err := m.AccessPattern(name).Run(db, m.AccessPattern(name).Examples()); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		if o, e := openIssues(t, db, q.IndexName); o != open+1 || e != o {
			t.Errorf("after the creates: %d open, %d in the index (want %d)", o, e, open+1)
		}
	}
}

// TestWhereValueIsGenerated: a `where` on an attribute the description
// gives no generator (a clinic's "booked appointments of a patient",
// status guessed from its name) makes the chosen value one of the
// attribute's values: the sparse index holds exactly the BOOKED
// appointments, there are some, and the read's example finds them. Before,
// the guess enum(ACTIVE,PENDING,CLOSED) left the index empty and the
// example without a patient.
func TestWhereValueIsGenerated(t *testing.T) {
	in := Input{Name: "Clinic",
		Entities: []Entity{
			{Name: "Doctor", ID: "doctorId", Attributes: []model.Attribute{{Name: "name"}}},
			{Name: "Patient", ID: "patientId", Attributes: []model.Attribute{{Name: "name"}}},
			{Name: "Appointment", ID: "appointmentId", Parent: "Doctor", Min: 0, Max: 30, Attributes: []model.Attribute{{Name: "patientId"}, {Name: "status"}, {Name: "startsAt"}}},
		},
		Patterns: []Pattern{
			{Name: "A doctor's appointments", Entity: "Appointment", By: []string{"doctorId"}, Range: "startsAt", Rate: 50},
			{Name: "A patient's booked appointments", Entity: "Appointment", By: []string{"patientId"}, Where: []Condition{{Attribute: "status", Value: "BOOKED"}}, Rate: 30},
			{Name: "Cancel or complete", Entity: "Appointment", Action: Update, Set: []string{"status"}, Rate: 40},
		},
	}
	m := propose(t, in).Model
	var gen string
	for _, a := range m.Entity("Appointment").Attributes {
		if a.Name == "status" {
			gen = a.Generator
		}
	}
	if !strings.Contains(gen, "BOOKED") {
		t.Fatalf("status's generator %q cannot write BOOKED", gen)
	}
	var q struct{ IndexName string }
	_ = json.Unmarshal(m.AccessPattern("A patient's booked appointments").Request, &q)
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	m.SetExamples(m.FindExamples(db))
	booked, entries := 0, 0
	ts := db.Snapshot().Table(m.Tables[0].TableName)
	ts.Items(func(it attr.Item) bool {
		if it["status"] == attr.String("BOOKED") {
			booked++
		}
		return true
	})
	ts.Entries(q.IndexName, func(e engine.StoredEntry) bool {
		if e.Item()["status"] != attr.String("BOOKED") {
			t.Errorf("a %v appointment in the booked index", e.Item()["status"])
		}
		entries++
		return true
	})
	if booked == 0 || entries != booked {
		t.Fatalf("the sparse index holds %d appointments, the data has %d booked", entries, booked)
	}
	read := m.AccessPattern("A patient's booked appointments")
	res, err := read.Run(db, read.Examples())
	if err != nil || len(res.Items) == 0 {
		t.Fatalf("booked appointments of %v: %v, %v", read.Examples(), res, err)
	}
}
