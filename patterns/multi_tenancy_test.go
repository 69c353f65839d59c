package patterns

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
)

// TestMultiTenancyStory: acme's gallery is its four photos and reading it
// scans nothing of any other tenant; closing acme's account (its keys by
// query, then a DeleteItem each) empties its partition and leaves globex
// and every other tenant as they were.
func TestMultiTenancyStory(t *testing.T) {
	l := load(t, multiTenancy, multiTenancy.DefaultSize)
	photos := l.run(t, "Tenant's photos", nil)
	wantKeys(t, "acme's photos", photos.Items, []string{
		"TENANT#acme|PHOTO#p-0001|https://img.example.com/acme/p-0001.jpg",
		"TENANT#acme|PHOTO#p-0002|https://img.example.com/acme/p-0002.jpg",
		"TENANT#acme|PHOTO#p-0003|https://img.example.com/acme/p-0003.jpg",
		"TENANT#acme|PHOTO#p-0004|https://img.example.com/acme/p-0004.jpg",
	}, "PK", "SK", "Url")
	if q := photos.Outputs[0].(*engine.QueryOutput); q.ScannedCount != 4 {
		t.Errorf("acme's gallery scanned %d items, want 4 (its own photos only)", q.ScannedCount)
	}
	wantKeys(t, "acme's photo p-0002", l.run(t, "Photo", nil).Items, []string{"New office"}, "Title")

	before := l.itemCount(t, "Photos", "")
	keysRes := l.run(t, "Tenant's keys", nil)
	wantKeys(t, "acme's keys", keysRes.Items, []string{
		"TENANT#acme|PHOTO#p-0001|<none>", "TENANT#acme|PHOTO#p-0002|<none>", "TENANT#acme|PHOTO#p-0003|<none>",
		"TENANT#acme|PHOTO#p-0004|<none>", "TENANT#acme|PROFILE|<none>",
	}, "PK", "SK", "Url")
	for _, k := range keys(keysRes.Items, "SK") {
		l.run(t, "Delete tenant item", model.Params{"tenantId": "acme", "sk": k})
	}
	if got := l.run(t, "Tenant's keys", nil).Items; len(got) != 0 {
		t.Errorf("acme still has %d items", len(got))
	}
	if after := l.itemCount(t, "Photos", ""); after != before-5 {
		t.Errorf("table went from %d to %d items, want exactly acme's 5 fewer", before, after)
	}
	wantKeys(t, "globex's photos after acme left", l.run(t, "Tenant's photos", model.Params{"tenantId": "globex"}).Items,
		[]string{"PHOTO#p-0001|Harbour", "PHOTO#p-0002|Dinner", "PHOTO#p-0003|Cat"}, "SK", "Title")
}

// TestMultiTenancyIsolation: for every tenant of a 3,000-item dataset the
// gallery query returns exactly that tenant's photos and scans no other.
func TestMultiTenancyIsolation(t *testing.T) {
	const size = 3000
	l := load(t, multiTenancy, size)
	photos := map[string]int{}
	for _, r := range collect(t, multiTenancy, DefaultSeed, size, nil) {
		if r.item["SK"] != str("PROFILE") {
			photos[valueText(r.item["PK"])]++
		}
	}
	for pk, n := range photos {
		res := l.run(t, "Tenant's photos", model.Params{"tenantId": pk[len("TENANT#"):]})
		q := res.Outputs[0].(*engine.QueryOutput)
		if int(q.Count) != n || int(q.ScannedCount) != n {
			t.Fatalf("%s: %d photos returned, %d scanned; want %d", pk, q.Count, q.ScannedCount, n)
		}
		for _, it := range res.Items {
			if valueText(it["PK"]) != pk {
				t.Fatalf("%s's gallery returned %v", pk, it["PK"])
			}
		}
	}
}
