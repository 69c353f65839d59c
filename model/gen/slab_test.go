package gen

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestSlabStringsStayWhatTheyWere: strings made one after another in a
// Slab (texts, copies, concatenations, short and past a block's eighth,
// across many blocks) are each still the text it was made from once all
// are made: no string's bytes are handed out twice.
func TestSlabStringsStayWhatTheyWere(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var s Slab
	lr := NewRand(5, 0)
	var got, want []string
	for range 20_000 {
		switch r.IntN(3) {
		case 0:
			n := r.IntN(900)
			before := *lr
			text := LoremIn(&s, lr, n)
			again := before
			got, want = append(got, text), append(want, Lorem(&again, n))
		case 1:
			b := []byte(strings.Repeat(string(rune('a'+r.IntN(26))), r.IntN(slabBlock/4)))
			got, want = append(got, s.Copy(b)), append(want, string(b))
			if len(b) > 0 {
				b[0] = '!' // the copy does not share b
			}
		default:
			parts := []string{"USER#", strings.Repeat("x", r.IntN(40)), "#", string(rune('A' + r.IntN(26)))}
			got, want = append(got, s.Concat(parts...)), append(want, strings.Join(parts, ""))
		}
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d is %.40q, was made as %.40q", i, got[i], want[i])
		}
	}
	if s.Copy(nil) != "" || s.Concat() != "" {
		t.Error("an empty string is not empty")
	}
}
