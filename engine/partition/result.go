package partition

// Result is what a simulation reports. Rates in samples are per second,
// averaged over the sample's interval; totals are sums over the run.
type Result struct {
	Seconds  int `json:"seconds"`
	Interval int `json:"interval"`
	// Samples is the number of samples in the table series.
	Samples  int             `json:"samples"`
	Totals   Totals          `json:"totals"`
	Patterns []PatternResult `json:"patterns"`
	// Table is the whole table, one sample per Interval seconds.
	Table []TableSample `json:"table"`
	// Partitions holds every partition that existed during the run, in the
	// order they were made; a partition split during the run ends there and
	// its children begin.
	Partitions []PartitionSeries `json:"partitions"`
	// Events are the layout's steps during the run: splits, doublings,
	// throughput changes.
	Events []Event `json:"events"`
	// Layout is the table's layout at the end, with its whole history.
	Layout *Layout `json:"layout"`
}

// Totals sums a run.
type Totals struct {
	// Requests and Throttled count table requests (a scatter-gather read
	// counts once per shard).
	Requests  float64 `json:"requests"`
	Throttled float64 `json:"throttled"`
	// Read and write units consumed and throttled.
	ReadUnits      float64 `json:"readUnits"`
	WriteUnits     float64 `json:"writeUnits"`
	ReadThrottled  float64 `json:"readThrottled"`
	WriteThrottled float64 `json:"writeThrottled"`
	// ThrottledSeconds counts the seconds in which anything was throttled.
	ThrottledSeconds int `json:"throttledSeconds"`
	// PartitionsStart and PartitionsEnd are the partition counts.
	PartitionsStart int `json:"partitionsStart"`
	PartitionsEnd   int `json:"partitionsEnd"`
	// Splits (for size), HeatSplits and Doublings count the events.
	Splits     int `json:"splits"`
	HeatSplits int `json:"heatSplits"`
	Doublings  int `json:"doublings"`
	// Work is what the run spent in Workload.Budget's unit (see there).
	Work int64 `json:"work"`
}

// PatternResult is one access pattern's share of a run.
type PatternResult struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Op          Op     `json:"op"`
	// Units is what one table request costs.
	Units float64 `json:"units"`
	// FanOut is table requests per logical request (shards read by a
	// scatter-gather read).
	FanOut int `json:"fanOut"`
	// Keys is the number of distinct table keys (values × shards).
	Keys int `json:"keys"`
	// Logical, Requests and Throttled count logical requests, table
	// requests and throttled table requests.
	Logical   float64 `json:"logical"`
	Requests  float64 `json:"requests"`
	Throttled float64 `json:"throttled"`
	// ConsumedUnits is what the served requests consumed.
	ConsumedUnits float64 `json:"consumedUnits"`
	// HotKey is the pattern's most requested table key, and HotKeyUnits
	// the units per second it receives at the pattern's highest rate;
	// Ceiling is what one partition serves of that kind (3,000 RCU or
	// 1,000 WCU). A key above the ceiling is throttled whatever the layout:
	// a partition may end up holding that key alone, never less.
	HotKey      string  `json:"hotKey"`
	HotKeyUnits float64 `json:"hotKeyUnits"`
	Ceiling     float64 `json:"ceiling"`
}

// TableSample is the whole table during one interval (per-second averages).
type TableSample struct {
	Partitions     int     `json:"partitions"`
	ReadConsumed   float64 `json:"readConsumed"`
	ReadThrottled  float64 `json:"readThrottled"`
	ReadAllowed    float64 `json:"readAllowed"`
	WriteConsumed  float64 `json:"writeConsumed"`
	WriteThrottled float64 `json:"writeThrottled"`
	WriteAllowed   float64 `json:"writeAllowed"`
	Requests       float64 `json:"requests"`
	Throttled      float64 `json:"throttled"`
}

// PartitionSeries is one partition's life during a run.
type PartitionSeries struct {
	ID     int    `json:"id"`
	Parent int    `json:"parent"`
	Lo     uint64 `json:"lo"`
	Hi     uint64 `json:"hi"`
	// From is the second it began (0 for the table's first partitions); To
	// the second it was split, or the run's length if it lived to the end.
	From int `json:"from"`
	To   int `json:"to"`
	// Start is the index of its first sample; its series run from there.
	Start int `json:"start"`
	// Bytes is the data it held when it ended.
	Bytes int64  `json:"bytes"`
	Read  Series `json:"read"`
	Write Series `json:"write"`
}

// Series is one dimension (reads or writes) of a partition over time, one
// value per sample: per-second averages over the seconds of the interval
// the partition lived, and Burst at the end of each interval.
type Series struct {
	// Consumed is what it served.
	Consumed []float64 `json:"consumed"`
	// Allowed is its share of the table's throughput (its token bucket's
	// refill rate).
	Allowed []float64 `json:"allowed"`
	// Borrowed is what adaptive capacity lent it from the table's unused
	// throughput (part of Consumed).
	Borrowed []float64 `json:"borrowed"`
	// Throttled is the demand it could not serve.
	Throttled []float64 `json:"throttled"`
	// Burst is its burst balance: unused capacity banked, up to 300
	// seconds of its share.
	Burst []float64 `json:"burst"`
}

// Event is a step of the layout during a run.
type Event struct {
	Second int `json:"second"`
	Step
}

// ThrottledFraction is Throttled / Requests (0 for no requests).
func (t Totals) ThrottledFraction() float64 {
	if t.Requests == 0 {
		return 0
	}
	return t.Throttled / t.Requests
}

// ThrottledFraction is Throttled / Requests (0 for no requests).
func (p PatternResult) ThrottledFraction() float64 {
	if p.Requests == 0 {
		return 0
	}
	return p.Throttled / p.Requests
}
