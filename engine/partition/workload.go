package partition

import (
	"fmt"
	"math"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// Op is what an access pattern does.
type Op int

// Operations.
const (
	Read Op = iota
	Write
)

var opNames = []string{"read", "write"}

func (o Op) String() string               { return enumString(int(o), opNames, "Op") }
func (o Op) MarshalText() ([]byte, error) { return enumText(int(o), opNames, "operation") }
func (o *Op) UnmarshalText(b []byte) error {
	v, err := enumParse(b, opNames, "operation")
	*o = Op(v)
	return err
}

// Shape is how a rate changes over time.
type Shape int

// Rate shapes.
const (
	// Constant: Base requests per second throughout.
	Constant Shape = iota
	// Ramp: Base until Start, then linearly to Peak over Length seconds,
	// then Peak.
	Ramp
	// Spike: Base, except Peak during [Start, Start+Length).
	Spike
	// Daily: a daily cycle between Base (the trough) and Peak (the crest),
	// a cosine with its crest at Start seconds into each day.
	Daily
)

var shapeNames = []string{"constant", "ramp", "spike", "daily"}

func (s Shape) String() string               { return enumString(int(s), shapeNames, "Shape") }
func (s Shape) MarshalText() ([]byte, error) { return enumText(int(s), shapeNames, "rate shape") }
func (s *Shape) UnmarshalText(b []byte) error {
	v, err := enumParse(b, shapeNames, "rate shape")
	*s = Shape(v)
	return err
}

// Day is the length of a simulated day, in seconds.
const Day = 86400

// Rate is a request rate over time, in logical requests per second (a
// scatter-gather read counts once here and fans out to every shard).
// Times are seconds from the start of the simulation.
type Rate struct {
	Shape  Shape   `json:"shape"`
	Base   float64 `json:"base"`
	Peak   float64 `json:"peak,omitempty"`
	Start  int     `json:"start,omitempty"`
	Length int     `json:"length,omitempty"`
}

// At is the rate during second t.
func (r Rate) At(t int) float64 {
	switch r.Shape {
	case Ramp:
		switch {
		case t < r.Start:
			return r.Base
		case t >= r.Start+r.Length:
			return r.Peak
		}
		return r.Base + (r.Peak-r.Base)*float64(t-r.Start)/float64(r.Length)
	case Spike:
		if t >= r.Start && t < r.Start+r.Length {
			return r.Peak
		}
		return r.Base
	case Daily:
		phase := 2 * math.Pi * float64(t-r.Start) / Day
		return r.Base + (r.Peak-r.Base)*(1+math.Cos(phase))/2
	}
	return r.Base
}

// Max is the highest rate the shape reaches.
func (r Rate) Max() float64 {
	if r.Shape == Constant {
		return r.Base
	}
	return max(r.Base, r.Peak)
}

func (r Rate) validate() error {
	for _, v := range []float64{r.Base, r.Peak} {
		if !(v >= 0) || math.IsInf(v, 0) {
			return fmt.Errorf("rate %v: must be a finite number, at least 0", v)
		}
	}
	if r.Shape < Constant || r.Shape > Daily {
		return fmt.Errorf("unknown rate shape %d", int(r.Shape))
	}
	if r.Length < 0 || ((r.Shape == Ramp || r.Shape == Spike) && r.Length == 0) {
		return fmt.Errorf("a %s needs a length above 0 seconds, not %d", r.Shape, r.Length)
	}
	if r.Start < 0 {
		return fmt.Errorf("start %d: must be at least 0", r.Start)
	}
	return nil
}

// Dist is how requests spread over partition-key values.
type Dist int

// Key distributions.
const (
	// Uniform: every key equally often.
	Uniform Dist = iota
	// Zipf: the key of rank r (from 1) in proportion to 1/r^Exponent.
	Zipf
	// HotKey: HotShare of the requests on one key, the rest uniform over
	// the others.
	HotKey
	// Sequential: every item of one key, then every item of the next, as a
	// naive bulk upload does (ItemsPerKey requests per key, keys in order).
	Sequential
	// RoundRobin: one request per key in turn, cycling through the keys, as
	// seed 003 recommends for uploads.
	RoundRobin
)

var distNames = []string{"uniform", "zipf", "hot-key", "sequential", "round-robin"}

func (d Dist) String() string               { return enumString(int(d), distNames, "Dist") }
func (d Dist) MarshalText() ([]byte, error) { return enumText(int(d), distNames, "key distribution") }
func (d *Dist) UnmarshalText(b []byte) error {
	v, err := enumParse(b, distNames, "key distribution")
	*d = Dist(v)
	return err
}

// Keys describes the partition-key values an access pattern touches.
type Keys struct {
	Dist Dist `json:"dist"`
	// Count is the number of distinct partition-key values (at least 1).
	Count int `json:"count"`
	// Exponent is Zipf's s (0 means 1).
	Exponent float64 `json:"exponent,omitempty"`
	// HotShare is HotKey's share of requests on the hot key (0 means all).
	HotShare float64 `json:"hotShare,omitempty"`
	// ItemsPerKey is how many requests Sequential sends to a key before
	// moving to the next (0 means 1).
	ItemsPerKey int `json:"itemsPerKey,omitempty"`
	// Prefix names the keys: key i is Prefix followed by i ("device#17").
	// Empty means the pattern's name and "#".
	Prefix string `json:"prefix,omitempty"`
}

// Suffix is how a sharded write picks its shard.
type Suffix int

// Shard suffixes (seed 003, "Randomizing across multiple partition key
// values" and "Using a calculated value").
const (
	// RandomSuffix: a random shard per write; reading an item means asking
	// every shard.
	RandomSuffix Suffix = iota
	// ComputedSuffix: the shard is computed from the item (e.g. a hash of
	// its ID), so a point read asks one shard.
	ComputedSuffix
)

var suffixNames = []string{"random", "computed"}

func (s Suffix) String() string               { return enumString(int(s), suffixNames, "Suffix") }
func (s Suffix) MarshalText() ([]byte, error) { return enumText(int(s), suffixNames, "shard suffix") }
func (s *Suffix) UnmarshalText(b []byte) error {
	v, err := enumParse(b, suffixNames, "shard suffix")
	*s = Suffix(v)
	return err
}

// Sharding spreads every partition-key value over Shards keys, the value
// followed by "." and the shard number (0 … Shards−1): write sharding.
type Sharding struct {
	Shards int    `json:"shards,omitempty"`
	Suffix Suffix `json:"suffix,omitempty"`
}

// AccessPattern is one kind of request in a workload.
type AccessPattern struct {
	Name string `json:"name"`
	Op   Op     `json:"op"`
	// Consistency is a read's: capacity.Eventual (0, the default),
	// Strong (1) or Transactional (2).
	Consistency capacity.ReadMode `json:"consistency,omitempty"`
	// Transactional marks writes made in TransactWriteItems (2× units).
	Transactional bool `json:"transactional,omitempty"`
	// ItemBytes is the size of the item written or of what one request
	// reads (per shard for a scatter-gather read).
	ItemBytes int  `json:"itemBytes"`
	Rate      Rate `json:"rate"`
	Keys      Keys `json:"keys"`
	// Sharding spreads each key over shards (writes and reads alike).
	Sharding Sharding `json:"sharding,omitempty"`
	// ReadAll makes a read of a sharded key ask every shard and merge (an
	// aggregate, scatter-gather read). A read with a random suffix always
	// does, since it cannot know the shard.
	ReadAll bool `json:"readAll,omitempty"`
	// Inserts marks writes that add new items: the table's data grows by
	// ItemBytes per write, and partitions over 10 GB split.
	Inserts bool `json:"inserts,omitempty"`
}

// Units is what one request costs: read units per request (per shard
// request for a scatter-gather read), or write units per write.
func (p AccessPattern) Units() float64 {
	if p.Op == Read {
		return capacity.ReadUnits(p.ItemBytes, p.Consistency)
	}
	return capacity.WriteUnits(p.ItemBytes, p.Transactional)
}

// shards is the number of keys each partition-key value is spread over.
func (p AccessPattern) shards() int { return max(1, p.Sharding.Shards) }

// FanOut is how many table requests one logical request makes: the shard
// count for a scatter-gather read (ReadAll, or any read of randomly
// suffixed keys), else 1.
func (p AccessPattern) FanOut() int {
	if p.Op == Read && p.shards() > 1 && (p.ReadAll || p.Sharding.Suffix == RandomSuffix) {
		return p.shards()
	}
	return 1
}

// prefix is the key-name prefix.
func (p AccessPattern) prefix() string {
	if p.Keys.Prefix != "" {
		return p.Keys.Prefix
	}
	return p.Name + "#"
}

func (p AccessPattern) validate() error {
	if p.Op != Read && p.Op != Write {
		return fmt.Errorf("unknown operation %d", int(p.Op))
	}
	if p.Op == Read && (p.Consistency < capacity.Eventual || p.Consistency > capacity.Transactional) {
		return fmt.Errorf("unknown read consistency %d", int(p.Consistency))
	}
	if limit := map[Op]int{Read: 1 << 20, Write: 400 * 1024}[p.Op]; p.ItemBytes < 0 || p.ItemBytes > limit {
		return fmt.Errorf("item size %d bytes: must be 0 to %s bytes (an item is at most 400 KB, a read page 1 MB)", p.ItemBytes, num(float64(limit)))
	}
	if err := p.Rate.validate(); err != nil {
		return err
	}
	k := p.Keys
	if k.Count < 1 {
		return fmt.Errorf("key count %d: at least 1", k.Count)
	}
	switch k.Dist {
	case Uniform, Sequential, RoundRobin:
	case Zipf:
		if k.Exponent < 0 || math.IsNaN(k.Exponent) || math.IsInf(k.Exponent, 0) {
			return fmt.Errorf("zipf exponent %v: must be above 0", k.Exponent)
		}
	case HotKey:
		if k.HotShare < 0 || k.HotShare > 1 || math.IsNaN(k.HotShare) {
			return fmt.Errorf("hot-key share %v: must be 0 to 1", k.HotShare)
		}
	default:
		return fmt.Errorf("unknown key distribution %d", int(k.Dist))
	}
	if k.ItemsPerKey < 0 {
		return fmt.Errorf("items per key %d: at least 0", k.ItemsPerKey)
	}
	if p.Sharding.Shards < 0 || p.Sharding.Shards > 1<<16 {
		return fmt.Errorf("shards %d: 0 to 65,536", p.Sharding.Shards)
	}
	if p.Sharding.Suffix != RandomSuffix && p.Sharding.Suffix != ComputedSuffix {
		return fmt.Errorf("unknown shard suffix %d", int(p.Sharding.Suffix))
	}
	if p.Inserts && p.Op != Write {
		return fmt.Errorf("only writes insert items")
	}
	return nil
}

// Change is an UpdateTable during a simulation: at second At the table's
// provisioned throughput becomes RCU/WCU.
type Change struct {
	At  int     `json:"at"`
	RCU float64 `json:"rcu"`
	WCU float64 `json:"wcu"`
}

// Defaults of the simulator's inferred behaviour.
const (
	// DefaultHeatThreshold: a partition runs hot when its demand reaches
	// 80% of what one partition serves (RCU/3,000 + WCU/1,000 ≥ 0.8).
	DefaultHeatThreshold = 0.8
	// DefaultHeatSeconds: a partition hot for five minutes in a row splits
	// for heat.
	DefaultHeatSeconds = 300
	// DefaultPeakLag: an on-demand table's new peak counts after 30
	// minutes (throttling "can occur if you exceed double your previous
	// peak within 30 minutes").
	DefaultPeakLag = 1800
	// MaxSeconds bounds a simulation: a week.
	MaxSeconds = 7 * Day
	// maxSamples bounds the series when Interval is 0.
	maxSamples = 1440
)

// Workload is what the simulator runs: access patterns over a number of
// seconds, with the options that switch the model's behaviours.
type Workload struct {
	Patterns []AccessPattern `json:"patterns"`
	// Seconds is how long to simulate (at most MaxSeconds).
	Seconds int `json:"seconds"`
	// Interval is the series' resolution in seconds; 0 picks the smallest
	// that keeps a series within 1,440 samples (60 for a day).
	Interval int `json:"interval,omitempty"`
	// Seed drives the random choices (Noise); the same seed gives the same
	// result.
	Seed uint64 `json:"seed,omitempty"`
	// Noise draws each second's requests per partition at random (Poisson)
	// around their expected count, instead of using the expectation.
	Noise bool `json:"noise,omitempty"`
	// Changes are UpdateTable calls at given seconds (provisioned tables).
	Changes []Change `json:"changes,omitempty"`
	// DisableAdaptive turns adaptive capacity off: a partition then never
	// borrows the table's unused throughput.
	DisableAdaptive bool `json:"disableAdaptive,omitempty"`
	// DisableSplitForHeat turns split for heat off.
	DisableSplitForHeat bool `json:"disableSplitForHeat,omitempty"`
	// DisableBurst turns burst capacity off: a partition's buckets then
	// bank nothing beyond the current second's rate (DynamoDB banks up to
	// 300 seconds of unused capacity).
	DisableBurst bool `json:"disableBurst,omitempty"`
	// Yield, when set, is called every YieldEvery simulated seconds with
	// the second reached: the page uses it to hand the browser its thread
	// now and then and to show the progress, since WebAssembly runs on the
	// page's only thread. An error stops the run and is its error (the page
	// returns context.Canceled when the run is cancelled). It is called at
	// second 0 too, every 16,384 keys placed on the hash space before the
	// run (buildMassStepping).
	Yield func(second int) error `json:"-"`
	// Budget, when above 0, bounds the run's work in partition-seconds:
	// each partition serving a simulated second is one, and each split
	// costs the table's partitions plus 20 per remaining sample (the new
	// series' numbers), so the budget bounds time and memory (Totals.Work). A run that needs more stops with a
	// *BudgetError. A server sets it; 0 leaves the run unbounded.
	Budget int64 `json:"-"`
	// LinearCeiling limits each partition to a linear combination of its
	// ceilings, RCU/3,000 + WCU/1,000 ≤ 1 (the Knowledge Center's "3,000
	// RRU or 1,000 WRU, or a linear combination"), instead of limiting
	// reads and writes independently (the reference's reading, the
	// default).
	LinearCeiling bool `json:"linearCeiling,omitempty"`
	// HeatThreshold and HeatSeconds tune split for heat (0: defaults).
	HeatThreshold float64 `json:"heatThreshold,omitempty"`
	HeatSeconds   int     `json:"heatSeconds,omitempty"`
	// PeakLag is how many seconds an on-demand table takes to count a new
	// peak (0: DefaultPeakLag).
	PeakLag int `json:"peakLag,omitempty"`
}

// Validate reports the first problem with the workload.
func (w Workload) Validate() error {
	if w.Seconds < 1 || w.Seconds > MaxSeconds {
		return invalidf("workload of %d seconds: 1 to %d", w.Seconds, MaxSeconds)
	}
	if w.Interval < 0 {
		return invalidf("interval %d: at least 0", w.Interval)
	}
	if w.HeatThreshold < 0 || w.HeatSeconds < 0 || w.PeakLag < 0 {
		return invalidf("heat threshold, heat seconds and peak lag must not be negative")
	}
	names := map[string]bool{}
	for i, p := range w.Patterns {
		label := p.Name
		if label == "" {
			label = fmt.Sprintf("#%d", i)
		}
		if err := p.validate(); err != nil {
			return invalidf("access pattern %s: %v", label, err)
		}
		if p.Name != "" && names[p.Name] {
			return invalidf("access pattern %s: name used twice", label)
		}
		names[p.Name] = true
	}
	for _, c := range w.Changes {
		if c.At < 0 {
			return invalidf("change at second %d", c.At)
		}
		if err := checkThroughput(c.RCU, c.WCU); err != nil {
			return err
		}
	}
	return nil
}

func (w Workload) interval() int {
	if w.Interval > 0 {
		return w.Interval
	}
	return max(1, (w.Seconds+maxSamples-1)/maxSamples)
}

func (w Workload) heatThreshold() float64 {
	if w.HeatThreshold > 0 {
		return w.HeatThreshold
	}
	return DefaultHeatThreshold
}

func (w Workload) heatSeconds() int {
	if w.HeatSeconds > 0 {
		return w.HeatSeconds
	}
	return DefaultHeatSeconds
}

func (w Workload) peakLag() int {
	if w.PeakLag > 0 {
		return w.PeakLag
	}
	return DefaultPeakLag
}

// describe is a one-line description of a pattern, for reports.
func (p AccessPattern) describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", p.Name, p.Op)
	if p.Op == Read {
		fmt.Fprintf(&b, " (%s)", p.Consistency)
	} else if p.Transactional {
		b.WriteString(" (transactional)")
	}
	unit := "RCU"
	if p.Op == Write {
		unit = "WCU"
	}
	fmt.Fprintf(&b, " %s B = %s %s", num(float64(p.ItemBytes)), num(p.Units()), unit)
	fmt.Fprintf(&b, ", %s over %s", p.Keys.Dist, plural(p.Keys.Count, "key"))
	if p.shards() > 1 {
		fmt.Fprintf(&b, " × %d shards (%s suffix)", p.shards(), p.Sharding.Suffix)
	}
	if f := p.FanOut(); f > 1 {
		fmt.Fprintf(&b, ", fan-out %d", f)
	}
	return b.String()
}
