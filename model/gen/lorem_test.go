package gen

import (
	"strings"
	"testing"
)

// loremByWords is Lorem as it was first written, word by word into a
// strings.Builder: the text a seed gave then is the text it gives now.
func loremByWords(r *Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Pick(r, loremWords))
	}
	s := b.String()[:n]
	if s[len(s)-1] == ' ' {
		s = s[:len(s)-1] + "."
	}
	return s
}

// TestLoremKeepsItsText: for every length from 1 to 1,200 and many seeds,
// Lorem gives the text of loremByWords and leaves the source where it
// left it (the draws after it do not move).
func TestLoremKeepsItsText(t *testing.T) {
	stops := 0
	for seed := int64(0); seed < 40; seed++ {
		a, b := NewRand(seed, 3), NewRand(seed, 3)
		for n := 1; n <= 1200; n++ {
			got, want := Lorem(a, n), loremByWords(b, n)
			if got != want {
				t.Fatalf("seed %d, n %d:\n got %q\nwant %q", seed, n, got, want)
			}
			if strings.HasSuffix(got, ".") {
				stops++
			}
			if a.Uint64() != b.Uint64() {
				t.Fatalf("seed %d, n %d: the source moved differently", seed, n)
			}
		}
	}
	if stops == 0 {
		t.Fatal("no text ended on a space turned full stop: the case is not exercised")
	}
	if Lorem(NewRand(1, 1), 0) != "" {
		t.Error("Lorem(0) is not empty")
	}
}
