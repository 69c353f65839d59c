package diff

// DynamoDB's documented figures the estimates use. Prices come from
// partition.Prices (partition.USEast1 by default), the same table the cost
// analysis uses.
const (
	// WriteUnitBytes is what one write unit writes: "One write request
	// unit represents one write for an item up to 1 KB in size" (Developer
	// Guide, "Read/write capacity mode"); larger items take
	// ceil(size / 1 KB) units (capacity.WriteUnits).
	WriteUnitBytes = 1024
	// ReadUnitBytes is what one read unit reads strongly consistent, two
	// eventually consistent (a Scan, by default): "up to 4 KB"; a Scan
	// sums the sizes of the items it reads before rounding.
	ReadUnitBytes = 4096

	// OnDemandInitialWritesPerSecond is what a new on-demand table (or
	// index) can serve at once: "up to 4,000 write request units per
	// second" (Developer Guide, "Initial throughput for on-demand capacity
	// mode"). DynamoDB does not document the backfill speed of an
	// on-demand index; the estimate assumes this rate, which a copy into a
	// new on-demand table also starts at (pre-warming raises it).
	OnDemandInitialWritesPerSecond = 4000

	// ParallelScanGBPerSegment is the parallel Scan guidance: "a good rule
	// of thumb is one segment per 2 GB of data" (Developer Guide, "Parallel
	// scan").
	ParallelScanGBPerSegment = 2
	// MaxTotalSegments is Scan's TotalSegments limit (API reference).
	MaxTotalSegments = 1000000
	// BatchWriteMaxItems is BatchWriteItem's limit: 25 put or delete
	// requests per call (API reference).
	BatchWriteMaxItems = 25
)
