package engine

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// scanTestTable has an S partition key, an N sort key (zero and negatives
// included), a sparse GSI keyed by a B partition key, a two-by-two
// multi-attribute GSI and an LSI: every key encoding the walks parse.
func scanTestTable() *CreateTableInput {
	in := compositeTable("Scan", schema.TypeN)
	in.AttributeDefinitions = append(in.AttributeDefinitions,
		schema.AttributeDefinition{AttributeName: "g", AttributeType: schema.TypeB},
		schema.AttributeDefinition{AttributeName: "gs", AttributeType: schema.TypeS},
		schema.AttributeDefinition{AttributeName: "m1", AttributeType: schema.TypeS},
		schema.AttributeDefinition{AttributeName: "m2", AttributeType: schema.TypeN},
		schema.AttributeDefinition{AttributeName: "l", AttributeType: schema.TypeS})
	in.GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{
		{IndexName: "GGG", KeySchema: []schema.KeySchemaElement{
			{AttributeName: "g", KeyType: schema.KeyTypeHash}, {AttributeName: "gs", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}},
		{IndexName: "MMM", KeySchema: []schema.KeySchemaElement{
			{AttributeName: "m1", KeyType: schema.KeyTypeHash}, {AttributeName: "m2", KeyType: schema.KeyTypeHash},
			{AttributeName: "gs", KeyType: schema.KeyTypeRange}, {AttributeName: "l", KeyType: schema.KeyTypeRange}},
			Projection: schema.Projection{ProjectionType: schema.ProjectAll}},
	}
	in.LocalSecondaryIndexes = []schema.LocalSecondaryIndex{{IndexName: "LLL",
		KeySchema:  []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}, {AttributeName: "l", KeyType: schema.KeyTypeRange}},
		Projection: schema.Projection{ProjectionType: schema.ProjectAll}}}
	return in
}

// scanTestData loads random items whose keys include NUL bytes, '#'
// hierarchies, negative numbers and zero.
func scanTestData(t *testing.T, seed int64) *TableSnapshot {
	t.Helper()
	db, _ := newTestDB(t)
	mustCreate(t, db, scanTestTable())
	rng := rand.New(rand.NewSource(seed))
	t.Logf("seed %d", seed)
	pks := []string{"a", "a\x00b", "a\x00", "USER#1", "USER#10", "ü", "\x01"}
	nums := []string{"0", "-1", "1", "-0.5", "1e10", "-1e-10", "123.456", "99", "100", "-99", "-100"}
	for i := 0; i < 300; i++ {
		item := attr.Item{
			"pk":  s(pks[rng.Intn(len(pks))] + fmt.Sprint(rng.Intn(3))),
			"sk":  n(nums[rng.Intn(len(nums))]),
			"v":   attr.List{s("x"), attr.Map{"k": attr.NumberSet{attr.MustNumber("1")}, "b": attr.Bool(true)}, attr.Null{}},
			"bin": attr.BinarySet{{0}, {1, 2}},
		}
		if rng.Intn(3) > 0 {
			item["g"] = attr.Binary([]byte{byte(rng.Intn(3)), 0, byte(rng.Intn(2))})
			item["gs"] = s(fmt.Sprintf("P#%d\x00#C", rng.Intn(4)))
		}
		if rng.Intn(2) == 0 {
			item["m1"] = s(pks[rng.Intn(3)])
			item["m2"] = n(nums[rng.Intn(len(nums))])
		}
		if rng.Intn(2) == 0 {
			item["l"] = s(fmt.Sprint(rng.Intn(5)))
		}
		mustPut(t, db, "Scan", item)
	}
	return db.Snapshot().Table("Scan")
}

// scanBrute groups decoded entries into collections by comparing the
// partition key values themselves.
func scanBrute(t *testing.T, ts *TableSnapshot, index string) (cols [][]attr.Item) {
	t.Helper()
	l, _, ok := ts.scan(index)
	if !ok {
		t.Fatalf("no index %q", index)
	}
	var prev attr.Item
	visit := func(it attr.Item) bool {
		same := prev != nil
		for _, name := range l.names[:l.nhash] {
			if same && !attr.Equal(prev[name], it[name]) {
				same = false
			}
		}
		if !same {
			cols = append(cols, nil)
		}
		cols[len(cols)-1] = append(cols[len(cols)-1], it)
		prev = it
		return true
	}
	if index == "" {
		ts.Items(visit)
	} else {
		ts.IndexItems(index, visit)
	}
	return cols
}

func TestSnapshotCollectionsMatchDecodedItems(t *testing.T) {
	ts := scanTestData(t, time.Now().UnixNano())
	for _, index := range []string{"", "GGG", "MMM", "LLL"} {
		t.Run("index="+index, func(t *testing.T) {
			want := scanBrute(t, ts, index)
			l, _, _ := ts.scan(index)
			var got []CollectionInfo
			if !ts.Collections(index, func(c CollectionInfo) bool { got = append(got, c); return true }) {
				t.Fatal("Collections reports no index")
			}
			if len(got) != len(want) {
				t.Fatalf("%d collections, want %d", len(got), len(want))
			}
			for i, c := range got {
				bytes := 0
				for _, it := range want[i] {
					bytes += attr.ItemSize(it)
				}
				if c.Items != len(want[i]) || c.Bytes != bytes || !c.First.Item().Equal(want[i][0]) {
					t.Fatalf("collection %d: %d items %d bytes, want %d items %d bytes", i, c.Items, c.Bytes, len(want[i]), bytes)
				}
				if i > 0 && (got[i-1].Prefix() >= c.Prefix() || got[i-1].Compare(c.Prefix()) != -1 || c.Compare(got[i-1].Prefix()) != 1) {
					t.Fatalf("collection %d is out of prefix order", i)
				}
				if c.Compare(c.Prefix()) != 0 {
					t.Fatalf("collection %d does not compare equal to its own prefix", i)
				}
				prefix, ok := ts.CollectionPrefix(index, want[i][0])
				if !ok || prefix != c.Prefix() {
					t.Fatalf("CollectionPrefix %q, want %q", prefix, c.Prefix())
				}
				j := 0
				ts.CollectionEntries(index, c.Prefix(), func(e StoredEntry) bool {
					it := want[i][j]
					if !e.Item().Equal(it) || e.Size() != attr.ItemSize(it) {
						t.Fatalf("collection %d entry %d differs", i, j)
					}
					key, plen, ok := ts.KeyOf(index, it)
					if !ok || key != e.Key() || key[:plen] != c.Prefix() {
						t.Fatalf("KeyOf entry %d of collection %d: %q (%d), want %q", j, i, key, plen, e.Key())
					}
					var tk []byte
					for _, name := range l.names[l.table:] {
						tk = attr.AppendKey(tk, it[name])
					}
					if e.TableKey() != string(tk) {
						t.Fatalf("TableKey %q, want %q", e.TableKey(), tk)
					}
					j++
					return true
				})
				if j != len(want[i]) {
					t.Fatalf("CollectionEntries gave %d entries, want %d", j, len(want[i]))
				}
			}
			// Stopping early stops.
			calls := 0
			ts.Collections(index, func(CollectionInfo) bool { calls++; return false })
			if calls != 1 {
				t.Fatalf("Collections called fn %d times after false", calls)
			}
			n, ok := ts.IndexLen(index)
			total := 0
			for _, c := range want {
				total += len(c)
			}
			if !ok || n != total {
				t.Fatalf("IndexLen %d, want %d", n, total)
			}
		})
	}
}

func TestSnapshotScanUnknownIndex(t *testing.T) {
	ts := scanTestData(t, 1)
	called := false
	fn := func(StoredEntry) bool { called = true; return true }
	if ts.Collections("nope", func(CollectionInfo) bool { called = true; return true }) ||
		ts.Entries("nope", fn) || ts.CollectionEntries("nope", "", fn) || called {
		t.Fatal("walks of an unknown index report success")
	}
	if _, ok := ts.IndexLen("nope"); ok {
		t.Fatal("IndexLen of an unknown index")
	}
	if _, _, ok := ts.KeyOf("nope", attr.Item{}); ok {
		t.Fatal("KeyOf for an unknown index")
	}
	var none StoredEntry
	if none.Item() != nil || none.TableKey() != "" || none.Size() != 0 {
		t.Fatal("the zero StoredEntry holds something")
	}
	if _, ok := none.Attr("x"); ok {
		t.Fatal("the zero StoredEntry has an attribute")
	}
	var zero TableSnapshot
	if zero.Entries("", fn) || zero.Collections("", func(CollectionInfo) bool { return true }) {
		t.Fatal("a zero TableSnapshot has entries")
	}
	// Items without a place: missing, mistyped, non-scalar key values.
	for _, it := range []attr.Item{
		{},
		{"pk": s("a")},
		{"pk": n("1"), "sk": n("1")},
		{"pk": attr.List{s("a")}, "sk": n("1")},
		{"pk": s("a"), "sk": nil},
	} {
		if _, _, ok := ts.KeyOf("", it); ok {
			t.Fatalf("KeyOf(%v) succeeded", it)
		}
	}
	// A garbage prefix finds nothing and does not panic.
	for _, p := range []string{"", "x", strings.Repeat("\xff", 20)} {
		ts.CollectionEntries("", p, func(StoredEntry) bool { t.Fatalf("entry under prefix %q", p); return false })
	}
}

func TestStoredEntryLookup(t *testing.T) {
	ts := scanTestData(t, 2)
	names := []string{"v", "pk", "missing", "bin", "l", "sk", "pk"}
	out := make([]attr.Value, len(names))
	ts.Entries("", func(e StoredEntry) bool {
		it := e.Item()
		e.Lookup(names, out)
		for i, name := range names {
			want, has := it[name]
			if i == 6 { // a repeated name is filled once
				has, want = false, nil
			}
			if (out[i] != nil) != has || (has && !attr.Equal(out[i], want)) {
				t.Fatalf("Lookup %s = %v, want %v", name, out[i], want)
			}
		}
		if v, ok := e.Attr("sk"); !ok || !attr.Equal(v, it["sk"]) {
			t.Fatalf("Attr sk = %v", v)
		}
		if _, ok := e.Attr("nothing"); ok {
			t.Fatal("Attr of a missing attribute")
		}
		e.Lookup(names, out[:2]) // a short out reads only the first names
		infos := make([]AttrInfo, len(names))
		e.Peek(names, infos)
		for i, name := range names {
			want, has := it[name]
			if i == 6 {
				has = false
			}
			got := infos[i]
			switch {
			case !has:
				if got.Type != 0 {
					t.Fatalf("Peek %s = %v, want nothing", name, got)
				}
			case got.Type != want.Type():
				t.Fatalf("Peek %s type %v, want %v", name, got.Type, want.Type())
			}
			var text string
			switch x := want.(type) {
			case attr.String:
				text = string(x)
			case attr.Number:
				text = x.String()
			case attr.Binary:
				text = string(x)
			}
			if has && got.Text != text {
				t.Fatalf("Peek %s text %q, want %q", name, got.Text, text)
			}
		}
		return true
	})
}

func TestTTLTimeAgreesWithSweeper(t *testing.T) {
	values := []attr.Value{
		n("0"), n("1767225600"), n("1767225600.5"), n("-5"), n("1e11"), n("1.00000000001e11"), n("-1e11"),
		n("99999999999999999999"), n("0.000001"), s("1767225600"), attr.Bool(true), nil,
	}
	for _, v := range values {
		at, ok := TTLTime(v)
		ns, wantOK := ttlOf(attr.Item{"ttl": v}, "ttl")
		if ok != wantOK || (ok && at.UnixNano() != ns) {
			t.Errorf("TTLTime(%v) = %v %v, sweeper reads %d %v", v, at, ok, ns, wantOK)
		}
	}
}

// BenchmarkSnapshotCollections100k walks 10,000 collections of 10 items.
func BenchmarkSnapshotCollections100k(b *testing.B) {
	db, _ := newTestDB(b)
	mustCreate(b, db, compositeTable("Bench", schema.TypeS))
	for i := 0; i < 100_000; i++ {
		mustPut(b, db, "Bench", attr.Item{"pk": s(fmt.Sprintf("USER#%05d", i/10)), "sk": s(fmt.Sprintf("ORDER#%03d", i%10)), "total": n("12.5")})
	}
	ts := db.Snapshot().Table("Bench")
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		cols := 0
		ts.Collections("", func(CollectionInfo) bool { cols++; return true })
		if cols != 10_000 {
			b.Fatal(cols)
		}
	}
}

// BenchmarkSnapshotPeek100k reads one attribute of 100,000 items of seven
// attributes without decoding them (the TTL and index membership views).
func BenchmarkSnapshotPeek100k(b *testing.B) {
	db, _ := newTestDB(b)
	mustCreate(b, db, compositeTable("Bench", schema.TypeS))
	for i := 0; i < 100_000; i++ {
		mustPut(b, db, "Bench", attr.Item{"pk": s(fmt.Sprintf("USER#%05d", i/10)), "sk": s(fmt.Sprintf("ORDER#%03d", i%10)),
			"total": n("12.5"), "status": s("open"), "note": s("a few words"), "tags": attr.StringSet{"a", "b"}, "expires": n(fmt.Sprint(1767225600 + i))})
	}
	ts := db.Snapshot().Table("Bench")
	names := []string{"expires"}
	info := make([]AttrInfo, 1)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		found := 0
		ts.Entries("", func(e StoredEntry) bool {
			e.Peek(names, info)
			if info[0].Type == attr.TypeN {
				found++
			}
			return true
		})
		if found != 100_000 {
			b.Fatal(found)
		}
	}
}
