package jsliteral

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of one Read.
const (
	// MaxBytes bounds the module's text.
	MaxBytes = 1 << 20
	// MaxTokens bounds the tokens of the module.
	MaxTokens = 200_000
	// MaxDepth bounds the nesting of brackets, braces and template
	// interpolations, in the text and in the values.
	MaxDepth = 64
	// maxResolved bounds the values names expand to (a name used many
	// times stands for its value as many times).
	maxResolved = 200_000
)

// SyntaxError is a module Read refuses, at a line and column (both from
// 1, the column in characters).
type SyntaxError struct {
	Line, Column int
	Msg          string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

type kind int

const (
	tEOF kind = iota
	tIdent
	tString   // a quoted string, or a backtick one without ${...}
	tTemplate // a backtick string with ${...}
	tNumber
	tRegex
	tPunct
)

type token struct {
	kind      kind
	text      string // the identifier, punctuator, number or regex source; a string's value
	line, col int
	depth     int // nesting of (), [] and {} before the token
}

type lexer struct {
	src       string
	pos       int
	line, col int
	toks      []token
	depth     int
}

func (lx *lexer) errAt(line, col int, format string, args ...any) error {
	return &SyntaxError{Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

// advance moves over n bytes, counting lines and columns.
func (lx *lexer) advance(n int) {
	for i := 0; i < n && lx.pos < len(lx.src); {
		r, size := utf8.DecodeRuneInString(lx.src[lx.pos:])
		lx.pos += size
		i += size
		if r == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
	}
}

// lex splits the module into tokens.
func lex(src string) ([]token, error) {
	if len(src) > MaxBytes {
		return nil, &SyntaxError{Line: 1, Column: 1, Msg: fmt.Sprintf("the module is over %d bytes", MaxBytes)}
	}
	lx := &lexer{src: src, line: 1, col: 1}
	if strings.HasPrefix(src, "#!") {
		for lx.pos < len(src) && src[lx.pos] != '\n' {
			lx.advance(1)
		}
	}
	if err := lx.run(false); err != nil {
		return nil, err
	}
	lx.toks = append(lx.toks, token{kind: tEOF, line: lx.line, col: lx.col})
	return lx.toks, nil
}

// run lexes until the end, or (inTemplate) until the "}" that closes a
// template's ${.
func (lx *lexer) run(inTemplate bool) error {
	start := lx.depth
	for {
		if err := lx.space(); err != nil {
			return err
		}
		if lx.pos >= len(lx.src) {
			if inTemplate {
				return lx.errAt(lx.line, lx.col, "a template's ${ is not closed")
			}
			if lx.depth > 0 {
				return lx.errAt(lx.line, lx.col, "the module ends inside brackets or braces")
			}
			return nil
		}
		if len(lx.toks) >= MaxTokens {
			return lx.errAt(lx.line, lx.col, "the module has more than %d tokens", MaxTokens)
		}
		c := lx.src[lx.pos]
		line, col := lx.line, lx.col
		switch {
		case c == '\'' || c == '"':
			s, err := lx.quoted(c)
			if err != nil {
				return err
			}
			lx.emit(tString, s, line, col)
		case c == '`':
			s, interp, err := lx.template()
			if err != nil {
				return err
			}
			k := tString
			if interp {
				k = tTemplate
			}
			lx.emit(k, s, line, col)
		case isDigit(c) || c == '.' && lx.pos+1 < len(lx.src) && isDigit(lx.src[lx.pos+1]):
			n, err := lx.number()
			if err != nil {
				return err
			}
			lx.emit(tNumber, n, line, col)
		case c == '/' && lx.regexAllowed():
			r, err := lx.regex()
			if err != nil {
				return err
			}
			lx.emit(tRegex, r, line, col)
		case isIdentStart(lx.src[lx.pos:]):
			start := lx.pos
			for lx.pos < len(lx.src) && isIdentPart(lx.src[lx.pos:]) {
				_, size := utf8.DecodeRuneInString(lx.src[lx.pos:])
				lx.advance(size)
			}
			lx.emit(tIdent, lx.src[start:lx.pos], line, col)
		default:
			p := punct(lx.src[lx.pos:])
			switch p {
			case "(", "[", "{":
				if lx.depth++; lx.depth > MaxDepth {
					return lx.errAt(line, col, "brackets and braces nest deeper than %d levels", MaxDepth)
				}
			case ")", "]", "}":
				if inTemplate && p == "}" && lx.depth == start {
					lx.advance(1)
					return nil
				}
				if lx.depth == 0 {
					return lx.errAt(line, col, "%q closes nothing", p)
				}
				lx.depth--
			}
			lx.advance(len(p))
			d := lx.depth
			if p == "(" || p == "[" || p == "{" {
				d--
			}
			lx.toks = append(lx.toks, token{kind: tPunct, text: p, line: line, col: col, depth: d})
		}
	}
}

func (lx *lexer) emit(k kind, text string, line, col int) {
	lx.toks = append(lx.toks, token{kind: k, text: text, line: line, col: col, depth: lx.depth})
}

// space skips white space and comments.
func (lx *lexer) space() error {
	for lx.pos < len(lx.src) {
		rest := lx.src[lx.pos:]
		r, size := utf8.DecodeRuneInString(rest)
		switch {
		case unicode.IsSpace(r) || r == '\uFEFF':
			lx.advance(size)
		case strings.HasPrefix(rest, "//"):
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
				lx.advance(1)
			}
		case strings.HasPrefix(rest, "/*"):
			line, col := lx.line, lx.col
			end := strings.Index(rest[2:], "*/")
			if end < 0 {
				return lx.errAt(line, col, "a /* comment is not closed")
			}
			lx.advance(end + 4)
		default:
			return nil
		}
	}
	return nil
}

// regexAllowed reports whether a "/" here starts a regular expression:
// where a value may start (after an operator or an opening bracket, or at
// the start), not after a value (a division).
func (lx *lexer) regexAllowed() bool {
	if len(lx.toks) == 0 {
		return true
	}
	t := lx.toks[len(lx.toks)-1]
	switch t.kind {
	case tPunct:
		return t.text != ")" && t.text != "]" && t.text != "}"
	case tIdent:
		switch t.text {
		case "return", "typeof", "case", "in", "of", "new", "delete", "void", "throw", "instanceof", "yield", "await":
			return true
		}
	}
	return false
}

var puncts = []string{">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
	"=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>"}

func punct(s string) string {
	for _, p := range puncts {
		if strings.HasPrefix(s, p) {
			return p
		}
	}
	_, size := utf8.DecodeRuneInString(s)
	return s[:size]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isIdentStart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == '$' || r == '_' || unicode.IsLetter(r) || r == '#' && len(s) > 1 && isIdentStart(s[1:])
}

func isIdentPart(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r == '$' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\u200c' || r == '\u200d'
}

// quoted reads a '...' or "..." string.
func (lx *lexer) quoted(q byte) (string, error) {
	line, col := lx.line, lx.col
	lx.advance(1)
	var b strings.Builder
	for {
		if lx.pos >= len(lx.src) || lx.src[lx.pos] == '\n' {
			return "", lx.errAt(line, col, "a string is not closed on its line")
		}
		c := lx.src[lx.pos]
		if c == q {
			lx.advance(1)
			return b.String(), nil
		}
		if c == '\\' {
			if err := lx.escape(&b); err != nil {
				return "", err
			}
			continue
		}
		_, size := utf8.DecodeRuneInString(lx.src[lx.pos:])
		b.WriteString(lx.src[lx.pos : lx.pos+size])
		lx.advance(size)
	}
}

// template reads a backtick string; interp reports a ${...} in it, whose
// tokens are lexed (and dropped) so that the text after it is read right.
func (lx *lexer) template() (s string, interp bool, err error) {
	line, col := lx.line, lx.col
	lx.advance(1)
	var b strings.Builder
	for {
		if lx.pos >= len(lx.src) {
			return "", false, lx.errAt(line, col, "a template string is not closed")
		}
		c := lx.src[lx.pos]
		switch {
		case c == '`':
			lx.advance(1)
			return b.String(), interp, nil
		case c == '\\':
			if err := lx.escape(&b); err != nil {
				return "", false, err
			}
		case c == '$' && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == '{':
			interp = true
			if lx.depth++; lx.depth > MaxDepth {
				return "", false, lx.errAt(lx.line, lx.col, "templates nest deeper than %d levels", MaxDepth)
			}
			lx.advance(2)
			n := len(lx.toks)
			if err := lx.run(true); err != nil {
				return "", false, err
			}
			lx.depth--
			lx.toks = lx.toks[:n]
		default:
			_, size := utf8.DecodeRuneInString(lx.src[lx.pos:])
			b.WriteString(lx.src[lx.pos : lx.pos+size])
			lx.advance(size)
		}
	}
}

// escape reads one backslash escape into b.
func (lx *lexer) escape(b *strings.Builder) error {
	line, col := lx.line, lx.col
	lx.advance(1)
	if lx.pos >= len(lx.src) {
		return lx.errAt(line, col, "an escape at the end of the module")
	}
	c := lx.src[lx.pos]
	simple := map[byte]string{'n': "\n", 't': "\t", 'r': "\r", 'b': "\b", 'f': "\f", 'v': "\v", '0': "\x00", '\'': "'", '"': "\"", '\\': "\\", '`': "`", '$': "$"}
	if s, ok := simple[c]; ok && !(c == '0' && lx.pos+1 < len(lx.src) && isDigit(lx.src[lx.pos+1])) {
		b.WriteString(s)
		lx.advance(1)
		return nil
	}
	switch c {
	case '\n':
		lx.advance(1) // a line continuation
		return nil
	case '\r':
		lx.advance(1)
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '\n' {
			lx.advance(1)
		}
		return nil
	case 'x':
		if lx.pos+3 > len(lx.src) {
			return lx.errAt(line, col, `\x takes two hex digits`)
		}
		n, err := strconv.ParseUint(lx.src[lx.pos+1:lx.pos+3], 16, 8)
		if err != nil {
			return lx.errAt(line, col, `\x takes two hex digits`)
		}
		b.WriteRune(rune(n))
		lx.advance(3)
		return nil
	case 'u':
		hex := ""
		if lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] == '{' {
			end := strings.IndexByte(lx.src[lx.pos:], '}')
			if end < 0 || end > 8 {
				return lx.errAt(line, col, `\u{...} takes up to six hex digits`)
			}
			hex = lx.src[lx.pos+2 : lx.pos+end]
			lx.advance(end + 1)
		} else {
			if lx.pos+5 > len(lx.src) {
				return lx.errAt(line, col, `\u takes four hex digits`)
			}
			hex = lx.src[lx.pos+1 : lx.pos+5]
			lx.advance(5)
		}
		n, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || n > unicode.MaxRune {
			return lx.errAt(line, col, `\u takes hex digits of a character`)
		}
		// A UTF-16 surrogate pair written as two escapes.
		if n >= 0xD800 && n < 0xDC00 && strings.HasPrefix(lx.src[lx.pos:], `\u`) && lx.pos+6 <= len(lx.src) {
			if lo, err := strconv.ParseUint(lx.src[lx.pos+2:lx.pos+6], 16, 32); err == nil && lo >= 0xDC00 && lo < 0xE000 {
				n = 0x10000 + (n-0xD800)<<10 + (lo - 0xDC00)
				lx.advance(6)
			}
		}
		b.WriteRune(rune(n))
		return nil
	}
	_, size := utf8.DecodeRuneInString(lx.src[lx.pos:])
	b.WriteString(lx.src[lx.pos : lx.pos+size]) // \q is q
	lx.advance(size)
	return nil
}

// jsonNumber is a number JSON writes as JavaScript does.
var jsonNumber = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// number reads a numeric literal and returns it as JSON writes it.
func (lx *lexer) number() (string, error) {
	line, col := lx.line, lx.col
	start := lx.pos
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		if isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' ||
			(c == '+' || c == '-') && lx.pos > start && (lx.src[lx.pos-1] == 'e' || lx.src[lx.pos-1] == 'E') && !strings.HasPrefix(strings.ToLower(lx.src[start:]), "0x") {
			lx.advance(1)
			continue
		}
		break
	}
	text := strings.ReplaceAll(lx.src[start:lx.pos], "_", "")
	text = strings.TrimSuffix(text, "n") // a BigInt
	low := strings.ToLower(text)
	for _, base := range []struct {
		prefix string
		base   int
	}{{"0x", 16}, {"0o", 8}, {"0b", 2}} {
		if strings.HasPrefix(low, base.prefix) {
			n, err := strconv.ParseUint(low[2:], base.base, 64)
			if err != nil {
				return "", lx.errAt(line, col, "%q is not a number", lx.src[start:lx.pos])
			}
			return strconv.FormatUint(n, 10), nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return "", lx.errAt(line, col, "%q is not a number", lx.src[start:lx.pos])
	}
	if len(text) > 1 && text[0] == '0' && isDigit(text[1]) {
		return "", lx.errAt(line, col, "%q: a legacy octal number", text)
	}
	if jsonNumber.MatchString(text) {
		return text, nil
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64), nil
	}
	return strconv.FormatFloat(f, 'g', -1, 64), nil
}

// regex reads a regular expression literal, its source text.
func (lx *lexer) regex() (string, error) {
	line, col := lx.line, lx.col
	start := lx.pos
	lx.advance(1)
	class := false
	for {
		if lx.pos >= len(lx.src) || lx.src[lx.pos] == '\n' {
			return "", lx.errAt(line, col, "a regular expression is not closed on its line")
		}
		c := lx.src[lx.pos]
		switch {
		case c == '\\':
			lx.advance(2)
			continue
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			lx.advance(1)
			for lx.pos < len(lx.src) && isIdentPart(lx.src[lx.pos:]) {
				lx.advance(1)
			}
			return lx.src[start:lx.pos], nil
		}
		_, size := utf8.DecodeRuneInString(lx.src[lx.pos:])
		lx.advance(size)
	}
}
