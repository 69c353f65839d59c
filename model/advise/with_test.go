package advise

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// library is a lending library: a Branch has Members and Books in its
// partition (both listed by branchId); a Member has Loans.
const library = `
name Library
Branch: branchId, name, city
Member of Branch 5-40: memberId, name, joinedAt
Book of Branch 10-60: isbn, title, author
Loan of Member 0-5: loanId, isbn, dueAt
get Branch by branchId with Members, 30/s "Branch with its members"
list Members by branchId range joinedAt, 20/s "Members of a branch"
list Books by branchId, 40/s "Books of a branch"
list Loans by memberId, 10/s "Loans of a member"
create Member, %s/s "Join"
create Loan, 20/s "Borrow"
`

// TestWithReadsOnlyItsChildren: "get Branch by branchId with Members"
// returns the branch and exactly its members (a brute-force count over the
// loaded data), never the books that share the branch's partition; the
// members' own list still works. When members are written so fast that
// the branch's key would be hot, they get a collection of their own,
// write-sharded (any list of them by branch takes their creates), and the
// reason says why and what the read costs instead.
func TestWithReadsOnlyItsChildren(t *testing.T) {
	in, err := Parse(strings.Replace(library, "%s", "5", 1))
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	m := p.Model
	if m.Entity("Branch").Keys["PK"] != m.Entity("Member").Keys["PK"] || m.Entity("Branch").Keys["PK"] != m.Entity("Book").Keys["PK"] {
		t.Fatalf("branch, members and books not in one partition: %v %v %v", m.Entity("Branch").Keys, m.Entity("Member").Keys, m.Entity("Book").Keys)
	}
	for _, size := range []int{200, 10_000} {
		checkExamples(t, "library", m, size)
		db, _ := m.NewDatabase()
		m.Dataset.Generator.Size = size
		if _, err := m.Load(db, nil); err != nil {
			t.Fatal(err)
		}
		m.SetExamples(m.FindExamples(db))
		with := m.AccessPattern("Branch with its members")
		ex := with.Examples()
		res, err := with.Run(db, ex)
		if err != nil {
			t.Fatal(err)
		}
		members, books := 0, 0
		db.Snapshot().Table("Library").Items(func(it attr.Item) bool {
			if it["branchId"] == attr.String(ex["branchId"]) && it["memberId"] != nil && it["loanId"] == nil {
				members++
			}
			if it["branchId"] == attr.String(ex["branchId"]) && it["isbn"] != nil && it["loanId"] == nil {
				books++
			}
			return true
		})
		branch, got := 0, 0
		for _, it := range res.Items {
			switch {
			case it["isbn"] != nil:
				t.Errorf("at %d: the read with members returns a book %v", size, it["isbn"])
			case it["memberId"] != nil:
				got++
			default:
				branch++
			}
		}
		if branch != 1 || got != members || members == 0 || books == 0 {
			t.Errorf("at %d: branch %s: %d branch items and %d members returned, %d members (and %d books) in the data", size, ex["branchId"], branch, got, members, books)
		}
	}

	// Members joining at 60,000/s: about 700 a second per branch.
	in, err = Parse(strings.Replace(library, "%s", "60000", 1))
	if err != nil {
		t.Fatal(err)
	}
	p = propose(t, in)
	m = p.Model
	if m.Entity("Member").Keys["PK"] == m.Entity("Branch").Keys["PK"] {
		t.Errorf("members written at 60,000/s share the branch's key %s", m.Entity("Member").Keys["PK"])
	}
	var why string
	for _, r := range p.Reasons {
		if r.Where.Entity == "Member" && strings.Contains(r.Text, "a collection of its own") {
			why = r.Text
		}
	}
	for _, want := range []string{"60000/s", "per Branch", "hot", "two requests"} {
		if !strings.Contains(why, want) {
			t.Errorf("the reason %q lacks %q", why, want)
		}
	}
	checkExamples(t, "library, fast members", m, 2000)
	with := m.AccessPattern("Branch with its members")
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	m.SetExamples(m.FindExamples(db))
	res, err := with.Run(db, with.Examples())
	if err != nil || len(res.Items) == 0 {
		t.Fatalf("members apart: %v %v", res, err)
	}
	for _, it := range res.Items {
		if it["memberId"] == nil {
			t.Errorf("members apart: the read returns %v", it)
		}
	}
	// Created at about 690/s per branch, members are write-sharded: the
	// read fans out over the shards and returns every member of the
	// branch (a brute-force count), the list of a branch's members too.
	if !strings.Contains(m.Entity("Member").Keys["PK"], "{shard}") || with.FanOut == nil {
		t.Errorf("members created at 60,000/s: key %s, fan-out %v", m.Entity("Member").Keys["PK"], with.FanOut)
	}
	branch := with.Examples()["branchId"]
	want := 0
	scanAll(t, db, m.Tables[0].TableName, func(it attr.Item) {
		if it["memberId"] != nil && it["loanId"] == nil && it["branchId"] == attr.String(branch) {
			want++
		}
	})
	if len(res.Items) != want {
		t.Errorf("members apart: branch %s: the read returns %d members, the data has %d", branch, len(res.Items), want)
	}
	_ = model.Version
}
