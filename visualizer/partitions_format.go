package visualizer

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// Text helpers shared by the partitions, heat-map, fan-out and cost views.
// They live here, prefixed, so that the views do not depend on files other
// authors are changing.

// partitionsNum formats x with thousands separators and at most two
// decimals, trailing zeros dropped (1,250; 18.18; 0.5). NaN and infinities
// print as "-" so that a view never shows Go's "NaN".
func partitionsNum(x float64) string { return partitionsDecimals(x, 2) }

// partitionsDecimals is partitionsNum with a chosen number of decimals.
func partitionsDecimals(x float64, decimals int) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	neg := x < 0
	s := strconv.FormatFloat(math.Abs(x), 'f', decimals, 64)
	whole, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	var b strings.Builder
	if neg && (strings.Trim(whole, "0") != "" || frac != "") {
		b.WriteByte('-')
	}
	lead := len(whole) % 3
	if lead == 0 {
		lead = 3
	}
	b.WriteString(whole[:lead])
	for i := lead; i < len(whole); i += 3 {
		b.WriteByte(',')
		b.WriteString(whole[i : i+3])
	}
	if frac != "" {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// partitionsInt formats an integer with thousands separators.
func partitionsInt(n int64) string { return partitionsDecimals(float64(n), 0) }

// partitionsBytes formats a byte count in binary units (the 10 GB of a
// partition is 10 × 2^30 bytes): 812 B, 1.5 KB, 3.2 MB, 10 GB.
func partitionsBytes(n int64) string {
	units := []string{"B", "KB", "MB", "GB", "TB", "PB"}
	x := float64(n)
	i := 0
	for math.Abs(x) >= 1024 && i < len(units)-1 {
		x /= 1024
		i++
	}
	if i == 0 {
		return partitionsInt(n) + " B"
	}
	return partitionsDecimals(x, 2) + " " + units[i]
}

// partitionsHex is a 64-bit hash as 16 hex digits with a 0x prefix.
func partitionsHex(h uint64) string {
	s := strconv.FormatUint(h, 16)
	return "0x" + strings.Repeat("0", 16-len(s)) + s
}

// partitionsShortHex is the top 16 bits of a hash, enough to tell ranges
// apart in a label: 0x4000.
func partitionsShortHex(h uint64) string {
	s := strconv.FormatUint(h>>48, 16)
	return "0x" + strings.Repeat("0", 4-len(s)) + s
}

// partitionsPercent formats a fraction as a percentage with up to two
// decimals: 0.0345 → "3.45%".
func partitionsPercent(f float64) string { return partitionsNum(100*f) + "%" }

// partitionsFinite replaces NaN and infinities, which encoding/json
// refuses, by 0.
func partitionsFinite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// partitionsDuration formats a number of seconds compactly for time axes:
// 45s, 15m, 1h30m, 1d.
func partitionsDuration(sec int) string {
	if sec <= 0 {
		return "0s"
	}
	d := time.Duration(sec) * time.Second
	var b strings.Builder
	if days := sec / 86400; days > 0 {
		b.WriteString(strconv.Itoa(days) + "d")
		d -= time.Duration(days) * 24 * time.Hour
	}
	if h := int(d / time.Hour); h > 0 {
		b.WriteString(strconv.Itoa(h) + "h")
		d -= time.Duration(h) * time.Hour
	}
	if m := int(d / time.Minute); m > 0 {
		b.WriteString(strconv.Itoa(m) + "m")
		d -= time.Duration(m) * time.Minute
	}
	if s := int(d / time.Second); s > 0 {
		b.WriteString(strconv.Itoa(s) + "s")
	}
	return b.String()
}

// partitionsWrap cuts text into lines of at most width runes at spaces (a
// word longer than width gets a line of its own), so that long arithmetic
// fits an SVG, which does not wrap text.
func partitionsWrap(text string, width int) []string {
	if width < 1 {
		width = 1
	}
	var lines []string
	var cur strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		wl := len([]rune(w))
		if n > 0 && n+1+wl > width {
			lines = append(lines, cur.String())
			cur.Reset()
			n = 0
		}
		if n > 0 {
			cur.WriteByte(' ')
			n++
		}
		cur.WriteString(w)
		n += wl
	}
	if n > 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// partitionsClip shortens s to at most n runes, ending with "…" when cut.
func partitionsClip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n || n < 1 {
		return s
	}
	return string(r[:n-1]) + "…"
}
