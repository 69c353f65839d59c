package formats

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// words splits s into runs of ASCII letters and digits, also breaking a run
// where a lower-case letter or digit meets an upper-case one
// ("ShoppingCart" is "Shopping", "Cart"). Everything else separates.
func words(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		alnum := i < len(s) && isAlnum(s[i])
		if alnum && start >= 0 && isUpper(s[i]) && (isLower(s[i-1]) || isDigit(s[i-1])) {
			out = append(out, s[start:i])
			start = i
		}
		switch {
		case alnum && start < 0:
			start = i
		case !alnum && start >= 0:
			out = append(out, s[start:i])
			start = -1
		}
	}
	return out
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlnum(c byte) bool { return isUpper(c) || isLower(c) || isDigit(c) }

// pascal joins the words of s with their first letters upper-cased:
// "student-data" is "StudentData", "Clicks_2026_03" is "Clicks202603".
func pascal(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		b.WriteString(strings.ToUpper(w[:1]))
		b.WriteString(w[1:])
	}
	return b.String()
}

// kebab joins the lower-cased words of s with '-': "Shopping cart" and
// "ShoppingCart" are both "shopping-cart".
func kebab(s string) string {
	ws := words(s)
	for i, w := range ws {
		ws[i] = strings.ToLower(w)
	}
	return strings.Join(ws, "-")
}

// identifier makes a name that starts with a letter from s, with prefix
// before it when s is empty or starts with a digit.
func identifier(s, prefix string) string {
	if s == "" || isDigit(s[0]) {
		return prefix + s
	}
	return s
}

// names hands out unique names: the second request for "Orders" gets
// "Orders2", and so on.
type names map[string]bool

func (n names) unique(base string) string {
	name := base
	for i := 2; n[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	n[name] = true
	return name
}

// truncate cuts s to at most n bytes without splitting a UTF-8 sequence,
// marking the cut with "...".
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 3
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "..."
}
