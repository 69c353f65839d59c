package patterns

import (
	"fmt"
	"sort"
	"strconv"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// sumVotes adds the Votes of items.
func sumVotes(items []attr.Item) int64 {
	var n int64
	for _, it := range items {
		v, _ := it["Votes"].(attr.Number).Int64()
		n += v
	}
	return n
}

// TestWriteShardingVotes: alice's 20 shards, gathered by the fan-out, add
// up to her TOTAL item (3,330); a vote lands on one shard, so the gathered
// sum moves while the total lags until the aggregation writes it.
func TestWriteShardingVotes(t *testing.T) {
	l := load(t, writeSharding, writeSharding.DefaultSize)
	shards := l.run(t, "Gather the shards", nil)
	if len(shards.Outputs) != VoteShards || len(shards.Items) != VoteShards {
		t.Fatalf("fan-out made %d requests and found %d shards, want %d and %d", len(shards.Outputs), len(shards.Items), VoteShards, VoteShards)
	}
	wantKeys(t, "alice's shards 0, 1 and 19", []attr.Item{shards.Items[0], shards.Items[1], shards.Items[19]},
		[]string{"CANDIDATE#alice#0|100", "CANDIDATE#alice#1|107", "CANDIDATE#alice#19|233"}, "PK", "Votes")
	wantKeys(t, "alice's total", l.run(t, "Read the total", nil).Items, []string{"CANDIDATE#alice#TOTAL|3330"}, "PK", "Votes")
	if s := sumVotes(shards.Items); s != 3330 {
		t.Fatalf("gathered %d votes, want 3330", s)
	}

	l.run(t, "Cast a vote", model.Params{"candidate": "alice", "shard": "7"})
	l.run(t, "Cast a vote", model.Params{"candidate": "alice", "shard": "12"})
	gathered := sumVotes(l.run(t, "Gather the shards", nil).Items)
	wantKeys(t, "alice's stale total", l.run(t, "Read the total", nil).Items, []string{"3330"}, "Votes")
	l.run(t, "Write the total", model.Params{"candidate": "alice", "sum": fmt.Sprint(gathered), "now": "2026-03-01T12:05:00Z"})
	wantKeys(t, "alice's total after aggregation", l.run(t, "Read the total", nil).Items, []string{"3332|2026-03-01T12:05:00Z"}, "Votes", "AggregatedAt")

	// Every generated candidate: the shards add up to the total.
	for _, r := range collect(t, writeSharding, DefaultSeed, writeSharding.DefaultSize, nil) {
		pk := valueText(r.item["PK"])
		if r.table != "Votes" || len(pk) < 6 || pk[len(pk)-6:] != "#TOTAL" || pk == "CANDIDATE#alice#TOTAL" {
			continue
		}
		name := pk[len("CANDIDATE#") : len(pk)-len("#TOTAL")]
		got := sumVotes(l.run(t, "Gather the shards", model.Params{"candidate": name}).Items)
		if want, _ := r.item["Votes"].(attr.Number).Int64(); got != want {
			t.Errorf("%s: shards add up to %d, total says %d", name, got, want)
		}
	}
}

// TestWriteShardingOrders: an order is found by GetItem with the suffix
// calculated from its id; a day's orders are exactly what the 200-Query
// fan-out gathers.
func TestWriteShardingOrders(t *testing.T) {
	const size = 3000
	l := load(t, writeSharding, size)
	wantKeys(t, "order O-0000003", l.run(t, "Get an order", nil).Items, []string{"O-0000003|c-1|39.99"}, "OrderId", "Customer", "Total")
	l.run(t, "Place an order", nil)
	wantKeys(t, "the new order", l.run(t, "Get an order", model.Params{"date": "2026-03-01", "orderId": "O-9999999",
		"suffix": strconv.Itoa(OrderSuffix("O-9999999"))}).Items, []string{"2026-03-01." + strconv.Itoa(OrderSuffix("O-9999999")) + "|O-9999999|PLACED"}, "PK", "OrderId", "Status")
	if got := len(l.run(t, "Orders of a day", nil).Items); got != 6 {
		t.Errorf("2026-03-01 has %d orders after placing one, want 6", got)
	}
	byDay := map[string][]string{"2026-03-01": {"O-9999999"}}
	for _, r := range collect(t, writeSharding, DefaultSeed, size, nil) {
		if r.table != "Orders" {
			continue
		}
		id := valueText(r.item["OrderId"])
		pk := valueText(r.item["PK"])
		if want := "." + strconv.Itoa(OrderSuffix(id)); pk[len(pk)-len(want):] != want {
			t.Fatalf("order %s is under %s, want suffix %s", id, pk, want)
		}
		day := pk[:10]
		got := l.run(t, "Get an order", model.Params{"date": day, "orderId": id, "suffix": strconv.Itoa(OrderSuffix(id))})
		if len(got.Items) != 1 {
			t.Fatalf("GetItem of order %s found %d items", id, len(got.Items))
		}
		byDay[day] = append(byDay[day], id)
	}
	if len(byDay) < 10 {
		t.Fatalf("orders on only %d days", len(byDay))
	}
	for _, day := range []string{"2026-03-01", "2026-02-20", "2026-02-01"} {
		want := byDay[day]
		res := l.run(t, "Orders of a day", model.Params{"date": day})
		if len(res.Outputs) != OrderSuffixes {
			t.Fatalf("%s: %d queries, want %d", day, len(res.Outputs), OrderSuffixes)
		}
		got := keys(res.Items, "OrderId")
		sort.Strings(got)
		sort.Strings(want)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: the fan-out gathered %v, want %v", day, got, want)
		}
	}
}

// TestOrderSuffixSpread: the FNV-1a suffix spreads 100,000 order ids evenly
// over 1..200; the guide's code-point product puts a third of them on one
// suffix.
func TestOrderSuffixSpread(t *testing.T) {
	const n = 100_000
	spread := func(f func(string) int) (distinct, largest int) {
		counts := map[int]int{}
		for i := 0; i < n; i++ {
			s := f(fmt.Sprintf("O-%07d", i))
			if s < 1 || s > OrderSuffixes {
				t.Fatalf("suffix %d out of 1..200", s)
			}
			counts[s]++
		}
		for _, c := range counts {
			largest = max(largest, c)
		}
		return len(counts), largest
	}
	d, big := spread(OrderSuffix)
	if d != OrderSuffixes || big > n/OrderSuffixes*13/10 {
		t.Errorf("OrderSuffix: %d suffixes used, the busiest has %d ids (mean %d)", d, big, n/OrderSuffixes)
	}
	d, big = spread(codePointProductSuffix)
	if big < n/3 {
		t.Errorf("code-point product: busiest suffix has %d ids; expected the skew the narrative describes", big)
	}
	t.Logf("code-point product: %d suffixes used, the busiest holds %d of %d ids", d, big, n)
}
