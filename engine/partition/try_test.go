package partition

import "testing"

func BenchmarkSetup(b *testing.B) {
	l := dayLayout(b)
	w := dayWorkload()
	w.Seconds = 1
	for b.Loop() {
		Simulate(l, w)
	}
}
