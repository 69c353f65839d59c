package patterns

import (
	"testing"
	"time"
)

// TestTTLArchiveStory: as the clock runs, the consumer archives exactly the
// messages the TTL process deleted (lea's m-101 three hours in, m-102 six
// hours in); lea's own delete of m-103 reaches the stream but not the
// archive; a week later every message but m-103 is in the archive and the
// live table is empty.
func TestTTLArchiveStory(t *testing.T) {
	l := load(t, ttlArchive, ttlArchive.DefaultSize)
	arch, err := NewTTLArchiver(l.db, "Messages", "MessagesArchive")
	if err != nil {
		t.Fatal(err)
	}
	poll := func() (int, int) {
		l.db.Tick()
		a, s, err := arch.Poll()
		if err != nil {
			t.Fatal(err)
		}
		return a, s
	}
	live := l.itemCount(t, "Messages", "")
	if pre := l.itemCount(t, "MessagesArchive", ""); pre < 1 || live+pre != int64(ttlArchive.DefaultSize) {
		t.Fatalf("the dataset has %d live and %d archived messages, want %d in all with some archived", live, pre, ttlArchive.DefaultSize)
	}
	if a, s := poll(); a != 0 || int64(s) != live {
		t.Fatalf("first poll archived %d and skipped %d, want 0 and the %d inserts", a, s, live)
	}
	l.run(t, "User deletes a message", nil)
	if a, s := poll(); a != 0 || s != 1 {
		t.Errorf("after lea's delete: archived %d, skipped %d; want 0 and 1", a, s)
	}
	wantKeys(t, "lea's live messages", l.run(t, "Live messages", nil).Items, []string{
		"MSG#2026-03-01T09:00:00Z#m-104", "MSG#2026-02-22T17:00:00Z#m-102", "MSG#2026-02-22T14:00:00Z#m-101",
	}, "SK")

	l.clock.Advance(3*time.Hour + time.Second) // m-101 expired 2h in, deleted after the 1h delay
	poll()
	wantKeys(t, "lea's archive after 3 hours", l.run(t, "Archived messages", nil).Items,
		[]string{"MSG#2026-02-22T14:00:00Z#m-101|Your code is 4711.|2026-03-01T15:00:01Z"}, "SK", "Body", "ArchivedAt")
	l.clock.Advance(3 * time.Hour)
	poll()
	wantKeys(t, "lea's archive after 6 hours", l.run(t, "Archived messages", nil).Items,
		[]string{"MSG#2026-02-22T14:00:00Z#m-101", "MSG#2026-02-22T17:00:00Z#m-102"}, "SK")

	for i := 0; i < 16; i++ { // eight more days, polling twice a day
		l.clock.Advance(12 * time.Hour)
		poll()
	}
	if n := l.itemCount(t, "Messages", ""); n != 0 {
		t.Errorf("%d live messages left after eight days", n)
	}
	if n := l.itemCount(t, "MessagesArchive", ""); n != int64(ttlArchive.DefaultSize-1) {
		t.Errorf("archive holds %d messages, want every message but the one lea deleted (%d)", n, ttlArchive.DefaultSize-1)
	}
	wantKeys(t, "lea's archive at the end", l.run(t, "Archived messages", nil).Items, []string{
		"MSG#2026-02-22T14:00:00Z#m-101", "MSG#2026-02-22T17:00:00Z#m-102", "MSG#2026-03-01T09:00:00Z#m-104",
	}, "SK")
}
