package patterns

import (
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Write sharding constants.
const (
	// VoteShards is the random suffix range of a vote counter: 0..19 for
	// 20,000 votes per second at 1,000 WCU per partition (seed 000).
	VoteShards = 20
	// OrderSuffixes is the calculated suffix range of an order's day: 1..200
	// (seed 003).
	OrderSuffixes = 200
)

// writeSharding is the write sharding of seeds 000 and 003: vote counters
// spread over random suffixes with a periodic aggregate, and orders spread
// over a suffix calculated from the order id so GetItem still works.
var writeSharding = &Pattern{
	Name:    "write-sharding",
	Title:   "Write sharding: random and calculated suffixes",
	Sources: []string{"000", "003"},
	Narrative: model.Narrative{
		Summary: "Votes: 20,000 votes per second for one candidate would need 20 times what a partition " +
			"accepts (1,000 WCU), so each vote increments one of 20 counters, CANDIDATE#{candidate}#{0..19}, " +
			"chosen at random; a scheduled job reads the 20 shards and writes their sum to " +
			"CANDIDATE#{candidate}#TOTAL for cheap real-time reads. Orders: a day's orders would all land on " +
			"the day's partition key, so the key is {date}.{suffix} with a suffix from 1 to 200 calculated " +
			"from the order id.",
		Solves: "A partition key hot enough to exceed one partition's throughput (1,000 WCU, 3,000 RCU) is " +
			"spread over many partition keys, and therefore many partitions. The random suffix spreads writes " +
			"best; the calculated suffix spreads them as well if the calculation is uniform, and lets a reader " +
			"who knows the order id compute the suffix and GetItem the order directly.",
		TradeOffs: "Reads must gather: the total is a 20-request fan-out (hence the aggregate item, which lags " +
			"by the aggregation interval), and a whole day of orders is 200 Queries merged by the application. " +
			"A random suffix makes a single item unfindable without the fan-out. The calculation must really " +
			"be uniform: the guide's example, the product of the id's UTF-8 code points modulo 200, puts most " +
			"ids on suffix 1 because 200 = 2^3 x 5^2 divides products of digit code points; this model uses an " +
			"FNV-1a hash modulo 200.",
		RuleOfThumb: "Pick the number of shards as the peak writes per second of one key divided by 1,000 " +
			"(rounded up), random when you only ever read the aggregate, calculated when you must find one item.",
	},
	DefaultSize: 1000,
	build:       buildWriteSharding,
	generate:    generateWriteSharding,
}

// OrderSuffix is the calculated suffix of an order id: the 32-bit FNV-1a
// hash of its bytes modulo 200, plus one (1..200).
func OrderSuffix(orderID string) int {
	h := uint32(2166136261)
	for i := 0; i < len(orderID); i++ {
		h ^= uint32(orderID[i])
		h *= 16777619
	}
	return int(h%OrderSuffixes) + 1
}

// codePointProductSuffix is the guide's example calculation: the product of
// the id's UTF-8 code points modulo 200, plus one. It is skewed (see the
// narrative); the tests measure it.
func codePointProductSuffix(orderID string) int {
	p := 1
	for _, r := range orderID {
		p = p * int(r) % OrderSuffixes
	}
	return p + 1
}

func buildWriteSharding() *model.Model {
	return &model.Model{
		Description: "Votes: PK = CANDIDATE#{candidate}#{shard} (0..19) or CANDIDATE#{candidate}#TOTAL. " +
			"Orders: PK = {date}.{suffix} (1..200, from the order id), SK OrderId.",
		Tables: []model.Table{
			keyTable("Votes", "PK", schema.TypeS, "", ""),
			keyTable("Orders", "PK", schema.TypeS, "OrderId", schema.TypeS),
		},
		Entities: []model.Entity{
			{Name: "VoteShard", Table: "Votes", Description: "One of a candidate's 20 vote counters.",
				Keys:       map[string]string{"PK": "CANDIDATE#{candidate}#{shard}"},
				Attributes: []model.Attribute{{Name: "Votes", Type: "N", Required: true}}},
			{Name: "VoteTotal", Table: "Votes", Description: "The aggregate of a candidate's shards, as of AggregatedAt.",
				Keys: map[string]string{"PK": "CANDIDATE#{candidate}#TOTAL"},
				Attributes: []model.Attribute{{Name: "Votes", Type: "N", Required: true},
					{Name: "AggregatedAt", Type: "S", Required: true}}},
			{Name: "Order", Table: "Orders", Keys: map[string]string{"PK": "{date}.{suffix}", "OrderId": "{orderId}"},
				Attributes: []model.Attribute{
					{Name: "Customer", Type: "S", Required: true}, {Name: "Total", Type: "N", Required: true},
					{Name: "Status", Type: "S", Required: true}, {Name: "PlacedAt", Type: "S", Required: true},
				}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Cast a vote", Entity: "VoteShard", Operation: "UpdateItem", Rate: 20000,
				Description: "Increment one of the candidate's counters, chosen at random.",
				Parameters: []model.Parameter{param("candidate", "alice", "the candidate"),
					param("shard", "7", "random, 0 to 19, drawn for each vote")},
				Request: request(`{"TableName":"Votes","Key":{"PK":{"S":"CANDIDATE#{candidate}#{shard}"}},
					"UpdateExpression":"ADD Votes :one","ExpressionAttributeValues":{":one":{"N":"1"}}}`)},
			{Name: "Read the total", Entity: "VoteTotal", Operation: "GetItem", Rate: 3000,
				Parameters: []model.Parameter{param("candidate", "alice", "the candidate")},
				Request:    request(`{"TableName":"Votes","Key":{"PK":{"S":"CANDIDATE#{candidate}#TOTAL"}}}`)},
			{Name: "Gather the shards", Entity: "VoteShard", Operation: "GetItem", Rate: 0.1,
				Description: "The aggregation job: read all 20 counters (a fan-out) and sum them.",
				Parameters:  []model.Parameter{param("candidate", "alice", "the candidate")},
				FanOut:      &model.FanOut{Parameter: "shard", From: 0, To: VoteShards - 1},
				Request:     request(`{"TableName":"Votes","Key":{"PK":{"S":"CANDIDATE#{candidate}#{shard}"}}}`)},
			{Name: "Write the total", Entity: "VoteTotal", Operation: "UpdateItem", Rate: 0.1,
				Parameters: []model.Parameter{param("candidate", "alice", "the candidate"),
					param("sum", "3330", "the gathered sum"), param("now", iso(Start), "ISO-8601")},
				Request: request(`{"TableName":"Votes","Key":{"PK":{"S":"CANDIDATE#{candidate}#TOTAL"}},
					"UpdateExpression":"SET Votes = :sum, AggregatedAt = :now",
					"ExpressionAttributeValues":{":sum":{"N":"{sum}"},":now":{"S":"{now}"}}}`)},
			{Name: "Place an order", Entity: "Order", Operation: "PutItem", Rate: 1000,
				Parameters: []model.Parameter{param("date", "2026-03-01", "the day"),
					param("orderId", "O-9999999", "the order id"),
					param("suffix", strconv.Itoa(OrderSuffix("O-9999999")), "OrderSuffix(orderId): FNV-1a mod 200 + 1"),
					param("customer", "c-1", "the customer"), param("total", "19.99", "the amount"),
					param("now", iso(Start), "ISO-8601")},
				Request: request(`{"TableName":"Orders","Item":{"PK":{"S":"{date}.{suffix}"},"OrderId":{"S":"{orderId}"},
					"Customer":{"S":"{customer}"},"Total":{"N":"{total}"},"Status":{"S":"PLACED"},"PlacedAt":{"S":"{now}"}}}`)},
			{Name: "Get an order", Entity: "Order", Operation: "GetItem", Rate: 500,
				Description: "The suffix is calculated from the order id, so one GetItem finds the order.",
				Parameters: []model.Parameter{param("date", "2026-03-01", "the day"), param("orderId", "O-0000003", "the order id"),
					param("suffix", strconv.Itoa(OrderSuffix("O-0000003")), "OrderSuffix(orderId)")},
				Request: request(`{"TableName":"Orders","Key":{"PK":{"S":"{date}.{suffix}"},"OrderId":{"S":"{orderId}"}}}`)},
			{Name: "Orders of a day", Entity: "Order", Operation: "Query", Rate: 0.01,
				Description: "A whole day: one Query per suffix, 200 in all, merged by the application.",
				Parameters:  []model.Parameter{param("date", "2026-03-01", "the day")},
				FanOut:      &model.FanOut{Parameter: "suffix", From: 1, To: OrderSuffixes},
				Request: request(`{"TableName":"Orders","KeyConditionExpression":"PK = :pk",
					"ExpressionAttributeValues":{":pk":{"S":"{date}.{suffix}"}}}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Cast a vote", Rate: 20000, Keys: []model.KeyDistribution{
				{Parameter: "candidate", Kind: model.DistHot, Cardinality: 10, HotFraction: 0.9, Format: "c{n}"},
				{Parameter: "shard", Kind: model.DistUniform, Cardinality: VoteShards}}},
			{AccessPattern: "Read the total", Rate: 3000, Keys: []model.KeyDistribution{
				{Parameter: "candidate", Kind: model.DistUniform, Cardinality: 10, Format: "c{n}"}}},
		}},
	}
}

var orderStatuses = []string{"PLACED", "PAID", "SHIPPED", "DELIVERED"}

// The values every candidate and order picks from, made once.
var (
	orderStatusValues = strs(orderStatuses)
)

func generateWriteSharding(g *gen) {
	kShard, kTotal, kOrder := g.entity("VoteShard"), g.entity("VoteTotal"), g.entity("Order")
	aggregatedAt := str(iso(g.start.Add(-time.Minute)))
	candidate := func(name string, votes func(shard int) int64) {
		var total int64
		for s := 0; s < VoteShards; s++ {
			v := votes(s)
			total += v
			p := g.params("candidate", name)
			p.Set("shard", strconv.Itoa(s))
			it := g.next()
			it.Set("Votes", num(v))
			g.putKeys(kShard, p, it)
		}
		p := g.params("candidate", name)
		it := g.next()
		it.Set("Votes", num(total))
		it.Set("AggregatedAt", aggregatedAt)
		g.putKeys(kTotal, p, it)
	}
	orderN := 0
	var day string
	var dayOf time.Time // the midnight day was formatted for
	order := func(date time.Time, customer string, cents int64, status attr.Value) {
		orderN++
		id := padded("O-", orderN, 7)
		if d := date.Truncate(24 * time.Hour); !d.Equal(dayOf) || day == "" {
			day, dayOf = date.Format(time.DateOnly), d
		}
		p := g.params("date", day)
		p.Set("orderId", id)
		p.Set("suffix", strconv.Itoa(OrderSuffix(id)))
		it := g.next()
		it.Set("Customer", g.str(customer))
		it.Set("Total", dec(cents))
		it.Set("Status", status)
		it.Set("PlacedAt", g.str(iso(date)))
		g.putKeys(kOrder, p, it)
	}
	// Story: alice's shards hold 100 + 7 x shard votes (3,330 in all);
	// five orders on 2026-03-01.
	candidate("alice", func(s int) int64 { return int64(100 + 7*s) })
	for i, c := range []string{"c-1", "c-2", "c-1", "c-3", "c-2"} {
		order(g.start.Add(-time.Duration(5-i)*time.Hour), c, int64(1999+1000*i), orderStatusValues[i%len(orderStatuses)])
	}
	// Filler: a candidate, then twenty orders on an earlier day.
	for i := 1; ; i++ {
		candidate(padded("c", i, 5), func(int) int64 { return int64(g.r.IntN(5000)) })
		day := g.start.AddDate(0, 0, -(1 + i%30))
		for j := 0; j < 20; j++ {
			order(day.Add(-time.Duration(g.r.IntN(12*3600))*time.Second), "c-"+strconv.Itoa(g.r.IntN(10000)),
				int64(100+g.r.IntN(50000)), model.Pick(g.r, orderStatusValues))
		}
	}
}
