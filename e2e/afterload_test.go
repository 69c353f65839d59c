package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// The page after a large load: the views it draws in turns and keeps
// between renders (the collections' page, drawn a few collections a
// browser task) tell the truth about the data loaded, counted here from
// the same generator without the page. How long anything takes is
// BenchmarkBrowserLoadMillion's.

// loadedTruth is what a pattern's dataset holds, counted item by item:
// the items of a table (the last write of each key), its item collections
// by partition key, and each index's items.
type loadedTruth struct {
	items       int
	collections map[string]int // items by partition key text
	inIndex     map[string]int // items with every key attribute of the index
}

// truthOf generates the pattern's dataset of n items and counts table's.
func truthOf(t *testing.T, pattern, table string, n int) loadedTruth {
	t.Helper()
	p, ok := patterns.Get(pattern)
	if !ok {
		t.Fatalf("no pattern %s", pattern)
	}
	m := p.Model()
	spec := *m.Dataset.Generator
	spec.Size = n
	src, err := patterns.Generator(spec)
	if err != nil {
		t.Fatal(err)
	}
	mt := m.Table(table)
	if mt == nil {
		t.Fatalf("pattern %s has no table %s", pattern, table)
	}
	var hash, rng string
	for _, k := range mt.KeySchema {
		if k.KeyType == "HASH" {
			hash = k.AttributeName
		} else {
			rng = k.AttributeName
		}
	}
	// What each key holds, read as it is emitted: a generator may reuse
	// its item between two.
	type kept struct {
		pk string
		in []string
	}
	byKey := map[string]kept{}
	if err := src(func(tb string, lent attr.Fields) error {
		it := lent.Item() // lent by the source
		if tb != table {
			return nil
		}
		k := kept{pk: keyText(it[hash])}
		for _, g := range mt.GlobalSecondaryIndexes {
			in := true
			for _, e := range g.KeySchema {
				if _, ok := it[e.AttributeName]; !ok {
					in = false
				}
			}
			if in {
				k.in = append(k.in, g.IndexName)
			}
		}
		byKey[k.pk+"\x00"+keyText(it[rng])] = k
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	tr := loadedTruth{items: len(byKey), collections: map[string]int{}, inIndex: map[string]int{}}
	for _, k := range byKey {
		tr.collections[k.pk]++
		for _, ix := range k.in {
			tr.inIndex[ix]++
		}
	}
	return tr
}

// keyText is a key attribute's value as the collections view prints it:
// a string or a number as it is.
func keyText(v attr.Value) string {
	switch v := v.(type) {
	case nil:
		return ""
	case attr.String:
		return string(v)
	case attr.Number:
		return v.String()
	}
	return fmt.Sprint(v)
}

// TestBrowserViewsAfterLoad loads 50,000 items of the sparse-index
// pattern with the Load button and reads what every view then shows
// against the counts of the same dataset made here: the item collections
// count the items and the collections, their first page is drawn whole
// (data-shown reaches data-page) with each collection's own item count
// and its rows; the Indexes tab counts the items in the sparse index and
// out of it; the grid holds every item, the partitions' items add up to
// them.
func TestBrowserViewsAfterLoad(t *testing.T) {
	t.Parallel()
	const (
		pattern, table = "sparse-index", "DeviceStatus"
		items          = 50000
	)
	truth := truthOf(t, pattern, table, items)
	b := startBrowser(t)
	b.open("/?pattern=" + pattern + "&items=100")
	b.waitLoaded(100, time.Minute)
	b.setField(app.IDLoadSize, strconv.Itoa(items))
	b.click(app.IDLoadButton)
	b.waitLoaded(items, 5*time.Minute)

	// The item collections: the totals, and the first page drawn whole.
	b.waitFor("the collections' first page is drawn whole", fmt.Sprintf(`(() => { const c = document.getElementById(%q), t = c && c.querySelector("table.wb-items");
		return !!t && t.dataset.shown === t.dataset.page && parseInt(t.dataset.page) > 0; })()`, app.IDCollections), time.Minute)
	var view struct {
		Items, Collections, Page int
		Bands                    []struct {
			PK, Head string
			Rows     int
			More     string
		}
	}
	b.eval("reading the collections", fmt.Sprintf(`(() => { const c = document.getElementById(%q), t = c.querySelector("table.wb-items");
		return {Items: parseInt(c.dataset.items), Collections: parseInt(c.dataset.collections), Page: parseInt(t.dataset.page),
			Bands: Array.from(t.querySelectorAll("tbody.wb-collection")).map(tb => ({
				PK: tb.querySelector(".wb-collection-head strong").textContent,
				Head: tb.querySelector(".wb-collection-head").textContent,
				Rows: tb.querySelectorAll("tr.wb-item").length,
				More: (tb.querySelector("tr.wb-more") || {textContent: ""}).textContent}))}; })()`, app.IDCollections), &view)
	if view.Items != truth.items || view.Collections != len(truth.collections) {
		t.Errorf("the collections view counts %d items in %d collections; the dataset has %d in %d",
			view.Items, view.Collections, truth.items, len(truth.collections))
	}
	if want := min(10, len(truth.collections)); view.Page != want || len(view.Bands) != want {
		t.Errorf("the first page has data-page %d and %d collections drawn; want %d", view.Page, len(view.Bands), want)
	}
	seen := map[string]bool{}
	for _, band := range view.Bands {
		n, ok := truth.collections[band.PK]
		switch {
		case !ok:
			t.Errorf("the page shows a collection %q the dataset does not have", band.PK)
			continue
		case seen[band.PK]:
			t.Errorf("the collection %q is drawn twice", band.PK)
		}
		seen[band.PK] = true
		if !strings.Contains(band.Head, " · "+pluralItems(n)+" · ") {
			t.Errorf("the collection %q reads %q: want %s", band.PK, band.Head, pluralItems(n))
		}
		// At most 25 rows a collection, the rest counted.
		if want := min(n, 25); band.Rows != want {
			t.Errorf("the collection %q draws %d rows of its %d items; want %d", band.PK, band.Rows, n, want)
		}
		if n > 25 && !strings.Contains(band.More, fmt.Sprintf("and %d more items", n-25)) {
			t.Errorf("the collection %q of %d items says %q below its rows", band.PK, n, band.More)
		}
	}
	shots(b, "after-load-collections")

	// The sparse index: in and out.
	b.click(app.IDTab + app.TabIndexes)
	b.waitFor("the index's membership shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDIndexSummary), time.Minute)
	var in, out int
	b.eval("reading the index's counts", fmt.Sprintf(`parseInt(document.getElementById(%q).dataset.in)`, app.IDIndexSummary), &in)
	b.eval("reading the index's counts", fmt.Sprintf(`parseInt(document.getElementById(%q).dataset.out)`, app.IDIndexSummary), &out)
	if want := truth.inIndex["EscalationIndex"]; in != want || out != truth.items-want {
		t.Errorf("the index holds %d items and leaves out %d; the dataset has %d with its keys and %d without", in, out, want, truth.items-want)
	}
	var members int
	b.waitFor("the index's collections show", fmt.Sprintf(`!!document.getElementById(%q)?.dataset.items`, app.IDIndexMembers), time.Minute)
	b.eval("reading the index's collections", fmt.Sprintf(`parseInt(document.getElementById(%q).dataset.items)`, app.IDIndexMembers), &members)
	if members != in {
		t.Errorf("the index's collections count %d items, its summary %d", members, in)
	}

	// The grid holds every item.
	b.click(app.IDTab + app.TabGrid)
	b.waitFor("the grid counts every item", fmt.Sprintf(`document.getElementById(%q)?.dataset.items === %q`, app.IDGrid, strconv.Itoa(truth.items)), 5*time.Minute)

	// The partitions' items add up to the table's.
	b.click(app.IDTab + app.TabPartitions)
	b.waitFor("the partitions list shows", fmt.Sprintf(`document.querySelectorAll("#%s tr[data-partition]").length > 0`, app.IDPartList), 5*time.Minute)
	var cells []string
	b.eval("reading the partitions' items", fmt.Sprintf(`Array.from(document.querySelectorAll("#%s tr[data-partition]")).map(tr => tr.children[5].textContent)`, app.IDPartList), &cells)
	var hidden bool
	b.eval("looking for hidden partitions", fmt.Sprintf(`document.querySelector("#%s + p") !== null`, app.IDPartList), &hidden)
	sum := 0
	for _, c := range cells {
		n, err := strconv.Atoi(strings.ReplaceAll(c, ",", ""))
		if err != nil {
			t.Fatalf("a partition's items read %q", c)
		}
		sum += n
	}
	if !hidden && sum != truth.items {
		t.Errorf("the partitions hold %d items together (%v); the table has %d", sum, cells, truth.items)
	}
}

// pluralItems is "1 item", "n items".
func pluralItems(n int) string {
	if n == 1 {
		return "1 item"
	}
	return strconv.Itoa(n) + " items"
}
