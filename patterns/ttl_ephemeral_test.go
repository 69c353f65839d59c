package patterns

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestTTLEphemeralStory follows mia's inbox on the virtual clock: her
// oldest message expires one hour in, is still read (but filtered out by
// ExpiresAt > now) during the 6-hour deletion delay, then is deleted by the
// TTL process (the service, not a user); seven days in, everything is gone.
func TestTTLEphemeralStory(t *testing.T) {
	l := load(t, ttlEphemeral, ttlEphemeral.DefaultSize)
	var deletes []engine.Change
	l.db.Observe(func(c engine.Change) {
		if c.After == nil && c.Index == "" {
			deletes = append(deletes, c)
		}
	})
	inbox := func() []string {
		l.db.Tick()
		return keys(l.run(t, "Inbox", nil).Items, "SK")
	}
	unexpired := func() []string {
		now := fmt.Sprint(l.clock.Now().Unix())
		return keys(l.run(t, "Inbox, unexpired", model.Params{"recipient": "mia", "now": now}).Items, "SK")
	}
	all := []string{
		"MSG#2026-03-01T11:00:00Z#m-004", "MSG#2026-02-28T12:00:00Z#m-003",
		"MSG#2026-02-24T12:00:00Z#m-002", "MSG#2026-02-22T13:00:00Z#m-001",
	}
	if got := inbox(); fmt.Sprint(got) != fmt.Sprint(all) {
		t.Fatalf("inbox at the start = %v, want %v", got, all)
	}
	l.clock.Advance(90 * time.Minute) // m-001 expired 30 minutes ago
	if got := inbox(); fmt.Sprint(got) != fmt.Sprint(all) {
		t.Errorf("inbox during the deletion delay = %v, want all four (expired but not yet deleted)", got)
	}
	if got := unexpired(); fmt.Sprint(got) != fmt.Sprint(all[:3]) {
		t.Errorf("unexpired inbox = %v, want %v", got, all[:3])
	}
	l.clock.Advance(6 * time.Hour) // past the 6-hour delay
	if got := inbox(); fmt.Sprint(got) != fmt.Sprint(all[:3]) {
		t.Errorf("inbox after the TTL process ran = %v, want %v", got, all[:3])
	}
	if len(deletes) == 0 {
		t.Fatal("no deletion recorded")
	}
	for _, c := range deletes {
		if c.Cause != engine.CauseTTL {
			t.Errorf("deletion of %v caused by %v, want the TTL process", c.Before["SK"], c.Cause)
		}
	}
	// A message sent now (ExpiresAt = now + 7 days) outlives the others.
	now := l.clock.Now()
	send := l.m.AccessPattern("Send message").Examples()
	send["sentAt"], send["expiresAt"] = iso(now), fmt.Sprint(now.Add(messageTTL).Unix())
	l.run(t, "Send message", send)
	l.clock.Advance(7*24*time.Hour - time.Minute)
	if got := inbox(); fmt.Sprint(got) != "["+"MSG#"+iso(now)+"#m-new]" {
		t.Errorf("inbox a week later = %v, want only the message sent 7 days ago", got)
	}
	l.clock.Advance(time.Minute + 6*time.Hour)
	if got := inbox(); len(got) != 0 {
		t.Errorf("inbox after its expiry and the delay = %v, want empty", got)
	}
}

// TestTTLEphemeralExpiry: as the clock moves, the table holds exactly the
// messages whose ExpiresAt plus the deletion delay has not passed.
func TestTTLEphemeralExpiry(t *testing.T) {
	const size = 3000
	l := load(t, ttlEphemeral, size)
	var expiries []int64
	for _, r := range collect(t, ttlEphemeral, DefaultSeed, size, nil) {
		n, _ := r.item["ExpiresAt"].(attr.Number).Int64()
		expiries = append(expiries, n)
	}
	sort.Slice(expiries, func(i, j int) bool { return expiries[i] < expiries[j] })
	delay := time.Duration(l.m.Settings.TTLDeletionDelay)
	for day := 0; day <= 8; day++ {
		l.db.Tick()
		cutoff := l.clock.Now().Add(-delay).Unix()
		alive := len(expiries) - sort.Search(len(expiries), func(i int) bool { return expiries[i] > cutoff })
		if got := l.itemCount(t, "EphemeralMessages", ""); got != int64(alive) {
			t.Fatalf("day %d: %d messages stored, want %d", day, got, alive)
		}
		l.clock.Advance(24 * time.Hour)
	}
}
