package advise

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestIDRule: an entity's id by the description language's rule (IDs):
// marked, else named as its id (in the line or a pattern), else its first
// attribute, else the name plus Id; and a proposal keys the entity by it
// and points references at it.
func TestIDRule(t *testing.T) {
	for text, want := range map[string]string{
		"Book: isbn, title":                                         "isbn",
		"Book, id code: isbn, title":                                "code",
		"Organization: name, orgId":                                 "orgId",
		"Customer: email, name\nget Customer by customerId":         "customerId",
		"Book: active BOOL, title":                                  "bookId",
		"Book: status, title\nlist Books by title where status = A": "bookId",
		"Book:": "bookId",
	} {
		in, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		name := in.Entities[0].Name
		if got := IDs(in)[name]; got != want {
			t.Errorf("%q: id %s, want %s", text, got, want)
		}
	}
	in, err := Parse("Issue: issueId, title\nComment of Issue: issueId, body")
	if err != nil {
		t.Fatal(err)
	}
	if ids := IDs(in); ids["Comment"] != "commentId" {
		t.Errorf("a child listing its parent's id first takes it as its own: %v", ids)
	}

	in, err = Parse(strings.Replace(library, "%s", "5", 1))
	if err != nil {
		t.Fatal(err)
	}
	m := propose(t, in).Model
	if got := m.Entity("Book").Attributes[0].Name; got != "isbn" || strings.Contains(m.Entity("Book").Keys["SK"], "bookId") {
		t.Errorf("Book's id is %s, keys %v: want isbn", got, m.Entity("Book").Keys)
	}
	for _, a := range m.Entity("Loan").Attributes {
		if a.Name == "isbn" && a.Generator != "ref(Book.isbn)" {
			t.Errorf("a loan's isbn is drawn by %s, not from the books", a.Generator)
		}
	}
}

// TestReferencesDrawFromIds: an id that names a person (assigneeId) in a
// design that keeps people (User) refers to the users' ids; every value
// the data holds is a user's id, and each user has several issues.
func TestReferencesDrawFromIds(t *testing.T) {
	in, err := Parse("User: userId, name\nProject: projectId, name\nIssue of Project 5-40: issueId, assigneeId, title\nlist Issues by assigneeId, 10/s")
	if err != nil {
		t.Fatal(err)
	}
	m := propose(t, in).Model
	m.Dataset.Generator.Size = DatasetSize
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	users, per := map[attr.Value]bool{}, map[attr.Value]int{}
	db.Snapshot().Table(m.Tables[0].TableName).Items(func(it attr.Item) bool {
		if v, ok := it["userId"]; ok {
			users[v] = true
		}
		if v, ok := it["assigneeId"]; ok {
			per[v]++
		}
		return true
	})
	issues := 0
	for v, n := range per {
		issues += n
		if !users[v] {
			t.Fatalf("assignee %v is no user's id", v)
		}
		if !strings.HasPrefix(string(v.(attr.String)), "USER-") {
			t.Errorf("user id %v", v)
		}
	}
	if len(per) == 0 || issues < 2*len(per) {
		t.Errorf("%d issues over %d assignees", issues, len(per))
	}
}
