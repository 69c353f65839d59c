package partition

import (
	"fmt"
	"math"
)

// Operation is one change a user asks of a layout, for replaying a history
// (the server's partition calculator takes a list of them).
type Operation struct {
	// Op is "throughput" (UpdateTable: RCU, WCU), "grow" (add GB of data,
	// evenly or to the partition at index Partition), "peak" (an on-demand
	// table serves RCU/WCU units in one second), "on-demand" or
	// "provisioned" (switch the mode; provisioned takes RCU, WCU).
	Op  string  `json:"op"`
	RCU float64 `json:"rcu,omitempty"`
	WCU float64 `json:"wcu,omitempty"`
	GB  float64 `json:"gb,omitempty"`
	// Partition is the index (in hash order) that "grow" adds to; nil
	// spreads the data evenly.
	Partition *int `json:"partition,omitempty"`
}

// Apply performs an operation and returns the steps it added to the
// history.
func (l *Layout) Apply(op Operation) ([]Step, error) {
	switch op.Op {
	case "throughput":
		st, err := l.SetThroughput(op.RCU, op.WCU)
		if err != nil {
			return nil, err
		}
		return []Step{st}, nil
	case "grow":
		if !(op.GB >= 0) || math.IsInf(op.GB, 0) {
			return nil, invalidf("grow by %v GB", op.GB)
		}
		bytes := int64(math.Round(op.GB * GB))
		if op.Partition != nil {
			return l.AddDataTo(*op.Partition, bytes)
		}
		return l.AddData(bytes)
	case "peak":
		if l.mode != OnDemand {
			return nil, invalidf("a peak is for an on-demand table")
		}
		if !(op.RCU >= 0 && op.WCU >= 0) || math.IsInf(op.RCU+op.WCU, 0) {
			return nil, invalidf("peak %v RRU + %v WRU", op.RCU, op.WCU)
		}
		if st, rose := l.ObservePeak(op.RCU, op.WCU); rose {
			return []Step{st}, nil
		}
		return nil, nil
	case "on-demand":
		st, err := l.SwitchToOnDemand()
		if err != nil {
			return nil, err
		}
		return []Step{st}, nil
	case "provisioned":
		st, err := l.SwitchToProvisioned(op.RCU, op.WCU)
		if err != nil {
			return nil, err
		}
		return []Step{st}, nil
	}
	return nil, invalidf("unknown operation %q (want throughput, grow, peak, on-demand or provisioned)", op.Op)
}

// Replay makes a layout from a spec and applies operations in order; the
// error names the operation that failed.
func Replay(s Spec, ops []Operation) (*Layout, error) {
	l, err := New(s)
	if err != nil {
		return nil, err
	}
	for i, op := range ops {
		if _, err := l.Apply(op); err != nil {
			return nil, fmt.Errorf("operation %d (%s): %w", i+1, op.Op, err)
		}
	}
	return l, nil
}
