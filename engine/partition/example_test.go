package partition_test

import (
	"fmt"
	"os"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
	"github.com/dynamodb-workbench/workbench/engine/partition"
)

// Seed 003's worked example: 5,000 RCU + 2,000 WCU, then reads raised to
// 8,000.
func ExampleLayout_SetThroughput() {
	l := partition.NewProvisioned(5000, 2000)
	if _, err := l.SetThroughput(8000, 2000); err != nil {
		panic(err)
	}
	for _, st := range l.History() {
		fmt.Println(st.Text)
	}
	// Output:
	// create: ceil(5,000 RCU / 3,000 + 2,000 WCU / 1,000) = ceil(1.6667 + 2) = ceil(3.6667) = 4 partitions; each 5,000 / 4 = 1,250 RCU + 2,000 / 4 = 500 WCU
	// raise 5,000 RCU + 2,000 WCU to 8,000 RCU + 2,000 WCU: ceil(8,000 RCU / 3,000 + 2,000 WCU / 1,000) = ceil(2.6667 + 2) = ceil(4.6667) = 5 partitions > 4 partitions: double to 8; each 8,000 / 8 = 1,000 RCU + 2,000 / 8 = 250 WCU
}

// A key's partition, from the engine's hash of its partition-key value.
func ExampleLayout_Locate() {
	l := partition.NewProvisioned(1000, 1000)
	fmt.Println(l.Len(), l.Locate(partition.HashString("contestant#7")))
	// Output: 2 1
}

// Seed 000's votes: one contestant's 20,000 votes a second on one key.
func ExampleSimulate() {
	l := partition.NewProvisioned(0, 20000)
	r, err := partition.Simulate(l, partition.Workload{Seconds: 60, Patterns: []partition.AccessPattern{{
		Name: "vote", Op: partition.Write, ItemBytes: 100,
		Rate: partition.Rate{Base: 20000}, Keys: partition.Keys{Count: 1, Prefix: "contestant#"},
	}}})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.0f of %.0f requests throttled; %s takes %.0f WCU/s, one partition serves %.0f\n",
		r.Totals.Throttled, r.Totals.Requests, r.Patterns[0].HotKey, r.Patterns[0].HotKeyUnits, r.Patterns[0].Ceiling)
	// Output: 1140000 of 1200000 requests throttled; contestant#0 takes 20000 WCU/s, one partition serves 1000
}

// Seed 004's 10,000 writes a second, priced both ways.
func ExamplePrices_Monthly() {
	e, err := partition.USEast1().Monthly([]partition.Load{
		partition.WriteLoad("reading", 10000, 200, false),
		partition.ReadLoad("latest", 100, 200, capacity.Eventual),
	}, partition.CostOptions{TargetUtilization: 0.7})
	if err != nil {
		panic(err)
	}
	fmt.Print(e)
	// Output:
	// prices: us-east-1 as of 2025-12-01
	// on demand:
	//   reading: 10,000/s × 1 WRU × 2,628,000 s/month = 26,280,000,000 WRU = 26,280 M × $0.625 per million write units = $16,425.00
	//   latest: 100/s × 0.5 RRU × 2,628,000 s/month = 131,400,000 RRU = 131.4 M × $0.125 per million read units = $16.43
	//   storage: 0 GB × $0.25 per GB-month = $0.00 (the same in both modes)
	//   total $16,441.43/month
	// provisioned:
	//   table reads: needs 50 RCU ÷ 70% target utilization = 71.43 → provision 72 RCU × 730 h × $0.00013 per RCU-hour = $6.83
	//   table writes: needs 10,000 WCU ÷ 70% target utilization = 14,285.71 → provision 14,286 WCU × 730 h × $0.00065 per WCU-hour = $6,778.71
	//   storage: 0 GB × $0.25 per GB-month = $0.00 (the same in both modes)
	//   total $6,785.54/month
	// provisioned is cheaper: on demand costs 2.423 × provisioned ($16,441.43 / $6,785.54)
}

// The bulk load of seed 003.
func ExampleNewBulkLoad() {
	fmt.Println(partition.NewBulkLoad(20_000_000, 1024, 30*time.Minute).Text)
	// Output: 20,000,000 items × 1 WCU (1,024 B each) = 20,000,000 write units in 1,800 s: 20,000,000 / 1,800 = 11,111.11 WCU/s; provision at least 11,112 WCU
}

// A layout as text.
func ExampleLayout_String() {
	l := partition.NewProvisioned(5000, 2000)
	if _, err := l.AddDataTo(0, partition.PartitionBytes+1024); err != nil {
		panic(err)
	}
	os.Stdout.WriteString(l.String())
	// Output:
	// PROVISIONED 5,000 RCU + 2,000 WCU, 5 partitions, 10 GB + 1 KB of 50 GB
	//    #   id  hash range                           share        RCU        WCU  data
	//    0    4  0000000000000000-1fffffffffffffff    12.5%        625        250  5 GB + 512 bytes
	//    1    5  2000000000000000-3fffffffffffffff    12.5%        625        250  5 GB + 512 bytes
	//    2    1  4000000000000000-7fffffffffffffff      25%      1,250        500  0 GB
	//    3    2  8000000000000000-bfffffffffffffff      25%      1,250        500  0 GB
	//    4    3  c000000000000000-ffffffffffffffff      25%      1,250        500  0 GB
	// history:
	//    1. create: ceil(5,000 RCU / 3,000 + 2,000 WCU / 1,000) = ceil(1.6667 + 2) = ceil(3.6667) = 4 partitions; each 5,000 / 4 = 1,250 RCU + 2,000 / 4 = 500 WCU
	//    2. add 10 GB + 1 KB to partition 0: it holds 10 GB + 1 KB of 10 GB
	//    3. partition 0 holds 10 GB + 1 KB > 10 GB: splits into 4 and 5, each (10 GB + 1 KB) / 2 = 5 GB + 512 bytes and 1,250 / 2 = 625 RCU + 500 / 2 = 250 WCU; 5 partitions, capacity 5 × 10 GB = 50 GB; 3 × 1,250 RCU + 500 WCU, 2 × 625 RCU + 250 WCU
}
