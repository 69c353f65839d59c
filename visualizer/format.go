package visualizer

import (
	"encoding/base64"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// FormatValue prints v in the workbench's compact one-line notation:
//
//	S  text as is          N  canonical digits    B  base64
//	BOOL true/false        NULL null
//	SS {"a", "b"}          NS {1, 2}              BS {AQI=, Aw==}
//	L  ["a", 1, true]      M  {k: "v", n: 1}      (map keys sorted)
//
// Strings are quoted only inside sets, lists and maps, where quotes are
// needed to tell "1" from 1 and to see where an element ends. A nil value
// prints as "".
func FormatValue(v attr.Value) string {
	if s, ok := v.(attr.String); ok {
		return string(s)
	}
	var b strings.Builder
	formatWrite(&b, v, false, -1)
	return b.String()
}

// formatTruncate prints v like FormatValue in at most limit runes, ending
// with "…" when cut. It stops formatting once the budget is spent, so a
// 400 KB list costs no more than a short one.
func formatTruncate(v attr.Value, limit int) string {
	limit = max(limit, 1)
	budget := 4*limit + 4 // a rune is at most 4 bytes
	var b strings.Builder
	if s, ok := v.(attr.String); ok {
		b.WriteString(string(s[:min(len(s), budget)]))
	} else {
		formatWrite(&b, v, false, budget)
	}
	s := b.String()
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	n := 0
	for i := range s {
		if n == limit-1 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// formatWrite writes v to b; nested says whether strings need quotes.
// budget < 0 is unlimited; otherwise writing stops past budget bytes.
func formatWrite(b *strings.Builder, v attr.Value, nested bool, budget int) {
	if budget >= 0 && b.Len() > budget {
		return
	}
	switch x := v.(type) {
	case nil:
		if nested {
			b.WriteString("null")
		}
	case attr.String:
		if nested {
			b.WriteString(strconv.Quote(string(x)))
		} else {
			b.WriteString(string(x))
		}
	case attr.Number:
		b.WriteString(x.String())
	case attr.Binary:
		b.WriteString(base64.StdEncoding.EncodeToString(x))
	case attr.Bool:
		b.WriteString(strconv.FormatBool(bool(x)))
	case attr.Null:
		b.WriteString("null")
	case attr.StringSet:
		formatList(b, '{', '}', len(x), budget, func(i int) { b.WriteString(strconv.Quote(x[i])) })
	case attr.NumberSet:
		formatList(b, '{', '}', len(x), budget, func(i int) { b.WriteString(x[i].String()) })
	case attr.BinarySet:
		formatList(b, '{', '}', len(x), budget, func(i int) { b.WriteString(base64.StdEncoding.EncodeToString(x[i])) })
	case attr.List:
		formatList(b, '[', ']', len(x), budget, func(i int) { formatWrite(b, x[i], true, budget) })
	case attr.Map:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		formatList(b, '{', '}', len(keys), budget, func(i int) {
			b.WriteString(keys[i])
			b.WriteString(": ")
			formatWrite(b, x[keys[i]], true, budget)
		})
	}
}

func formatList(b *strings.Builder, open, close byte, n, budget int, elem func(int)) {
	b.WriteByte(open)
	for i := 0; i < n; i++ {
		if budget >= 0 && b.Len() > budget {
			return
		}
		if i > 0 {
			b.WriteString(", ")
		}
		elem(i)
	}
	b.WriteByte(close)
}

// formatKeyText is a key value as the console shows it: a string as is, a
// number's canonical digits, binary in base64.
func formatKeyText(v attr.Value) string {
	switch x := v.(type) {
	case attr.String:
		return string(x)
	case attr.Number:
		return x.String()
	case attr.Binary:
		return base64.StdEncoding.EncodeToString(x)
	}
	return FormatValue(v)
}

// formatTypeName is the wire descriptor of v's type, "" for nil.
func formatTypeName(v attr.Value) string {
	if v == nil {
		return ""
	}
	return v.Type().String()
}

// FormatBytes prints a byte count with binary units, as the console does:
// "512 B", "1.2 KB", "15 KB", "3.4 MB". One decimal below 100 units.
func FormatBytes(n int) string {
	if n < 0 {
		return "-" + FormatBytes(-n)
	}
	if n < 1024 {
		return strconv.Itoa(n) + " B"
	}
	units := []string{"KB", "MB", "GB", "TB", "PB"}
	v := float64(n) / 1024
	u := 0
	for u < len(units)-1 && v >= 1023.95 {
		v /= 1024
		u++
	}
	var t string
	if v < 99.95 {
		t = strconv.FormatFloat(v, 'f', 1, 64)
		t = strings.TrimSuffix(t, ".0")
	} else {
		t = strconv.FormatFloat(v, 'f', 0, 64)
	}
	return t + " " + units[u]
}

// FormatDuration prints a duration in at most two units, rounded down:
// "0s", "45s", "3m", "3m 20s", "2h 5m", "3d 4h", "5y 12d" (a year is 365
// days). Negative durations print their magnitude.
func FormatDuration(d time.Duration) string {
	if d < 0 {
		if d == -1<<63 {
			d++
		}
		d = -d
	}
	const day = 24 * time.Hour
	const year = 365 * day
	steps := []struct {
		unit time.Duration
		name string
	}{{year, "y"}, {day, "d"}, {time.Hour, "h"}, {time.Minute, "m"}, {time.Second, "s"}}
	for i, s := range steps {
		if d < s.unit && i < len(steps)-1 {
			continue
		}
		out := strconv.FormatInt(int64(d/s.unit), 10) + s.name
		if i+1 < len(steps) {
			next := steps[i+1]
			if r := (d % s.unit) / next.unit; r > 0 {
				out += " " + strconv.FormatInt(int64(r), 10) + next.name
			}
		}
		return out
	}
	return "0s"
}

// Ago prints how long ago something happened d before now: "3m ago";
// under a second is "just now", and a negative d is in the future
// ("in 3m").
func Ago(d time.Duration) string {
	switch {
	case d < 0 && d > -time.Second, d >= 0 && d < time.Second:
		return "just now"
	case d < 0:
		return "in " + FormatDuration(d)
	}
	return FormatDuration(d) + " ago"
}

// Relative prints t as seen from now: "in 3m", "2h ago" or "just now".
func Relative(t, now time.Time) string { return Ago(now.Sub(t)) }

// ExpiresIn prints when an item with TTL expiry at expires as seen from
// now: "in 3m" before, "expired 2h ago" after (an item expires when the
// clock reaches its TTL: at <= now is expired).
func ExpiresIn(at, now time.Time) string {
	if at.After(now) {
		return "in " + FormatDuration(at.Sub(now))
	}
	return "expired " + Ago(now.Sub(at))
}

// EntityClass is the CSS class that colours an entity: "wb-ent-0" to
// "wb-ent-7", from a hash of its name so each entity keeps its colour in
// every view and across sessions. An empty name (no entity) has none: "".
func EntityClass(name string) string {
	if name == "" {
		return ""
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return "wb-ent-" + strconv.Itoa(int(h.Sum32()%8))
}
