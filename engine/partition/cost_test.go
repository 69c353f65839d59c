package partition

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

func near(a, b float64) bool { return math.Abs(a-b) < 0.005 }

func TestUSEast1(t *testing.T) {
	p := USEast1()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if p.ReadRequestPerMillion != 0.125 || p.WriteRequestPerMillion != 0.625 || p.RCUHour != 0.00013 ||
		p.WCUHour != 0.00065 || p.StorageGBMonth != 0.25 || p.HoursPerMonth != 730 || p.AsOf == "" {
		t.Errorf("prices %+v", p)
	}
	// The table is editable and travels as JSON.
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var q Prices
	if err := json.Unmarshal(b, &q); err != nil || q.WCUHour != p.WCUHour || q.Region != "us-east-1" {
		t.Errorf("round trip %s: %+v %v", b, q, err)
	}
	bad := p
	bad.RCUHour = -1
	if bad.Validate() == nil {
		t.Error("negative price accepted")
	}
	bad = p
	bad.HoursPerMonth = 0
	if bad.Validate() == nil {
		t.Error("zero-hour month accepted")
	}
}

func TestMonthly(t *testing.T) {
	p := USEast1()
	tests := []struct {
		name         string
		loads        []Load
		opts         CostOptions
		onDemand     float64
		provisioned  float64
		cheaper      string
		texts        []string
		provisionedN int // provisioned lines
	}{
		{
			name:        "seed 004: 10,000 writes/s of up to 1 KB, provisioned exactly",
			loads:       []Load{WriteLoad("ingest", 10000, 1024, false)},
			onDemand:    16425,
			provisioned: 4745,
			cheaper:     "provisioned",
			texts: []string{
				"ingest: 10,000/s × 1 WRU × 2,628,000 s/month = 26,280,000,000 WRU = 26,280 M × $0.625 per million write units = $16,425.00",
				"table writes: needs 10,000 WCU → provision 10,000 WCU × 730 h × $0.00065 per WCU-hour = $4,745.00",
			},
			provisionedN: 1,
		},
		{
			name:        "seed 004 with auto scaling's 70% target",
			loads:       []Load{WriteLoad("ingest", 10000, 1024, false)},
			opts:        CostOptions{TargetUtilization: 0.7},
			onDemand:    16425,
			provisioned: 14286 * 730 * 0.00065,
			cheaper:     "provisioned",
			texts:       []string{"needs 10,000 WCU ÷ 70% target utilization = 14,285.71 → provision 14,286 WCU × 730 h × $0.00065 per WCU-hour = $6,778.71"},
		},
		{
			name: "reads by consistency, with storage",
			loads: []Load{
				ReadLoad("eventual", 1000, 4096, capacity.Eventual), // 0.5 RRU
				ReadLoad("strong", 1000, 4097, capacity.Strong),     // 2 RRU
			},
			opts:        CostOptions{StorageGB: 100},
			onDemand:    2500*2628000/1e6*0.125 + 25,
			provisioned: 2500*730*0.00013 + 25,
			cheaper:     "provisioned",
			texts: []string{
				"eventual 500 + strong 2,000 = needs 2,500 RCU",
				"100 GB × $0.25 per GB-month = $25.00",
			},
		},
		{
			name:        "GSI write amplification: each write also puts one index entry, and a key change writes two",
			loads:       []Load{WriteLoad("put", 100, 1500, false, IndexWrite{Name: "byStatus", EntryBytes: 200}, IndexWrite{Name: "byOwner", EntryBytes: 1100, PerWrite: 2})},
			onDemand:    (100*2 + 100*1 + 100*2*2) * 2628000 / 1e6 * 0.625,
			provisioned: (200 + 100 + 400) * 730 * 0.00065,
			cheaper:     "provisioned",
			texts: []string{
				"100/s × 2 WRU + GSI byStatus 1 × 1 WRU + GSI byOwner 2 × 2 WRU = 700 WRU/s",
				"GSI byStatus writes: needs 100 WCU",
				"GSI byOwner writes: needs 400 WCU",
			},
			provisionedN: 3,
		},
		{
			name:        "a trickle is cheaper on demand",
			loads:       []Load{WriteLoad("rare", 0.01, 100, false)},
			opts:        CostOptions{StorageGB: 30, FreeTier: true},
			onDemand:    0.01*2628000/1e6*0.625 + 5*0.25,
			provisioned: 1*730*0.00065 + 5*0.25,
			cheaper:     "on-demand",
			texts:       []string{"30 GB − 25 GB free = 5 GB × $0.25 per GB-month = $1.25"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := p.Monthly(tc.loads, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if !near(e.OnDemand.Total, tc.onDemand) || !near(e.Provisioned.Total, tc.provisioned) {
				t.Errorf("on demand %v, provisioned %v; want %v and %v", e.OnDemand.Total, e.Provisioned.Total, tc.onDemand, tc.provisioned)
			}
			if e.Cheaper != tc.cheaper {
				t.Errorf("cheaper %q, want %q", e.Cheaper, tc.cheaper)
			}
			if tc.provisionedN > 0 && len(e.Provisioned.Lines) != tc.provisionedN {
				t.Errorf("%d provisioned lines, want %d", len(e.Provisioned.Lines), tc.provisionedN)
			}
			out := e.String()
			for _, want := range tc.texts {
				if !strings.Contains(out, want) {
					t.Errorf("estimate lacks %q:\n%s", want, out)
				}
			}
		})
	}
}

func TestMonthlyErrors(t *testing.T) {
	p := USEast1()
	for _, o := range []CostOptions{{TargetUtilization: 1.5}, {TargetUtilization: -1}, {StorageGB: -1}} {
		if _, err := p.Monthly(nil, o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
	if _, err := p.Monthly([]Load{{Name: "x", PerSecond: -1, Units: 1}}, CostOptions{}); err == nil {
		t.Error("negative rate accepted")
	}
	e, err := p.Monthly(nil, CostOptions{})
	if err != nil || e.Cheaper != "equal" || e.OnDemand.Total != 0 {
		t.Errorf("empty estimate %+v %v", e, err)
	}
}

func TestStorageGBAndPatternLoad(t *testing.T) {
	// 30 days of 10,000 readings a second of 200 bytes, plus 100 bytes of
	// overhead each.
	gb := StorageGB(10000*86400*30, 200)
	if want := 25_920_000_000 * 300.0 / GB; math.Abs(gb-want) > 1e-6 {
		t.Errorf("StorageGB = %v, want %v", gb, want)
	}
	daily := AccessPattern{Name: "d", Op: Read, ItemBytes: 100, Rate: Rate{Shape: Daily, Base: 100, Peak: 300}}
	if l := PatternLoad(daily); l.PerSecond != 200 || l.Units != 0.5 {
		t.Errorf("daily load %+v", l)
	}
	spike := AccessPattern{Name: "s", Op: Write, ItemBytes: 100, Rate: Rate{Shape: Spike, Base: 10, Peak: 8650, Start: 0, Length: 100}}
	if l := PatternLoad(spike); math.Abs(l.PerSecond-(10+8640*100.0/Day)) > 1e-9 {
		t.Errorf("spike load %+v", l)
	}
	fan := AccessPattern{Name: "f", Op: Read, ItemBytes: 100, Rate: Rate{Base: 10}, Sharding: Sharding{Shards: 8}}
	if l := PatternLoad(fan); l.PerSecond != 80 {
		t.Errorf("scatter-gather load %+v", l)
	}
}

func TestFormatting(t *testing.T) {
	tests := []struct{ got, want string }{
		{num(1250), "1,250"},
		{num(200.0 / 11), "18.18"},
		{num(-1234567.5), "-1,234,567.5"},
		{num(0.5), "0.5"},
		{ratio(1000.0/3000 + 0.5), "0.8333"},
		{ratio(11000.0 / 3000), "3.6667"},
		{money(82.125), "$82.13"},
		{money(16425), "$16,425.00"},
		{money(-3.5), "-$3.50"},
		{unitPrice(0.00065), "$0.00065"},
		{unitPrice(0.125), "$0.125"},
		{unitPrice(0.25), "$0.25"},
		{unitPrice(1), "$1.00"},
		{gb(10 * GB), "10 GB"},
		{gb(12.5 * GB), "12.5 GB"},
		{gb(10*GB + 1024), "10 GB + 1 KB"},
		{gb(3 << 20), "3 MB"},
		{gb(7), "7 bytes"},
		{plural(1, "key"), "1 key"},
		{plural(1200, "key"), "1,200 keys"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
