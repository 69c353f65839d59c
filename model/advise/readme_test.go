package advise

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeDescription proposes the README's description language
// example: every word it shows is read, and the design it gives runs.
func TestReadmeDescription(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "#### The description language")
	if !ok {
		t.Fatal("README.md has no description language section")
	}
	_, block, _ := strings.Cut(after, "```text\n")
	block, _, _ = strings.Cut(block, "```")
	in, err := Parse(block)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"name ", "table ", " of ", ", id ", " by ", " and ", " range ", " sorted by ", " newest first", " oldest first", " limit ", " where ", " rare", " with ", " set ", "/s", "\"", "get ", "list ", "create ", "update ", "delete ", "scan "} {
		if !strings.Contains(block, w) {
			t.Errorf("the example shows no %q", w)
		}
	}
	p := propose(t, in)
	checkExamples(t, "readme", p.Model, 200)
}

// TestReadmeRare: the README's rare subset is a sparse index, its key
// attribute on a few of the items only.
func TestReadmeRare(t *testing.T) {
	b, _ := os.ReadFile("../../README.md")
	_, after, _ := strings.Cut(string(b), "#### The description language")
	_, block, _ := strings.Cut(after, "```text\n")
	block, _, _ = strings.Cut(block, "```")
	in, err := Parse(block)
	if err != nil {
		t.Fatal(err)
	}
	p := propose(t, in)
	for _, a := range p.Model.Entity("Issue").Attributes {
		if a.Name == "flaggedBy" && (a.Frequency <= 0 || a.Frequency >= 1) {
			t.Errorf("flaggedBy on %v of the issues", a.Frequency)
		}
	}
	sparse := false
	for _, r := range p.Reasons {
		if r.Where.Pattern == "Issues flagged by a user" && strings.Contains(r.Text, "sparse") {
			sparse = true
		}
	}
	if !sparse {
		t.Errorf("no sparse index for the rare subset: %v", p.Reasons)
	}
}
