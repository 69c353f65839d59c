package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
)

// chatLines is a chat whose Membership is keyed by its member within its
// room: a user joins a room once.
const chatLines = `name Chat
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

// TestBrowserChatJourney: the chat proposed from its lines, accepted and
// loaded with its 10,000 items in the page: the table holds all of them
// (no two Memberships of a room name the same user), every access pattern
// answers from the Query tab, the list reads with a page ("Rooms of a
// user" and "Owners of a room" more than one item each), and Cost prices
// every pattern.
func TestBrowserChatJourney(t *testing.T) {
	t.Parallel()
	p := proposedInGo(t, chatLines)
	b := startBrowser(t)
	b.open("/")
	proposeLines(b, chatLines)
	proposalText(b)
	b.click(app.IDWizardAccept)
	b.waitFor("the design opens", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("Rooms of a user")`, app.IDOutline), 10*time.Second)
	loadItems(b, 10000)
	b.waitFor("the table holds every item", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("10000 items")`, app.IDOutline), 30*time.Second)
	lines := runEveryPattern(t, b, p.Model)
	count := regexp.MustCompile(`(\d+) items?`)
	for _, name := range []string{"Rooms of a user", "Owners of a room", "Room with its members"} {
		m := count.FindStringSubmatch(lines[name])
		if n, _ := strconv.Atoi(m[1]); m == nil || n < 2 {
			t.Errorf("%s: %q, want a page of more than one item", name, lines[name])
		}
	}
	shots(b, "chat-query")
	b.click(app.IDTab + app.TabCost)
	b.waitFor("the cost table shows", fmt.Sprintf(`document.querySelectorAll("#%s tr[data-pattern]").length === %d`, app.IDCostTable, len(p.Model.AccessPatterns)), 2*time.Minute)
	t.Logf("Cost total: %s", b.textOf(app.IDCostTotal))
	shots(b, "chat-cost")
}
