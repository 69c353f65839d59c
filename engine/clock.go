package engine

import (
	"sync"
	"time"
)

// Clock is the engine's only source of time. The engine never reads the wall
// clock itself, so the workbench can drive it virtually (play, pause, jump)
// and tests stay deterministic.
type Clock interface {
	Now() time.Time
}

// SystemClock reads the wall clock; the server uses it for the wire API.
type SystemClock struct{}

// Now returns the current wall-clock time.
func (SystemClock) Now() time.Time { return time.Now() }

// ManualClock is a clock that moves only when told to.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock returns a clock stopped at t.
func NewManualClock(t time.Time) *ManualClock { return &ManualClock{now: t} }

// Now returns the clock's current time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Set moves the clock to t.
func (c *ManualClock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// VirtualClock is the workbench's clock: it can play, pause, run faster than
// real time and jump. It never reads the wall clock; whoever drives it (the
// page's animation loop, the server's ticker) reports how much real time
// passed with Step, and the clock moves by that times its speed.
type VirtualClock struct {
	mu      sync.Mutex
	now     time.Time
	speed   float64
	playing bool
}

// NewVirtualClock returns a paused clock at t running at speed 1 when played.
func NewVirtualClock(t time.Time) *VirtualClock {
	return &VirtualClock{now: t, speed: 1}
}

// Now returns the clock's current time.
func (c *VirtualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Play starts the clock; Pause stops it. Playing reports which it is.
func (c *VirtualClock) Play()  { c.mu.Lock(); c.playing = true; c.mu.Unlock() }
func (c *VirtualClock) Pause() { c.mu.Lock(); c.playing = false; c.mu.Unlock() }

// Playing reports whether the clock is running.
func (c *VirtualClock) Playing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.playing
}

// SetSpeed sets how many seconds of clock time pass per second of real time
// (86400 plays a day per second). Speeds at or below zero are ignored.
func (c *VirtualClock) SetSpeed(s float64) {
	if s <= 0 {
		return
	}
	c.mu.Lock()
	c.speed = s
	c.mu.Unlock()
}

// Speed returns the clock's speed.
func (c *VirtualClock) Speed() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.speed
}

// Step advances a playing clock by real × speed and returns the new time.
func (c *VirtualClock) Step(real time.Duration) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.playing && real > 0 {
		c.now = c.now.Add(time.Duration(float64(real) * c.speed))
	}
	return c.now
}

// Jump moves the clock to t, playing or not. Time may only move forward:
// the engine's delayed work (TTL, GSI propagation) is ordered by it.
func (c *VirtualClock) Jump(t time.Time) {
	c.mu.Lock()
	if t.After(c.now) {
		c.now = t
	}
	c.mu.Unlock()
}
