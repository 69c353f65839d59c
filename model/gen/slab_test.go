package gen

import (
	"math/rand/v2"
	"testing"
)

// TestSlabStringsStayWhatTheyWere: strings made one after another in a
// Slab (lorem texts and bytes filled by hand, short and past a block's
// eighth, across many blocks) are each still the text it was made from once all
// are made: no string's bytes are handed out twice.
func TestSlabStringsStayWhatTheyWere(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var s Slab
	lr := NewRand(5, 0)
	var got, want []string
	for range 20_000 {
		switch r.IntN(2) {
		case 0:
			n := r.IntN(900)
			before := *lr
			text := LoremIn(&s, lr, n)
			again := before
			got, want = append(got, text), append(want, Lorem(&again, n))
		default:
			n := r.IntN(slabBlock / 4)
			b := s.Make(n)
			for i := range b {
				b[i] = byte('a' + r.IntN(26))
			}
			text := string(b)
			got, want = append(got, String(b)), append(want, text)
		}
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d is %.40q, was made as %.40q", i, got[i], want[i])
		}
	}
	if String(s.Make(0)) != "" {
		t.Error("an empty string is not empty")
	}
}
