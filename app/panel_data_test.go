package app

import (
	"regexp"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestCollectionsAreOneDenseTable checks the collections' layout: one table
// with one row per item, each collection a tbody opened by its band (the
// partition key, its item count and size).
func TestCollectionsAreOneDenseTable(t *testing.T) {
	s := NewStore()
	if err := s.OpenPattern("multi-tenancy"); err != nil {
		t.Fatal(err)
	}
	if err := s.LoadDataset(300, 0, nil); err != nil {
		t.Fatal(err)
	}
	d := &dataPanel{Panel: Panel{Store: s, State: s.State()}}
	html := goapp.HTMLString(d.Render())
	if n := strings.Count(html, `class="wb-table wb-items wb-items-dense"`); n != 1 {
		t.Fatalf("%d tables of items, want one", n)
	}
	bodies := strings.Count(html, `class="wb-collection"`)
	bands := strings.Count(html, `class="wb-collection-band"`)
	if bodies != collectionsPerPage || bands != bodies {
		t.Errorf("%d collections with %d bands, want %d of each", bodies, bands, collectionsPerPage)
	}
	if strings.Count(html, "<thead>") != 1 {
		t.Error("a header per collection: the table repeats its column names")
	}
	// go-app writes an element's attributes in no fixed order.
	itemRow := regexp.MustCompile(`<tr [^>]*id="` + IDRow)
	items := len(itemRow.FindAllStringIndex(html, -1))
	if items < bodies {
		t.Errorf("%d item rows for %d collections", items, bodies)
	}
	// Each tbody starts with its band, then its items.
	for _, part := range strings.Split(html, `class="wb-collection"`)[1:] {
		band, item := strings.Index(part, "wb-collection-band"), -1
		if loc := itemRow.FindStringIndex(part); loc != nil {
			item = loc[0]
		}
		if band < 0 || item < 0 || band > item {
			t.Fatalf("a collection does not open with its band:\n%.400s", part)
		}
		if !strings.Contains(part[band:item], "TENANT#") || !strings.Contains(part[band:item], "item") {
			t.Errorf("a band lacks its partition key or count: %.300s", part[band:item])
		}
	}
}
