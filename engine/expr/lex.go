package expr

import (
	"strings"
	"unicode/utf8"
)

// The lexer follows text/template/parse's synchronous state-function design:
// nextItem runs state functions until one of them emits an item. It never
// stops on a bad character: it emits an itemError holding that character and
// carries on, because DynamoDB's syntax errors quote the token after the
// offending one ("near").

// itemType identifies the type of lex items.
type itemType int

const (
	itemError    itemType = iota // a character no token starts with
	itemEOF                      // end of input
	itemIdent                    // bare name: a letter, then letters, digits, '_'
	itemName                     // #placeholder
	itemValue                    // :placeholder
	itemNumber                   // decimal digits (list index)
	itemLParen                   // (
	itemRParen                   // )
	itemLBracket                 // [
	itemRBracket                 // ]
	itemComma                    // ,
	itemDot                      // .
	itemEq                       // =
	itemNe                       // <>
	itemLt                       // <
	itemLe                       // <=
	itemGt                       // >
	itemGe                       // >=
	itemPlus                     // +
	itemMinus                    // -
	itemKeyword                  // used only to delimit the keywords
	itemAnd                      // AND
	itemOr                       // OR
	itemNot                      // NOT
	itemBetween                  // BETWEEN
	itemIn                       // IN
	itemSet                      // SET
	itemRemove                   // REMOVE
	itemAdd                      // ADD
	itemDelete                   // DELETE
)

// item is a token: its type, byte offset and text.
type item struct {
	typ itemType
	pos int
	val string
}

func (i item) end() int { return i.pos + len(i.val) }

// isKeyword reports whether the item is one of the keywords.
func (i item) isKeyword() bool { return i.typ > itemKeyword }

// Keyword sets: condition keywords (also used by key conditions) and update
// clause keywords. Keywords are case-insensitive; the lookup is upper case.
// A projection has no keywords.
var (
	conditionKeywords = map[string]itemType{
		"AND": itemAnd, "OR": itemOr, "NOT": itemNot, "BETWEEN": itemBetween, "IN": itemIn,
	}
	updateKeywords = map[string]itemType{
		"SET": itemSet, "REMOVE": itemRemove, "ADD": itemAdd, "DELETE": itemDelete,
	}
)

// stateFn represents the state of the lexer as a function that returns the
// next state, or nil once an item has been emitted.
type stateFn func(*lexer) stateFn

// lexer holds the state of the scanner.
type lexer struct {
	input    string
	keywords map[string]itemType
	start    int  // start of the current item
	pos      int  // current position
	item     item // the item most recently emitted
}

const eof = -1

func newLexer(input string, keywords map[string]itemType) *lexer {
	return &lexer{input: input, keywords: keywords}
}

// nextItem returns the next item from the input.
func (l *lexer) nextItem() item {
	l.item = item{itemEOF, len(l.input), ""}
	state := lexAny
	for state != nil {
		state = state(l)
	}
	return l.item
}

// next returns the next rune in the input, or eof.
func (l *lexer) next() rune {
	if l.pos >= len(l.input) {
		return eof
	}
	r, w := utf8.DecodeRuneInString(l.input[l.pos:])
	l.pos += w
	return r
}

// peek returns but does not consume the next rune.
func (l *lexer) peek() rune {
	if l.pos >= len(l.input) {
		return eof
	}
	r, _ := utf8.DecodeRuneInString(l.input[l.pos:])
	return r
}

// accept consumes the next rune if it satisfies ok.
func (l *lexer) accept(ok func(rune) bool) bool {
	if r := l.peek(); r != eof && ok(r) {
		l.next()
		return true
	}
	return false
}

// acceptRun consumes a run of runes satisfying ok.
func (l *lexer) acceptRun(ok func(rune) bool) {
	for l.accept(ok) {
	}
}

// emit records an item of type t spanning start..pos and stops the state
// machine.
func (l *lexer) emit(t itemType) stateFn {
	l.item = item{t, l.start, l.input[l.start:l.pos]}
	l.start = l.pos
	return nil
}

// errorf emits the current (single-character) item as an itemError.
func (l *lexer) errorf() stateFn { return l.emit(itemError) }

// lexAny skips white space and dispatches on the first character of a token.
func lexAny(l *lexer) stateFn {
	for {
		switch l.peek() {
		case ' ', '\t', '\n', '\r':
			l.next()
			continue
		}
		break
	}
	l.start = l.pos
	switch r := l.next(); {
	case r == eof:
		l.item = item{itemEOF, l.pos, ""}
		return nil
	case isLetter(r):
		return lexIdent
	case isDigit(r):
		return lexNumber
	case r == '#':
		return lexPlaceholder(itemName)
	case r == ':':
		return lexPlaceholder(itemValue)
	case r == '(':
		return l.emit(itemLParen)
	case r == ')':
		return l.emit(itemRParen)
	case r == '[':
		return l.emit(itemLBracket)
	case r == ']':
		return l.emit(itemRBracket)
	case r == ',':
		return l.emit(itemComma)
	case r == '.':
		return l.emit(itemDot)
	case r == '=':
		return l.emit(itemEq)
	case r == '+':
		return l.emit(itemPlus)
	case r == '-':
		return l.emit(itemMinus)
	case r == '<':
		switch l.peek() {
		case '=':
			l.next()
			return l.emit(itemLe)
		case '>':
			l.next()
			return l.emit(itemNe)
		}
		return l.emit(itemLt)
	case r == '>':
		if l.peek() == '=' {
			l.next()
			return l.emit(itemGe)
		}
		return l.emit(itemGt)
	default:
		return l.errorf()
	}
}

// lexIdent scans a bare name or keyword; the first letter is consumed.
func lexIdent(l *lexer) stateFn {
	l.acceptRun(isNamePart)
	word := l.input[l.start:l.pos]
	if len(word) <= len("BETWEEN") {
		if t, ok := l.keywords[strings.ToUpper(word)]; ok {
			return l.emit(t)
		}
	}
	return l.emit(itemIdent)
}

// lexNumber scans a run of digits; the first one is consumed.
func lexNumber(l *lexer) stateFn {
	l.acceptRun(isDigit)
	return l.emit(itemNumber)
}

// lexPlaceholder scans #name or :name; the prefix is consumed. A prefix not
// followed by a name character is a bad token on its own.
func lexPlaceholder(t itemType) stateFn {
	return func(l *lexer) stateFn {
		if !l.accept(isNamePart) {
			return l.errorf()
		}
		l.acceptRun(isNamePart)
		return l.emit(t)
	}
}

func isLetter(r rune) bool   { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }
func isDigit(r rune) bool    { return '0' <= r && r <= '9' }
func isNamePart(r rune) bool { return isLetter(r) || isDigit(r) || r == '_' }
