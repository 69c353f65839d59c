package engine

import (
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func TestVirtualClock(t *testing.T) {
	c := NewVirtualClock(epoch0)
	if got := c.Step(time.Second); !got.Equal(epoch0) {
		t.Fatalf("a paused clock moved to %v", got)
	}
	c.Play()
	c.SetSpeed(86400) // a day per second
	if got := c.Step(500 * time.Millisecond); !got.Equal(epoch0.Add(12 * time.Hour)) {
		t.Fatalf("half a second at a day per second: %v", got)
	}
	c.Pause()
	c.Step(time.Hour)
	c.Jump(epoch0.Add(48 * time.Hour))
	c.Jump(epoch0) // backwards: ignored
	if got := c.Now(); !got.Equal(epoch0.Add(48 * time.Hour)) {
		t.Fatalf("after jumps: %v", got)
	}
	c.SetSpeed(-1)
	if c.Speed() != 86400 || c.Playing() {
		t.Fatalf("speed %v playing %v", c.Speed(), c.Playing())
	}
}

// TestVirtualClockDrivesTTL plays a day per second and watches an item
// expire on the engine's clock.
func TestVirtualClockDrivesTTL(t *testing.T) {
	clk := NewVirtualClock(epoch0)
	db := New(WithClock(clk))
	mustCreate(t, db, hashTable("Sessions"))
	if _, err := db.UpdateTimeToLive(&UpdateTimeToLiveInput{TableName: ptr("Sessions"), TimeToLiveSpecification: &TimeToLiveSpecification{AttributeName: ptr("exp"), Enabled: ptr(true)}}); err != nil {
		t.Fatal(err)
	}
	mustPut(t, db, "Sessions", attr.Item{"id": s("s1"), "exp": attr.NumberFromInt64(epoch0.Add(36 * time.Hour).Unix())})
	clk.SetSpeed(86400)
	clk.Play()
	for i := 0; i < 2; i++ {
		clk.Step(time.Second)
		db.Tick()
	}
	out, err := db.Scan(&ScanInput{TableName: ptr("Sessions")})
	if err != nil || out.Count != 0 {
		t.Fatalf("after two simulated days the session is still there: %d, %v", out.Count, err)
	}
}
