package partition

import (
	"math"
	"strconv"
	"strings"
)

// num formats x for the arithmetic texts: thousands separators and at most
// two decimals, trailing zeros dropped (1,250; 18.18; 0.5).
func num(x float64) string { return group(x, 2) }

// ratio formats an intermediate quotient with four decimals, as the guide
// writes them (0.8333, 3.6667); whole numbers print without decimals.
func ratio(x float64) string { return group(x, 4) }

// money formats dollars with two decimals and thousands separators.
func money(x float64) string {
	// Cents round half away from zero, as bills do.
	s := strconv.FormatFloat(math.Round(math.Abs(x)*100)/100, 'f', 2, 64)
	whole, frac, _ := strings.Cut(s, ".")
	out := "$" + commas(whole) + "." + frac
	if x < 0 {
		out = "-" + out
	}
	return out
}

// unitPrice formats a unit price with as many decimals as it has (up to eight):
// $0.00065, $0.125.
func unitPrice(x float64) string {
	s := strconv.FormatFloat(x, 'f', 8, 64)
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "00"
	} else if i := strings.IndexByte(s, '.'); i >= 0 && len(s)-i-1 < 2 {
		s += "0"
	}
	whole, frac, _ := strings.Cut(s, ".")
	return "$" + commas(whole) + "." + frac
}

func group(x float64, decimals int) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	neg := x < 0
	s := strconv.FormatFloat(math.Abs(x), 'f', decimals, 64)
	whole, frac, _ := strings.Cut(s, ".")
	frac = strings.TrimRight(frac, "0")
	out := commas(whole)
	if frac != "" {
		out += "." + frac
	}
	if neg && out != "0" {
		out = "-" + out
	}
	return out
}

func commas(whole string) string {
	if len(whole) <= 3 {
		return whole
	}
	var b strings.Builder
	lead := len(whole) % 3
	if lead > 0 {
		b.WriteString(whole[:lead])
	}
	for i := lead; i < len(whole); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(whole[i : i+3])
	}
	return b.String()
}

// plural returns "1 partition" or "n partitions".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return commas(strconv.Itoa(n)) + " " + word + "s"
}

// gb formats a byte count in GB (2^30 bytes): with up to two decimals when
// that is exact (12.5 GB), else as whole GB plus the rest in MB, KB or bytes
// (10 GB + 1 KB), so that a partition just over 10 GB does not read as 10 GB.
func gb(bytes float64) string {
	b := int64(bytes)
	if float64(b) != bytes || b < 0 || (b*100)%GB == 0 {
		return num(bytes/GB) + " GB"
	}
	whole, rest := b/GB, b%GB
	var tail string
	switch {
	case rest%(1<<20) == 0:
		tail = num(float64(rest)/(1<<20)) + " MB"
	case rest%(1<<10) == 0:
		tail = num(float64(rest)/(1<<10)) + " KB"
	default:
		tail = num(float64(rest)) + " bytes"
	}
	if whole == 0 {
		return tail
	}
	return num(float64(whole)) + " GB + " + tail
}

// paren wraps a sum such as "10 GB + 1 KB" in parentheses.
func paren(s string) string {
	if strings.Contains(s, " + ") {
		return "(" + s + ")"
	}
	return s
}
