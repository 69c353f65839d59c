package app

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The -update flag may be declared by another test file of the package
// too; whichever init runs first declares it.
func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

// analysisGolden compares got with testdata/analysis/name, or rewrites it
// with -update.
func analysisGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "analysis", name)
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
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
		t.Fatalf("%v (run go test -run %s ./app/ -update to create it)", err, t.Name())
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
			t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(run with -update to accept)", path, i+1, g, w)
		}
	}
}

// analysisStore opens a pattern and loads n items of its dataset.
func analysisStore(t *testing.T, pattern string, n int) *Store {
	t.Helper()
	s := NewStore()
	if err := s.OpenPattern(pattern); err != nil {
		t.Fatal(err)
	}
	if n > 0 {
		if err := s.LoadDataset(n, 0, nil); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// analysisAttr returns the value of attribute name in the opening tag of the
// element with id, and whether it is there. go-app writes an attribute
// whose value is "true" bare, as HTML's boolean attributes are (the
// browser still gets "true").
func analysisAttr(doc, id, name string) (string, bool) {
	tag := tagOf(doc, id)
	if strings.Contains(tag, " "+name+" ") || strings.Contains(tag, " "+name+">") {
		return "true", true
	}
	key := " " + name + `="`
	i := strings.Index(tag, key)
	if i < 0 {
		return "", false
	}
	rest := tag[i+len(key):]
	end := strings.IndexByte(rest, '"')
	if end < 0 {
		return "", false
	}
	return rest[:end], true
}

// analysisSelected reports whether the option with value is selected (go-app
// writes attributes in no fixed order).
func analysisSelected(doc, value string) bool {
	for _, tag := range strings.Split(doc, "<option")[1:] {
		tag, _, _ = strings.Cut(tag, ">")
		if strings.Contains(tag, ` value="`+value+`"`) {
			return strings.Contains(tag+" ", " selected ")
		}
	}
	return false
}

func TestFmtNum(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "0"}, {0.5, "0.5"}, {1, "1"}, {999, "999"}, {1000, "1,000"}, {20000, "20,000"},
		{1234567.891, "1,234,567.89"}, {-1500.5, "-1,500.5"}, {0.004, "0"}, {-0.001, "0"}, {12.10, "12.1"},
	}
	for _, c := range cases {
		if got := fmtNum(c.in); got != c.want {
			t.Errorf("fmtNum(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFmtDollars(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{0, "$0.00"}, {1, "$1.00"}, {1.5, "$1.50"}, {16425, "$16,425.00"}, {1234.567, "$1,234.57"},
		{0.0033, "$0.0033"}, {0.00012345, "$0.00012"}, {-2.5, "-$2.50"}, {0.01, "$0.01"},
	}
	for _, c := range cases {
		if got := fmtDollars(c.in); got != c.want {
			t.Errorf("fmtDollars(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFmtGB(t *testing.T) {
	for x, want := range map[float64]string{0: "0 GB", 0.000015123: "0.000015 GB", 0.5: "0.5 GB", 1234.5: "1,234.5 GB"} {
		if got := fmtGB(x); got != want {
			t.Errorf("fmtGB(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestFmtSecondsAndClock(t *testing.T) {
	for sec, want := range map[int]string{45: "45 s", 600: "10 min", 3600: "1 h", 21600: "6 h", 86400: "1 day", 172800: "2 days", 90: "90 s"} {
		if got := fmtSeconds(sec); got != want {
			t.Errorf("fmtSeconds(%d) = %q, want %q", sec, got, want)
		}
	}
	for sec, want := range map[int]string{0: "0:00:00", 61: "0:01:01", 86400: "24:00:00", 45296: "12:34:56"} {
		if got := fmtClock(sec); got != want {
			t.Errorf("fmtClock(%d) = %q, want %q", sec, got, want)
		}
	}
}

func TestParseAmount(t *testing.T) {
	for in, want := range map[string]float64{"": 0, " 12 ": 12, "1,000": 1000, "0.25": 0.25} {
		if got, ok := parseAmount(in); !ok || got != want {
			t.Errorf("parseAmount(%q) = %v, %v", in, got, ok)
		}
	}
	for _, in := range []string{"-1", "abc", "NaN", "Inf", "1e400"} {
		if _, ok := parseAmount(in); ok {
			t.Errorf("parseAmount(%q) accepted", in)
		}
	}
}

func TestMemoryFollowsTheStore(t *testing.T) {
	a, b := NewStore(), NewStore()
	ma := memoryOf(a)
	if memoryOf(a) != ma {
		t.Error("the same store got another memory")
	}
	if memoryOf(b) == ma {
		t.Error("another store got the first store's memory")
	}
}
