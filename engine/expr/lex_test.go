package expr

import (
	"fmt"
	"strings"
	"testing"
)

// mkItem builds an item for the lexer tests.
func mkItem(typ itemType, pos int, text string) item { return item{typ, pos, text} }

func (i item) String() string { return fmt.Sprintf("%d@%d%q", i.typ, i.pos, i.val) }

func collect(input string, keywords map[string]itemType) []item {
	l := newLexer(input, keywords)
	var items []item
	for {
		it := l.nextItem()
		items = append(items, it)
		if it.typ == itemEOF {
			return items
		}
	}
}

func TestLex(t *testing.T) {
	tests := []struct {
		name     string
		input    string
		keywords map[string]itemType
		items    []item
	}{
		{"empty", "", conditionKeywords, []item{mkItem(itemEOF, 0, "")}},
		{"spaces", " \t\r\n", conditionKeywords, []item{mkItem(itemEOF, 4, "")}},
		{"comparison", "a<=:v", conditionKeywords, []item{
			mkItem(itemIdent, 0, "a"), mkItem(itemLe, 1, "<="), mkItem(itemValue, 3, ":v"), mkItem(itemEOF, 5, ""),
		}},
		{"operators", "= <> < <= > >= + - ( ) [ ] , .", conditionKeywords, []item{
			mkItem(itemEq, 0, "="), mkItem(itemNe, 2, "<>"), mkItem(itemLt, 5, "<"), mkItem(itemLe, 7, "<="),
			mkItem(itemGt, 10, ">"), mkItem(itemGe, 12, ">="), mkItem(itemPlus, 15, "+"), mkItem(itemMinus, 17, "-"),
			mkItem(itemLParen, 19, "("), mkItem(itemRParen, 21, ")"), mkItem(itemLBracket, 23, "["),
			mkItem(itemRBracket, 25, "]"), mkItem(itemComma, 27, ","), mkItem(itemDot, 29, "."), mkItem(itemEOF, 30, ""),
		}},
		{"path", "#n.b[12]", conditionKeywords, []item{
			mkItem(itemName, 0, "#n"), mkItem(itemDot, 2, "."), mkItem(itemIdent, 3, "b"),
			mkItem(itemLBracket, 4, "["), mkItem(itemNumber, 5, "12"), mkItem(itemRBracket, 7, "]"), mkItem(itemEOF, 8, ""),
		}},
		{"condition keywords any case", "a aNd b Or NOT c between IN", conditionKeywords, []item{
			mkItem(itemIdent, 0, "a"), mkItem(itemAnd, 2, "aNd"), mkItem(itemIdent, 6, "b"), mkItem(itemOr, 8, "Or"),
			mkItem(itemNot, 11, "NOT"), mkItem(itemIdent, 15, "c"), mkItem(itemBetween, 17, "between"),
			mkItem(itemIn, 25, "IN"), mkItem(itemEOF, 27, ""),
		}},
		{"update keywords are names in conditions", "set", conditionKeywords, []item{
			mkItem(itemIdent, 0, "set"), mkItem(itemEOF, 3, ""),
		}},
		{"update keywords", "sEt REMOVE add Delete and", updateKeywords, []item{
			mkItem(itemSet, 0, "sEt"), mkItem(itemRemove, 4, "REMOVE"), mkItem(itemAdd, 11, "add"),
			mkItem(itemDelete, 15, "Delete"), mkItem(itemIdent, 22, "and"), mkItem(itemEOF, 25, ""),
		}},
		{"no keywords in projections", "and,set", nil, []item{
			mkItem(itemIdent, 0, "and"), mkItem(itemComma, 3, ","), mkItem(itemIdent, 4, "set"), mkItem(itemEOF, 7, ""),
		}},
		{"identifier characters", "Alpha_Numeric_123 A123_", nil, []item{
			mkItem(itemIdent, 0, "Alpha_Numeric_123"), mkItem(itemIdent, 18, "A123_"), mkItem(itemEOF, 23, ""),
		}},
		{"placeholders may start with digits or underscore", "#123 :_ :1a", nil, []item{
			mkItem(itemName, 0, "#123"), mkItem(itemValue, 5, ":_"), mkItem(itemValue, 8, ":1a"), mkItem(itemEOF, 11, ""),
		}},
		{"underscore starts no name", "_123", nil, []item{
			mkItem(itemError, 0, "_"), mkItem(itemNumber, 1, "123"), mkItem(itemEOF, 4, ""),
		}},
		{"digits then letters", "123a", nil, []item{
			mkItem(itemNumber, 0, "123"), mkItem(itemIdent, 3, "a"), mkItem(itemEOF, 4, ""),
		}},
		{"bare prefixes", "# :", nil, []item{
			mkItem(itemError, 0, "#"), mkItem(itemError, 2, ":"), mkItem(itemEOF, 3, ""),
		}},
		{"bad characters continue", "!!", nil, []item{
			mkItem(itemError, 0, "!"), mkItem(itemError, 1, "!"), mkItem(itemEOF, 2, ""),
		}},
		{"multi-byte character", "é=", nil, []item{
			mkItem(itemError, 0, "é"), mkItem(itemEq, 2, "="), mkItem(itemEOF, 3, ""),
		}},
		{"hyphenated name", "hi-there", nil, []item{
			mkItem(itemIdent, 0, "hi"), mkItem(itemMinus, 2, "-"), mkItem(itemIdent, 3, "there"), mkItem(itemEOF, 8, ""),
		}},
		{"not-equal bang", "a!=b", nil, []item{
			mkItem(itemIdent, 0, "a"), mkItem(itemError, 1, "!"), mkItem(itemEq, 2, "="), mkItem(itemIdent, 3, "b"), mkItem(itemEOF, 4, ""),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := collect(tt.input, tt.keywords)
			if fmt.Sprint(got) != fmt.Sprint(tt.items) {
				t.Errorf("lex(%q)\n got %v\nwant %v", tt.input, got, tt.items)
			}
			for _, it := range got {
				_, isCond := conditionKeywords[strings.ToUpper(it.val)]
				_, isUpd := updateKeywords[strings.ToUpper(it.val)]
				if it.isKeyword() && !isCond && !isUpd {
					t.Errorf("%v is not a keyword", it)
				}
			}
		})
	}
}

func TestLexEOFRepeats(t *testing.T) {
	l := newLexer("a", nil)
	l.nextItem()
	for range 3 {
		if it := l.nextItem(); it.typ != itemEOF || it.pos != 1 {
			t.Fatalf("after the end: %v", it)
		}
	}
}
