package partition

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// Prices is a dated, editable table of DynamoDB's public prices in one
// region. The UI shows it and lets a user change any figure; every cost
// function takes it as an argument.
type Prices struct {
	Region string `json:"region"`
	// AsOf is the date the figures were last checked against AWS.
	AsOf string `json:"asOf"`
	// ReadRequestPerMillion and WriteRequestPerMillion are on-demand
	// prices, dollars per million read / write request units.
	ReadRequestPerMillion  float64 `json:"readRequestPerMillion"`
	WriteRequestPerMillion float64 `json:"writeRequestPerMillion"`
	// RCUHour and WCUHour are provisioned prices, dollars per capacity unit
	// per hour.
	RCUHour float64 `json:"rcuHour"`
	WCUHour float64 `json:"wcuHour"`
	// StorageGBMonth is dollars per GB-month (Standard table class).
	StorageGBMonth float64 `json:"storageGBMonth"`
	// FreeStorageGB is the free tier's storage, per account and region; it
	// is subtracted only when CostOptions.FreeTier is set.
	FreeStorageGB float64 `json:"freeStorageGB"`
	// HoursPerMonth is the month AWS prices in: 730 hours.
	HoursPerMonth float64 `json:"hoursPerMonth"`
	// Sources names where the figures come from.
	Sources []string `json:"sources,omitempty"`
}

// USEast1 returns the us-east-1 (N. Virginia) prices, Standard table class.
func USEast1() Prices {
	return Prices{
		Region: "us-east-1",
		AsOf:   "2025-12-01",
		// On demand, since 1 November 2024 (a 50% cut from $0.25 and $1.25;
		// AWS "What's New", Nov 2024, and aws.amazon.com/dynamodb/pricing/
		// on-demand, checked 2025): $0.125 per million RRU, $0.625 per
		// million WRU. Seed 004 still quotes the old $1.25 per million WRU.
		ReadRequestPerMillion:  0.125,
		WriteRequestPerMillion: 0.625,
		// Provisioned (aws.amazon.com/dynamodb/pricing/provisioned, checked
		// 2025; unchanged by the Nov 2024 cut): $0.00013 per RCU-hour and
		// $0.00065 per WCU-hour, i.e. about $0.09 and $0.47 per unit-month
		// as the pricing overview rounds them. Seed 004 writes "$0.65 per
		// WCU-hour", a slip for $0.00065.
		RCUHour: 0.00013,
		WCUHour: 0.00065,
		// Storage (aws.amazon.com/dynamodb/pricing, checked 2025): the first
		// 25 GB per month free, then $0.25 per GB-month.
		StorageGBMonth: 0.25,
		FreeStorageGB:  25,
		// AWS prices a month as 730 hours (8,760 / 12).
		HoursPerMonth: 730,
		Sources: []string{
			"https://aws.amazon.com/dynamodb/pricing/on-demand/ (Nov 2024 price cut)",
			"https://aws.amazon.com/dynamodb/pricing/provisioned/",
			"https://aws.amazon.com/dynamodb/pricing/ (storage, free tier)",
		},
	}
}

// Validate reports a missing or negative figure.
func (p Prices) Validate() error {
	for _, f := range []struct {
		name string
		v    float64
	}{
		{"readRequestPerMillion", p.ReadRequestPerMillion}, {"writeRequestPerMillion", p.WriteRequestPerMillion},
		{"rcuHour", p.RCUHour}, {"wcuHour", p.WCUHour}, {"storageGBMonth", p.StorageGBMonth}, {"freeStorageGB", p.FreeStorageGB},
	} {
		if !(f.v >= 0) || math.IsInf(f.v, 0) {
			return invalidf("price %s %v: must be a finite number, at least 0", f.name, f.v)
		}
	}
	if !(p.HoursPerMonth > 0) || math.IsInf(p.HoursPerMonth, 0) {
		return invalidf("hours per month %v: must be above 0", p.HoursPerMonth)
	}
	return nil
}

// secondsPerMonth is the priced month in seconds.
func (p Prices) secondsPerMonth() float64 { return p.HoursPerMonth * 3600 }

// IndexWrite is what every write of a pattern also writes to one global
// secondary index: write amplification.
type IndexWrite struct {
	Name string `json:"name"`
	// EntryBytes is the size of the index entry (keys, projected attributes).
	EntryBytes int `json:"entryBytes"`
	// PerWrite is index writes per base write: 1 for a put of an item in
	// the index, 2 for an update that changes the index key (delete + put),
	// a fraction for a sparse index only some items enter (0 means 1).
	PerWrite float64 `json:"perWrite,omitempty"`
}

// Units is the write units one index write costs.
func (x IndexWrite) Units() float64 { return capacity.WriteUnits(x.EntryBytes, false) }

func (x IndexWrite) perWrite() float64 {
	if x.PerWrite == 0 {
		return 1
	}
	return x.PerWrite
}

// Load is a steady rate of one kind of request: what an access pattern
// costs per month depends only on it.
type Load struct {
	Name string `json:"name"`
	Op   Op     `json:"op"`
	// PerSecond is table requests per second, averaged over the month.
	PerSecond float64 `json:"perSecond"`
	// Units is what one request costs on the table (read units: RRU/RCU;
	// write units: WRU/WCU).
	Units float64 `json:"units"`
	// Indexes are the GSIs every write also writes.
	Indexes []IndexWrite `json:"indexes,omitempty"`
}

// ReadLoad is perSecond reads of itemBytes at a consistency.
func ReadLoad(name string, perSecond float64, itemBytes int, mode capacity.ReadMode) Load {
	return Load{Name: name, Op: Read, PerSecond: perSecond, Units: capacity.ReadUnits(itemBytes, mode)}
}

// WriteLoad is perSecond writes of itemBytes that also write the given
// indexes.
func WriteLoad(name string, perSecond float64, itemBytes int, transactional bool, indexes ...IndexWrite) Load {
	return Load{Name: name, Op: Write, PerSecond: perSecond, Units: capacity.WriteUnits(itemBytes, transactional), Indexes: indexes}
}

// PatternLoad is an access pattern's load at its average rate over a day
// (a constant rate's Base; the mean of a daily cycle; other shapes
// averaged over the first day), fan-out included.
func PatternLoad(p AccessPattern) Load {
	var avg float64
	switch p.Rate.Shape {
	case Constant:
		avg = p.Rate.Base
	case Daily:
		avg = (p.Rate.Base + p.Rate.Peak) / 2
	default:
		for t := range Day {
			avg += p.Rate.At(t)
		}
		avg /= Day
	}
	return Load{Name: p.Name, Op: p.Op, PerSecond: avg * float64(p.FanOut()), Units: p.Units()}
}

// CostOptions tune an estimate.
type CostOptions struct {
	// TargetUtilization is the share of provisioned throughput the load
	// uses: 1 (the default when 0) provisions exactly the average rate;
	// auto scaling's usual target 0.7 provisions rate / 0.7.
	TargetUtilization float64 `json:"targetUtilization,omitempty"`
	// StorageGB is the data stored (see StorageGB for a table's size).
	StorageGB float64 `json:"storageGB,omitempty"`
	// FreeTier subtracts the free tier's storage.
	FreeTier bool `json:"freeTier,omitempty"`
}

// Line is one priced item with its arithmetic.
type Line struct {
	Label   string  `json:"label"`
	Dollars float64 `json:"dollars"`
	Text    string  `json:"text"`
}

// Side is one capacity mode's monthly bill.
type Side struct {
	Lines []Line  `json:"lines"`
	Total float64 `json:"total"`
}

// Estimate is the monthly cost of some loads on demand and provisioned,
// with storage, each figure with its arithmetic.
type Estimate struct {
	Prices      Prices `json:"prices"`
	OnDemand    Side   `json:"onDemand"`
	Provisioned Side   `json:"provisioned"`
	// Storage is in both totals.
	Storage Line `json:"storage"`
	// Cheaper names the cheaper mode ("on-demand", "provisioned" or
	// "equal") and Ratio is on-demand / provisioned.
	Cheaper string  `json:"cheaper"`
	Ratio   float64 `json:"ratio"`
}

// StorageGB is the billed size of items: each item's bytes plus DynamoDB's
// 100 bytes of per-item overhead, in GB of 2^30 bytes.
func StorageGB(items float64, avgItemBytes float64) float64 {
	return items * (avgItemBytes + 100) / GB
}

// Monthly prices loads per month in both capacity modes. On demand, every
// request unit is billed; provisioned, the table (and each GSI) is
// provisioned at its average units per second divided by the target
// utilization, rounded up to whole units, for every hour of the month.
func (p Prices) Monthly(loads []Load, o CostOptions) (Estimate, error) {
	if err := p.Validate(); err != nil {
		return Estimate{}, err
	}
	util := o.TargetUtilization
	if util == 0 {
		util = 1
	}
	if !(util > 0 && util <= 1) {
		return Estimate{}, invalidf("target utilization %v: above 0, at most 1", o.TargetUtilization)
	}
	if !(o.StorageGB >= 0) {
		return Estimate{}, invalidf("storage %v GB", o.StorageGB)
	}
	e := Estimate{Prices: p}
	month := p.secondsPerMonth()
	// Provisioned throughput per resource: the table's reads and writes,
	// then each GSI's writes, in order of first appearance.
	type resource struct {
		label string
		write bool
		units float64 // per second
		parts []string
	}
	var res []*resource
	find := func(label string, write bool) *resource {
		for _, r := range res {
			if r.label == label && r.write == write {
				return r
			}
		}
		r := &resource{label: label, write: write}
		res = append(res, r)
		return r
	}
	tableR, tableW := find("table", false), find("table", true)
	for _, l := range loads {
		if !(l.PerSecond >= 0) || !(l.Units >= 0) || math.IsInf(l.PerSecond, 0) {
			return Estimate{}, invalidf("load %s: rate %v, units %v", l.Name, l.PerSecond, l.Units)
		}
		unit, price, perM := "RRU", p.ReadRequestPerMillion, "read"
		if l.Op == Write {
			unit, price, perM = "WRU", p.WriteRequestPerMillion, "write"
		}
		rate := l.PerSecond * l.Units
		var b strings.Builder
		fmt.Fprintf(&b, "%s/s × %s %s", num(l.PerSecond), num(l.Units), unit)
		for _, x := range l.Indexes {
			rate += l.PerSecond * x.perWrite() * x.Units()
			fmt.Fprintf(&b, " + GSI %s %s × %s WRU", x.Name, num(x.perWrite()), num(x.Units()))
		}
		units := rate * month
		dollars := units / 1e6 * price
		if len(l.Indexes) > 0 {
			fmt.Fprintf(&b, " = %s %s/s", num(rate), unit)
		}
		fmt.Fprintf(&b, " × %s s/month = %s %s = %s M × %s per million %s units = %s",
			num(month), num(units), unit, num(units/1e6), unitPrice(price), perM, money(dollars))
		e.OnDemand.Lines = append(e.OnDemand.Lines, Line{Label: l.Name, Dollars: dollars, Text: b.String()})
		e.OnDemand.Total += dollars

		r := tableR
		if l.Op == Write {
			r = tableW
		}
		r.units += l.PerSecond * l.Units
		r.parts = append(r.parts, fmt.Sprintf("%s %s", l.Name, num(l.PerSecond*l.Units)))
		for _, x := range l.Indexes {
			g := find("GSI "+x.Name, true)
			u := l.PerSecond * x.perWrite() * x.Units()
			g.units += u
			g.parts = append(g.parts, fmt.Sprintf("%s %s", l.Name, num(u)))
		}
	}
	for _, r := range res {
		if len(r.parts) == 0 {
			continue
		}
		unit, price := "RCU", p.RCUHour
		if r.write {
			unit, price = "WCU", p.WCUHour
		}
		provisioned := math.Ceil(r.units/util - 1e-9)
		dollars := provisioned * p.HoursPerMonth * price
		var b strings.Builder
		if len(r.parts) > 1 {
			fmt.Fprintf(&b, "%s = ", strings.Join(r.parts, " + "))
		}
		fmt.Fprintf(&b, "needs %s %s", num(r.units), unit)
		if util != 1 {
			fmt.Fprintf(&b, " ÷ %s%% target utilization = %s", num(util*100), num(r.units/util))
		}
		fmt.Fprintf(&b, " → provision %s %s × %s h × %s per %s-hour = %s",
			num(provisioned), unit, num(p.HoursPerMonth), unitPrice(price), unit, money(dollars))
		label := r.label + " reads"
		if r.write {
			label = r.label + " writes"
		}
		e.Provisioned.Lines = append(e.Provisioned.Lines, Line{Label: label, Dollars: dollars, Text: b.String()})
		e.Provisioned.Total += dollars
	}
	billed := o.StorageGB
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s GB", num(o.StorageGB))
	if o.FreeTier {
		billed = math.Max(0, billed-p.FreeStorageGB)
		fmt.Fprintf(&sb, " − %s GB free = %s GB", num(p.FreeStorageGB), num(billed))
	}
	dollars := billed * p.StorageGBMonth
	fmt.Fprintf(&sb, " × %s per GB-month = %s (the same in both modes)", unitPrice(p.StorageGBMonth), money(dollars))
	e.Storage = Line{Label: "storage", Dollars: dollars, Text: sb.String()}
	e.OnDemand.Total += dollars
	e.Provisioned.Total += dollars
	switch {
	case e.OnDemand.Total < e.Provisioned.Total:
		e.Cheaper = "on-demand"
	case e.OnDemand.Total > e.Provisioned.Total:
		e.Cheaper = "provisioned"
	default:
		e.Cheaper = "equal"
	}
	if e.Provisioned.Total > 0 {
		e.Ratio = e.OnDemand.Total / e.Provisioned.Total
	}
	return e, nil
}

// String renders the estimate's arithmetic.
func (e Estimate) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "prices: %s as of %s\n", e.Prices.Region, e.Prices.AsOf)
	b.WriteString("on demand:\n")
	for _, l := range e.OnDemand.Lines {
		fmt.Fprintf(&b, "  %s: %s\n", l.Label, l.Text)
	}
	fmt.Fprintf(&b, "  storage: %s\n  total %s/month\n", e.Storage.Text, money(e.OnDemand.Total))
	b.WriteString("provisioned:\n")
	for _, l := range e.Provisioned.Lines {
		fmt.Fprintf(&b, "  %s: %s\n", l.Label, l.Text)
	}
	fmt.Fprintf(&b, "  storage: %s\n  total %s/month\n", e.Storage.Text, money(e.Provisioned.Total))
	switch e.Cheaper {
	case "equal":
		b.WriteString("both modes cost the same\n")
	default:
		fmt.Fprintf(&b, "%s is cheaper: on demand costs %s × provisioned (%s / %s)\n",
			e.Cheaper, ratio(e.Ratio), money(e.OnDemand.Total), money(e.Provisioned.Total))
	}
	return b.String()
}

// BulkLoad is the write throughput a bulk load needs: items of itemBytes
// written within d.
type BulkLoad struct {
	Items     int64   `json:"items"`
	ItemBytes int     `json:"itemBytes"`
	Seconds   float64 `json:"seconds"`
	// WCU is the exact rate, items × units per item / seconds; provision
	// at least its ceiling.
	WCU  float64 `json:"wcu"`
	Text string  `json:"text"`
}

// NewBulkLoad computes a bulk load's write throughput.
func NewBulkLoad(items int64, itemBytes int, d time.Duration) BulkLoad {
	units := capacity.WriteUnits(itemBytes, false)
	secs := d.Seconds()
	b := BulkLoad{Items: items, ItemBytes: itemBytes, Seconds: secs}
	if secs > 0 {
		b.WCU = float64(items) * units / secs
	}
	b.Text = fmt.Sprintf("%s items × %s WCU (%s B each) = %s write units in %s s: %s / %s = %s WCU/s; provision at least %s WCU",
		num(float64(items)), num(units), num(float64(itemBytes)), num(float64(items)*units), num(secs),
		num(float64(items)*units), num(secs), num(b.WCU), num(math.Ceil(b.WCU-1e-9)))
	return b
}
