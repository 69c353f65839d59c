package app

import (
	"strings"
	"testing"
	"time"
)

// TestLoadPace: the rate is the items over the time so far, the time left
// the items still to load at that rate; neither is told before there is a
// rate to tell.
func TestLoadPace(t *testing.T) {
	for _, tc := range []struct {
		ld       LoadState
		rate     float64
		left     time.Duration
		ok       bool
		contains string
	}{
		{LoadState{Running: true, Total: 1_000_000}, 0, 0, false, ""},
		{LoadState{Running: true, Done: 10, Total: 1_000_000, Elapsed: 50 * time.Millisecond}, 0, 0, false, ""},
		{LoadState{Running: true, Done: 250_000, Total: 1_000_000, Elapsed: time.Second}, 250_000, 3 * time.Second, true, "250,000 items/s · about 3 s left"},
		{LoadState{Running: true, Done: 100_000, Total: 1_000_000, Elapsed: 10 * time.Second}, 10_000, 90 * time.Second, true, "10,000 items/s · about 1 min 30 s left"},
		{LoadState{Running: true, Done: 999_999, Total: 1_000_000, Elapsed: 4 * time.Second}, 249_999.75, 4 * time.Microsecond, true, "about 1 s left"},
	} {
		if got := tc.ld.Rate(); got != tc.rate {
			t.Errorf("%+v: Rate = %v, want %v", tc.ld, got, tc.rate)
		}
		left, ok := tc.ld.Left()
		if ok != tc.ok || ok && (left-tc.left).Abs() > time.Microsecond {
			t.Errorf("%+v: Left = %v %v, want %v %v", tc.ld, left, ok, tc.left, tc.ok)
		}
		pace := tc.ld.pace()
		if tc.contains == "" && pace != "" || !strings.Contains(pace, tc.contains) {
			t.Errorf("%+v: pace %q, want %q", tc.ld, pace, tc.contains)
		}
		text := loadText(tc.ld)
		if !strings.Contains(text, tc.contains) {
			t.Errorf("%+v: the bar reads %q, want %q in it", tc.ld, text, tc.contains)
		}
	}
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -45000: "-45,000"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}
