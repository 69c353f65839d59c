package app

// Element ids of the Partitions, Load, Fan-out and Cost panels and of the
// guided tour. Like ids.go's, they are a public interface (the browser tests
// and README's UI map use them).
const (
	// Partitions.
	IDPartMode      = "wb-part-mode"      // the what-if's capacity mode (PROVISIONED or PAY_PER_REQUEST)
	IDPartRCU       = "wb-part-rcu"       // the what-if's provisioned read capacity units
	IDPartWCU       = "wb-part-wcu"       // the what-if's provisioned write capacity units
	IDPartSize      = "wb-part-size"      // the what-if's table size in GB
	IDPartPeakRRU   = "wb-part-peak-rru"  // the what-if's on-demand peak, read request units per second
	IDPartPeakWRU   = "wb-part-peak-wru"  // the what-if's on-demand peak, write request units per second
	IDPartReset     = "wb-part-reset"     // back to the table as it is
	IDPartCount     = "wb-part-count"     // the partition count (data-count; data-whatif when a what-if is shown)
	IDPartComputing = "wb-part-computing" // the notice shown while a large table's collections are read (a job)
	IDPartKeyspace  = "wb-part-keyspace"  // the keyspace picture (SVG): partitions with their data
	IDPartSteps     = "wb-part-steps"     // the layout's steps, each with its arithmetic line by line
	IDPartList      = "wb-part-list"      // the partitions as a table: range, throughput, items, bytes, largest collections
	IDPartError     = "wb-part-error"     // why the what-if cannot be computed

	// Load.
	IDLoadRun           = "wb-load-run"            // simulate the workload with the options chosen
	IDLoadRunCancel     = "wb-load-run-cancel"     // stop the running simulation (shown while it runs)
	IDLoadRunCancelled  = "wb-load-run-cancelled"  // how far a cancelled simulation got
	IDLoadSharding      = "wb-load-sharding"       // write sharding on or off (a checkbox)
	IDLoadShardingWhy   = "wb-load-sharding-why"   // what the sharding switch does for this design, or why it is greyed out and what would enable it (data-enabled)
	IDLoadBurst         = "wb-load-burst"          // burst capacity on or off (a checkbox)
	IDLoadAdaptive      = "wb-load-adaptive"       // adaptive capacity on or off (a checkbox)
	IDLoadSplit         = "wb-load-split"          // split for heat on or off (a checkbox)
	IDLoadDuration      = "wb-load-duration"       // how long to simulate (seconds)
	IDLoadSpace         = "wb-load-space"          // the key space simulated: a table, or Table.Index for a GSI
	IDLoadPlay          = "wb-load-play"           // play or pause the heat map
	IDLoadTime          = "wb-load-time"           // the heat map's time (a range, seconds into the run)
	IDLoadSpeed         = "wb-load-speed"          // the play speed: the real seconds the whole run plays in
	IDLoadHeatMap       = "wb-load-heatmap"        // the heat map (data-run, data-throttled, data-requests, data-seconds, data-until, data-frame, data-playing, data-compute-ms, data-prepare-ms)
	IDLoadCompare       = "wb-load-compare"        // the previous run and this one side by side (data-a-throttled, data-b-throttled)
	IDLoadSummary       = "wb-load-summary"        // the run's totals and what each access pattern had throttled
	IDLoadError         = "wb-load-error"          // why the simulation could not run
	IDLoadRemedies      = "wb-load-remedies"       // the fixes the run proposes, each with its arithmetic (li data-kind)
	IDLoadRemedy        = "wb-load-remedy-"        // + kind (shard, provision, on-demand, burst): apply that remedy in one click
	IDLoadRemedyApplied = "wb-load-remedy-applied" // what the applied remedy changed: throttled before and after, each pattern's units per second (li data-pattern, data-before, data-after, data-fan-out; data-undone)
	IDLoadRemedyUndo    = "wb-load-remedy-undo"    // undo the applied remedy: the design before it, and its run, come back
	IDLoadAnswer        = "wb-load-answer"         // the run's answer first: requests, throttled share, hottest key and partition, comparison (data-hot-key, data-hot-partition, data-throttled-pct)

	IDLoadThrottledParts = "wb-load-throttled-parts" // the throttled partitions, named above the heat map (data-count)

	// Fan-out.
	IDFanPattern = "wb-fan-pattern" // the access pattern with a fan-out to show
	IDFanParam   = "wb-fan-param-"  // + parameter name (id-safe): its value
	IDFanPicture = "wb-fan-svg"     // the fan-out picture (SVG)
	IDFanShards  = "wb-fan-shards"  // each shard query: key, partition, items, RCU (data-shards)
	IDFanMerged  = "wb-fan-merged"  // the merged result's first items
	IDFanCost    = "wb-fan-cost"    // scatter-gather cost next to the single-key read (data-scatter, data-single)
	IDFanError   = "wb-fan-error"   // why the fan-out cannot run

	// Cost.
	IDCostRun      = "wb-cost-run"      // measure again
	IDCostCancel   = "wb-cost-cancel"   // stop the running measurement (shown while it runs)
	IDCostTable    = "wb-cost-table"    // a row per access pattern (data-pattern, data-on-demand, data-provisioned)
	IDCostTotal    = "wb-cost-total"    // the totals row (data-on-demand, data-provisioned)
	IDCostChart    = "wb-cost-chart"    // the cost bar chart (SVG)
	IDCostStorage  = "wb-cost-storage"  // the tables' storage and indexes with their warnings
	IDCostWarnings = "wb-cost-warnings" // every warning with the element it concerns
	IDCostError    = "wb-cost-error"    // why the analysis failed

	// Guided tour.
	IDTour       = "wb-tour"        // start the guided tour (a header button)
	IDTourDialog = "wb-tour-dialog" // the tour's current step (data-step, data-tab, data-target)
	IDTourNext   = "wb-tour-next"   // the tour's next step
	IDTourBack   = "wb-tour-back"   // the tour's previous step
	IDTourClose  = "wb-tour-close"  // close the tour
	IDTourOpen   = "wb-tour-open"   // open the tour's pattern (write-sharding) when another design is open
)
