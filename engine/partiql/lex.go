package partiql

import (
	"strings"
)

// tokKind is a lexical class.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tIdent           // bare identifier or keyword
	tQIdent          // "quoted identifier"
	tString          // 'string'
	tNumber          // 12, 1.5, 1e3
	tParam           // ?
	tPunct           // ( ) [ ] { } , . ; : * + - = <> != < <= > >= << >>
	tBadChar         // anything else
)

// token is one lexeme; pos is its byte offset, line and col its 1-based
// position for messages.
type token struct {
	kind      tokKind
	text      string // identifier, string contents, number text or punctuation
	pos       int
	line, col int
	length    int // length in source characters, quotes included
}

// is reports whether t is the keyword kw (case-insensitive, bare only).
func (t token) is(kw string) bool { return t.kind == tIdent && strings.EqualFold(t.text, kw) }

// punct reports whether t is the punctuation p.
func (t token) punct(p string) bool { return t.kind == tPunct && t.text == p }

// lex splits src into tokens. Comments (-- to end of line, /* ... */) are
// skipped. An unterminated string, identifier or comment is a syntax error.
func lex(src string) ([]token, error) {
	var toks []token
	line, lineStart := 1, 0
	i := 0
	emit := func(k tokKind, text string, start, end int) {
		toks = append(toks, token{kind: k, text: text, pos: start, line: line, col: start - lineStart + 1, length: len([]rune(src[start:end]))})
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			i++
			line, lineStart = line+1, i
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, malformed("Unterminated block comment")
			}
			for _, r := range src[i : i+2+end+2] {
				if r == '\n' {
					line++
				}
			}
			i += 2 + end + 2
			if nl := strings.LastIndexByte(src[:i], '\n'); nl >= 0 {
				lineStart = nl + 1
			}
		case c == '\'' || c == '"':
			start := i
			var b strings.Builder
			i++
			closed := false
			for i < len(src) {
				if src[i] == c {
					if i+1 < len(src) && src[i+1] == c { // doubled quote
						b.WriteByte(c)
						i += 2
						continue
					}
					i++
					closed = true
					break
				}
				b.WriteByte(src[i])
				i++
			}
			if !closed {
				return nil, malformed("")
			}
			k := tString
			if c == '"' {
				k = tQIdent
			}
			emit(k, b.String(), start, i)
		case isDigit(c) || (c == '.' && i+1 < len(src) && isDigit(src[i+1])):
			start := i
			for i < len(src) && (isDigit(src[i]) || src[i] == '.') {
				i++
			}
			if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
				j := i + 1
				if j < len(src) && (src[j] == '+' || src[j] == '-') {
					j++
				}
				if j < len(src) && isDigit(src[j]) {
					i = j
					for i < len(src) && isDigit(src[i]) {
						i++
					}
				}
			}
			emit(tNumber, src[start:i], start, i)
		case isIdentStart(c):
			start := i
			for i < len(src) && isIdentPart(src[i]) {
				i++
			}
			emit(tIdent, src[start:i], start, i)
		case c == '?':
			emit(tParam, "?", i, i+1)
			i++
		default:
			start := i
			two := ""
			if i+1 < len(src) {
				two = src[i : i+2]
			}
			switch two {
			case "<>", "!=", "<=", ">=", "<<", ">>":
				i += 2
				emit(tPunct, two, start, i)
				continue
			}
			if strings.IndexByte("()[]{},.;:*+-=<>", c) >= 0 {
				i++
				emit(tPunct, string(c), start, i)
				continue
			}
			return nil, malformed("Unexpected character")
		}
	}
	toks = append(toks, token{kind: tEOF, pos: len(src), line: line, col: len(src) - lineStart + 1})
	return toks, nil
}

func isDigit(c byte) bool      { return '0' <= c && c <= '9' }
func isIdentStart(c byte) bool { return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') }
func isIdentPart(c byte) bool  { return isIdentStart(c) || isDigit(c) || c == '$' }
