package model

import (
	"bytes"
	"testing"
)

// FuzzParse feeds arbitrary documents to Parse and Decode: no panic, and a
// document that parses re-marshals to a document that parses to the same
// canonical form.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"", "{}", `{"version":1}`, `{"version":0,"name":"x"}`, "{\"version\":1}\x00",
		`{"version":1,"name":"m","tables":[{"TableName":"T","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],` +
			`"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]}]}`,
		`{"version":1,"name":"m","tables":[`, `[1,2,3]`, `{"version":"1"}`, `{"version":1e400}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := Decode(data); err != nil && err.Error() == "" {
			t.Errorf("Decode(%q): an empty error", data)
		}
		m, err := Parse(data)
		if err != nil {
			return
		}
		once, err := Marshal(m)
		if err != nil {
			t.Fatalf("Marshal of a parsed document: %v", err)
		}
		m2, err := Parse(once)
		if err != nil {
			t.Fatalf("the canonical form does not parse: %v\n%s", err, once)
		}
		twice, err := Marshal(m2)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(once, twice) {
			t.Fatalf("canonical forms differ:\n%s\n%s", once, twice)
		}
	})
}
