package expr

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The fuzz targets check that the parsers never panic, that every accepted
// expression prints as canonical source that parses back to the same
// canonical source, and that evaluation never panics.
//
// Run one with: go test ./engine/expr -run '^$' -fuzz FuzzParseCondition

// maxFuzzSource bounds the expressions the targets try. Long inputs add no
// grammar (the seeds are under 100 bytes; the 4 KB limit is TestParse's),
// but they stalled the fuzzer at 0 execs/s: Go minimizes each new
// interesting input with O(length^2) runs of the target (a parse, a print,
// a second parse, the evaluations), up to -fuzzminimizetime (60 s) per
// input, and a worker that minimizes reports no executions until it is
// done; with both workers on multi-KB inputs the count stood still for
// the rest of the run. At 256 bytes a minimization is at most ~33,000
// runs, under the 3 s between the fuzzer's reports (512 still showed 6 s
// at 0 on an empty cache).
const maxFuzzSource = 256

// fuzzItems are the items evaluation is tried on.
func fuzzItems() []attr.Item {
	return []attr.Item{nil, {}, evalItem, updBase(), projItem}
}

func FuzzParseCondition(f *testing.F) {
	for _, s := range []string{
		// comparisons, on paths, values and size()
		"a = :s", "a <> :n", "a < b", ":n >= size(a)", "a.b[1].#n <= :s2",
		// BETWEEN and IN
		"a BETWEEN :n AND :n5", "a IN (:s, :n, b)",
		// logic and precedence
		"a = :s AND b = :n OR NOT c = :s", "NOT (a = :s OR b = :n)", "NOT NOT a = :s",
		// functions
		"attribute_exists(a) AND attribute_not_exists(#n)", "attribute_type(a, :tS)",
		"begins_with(a, :s) OR contains(b, :s)", "size(a) > :n",
		// parentheses around operands and conditions
		"(a) = :s", "(size(a)) > :n", "((a = :s) AND (b = :s))", "(attribute_exists(a))",
		// errors: syntax, semantics, limits
		"((a = :s))", "a = a", "size(a)", "foo(a)", "name = :s", "a = :missing", "a[99999999999] = :s",
		"a BETWEEN :n5 AND :n", "a < :m", "!!", "a", "(a", "a = :s)", "",
	} {
		f.Add(s)
	}
	items := fuzzItems()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzSource {
			return
		}
		for _, kind := range []Kind{ConditionExpression, FilterExpression} {
			c, err := ParseCondition(kind, src, testPlaceholders())
			if err != nil {
				if _, ok := err.(*Error); !ok {
					t.Fatalf("%q: error %T", src, err)
				}
				continue
			}
			out := c.String()
			c2, err := ParseCondition(kind, out, testPlaceholders())
			if err != nil {
				t.Fatalf("%q printed as %q, which fails: %v", src, out, err)
			}
			if c2.String() != out {
				t.Fatalf("%q printed as %q, then as %q", src, out, c2.String())
			}
			for _, it := range items {
				if c.Eval(it) != c2.Eval(it) {
					t.Fatalf("%q and %q evaluate differently", src, out)
				}
			}
			_ = c.Paths()
		}
	})
}

func FuzzParseUpdate(f *testing.F) {
	for _, s := range []string{
		// each clause
		"SET a = :s", "REMOVE a, b.c, l[1]", "ADD n :n, ss :ss", "DELETE ss :ss",
		// clauses in any order and case
		"set a=:s remove b add c :n delete d :ss", "DELETE d :ss SET a = b",
		// right-hand sides
		"SET a = b + :n", "SET a = (b - :n)", "SET a = if_not_exists(a, :n) + :n",
		"SET l = list_append(if_not_exists(l, :el), :l)", "SET a = (b) + (:n)",
		// nested paths and list indexes
		"SET m.c.d = :s, l[9] = :s REMOVE l[1]", "SET nl[0].x.y[1] = :n",
		// errors
		"SET a = :s SET b = :s", "SET a = :s REMOVE a", "SET a.b = :s, a[1] = :s", "ADD a :s",
		"SET a = list_append(list_append(:l, :l), :l)", "SET a = :s + :n + :n", "SET _a = :s", "INVALID SYNTAX", "",
	} {
		f.Add(s)
	}
	items := fuzzItems()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzSource {
			return
		}
		u, err := ParseUpdate(src, testPlaceholders())
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%q: error %T", src, err)
			}
			return
		}
		out := u.String()
		u2, err := ParseUpdate(out, testPlaceholders())
		if err != nil {
			t.Fatalf("%q printed as %q, which fails: %v", src, out, err)
		}
		if u2.String() != out {
			t.Fatalf("%q printed as %q, then as %q", src, out, u2.String())
		}
		for _, it := range items {
			r1, err1 := u.Apply(it)
			r2, err2 := u2.Apply(it)
			if (err1 == nil) != (err2 == nil) || err1 == nil && !attr.Equal(attr.Map(r1), attr.Map(r2)) {
				t.Fatalf("%q and %q apply differently", src, out)
			}
			_, _ = u.ApplyToMissing(it)
		}
		_, _, _ = u.Paths(), u.OnlyRemoves(), u.Sets()
	})
}

func FuzzParseProjection(f *testing.F) {
	for _, s := range []string{
		// plain, nested, indexed, placeholders
		"a", "a, b", "a.b[2].y", "#n, #dot, a.c", "l[0], l[2]",
		// errors
		"a, a.b", "a.b, a[1]", "name", "#missing", "a,", "a[]", "a[-1]", ":s", "!!", "",
	} {
		f.Add(s)
	}
	items := fuzzItems()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzSource {
			return
		}
		pr, err := ParseProjection(src, testPlaceholders())
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%q: error %T", src, err)
			}
			return
		}
		out := pr.String()
		pr2, err := ParseProjection(out, testPlaceholders())
		if err != nil {
			t.Fatalf("%q printed as %q, which fails: %v", src, out, err)
		}
		if pr2.String() != out {
			t.Fatalf("%q printed as %q, then as %q", src, out, pr2.String())
		}
		for _, it := range items {
			if !attr.Equal(attr.Map(pr.Apply(it)), attr.Map(pr2.Apply(it))) {
				t.Fatalf("%q and %q project differently", src, out)
			}
		}
	})
}

func FuzzParseKeyCondition(f *testing.F) {
	for _, s := range []string{
		// hash, hash and range, every range operator, either order
		"p = :s", "p = :s AND c < :n", "c >= :n AND p = :s", ":n < c AND :s = p",
		"p = :s AND c BETWEEN :n AND :n5", "p = :s AND begins_with(c, :s2)",
		// multi-attribute keys
		"h1 = :s AND h2 = :n AND r1 = :s2 AND r2 > :n",
		// errors
		"p = :s OR c = :n", "NOT p = :s", "p = :s AND c IN (:n)", "p = :s AND p = :s", "p.x = :s",
		"p = c", ":s = :n", "size(p) = :n", "attribute_exists(p)", "",
	} {
		f.Add(s)
	}
	schemas := []struct{ hash, rng []KeyAttr }{
		{hashS, noRange}, {hashS, rangeN}, {hashS, rangeS}, {hash2, range3},
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzSource {
			return
		}
		k, err := ParseKeyCondition(src, testPlaceholders())
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("%q: error %T", src, err)
			}
			return
		}
		out := k.String()
		k2, err := ParseKeyCondition(out, testPlaceholders())
		if err != nil {
			t.Fatalf("%q printed as %q, which fails: %v", src, out, err)
		}
		if k2.String() != out {
			t.Fatalf("%q printed as %q, then as %q", src, out, k2.String())
		}
		for _, s := range schemas {
			kr, err := k.Resolve(s.hash, s.rng)
			if err != nil {
				continue
			}
			if len(kr.Hash) != len(s.hash) {
				t.Fatalf("%q: %d hash values for %d keys", src, len(kr.Hash), len(s.hash))
			}
			for i, rc := range kr.Range {
				if i < len(kr.Range)-1 && rc.Op != Eq {
					t.Fatalf("%q: %v before the last range condition", src, rc.Op)
				}
			}
		}
	})
}
