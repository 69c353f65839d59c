package capacity

import (
	"math"
	"time"
)

// BurstWindow is how much unused capacity DynamoDB banks: up to 300 seconds
// of it (guide, "Burst capacity"; capacity-and-partitions.md §4).
const BurstWindow = 300 * time.Second

// Bucket is a token bucket for one table's, index's or partition's read or
// write capacity, with DynamoDB's burst capacity. Every second brings Rate
// units; what a second leaves unused is banked, up to Window's worth
// (Rate × Window), and requests draw on the second's units and then on the
// bank. So the bucket holds at most Rate × (Window + 1 s): the current
// second's allotment plus a full bank. Example (AWS Knowledge Center): at 150
// RCU, five idle minutes bank 45,000 units, and a load of 200 RCU/s then runs
// for 45,000 / (200 − 150) = 900 seconds before it is throttled.
//
// A Bucket never reads the clock: every call passes now, so a simulation is
// deterministic and can run faster than real time. Time that goes backwards
// is ignored (nothing refills until now passes the latest time seen). A
// request that does not fit is throttled whole; the bucket never goes into
// debt. A Bucket is not safe for concurrent use.
type Bucket struct {
	rate   float64
	window time.Duration
	tokens float64
	last   time.Time
}

// NewBucket returns a bucket refilling at rate units per second and banking
// up to window of unused capacity (BurstWindow for DynamoDB). At now it
// holds the current second's allotment and an empty bank. Negative rates and
// windows count as zero.
func NewBucket(rate float64, window time.Duration, now time.Time) *Bucket {
	b := &Bucket{rate: math.Max(rate, 0), window: max(window, 0), last: now}
	b.tokens = b.rate
	return b
}

// Rate is the refill rate, in units per second.
func (b *Bucket) Rate() float64 { return b.rate }

// Window is how much unused capacity the bucket banks.
func (b *Bucket) Window() time.Duration { return b.window }

// Capacity is the most the bucket holds: a full bank, Rate × Window, plus
// the current second's Rate.
func (b *Bucket) Capacity() float64 {
	return b.rate*float64(b.window)/float64(time.Second) + b.rate
}

// advance refills the bucket for the time between the last call and now.
// The refill is rate × nanoseconds / 1e9, multiplied before dividing so that
// whole and half units over whole milliseconds stay exact.
func (b *Bucket) advance(now time.Time) {
	if !now.After(b.last) {
		return
	}
	elapsed := now.Sub(b.last)
	b.last = now
	b.tokens = math.Min(b.tokens+b.rate*float64(elapsed)/float64(time.Second), b.Capacity())
}

// Balance returns the units available at now: the current second's and the
// bank's.
func (b *Bucket) Balance(now time.Time) float64 {
	b.advance(now)
	return b.tokens
}

// Banked returns the burst capacity available at now: what the balance
// holds beyond one second's allotment.
func (b *Bucket) Banked(now time.Time) float64 {
	return math.Max(b.Balance(now)-b.rate, 0)
}

// Take spends units at now if the bucket holds that many and reports
// whether it did; a request that does not fit is throttled whole and spends
// nothing. Zero or negative units always succeed and spend nothing.
func (b *Bucket) Take(now time.Time, units float64) bool {
	b.advance(now)
	if units <= 0 {
		return true
	}
	if b.tokens < units {
		return false
	}
	b.tokens -= units
	return true
}

// SetRate changes the refill rate at now (an UpdateTable, a partition
// split): the time before now refills at the old rate, and the balance is
// cut to the new capacity if it no longer fits.
func (b *Bucket) SetRate(now time.Time, rate float64) {
	b.advance(now)
	b.rate = math.Max(rate, 0)
	b.tokens = math.Min(b.tokens, b.Capacity())
}
