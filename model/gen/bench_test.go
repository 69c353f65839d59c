package gen

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// BenchmarkPlan generates the five-entity shop design (customers, orders,
// order lines, products, reviews: relations, realistic kinds, sets, lists,
// maps, skew and TTL): one op is 100,000 items. Run it natively and under
// wasm:
//
//	go test -run '^$' -bench . ./model/gen/
//	PATH="$(go env GOROOT)/lib/wasm:$PATH" GOOS=js GOARCH=wasm go test -run '^$' -bench . ./model/gen/
func BenchmarkPlan(b *testing.B) {
	const size = 100_000
	p, err := NewPlan(shop(), env())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		n := 0
		if err := p.Run(int64(i), size, func(int, attr.Fields) error { n++; return nil }); err != nil || n != size {
			b.Fatalf("%d items, %v", n, err)
		}
	}
	b.ReportMetric(float64(size*b.N)/b.Elapsed().Seconds(), "items/s")
}

// BenchmarkKinds is one value of a few kinds, for comparing their costs.
func BenchmarkKinds(b *testing.B) {
	for _, src := range []string{"seq(6)", "uuid", "name", "email", "address", "sentence", "enum(A:5,B:1)", "normal(10,2,1)", "zipf(1.1,10000)", "set(word,1,4)"} {
		b.Run(src, func(b *testing.B) {
			g, err := Compile(src, "", env())
			if err != nil {
				b.Fatal(err)
			}
			r := NewRand(1, 0)
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				g.Value(r, i)
			}
		})
	}
}
