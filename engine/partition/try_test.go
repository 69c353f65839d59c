package partition

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

func TestTry(t *testing.T) {
	// burst
	l := NewProvisioned(150, 10)
	r, err := Simulate(l, Workload{Seconds: 1300, Interval: 1, Patterns: []AccessPattern{{
		Name: "reads", Op: Read, Consistency: capacity.Strong, ItemBytes: 4096,
		Rate: Rate{Shape: Spike, Base: 0, Peak: 200, Start: 300, Length: 100000}, Keys: Keys{Count: 1000}}}})
	if err != nil {
		t.Fatal(err)
	}
	ser := r.Partitions[0].Read
	fmt.Println("burst@299", ser.Burst[299], "thr@1199", ser.Throttled[1199], "thr@1200", ser.Throttled[1200], r.Totals)
	// votes
	for _, shards := range []int{0, 20} {
		l := NewProvisioned(0, 20000)
		r, _ := Simulate(l, Workload{Seconds: 3600, Patterns: []AccessPattern{{
			Name: "vote", Op: Write, ItemBytes: 100, Rate: Rate{Base: 20000}, Keys: Keys{Count: 1, Prefix: "contestant#"},
			Sharding: Sharding{Shards: shards}}}})
		fmt.Printf("shards %d: %+v\n", shards, r.Totals)
		for _, e := range r.Events {
			fmt.Println(e.Second, e.Text)
		}
		fmt.Println(r.Table[len(r.Table)-1])
	}
	start := time.Now()
	l = NewProvisioned(30000, 10000)
	for l.Len() < 100 {
		l.SetThroughput(l.RCU()*2, l.WCU()*2)
	}
	l.SetThroughput(30000, 10000)
	r, _ = Simulate(l, Workload{Seconds: Day, Patterns: []AccessPattern{
		{Name: "get", Op: Read, ItemBytes: 2000, Rate: Rate{Shape: Daily, Base: 2000, Peak: 8000, Start: 14 * 3600}, Keys: Keys{Dist: Zipf, Count: 1000000}},
		{Name: "put", Op: Write, ItemBytes: 800, Rate: Rate{Base: 2000}, Keys: Keys{Count: 100000}},
	}})
	fmt.Println(time.Since(start), l.Len(), r.Totals)
}
