package expr

import (
	_ "embed"
	"strings"
)

// reservedWordsText is DynamoDB's list of reserved words, one per line, in
// upper case (Developer Guide, "Reserved words in DynamoDB"; the same 573
// words appear in moto's reserved_keywords.txt and dynalite's RESERVED_WORDS).
//
//go:embed reserved_words.txt
var reservedWordsText string

// reservedWords holds the reserved words in upper case.
var reservedWords = func() map[string]struct{} {
	m := make(map[string]struct{}, 600)
	for _, w := range strings.Split(reservedWordsText, "\n") {
		if w = strings.TrimSpace(w); w != "" {
			m[w] = struct{}{}
		}
	}
	return m
}()

// IsReserved reports whether name is one of DynamoDB's reserved words
// (case-insensitively). A reserved word can't appear as a bare attribute name
// in an expression; an ExpressionAttributeNames placeholder stands in for it.
func IsReserved(name string) bool {
	if len(name) > maxReservedLen {
		return false
	}
	_, ok := reservedWords[strings.ToUpper(name)]
	return ok
}

// maxReservedLen is the length of the longest reserved word
// (LOCALTIMESTAMP), which spares long names the upper-casing.
const maxReservedLen = 14

// ReservedWordCount returns the number of reserved words (573).
func ReservedWordCount() int { return len(reservedWords) }
