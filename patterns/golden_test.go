package patterns

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// goldenDatasets are the SHA-256 of each pattern's NDJSON at
// goldenSize(p) items, seeds 1 and 7, as the generators wrote them before
// they reused one map per item and dropped fmt from the hot path (main
// at 688d40c): a shared seed still gives the same dataset.
var goldenDatasets = []struct {
	pattern string
	seed    int64
	sha256  string
}{
	{"composite-sort-key", 1, "6cba2e515a05cc6572962544161e2b6432c0e787c65a51e34a9c654533423c70"},
	{"composite-sort-key", 7, "95805ae30093a0e4e1b5c35be76317b5f1e706459b54f70592ce52d23275ec7c"},
	{"multi-tenancy", 1, "cc3e899f9ac13f989b9b29b9bbe18a4b04328a410dd45c8e12353d507caa11e5"},
	{"multi-tenancy", 7, "107ad1632b8207a415c3865ea60d9b4bbcedda2f96cdc9b00416f06feed5640a"},
	{"sparse-index", 1, "24add4e85a8d68d98e9393184b598ba90ad2b0c5b352a45c351f78d4c03959f4"},
	{"sparse-index", 7, "2d21bf403781605fee33bf6ed50d1cdbb819962faa8aafdbed8ca58b1b23f584"},
	{"ttl-ephemeral", 1, "ca13517e6e9527039ed601ed95f2e67473da93856a1817b6a5c963f676df1a89"},
	{"ttl-ephemeral", 7, "82982a3c9e6742e02ebf7f24bc930a494924e88432b6e1733d526ef7bc4cfad9"},
	{"ttl-archive", 1, "bc1b7d3e9cd171b50e65f38566256c1655c56508fc8348726301b2aab432ef3c"},
	{"ttl-archive", 7, "e223f43f97ecfd20f276a6301baf854f74a199a5b6b88c0459120631f9e077d4"},
	{"vertical-partitioning", 1, "ddb62c9ae0f66ed6bdcc558ec52c92ec19f19b9d719ce1f99c338e93c091e75b"},
	{"vertical-partitioning", 7, "d5c548cc7e1e6eaa7f566795d2e80143b773a7346c10cd1e853e7ee6ba795b65"},
	{"write-sharding", 1, "45a1eb5791fba0749228fa5e449c092dd796e781198b1d9f54bd7eea2972ede7"},
	{"write-sharding", 7, "60438d17e5b3466221ee0269c004637397ed92ef297c8107c87cb817754f46e5"},
	{"student-data", 1, "8f460a03c843bff33f1d094db0d7494f03dce8d1bf86ff53cf05768ac0f7aa56"},
	{"student-data", 7, "4ffdf4ed3167e51fe0327127b7dcd22b9960ee6d2aa9cac4ff5c4c533e2fd77e"},
	{"time-series", 1, "f47c3246e491d94d9b8b6efac64dc808dcbd2de4d5d973f58f1d8d76f1b584cf"},
	{"time-series", 7, "2fa1d2aa66bae9eef9ebd4ff71dffaca98c195e146a2e23d8e1c18a80a801137"},
	{"bulk-upload-hot-cold", 1, "1d3496fed38f9d219e290e7af3e3cafd1dfe65bd2c3edd6e7545acc12ff80fa9"},
	{"bulk-upload-hot-cold", 7, "93632dae821308af054638bad0a9690da0ea821ec747d1c3d6f1f9f6293c31e9"},
}

// goldenSize is 30,000 items, 300,000 for vertical partitioning (whose
// filler products start after the 600 reviews of its bestseller).
func goldenSize(p *Pattern) int {
	if p.Name == "vertical-partitioning" {
		return 300_000
	}
	return 30_000
}

func TestGeneratorsGolden(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range goldenDatasets {
		p, ok := Get(g.pattern)
		if !ok {
			t.Fatalf("no pattern %q", g.pattern)
		}
		seen[g.pattern] = true
		src, err := p.Source(model.GeneratorSpec{Seed: g.seed, Size: goldenSize(p)})
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.New()
		if err := WriteNDJSON(h, src); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%x", h.Sum(nil)); got != g.sha256 {
			t.Errorf("%s seed %d: sha256 %s, want %s", g.pattern, g.seed, got, g.sha256)
		}
	}
	for _, p := range Catalog() {
		if !seen[p.Name] {
			t.Errorf("pattern %s has no golden dataset", p.Name)
		}
	}
}

// TestLoadKeepsNothingLent: a generator lends one map for all its items
// (model.Source); every item the load stored is the item generated (a
// loader that kept the map would hold the last item's attributes
// everywhere).
func TestLoadKeepsNothingLent(t *testing.T) {
	for _, p := range Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			const size = 2000
			l := load(t, p, size)
			recs := collect(t, p, DefaultSeed, size, nil)
			for i, r := range recs {
				tb := l.m.Table(r.table)
				key := attr.Item{tb.HashKey(): r.item[tb.HashKey()]}
				if rk := tb.RangeKey(); rk != "" {
					key[rk] = r.item[rk]
				}
				name := r.table
				out, err := l.db.GetItem(&engine.GetItemInput{TableName: &name, Key: key})
				if err != nil {
					t.Fatal(err)
				}
				if !out.Item.Equal(r.item) {
					t.Fatalf("item %d of %s: stored %v, generated %v", i, r.table, out.Item, r.item)
				}
			}
		})
	}
}
