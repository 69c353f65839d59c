package visualizer

import (
	"bytes"
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/partition"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The -update flag may be declared by another test file of the package
// too; whichever runs first declares it and the golden helpers look it up,
// so that the files never clash.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

func partitionsUpdating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// partitionsGolden compares got with testdata/name, or rewrites it with
// -update.
func partitionsGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if partitionsUpdating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(gl), len(wl)) {
		var g, w string
		if i < len(gl) {
			g = gl[i]
		}
		if i < len(wl) {
			w = wl[i]
		}
		if g != w {
			t.Fatalf("%s differs from the golden file at line %d:\n got: %s\nwant: %s\n(run go test -update to accept)", path, i+1, g, w)
		}
	}
}

// partitionsGoldenJSON compares a view model as indented JSON, its
// numbers rounded to six decimals: the last bits of a float sum may differ
// between platforms (Go may fuse multiply-adds on some), the figures a
// user reads do not.
func partitionsGoldenJSON(t *testing.T, name string, v any) {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(partitionsRound(tree), "", "  ")
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	partitionsGolden(t, name, append(b, '\n'))
}

// partitionsRound rounds every number of a decoded JSON tree to six
// decimals; integers stay as they are.
func partitionsRound(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = partitionsRound(e)
		}
	case []any:
		for i, e := range x {
			x[i] = partitionsRound(e)
		}
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return x
		}
		f, err := x.Float64()
		if err != nil {
			return x
		}
		r := math.Round(f*1e6) / 1e6
		if r == 0 {
			r = 0 // no negative zero
		}
		return json.Number(strconv.FormatFloat(r, 'f', -1, 64))
	}
	return v
}

// partitionsLoad loads a pattern's model with a small generated dataset
// into a fresh engine.
func partitionsLoad(t testing.TB, name string, size int) (*model.Model, *engine.Database) {
	t.Helper()
	p, ok := patterns.Get(name)
	if !ok {
		t.Fatalf("no pattern %s", name)
	}
	m := p.Model()
	m.Dataset.Generator.Size = size
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, patterns.Generator); err != nil {
		t.Fatal(err)
	}
	return m, db
}

// TestPartitionsViewGolden: the write-sharding pattern's Orders table, on
// demand (4 partitions), with its loaded orders placed by hash.
func TestPartitionsViewGolden(t *testing.T) {
	_, db := partitionsLoad(t, "write-sharding", 60)
	pv, err := db.Partitions("Orders", 3)
	if err != nil {
		t.Fatal(err)
	}
	m := PartitionsView(pv)
	if m.Count != 4 || m.Mode != "PAY_PER_REQUEST" || !m.Mapped {
		t.Fatalf("count %d, mode %s, mapped %v; want 4 on-demand partitions, mapped", m.Count, m.Mode, m.Mapped)
	}
	desc, err := db.DescribeTable(&engine.DescribeTableInput{TableName: partitionsPtr("Orders")})
	if err != nil {
		t.Fatal(err)
	}
	if int64(m.LoadedItems) != desc.Table.ItemCount || m.LoadedBytes != desc.Table.TableSizeBytes {
		t.Errorf("loaded %d items, %d B; the table has %d, %d", m.LoadedItems, m.LoadedBytes, desc.Table.ItemCount, desc.Table.TableSizeBytes)
	}
	var width float64
	for i, p := range m.Partitions {
		width += p.Width
		if i > 0 && p.Start <= m.Partitions[i-1].Start {
			t.Errorf("partition %d starts at %v, before its predecessor", i, p.Start)
		}
	}
	if width < 0.999999 || width > 1.000001 {
		t.Errorf("the ranges cover %v of the keyspace, want 1", width)
	}
	if len(m.Steps) != 1 || m.Steps[0].Kind != "create" || !strings.Contains(m.Steps[0].Text, "4 partitions") {
		t.Errorf("steps %+v", m.Steps)
	}
	partitionsGoldenJSON(t, "partitions/orders.json", m)
	partitionsGolden(t, "partitions/orders.svg", []byte(m.SVG()))
}

func partitionsPtr[T any](v T) *T { return &v }

// TestPartitionsWhatIfDoubles: the hot clicks table is provisioned at
// 3,000 RCU + 1,000 WCU: ceil(1 + 1) = 2 partitions. Raising its writes to
// 1,500 WCU needs ceil(1 + 1.5) = 3 > 2, so the partitions double to 4,
// and the loaded clicks are placed on the four.
func TestPartitionsWhatIfDoubles(t *testing.T) {
	_, db := partitionsLoad(t, "bulk-upload-hot-cold", 200)
	pv, err := db.Partitions("Clicks_2026_03", 2)
	if err != nil {
		t.Fatal(err)
	}
	now := PartitionsView(pv)
	if now.Count != 2 {
		t.Fatalf("%d partitions, want 2", now.Count)
	}
	in := PartitionsInputOf(pv)
	if in.Mode != partition.Provisioned || in.RCU != 3000 || in.WCU != 1000 {
		t.Fatalf("inputs %+v", in)
	}
	snap := db.Snapshot().Table("Clicks_2026_03")
	// The unchanged inputs give the same view as the engine's.
	same, err := PartitionsWhatIf(pv, snap, in)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(now)
	b, _ := json.Marshal(same)
	if !bytes.Equal(a, b) {
		t.Errorf("what-if with the current inputs differs from the view:\n%s\n%s", a, b)
	}

	in.WCU = 1500
	m, err := PartitionsWhatIf(pv, snap, in)
	if err != nil {
		t.Fatal(err)
	}
	if m.Count != 2*now.Count {
		t.Fatalf("%d partitions after raising, want %d", m.Count, 2*now.Count)
	}
	last := m.Steps[len(m.Steps)-1]
	if last.Kind != "raise" || last.From != 2 || last.To != 4 || !strings.Contains(last.Text, "double to 4") {
		t.Errorf("last step %+v", last)
	}
	if m.LoadedItems != now.LoadedItems || m.LoadedBytes != now.LoadedBytes || !m.Mapped {
		t.Errorf("loaded data %d items, %d B after the what-if; before %d, %d", m.LoadedItems, m.LoadedBytes, now.LoadedItems, now.LoadedBytes)
	}
	// The engine's view is not changed by a what-if.
	if pv.Layout.Len() != 2 {
		t.Errorf("the engine's layout now has %d partitions", pv.Layout.Len())
	}
	partitionsGoldenJSON(t, "partitions/whatif_raise.json", m)
	partitionsGolden(t, "partitions/whatif_raise.svg", []byte(m.SVG()))

	// Lowering it again never merges them.
	lower, err := PartitionsWhatIf(pv, snap, PartitionsInput{Mode: partition.Provisioned, RCU: 3000, WCU: 1500})
	if err != nil {
		t.Fatal(err)
	}
	if lower.Count != 4 {
		t.Fatalf("%d partitions", lower.Count)
	}
}

// TestPartitionsWhatIfRules walks the other rules: data past 10 GB per
// partition splits them, lowering throughput and shrinking data never
// merge, on demand starts from the previous throughput, invalid inputs are
// errors.
func TestPartitionsWhatIfRules(t *testing.T) {
	_, db := partitionsLoad(t, "bulk-upload-hot-cold", 100)
	pv, err := db.Partitions("Clicks_2026_03", 1)
	if err != nil {
		t.Fatal(err)
	}
	base := PartitionsInputOf(pv)
	cases := []struct {
		name  string
		in    func(PartitionsInput) PartitionsInput
		count int
		kind  string // of the last step
		note  bool
	}{
		{"25 GB splits both partitions", func(in PartitionsInput) PartitionsInput { in.SizeGB = 25; return in }, 4, "split", false},
		{"lower keeps 2", func(in PartitionsInput) PartitionsInput { in.RCU, in.WCU = 100, 100; return in }, 2, "lower", false},
		// On demand the table serves at least the new-table default, 12,000
		// RRU: 6,000 a partition is over one's 3,000, so they double.
		{"on demand doubles to 4", func(in PartitionsInput) PartitionsInput { in.Mode = partition.OnDemand; return in }, 4, "switch", false},
		{"on-demand peak doubles", func(in PartitionsInput) PartitionsInput {
			in.Mode, in.PeakWRU = partition.OnDemand, 5000
			return in
		}, 16, "peak", false},
		{"shrinking data is a note", func(in PartitionsInput) PartitionsInput { in.SizeGB = 0; return in }, 2, "create", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := PartitionsWhatIf(pv, nil, c.in(base))
			if err != nil {
				t.Fatal(err)
			}
			if m.Count != c.count || m.Steps[len(m.Steps)-1].Kind != c.kind || (len(m.Notes) > 0) != c.note {
				t.Errorf("count %d, last step %s, notes %q; want %d, %s, note %v", m.Count, m.Steps[len(m.Steps)-1].Kind, m.Notes,
					c.count, c.kind, c.note)
			}
			if m.Mapped {
				t.Error("mapped without a snapshot")
			}
			for _, st := range m.Steps {
				if len(st.Lines) == 0 {
					t.Errorf("step %s has no lines", st.Kind)
				}
			}
			if !strings.HasPrefix(m.SVG(), "<svg") {
				t.Error("no SVG")
			}
		})
	}
	for _, bad := range []PartitionsInput{
		{Mode: partition.Provisioned, RCU: -1, WCU: 1},
		{Mode: partition.Provisioned},
		{Mode: partition.Mode(7), RCU: 1},
		{Mode: partition.Provisioned, RCU: 1, WCU: 1e12},
		{Mode: partition.Provisioned, RCU: 3000, WCU: 1000, SizeGB: 1e12},
	} {
		if _, err := PartitionsWhatIf(pv, nil, bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if _, err := PartitionsWhatIf(nil, nil, base); err == nil {
		t.Error("nil view: no error")
	}
}

// TestPartitionsManyPartitions draws a table at the model's limit without
// a rectangle per partition, and nil views without panicking.
func TestPartitionsManyPartitions(t *testing.T) {
	l, err := partition.New(partition.Spec{Mode: partition.Provisioned, RCU: 3000, WCU: 40000})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.SetThroughput(3000, 40000*64); err != nil {
		t.Fatal(err)
	}
	m := PartitionsView(&engine.PartitionView{Layout: l})
	svg := m.SVG()
	if n := strings.Count(svg, "<rect"); n > partitionsMaxRects {
		t.Errorf("%d rectangles for %d partitions", n, m.Count)
	}
	if m.Count < 2048 {
		t.Errorf("%d partitions", m.Count)
	}
	for _, v := range []*PartitionsModel{PartitionsView(nil), PartitionsView(&engine.PartitionView{}), nil} {
		if !strings.Contains(v.SVG(), "</svg>") {
			t.Error("empty view: no SVG")
		}
	}
	if _, err := json.Marshal(PartitionsView(nil)); err != nil {
		t.Error(err)
	}
}

// TestPartitionsFormat pins the text helpers the four views share.
func TestPartitionsFormat(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{partitionsNum(1250), "1,250"}, {partitionsNum(18.181), "18.18"}, {partitionsNum(-0.001), "0"},
		{partitionsNum(-1234567.5), "-1,234,567.5"}, {partitionsNum(0.5), "0.5"},
		{partitionsBytes(812), "812 B"}, {partitionsBytes(1536), "1.5 KB"}, {partitionsBytes(10 << 30), "10 GB"},
		{partitionsHex(0x4000000000000000), "0x4000000000000000"}, {partitionsShortHex(0xffffffffffffffff), "0xffff"},
		{partitionsDuration(0), "0s"}, {partitionsDuration(5400), "1h30m"}, {partitionsDuration(86400), "1d"},
		{partitionsClip("abcdef", 4), "abc…"}, {costDollars(16425), "$16,425.00"}, {costDollars(0.0033), "$0.0033"},
		{costDollars(0), "$0.00"}, {costDollars(1234.567), "$1,234.57"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if got := partitionsWrap("aa bb cc dd", 5); strings.Join(got, "|") != "aa bb|cc dd" {
		t.Errorf("wrap: %q", got)
	}
	if v := partitionsParseHex(partitionsHex(0xdeadbeef01234567)); v != 0xdeadbeef01234567 {
		t.Errorf("parse hex: %x", v)
	}
}
