package attr

import (
	"testing"

	"github.com/cockroachdb/apd/v3"
)

// typicalItem is a typical small item, 220 bytes of DynamoDB JSON: keys, a
// few strings and numbers, a boolean, a small string set and a small map.
const typicalItem = `{"pk":{"S":"CUSTOMER#c-00012"},"sk":{"S":"ORDER#2024-06-01#o-987"},` +
	`"status":{"S":"SHIPPED"},"total":{"N":"129.95"},"qty":{"N":"3"},"gift":{"BOOL":false},` +
	`"tags":{"SS":["new","fragile"]},"addr":{"M":{"city":{"S":"Lyon"}}}}`

func BenchmarkDecodeItem(b *testing.B) {
	data := []byte(typicalItem)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		var it Item
		if err := it.UnmarshalJSON(data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncodeItem(b *testing.B) {
	var it Item
	if err := it.UnmarshalJSON([]byte(typicalItem)); err != nil {
		b.Fatal(err)
	}
	buf := AppendItem(nil, it)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendItem(buf[:0], it)
	}
}

func BenchmarkItemSize(b *testing.B) {
	var it Item
	if err := it.UnmarshalJSON([]byte(typicalItem)); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		ItemSize(it)
	}
}

var benchNumbers = []Number{
	MustNumber("129.95"), MustNumber("129.9"), MustNumber("-3"), MustNumber("1000000"),
	MustNumber("0.000125"), MustNumber("12345678901234567890.123"), MustNumber("-0.5"), MustNumber("42"),
}

func BenchmarkCompareNumbers(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for i := range benchNumbers {
			CompareNumbers(benchNumbers[i], benchNumbers[(i+1)%len(benchNumbers)])
		}
	}
}

func BenchmarkParseNumber(b *testing.B) {
	for _, in := range []string{"129.95", "1.2950e2", "-0.000125"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseNumber(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseNumberAPD measures the alternative of parsing through apd
// (SetString, Reduce, Text), for comparison with BenchmarkParseNumber.
func BenchmarkParseNumberAPD(b *testing.B) {
	for _, in := range []string{"129.95", "1.2950e2", "-0.000125"} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var d, r apd.Decimal
				if _, _, err := d.SetString(in); err != nil {
					b.Fatal(err)
				}
				r.Reduce(&d)
				_ = r.Text('f')
			}
		})
	}
}

func BenchmarkAppendKey(b *testing.B) {
	var pk, sk Value = String("CUSTOMER#c-000123"), MustNumber("129.95")
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		buf = AppendKey(AppendKey(buf[:0], pk), sk)
	}
}
