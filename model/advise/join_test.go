package advise

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// chatByMember is a chat whose Membership is keyed by the member: a user
// joins a room once.
const chatByMember = `name Chat
User: userId, name, email
Room: roomId, title, createdAt
Membership of Room 2-200, id userId: roomId, userId, joinedAt, role enum(OWNER:1,MEMBER:20)
Message of Room 0-500: messageId, roomId, authorId, sentAt, body
get User by userId, 100/s "User profile"
get Room by roomId with Memberships, 50/s "Room with its members"
list Memberships by userId range joinedAt newest first, 80/s "Rooms of a user"
list Messages by roomId range sentAt newest first limit 50, 1000/s "Latest messages of a room"
create Membership, 20/s "Join a room"
list Memberships by roomId where role = OWNER, 5/s "Owners of a room"
`

// TestChildKeyedByAnotherEntitysID: a Membership whose id is its userId is
// keyed within its Room by it, and the dataset gives each Room's
// Memberships different Users: every generated item is stored (none
// overwrites a sibling of the same key), and each room holds as many
// members as were made for it. The proposal's list reads return a page
// of the dataset it is sized for, not the single item a 200-item sample
// had for a user ("Rooms of a user" returned 1 item of a user's 8).
func TestChildKeyedByAnotherEntitysID(t *testing.T) {
	in, err := Parse(chatByMember)
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	m := p.Model
	mem := m.Entity("Membership")
	if sk := mem.Keys["SK"]; !strings.Contains(sk, "{userId}") || !strings.Contains(mem.Keys["PK"], "{roomId}") {
		t.Fatalf("Membership keyed %v", mem.Keys)
	}
	gen := ""
	for _, a := range mem.Attributes {
		if a.Name == "userId" {
			gen = a.Generator
		}
	}
	if gen != "ref(User.userId,distinct)" {
		t.Errorf("userId's generator %q", gen)
	}
	// Every generated item is stored: count them from the source and
	// from the table.
	src, err := m.DatasetSource(nil)
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	_ = src(func(string, attr.Fields) error { made++; return nil })
	db, _ := m.NewDatabase()
	st, err := m.Load(db, nil)
	if err != nil {
		t.Fatal(err)
	}
	name := m.Tables[0].TableName
	desc, err := db.DescribeTable(&engine.DescribeTableInput{TableName: &name})
	if err != nil {
		t.Fatal(err)
	}
	if got := desc.Table.ItemCount; st.Items != made || got != int64(made) {
		t.Errorf("%d items made, %d loaded, %d stored: siblings overwrote each other", made, st.Items, got)
	}
	for _, name := range []string{"Rooms of a user", "Owners of a room", "Room with its members"} {
		ap := m.AccessPattern(name)
		res, err := ap.Run(db, ap.Examples())
		if err != nil {
			t.Fatal(err)
		}
		// The best the data has, for comparison.
		best := 0
		for _, x := range m.FindExamples(db) {
			if x.AccessPattern == name {
				best = x.Items
			}
		}
		t.Logf("%s with %v: %d items (the data's best: %d)", name, ap.Examples(), len(res.Items), best)
		if len(res.Items) < 2 && best >= 2 {
			t.Errorf("%s: the proposal's example returns %d item(s) where the data has a page of %d", name, len(res.Items), best)
		}
	}
}
