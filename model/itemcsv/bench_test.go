package itemcsv

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// benchCSV is n rows for table(): keys, an inferred string and number, a
// typed set.
func benchCSV(n int) string {
	var b strings.Builder
	b.WriteString("PK,SK:N,GSI1PK,note,qty,tags:SS\n")
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "c#%d,%d,g#%d,\"row %d, imported\",%d,\"[\"\"t%d\"\"]\"\n", i%500, i, i%7, i, i%9, i%3)
	}
	return b.String()
}

// BenchmarkRead10k reads 10,000 rows, checked against the table as
// PutItem checks them.
func BenchmarkRead10k(b *testing.B) {
	in := benchCSV(10_000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		res, err := Read(strings.NewReader(in), Options{Table: table()})
		if err != nil || len(res.Items) != 10_000 {
			b.Fatal(err, len(res.Errors))
		}
	}
}

// BenchmarkWrite10k writes 10,000 items.
func BenchmarkWrite10k(b *testing.B) {
	res, err := Read(strings.NewReader(benchCSV(10_000)), Options{})
	if err != nil {
		b.Fatal(err)
	}
	items := res.Items
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, items, "PK", "SK"); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
