package appcode

import (
	"strconv"
	"strings"
	"unicode"
)

// words splits s into words at non-alphanumeric runs and at lower-to-upper
// case changes ("User's messages" -> User, s, messages; "userId" -> user, Id).
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, string(cur))
			cur = cur[:0]
		}
	}
	rs := []rune(fold(s))
	for i, r := range rs {
		switch {
		case r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if len(cur) > 0 && unicode.IsUpper(r) {
				prev := cur[len(cur)-1]
				nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
				if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
					flush()
				}
			}
			if r == '\'' {
				continue
			}
			cur = append(cur, r)
		case r == '\'':
			// "User's" is one word.
		default:
			flush()
		}
	}
	flush()
	return out
}

// latin maps the accented Latin-1 letters to their base letter, so that
// "Ünïcode" names uniCode rather than losing letters.
var latin = strings.NewReplacer(
	"À", "A", "Á", "A", "Â", "A", "Ã", "A", "Ä", "A", "Å", "A", "Ç", "C", "È", "E", "É", "E", "Ê", "E", "Ë", "E",
	"Ì", "I", "Í", "I", "Î", "I", "Ï", "I", "Ñ", "N", "Ò", "O", "Ó", "O", "Ô", "O", "Õ", "O", "Ö", "O", "Ù", "U",
	"Ú", "U", "Û", "U", "Ü", "U", "Ý", "Y", "à", "a", "á", "a", "â", "a", "ã", "a", "ä", "a", "å", "a", "ç", "c",
	"è", "e", "é", "e", "ê", "e", "ë", "e", "ì", "i", "í", "i", "î", "i", "ï", "i", "ñ", "n", "ò", "o", "ó", "o",
	"ô", "o", "õ", "o", "ö", "o", "ù", "u", "ú", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y", "ß", "ss",
)

// fold replaces accented letters by their base letter; other non-ASCII
// characters separate words.
func fold(s string) string { return latin.Replace(s) }

func capitalize(w string) string {
	if w == "" || w == strings.ToUpper(w) {
		return w // empty, or an initialism ("PK", "TTL") kept as written
	}
	return strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
}

// pascal is "UsersMessages"; an empty or digit-led result gets prefix.
func pascal(s, prefix string) string {
	var b strings.Builder
	for _, w := range words(s) {
		b.WriteString(capitalize(w))
	}
	return fixLead(b.String(), prefix)
}

// camel is "usersMessages".
func camel(s, prefix string) string {
	var b strings.Builder
	for i, w := range words(s) {
		if i == 0 {
			b.WriteString(strings.ToLower(w))
		} else {
			b.WriteString(capitalize(w))
		}
	}
	return fixLead(b.String(), strings.ToLower(prefix))
}

// snake is "users_messages".
func snake(s, prefix string) string {
	ws := words(s)
	for i := range ws {
		ws[i] = strings.ToLower(ws[i])
	}
	return fixLead(strings.Join(ws, "_"), strings.ToLower(prefix))
}

func fixLead(s, prefix string) string {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return prefix + s
	}
	return s
}

// namer hands out unique identifiers: a taken or reserved name gets a
// number appended.
type namer struct {
	taken map[string]bool
}

func newNamer(reserved ...[]string) *namer {
	n := &namer{taken: map[string]bool{}}
	for _, list := range reserved {
		for _, w := range list {
			n.taken[w] = true
		}
	}
	return n
}

func (n *namer) name(s string) string {
	out := s
	for i := 2; n.taken[out]; i++ {
		out = s + strconv.Itoa(i)
	}
	n.taken[out] = true
	return out
}

// isIdent reports whether s is an ASCII identifier (letters, digits, '_',
// not digit-led): a name that TypeScript and Python take unquoted.
func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case r >= '0' && r <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// quote writes s as a double-quoted string literal that TypeScript,
// Python and Go all read the same way (JSON escapes, non-ASCII as \u).
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f || r == 0x2028 || r == 0x2029:
			b.WriteString(`\u`)
			b.WriteString(hex4(int(r)))
		default:
			// Other characters as they are: the three languages read UTF-8
			// source.
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func hex4(v int) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>12&15], digits[v>>8&15], digits[v>>4&15], digits[v&15]})
}

// comment makes s safe for a one-line comment in any of the languages.
func comment(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r < 0x20 {
			return ' '
		}
		return r
	}, s)
	return strings.ReplaceAll(s, "*/", "* /")
}
