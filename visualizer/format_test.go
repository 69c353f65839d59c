package visualizer

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// formatUpdating reports whether -update was given: golden files are then
// rewritten instead of compared. The flag is registered in ttl_test.go.
func formatUpdating() bool {
	f := flag.Lookup("update")
	if f == nil {
		return false
	}
	on, _ := strconv.ParseBool(f.Value.String())
	return on
}

// formatGoldenText compares got with testdata/name, or rewrites it.
func formatGoldenText(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", filepath.FromSlash(name))
	if formatUpdating() {
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
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update to accept):\n%s", path, formatFirstDiff(want, got))
	}
}

// formatGoldenJSON compares the indented JSON of v with testdata/name.
func formatGoldenJSON(t *testing.T, name string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	formatGoldenText(t, name, append(b, '\n'))
}

// formatFirstDiff shows the first differing line of two texts.
func formatFirstDiff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + strconv.Itoa(i+1) + ":\nwant " + a + "\n got " + b
		}
	}
	return "(same lines)"
}

func TestFormatValue(t *testing.T) {
	cases := []struct {
		v    attr.Value
		want string
	}{
		{nil, ""},
		{attr.String("plain text"), "plain text"},
		{attr.String(""), ""},
		{attr.MustNumber("1.50"), "1.5"},
		{attr.MustNumber("-1e3"), "-1000"},
		{attr.Binary([]byte{1, 2}), "AQI="},
		{attr.Bool(true), "true"},
		{attr.Null{}, "null"},
		{attr.StringSet{"a", "b c"}, `{"a", "b c"}`},
		{attr.NumberSet{attr.MustNumber("1"), attr.MustNumber("2.5")}, "{1, 2.5}"},
		{attr.BinarySet{{1, 2}, {3}}, "{AQI=, Aw==}"},
		{attr.List{attr.String("x"), attr.MustNumber("1"), attr.Bool(false), attr.Null{}, nil, attr.List{}}, `["x", 1, false, null, null, []]`},
		{attr.Map{"b": attr.String("say \"hi\""), "a": attr.Map{"n": attr.MustNumber("0")}}, `{a: {n: 0}, b: "say \"hi\""}`},
		{attr.Map{}, "{}"},
	}
	for _, c := range cases {
		if got := FormatValue(c.v); got != c.want {
			t.Errorf("FormatValue(%#v) = %q, want %q", c.v, got, c.want)
		}
	}
}

func TestFormatTruncate(t *testing.T) {
	long := make(attr.List, 100000)
	for i := range long {
		long[i] = attr.String("element")
	}
	cases := []struct {
		v     attr.Value
		limit int
		want  string
	}{
		{attr.String("short"), 60, "short"},
		{attr.String(strings.Repeat("é", 60)), 60, strings.Repeat("é", 60)},
		{attr.String(strings.Repeat("é", 61)), 60, strings.Repeat("é", 59) + "…"},
		{attr.String("abcdef"), 3, "ab…"},
		{attr.String("abc"), 0, "…"},
		{long, 20, `["element", "elemen…`},
		{attr.Map{"k": long}, 12, `{k: ["eleme…`},
	}
	for _, c := range cases {
		if got := formatTruncate(c.v, c.limit); got != c.want {
			t.Errorf("formatTruncate(%.20s…, %d) = %q, want %q", FormatValue(c.v), c.limit, got, c.want)
		}
	}
}

func TestFormatBytes(t *testing.T) {
	cases := map[int]string{
		0: "0 B", 1: "1 B", 1023: "1023 B", 1024: "1 KB", 1229: "1.2 KB", 1536: "1.5 KB",
		10 * 1024: "10 KB", 15667: "15.3 KB", 102400: "100 KB", 400 * 1024: "400 KB",
		1<<20 - 1: "1 MB", 1 << 20: "1 MB", 3565158: "3.4 MB", 10 << 30: "10 GB", 1 << 50: "1 PB", 1 << 60: "1024 PB",
		-2048: "-2 KB",
	}
	for n, want := range cases {
		if got := FormatBytes(n); got != want {
			t.Errorf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestFormatDurations(t *testing.T) {
	const day = 24 * time.Hour
	durations := map[time.Duration]string{
		0: "0s", 500 * time.Millisecond: "0s", 45 * time.Second: "45s", 3 * time.Minute: "3m",
		3*time.Minute + 20*time.Second: "3m 20s", 2*time.Hour + 5*time.Minute + 9*time.Second: "2h 5m",
		3*day + 4*time.Hour: "3d 4h", 5*365*day + 12*day: "5y 12d", -90 * time.Second: "1m 30s",
		-1 << 63: "292y 171d",
	}
	for d, want := range durations {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
	ago := map[time.Duration]string{
		0: "just now", 999 * time.Millisecond: "just now", -999 * time.Millisecond: "just now",
		2 * time.Hour: "2h ago", -3 * time.Minute: "in 3m",
	}
	for d, want := range ago {
		if got := Ago(d); got != want {
			t.Errorf("Ago(%v) = %q, want %q", d, got, want)
		}
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rel := []struct {
		at              time.Time
		relative, after string
	}{
		{now.Add(3 * time.Minute), "in 3m", "in 3m"},
		{now.Add(-2 * time.Hour), "2h ago", "expired 2h ago"},
		{now, "just now", "expired just now"},
		{now.Add(time.Nanosecond), "just now", "in 0s"},
	}
	for _, c := range rel {
		if got := Relative(c.at, now); got != c.relative {
			t.Errorf("Relative(%v) = %q, want %q", c.at, got, c.relative)
		}
		if got := ExpiresIn(c.at, now); got != c.after {
			t.Errorf("ExpiresIn(%v) = %q, want %q", c.at, got, c.after)
		}
	}
}

func TestEntityClass(t *testing.T) {
	if EntityClass("") != "" {
		t.Fatal("an empty entity has a class")
	}
	seen := map[string]bool{}
	for i := 0; i < 200; i++ {
		name := "Entity" + strconv.Itoa(i)
		c := EntityClass(name)
		if c != EntityClass(name) || !strings.HasPrefix(c, "wb-ent-") || len(c) != 8 || c[7] < '0' || c[7] > '7' {
			t.Fatalf("EntityClass(%q) = %q", name, c)
		}
		seen[c] = true
	}
	if len(seen) != 8 {
		t.Fatalf("200 names use %d of the 8 classes", len(seen))
	}
	// Fixed values: a change would recolour every saved screenshot and
	// test of the UI.
	for name, want := range map[string]string{"Customer": "wb-ent-1", "Order": "wb-ent-7", "OrderItem": "wb-ent-0"} {
		if got := EntityClass(name); got != want {
			t.Errorf("EntityClass(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestFormatGoldenValues(t *testing.T) {
	// The display text of every type, as one golden table for review.
	var b strings.Builder
	for _, it := range collectionsShopItems() {
		for _, name := range []string{"tags", "scores", "avatar", "prefs", "history", "active", "nothing", "total"} {
			if v, ok := it[name]; ok {
				b.WriteString(name + "\t" + formatTypeName(v) + "\t" + FormatValue(v) + "\t" + formatTruncate(v, 24) + "\n")
			}
		}
	}
	formatGoldenText(t, "format/values.txt", []byte(b.String()))
}

// FuzzFormatValue feeds any DynamoDB JSON value to the formatters and to
// ItemKey: none may panic, and a cut text stays within its limit.
func FuzzFormatValue(f *testing.F) {
	for _, seed := range []string{
		`{"S":"x"}`, `{"N":"-1.5e10"}`, `{"B":"AQI="}`, `{"BOOL":true}`, `{"NULL":true}`,
		`{"SS":["a","b"]}`, `{"NS":["1","2"]}`, `{"BS":["AQ=="]}`,
		`{"L":[{"S":"x"},{"M":{"k":{"L":[]}}}]}`, `{"M":{"a":{"S":"\u0000é"}}}`,
	} {
		f.Add([]byte(seed), 5)
	}
	f.Fuzz(func(t *testing.T, data []byte, limit int) {
		v, err := attr.UnmarshalValue(data)
		if err != nil {
			return
		}
		_ = FormatValue(v)
		if cut := formatTruncate(v, limit%200); utf8.RuneCountInString(cut) > max(limit%200, 1) {
			t.Fatalf("formatTruncate(%s, %d) = %q is too long", data, limit%200, cut)
		}
		_ = formatKeyText(v)
		k := ItemKey(attr.Item{"k": v}, "k", "k")
		if _, ok := marksRawKey(k); !ok {
			t.Fatalf("ItemKey %q does not decode", k)
		}
	})
}
