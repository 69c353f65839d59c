package patterns

import (
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Upload orders of the bulk upload (the generator option "order").
const (
	OrderRoundRobin = "round-robin"
	OrderSequential = "sequential"
)

// clickMonths are the click tables, newest (hot) first, with their
// provisioned read and write capacity.
var clickMonths = []struct {
	table, entity string
	month         time.Time
	rcu, wcu      int64
	share         int // per cent of the clicks
}{
	{"Clicks_2026_03", "ClickCurrentMonth", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), 3000, 1000, 70},
	{"Clicks_2026_02", "ClickLastMonth", time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC), 100, 10, 20},
	{"Clicks_2026_01", "ClickOlder", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), 10, 1, 10},
}

// bulkUploadHotCold is the bulk upload order and the hot/cold time tables of
// seed 003.
var bulkUploadHotCold = &Pattern{
	Name:    "bulk-upload-hot-cold",
	Title:   "Bulk upload order and hot/cold time tables",
	Sources: []string{"003"},
	Narrative: model.Narrative{
		Summary: "Two practices from the partition-key guide. Bulk upload: user messages (UserID, MessageID) " +
			"loaded from a source file either user by user (U1 1..100, then U2 1..200, ...) or round-robin " +
			"(U1 1, U2 1, U3 1, ..., U1 2, ...): the generator option order picks one, the items are the " +
			"same. Hot and cold tables: a customer's clicks (CustomerID, DateTime) go to one table per month, " +
			"the current month's provisioned high (3,000 RCU / 1,000 WCU), older months low.",
		Solves: "Uploading one partition key at a time sends every write of the moment to one partition while " +
			"the others idle; round-robin spreads each batch over as many partition keys, and so partitions, " +
			"as there are users. Per-period tables match capacity to the access pattern (recent data is read " +
			"and written far more), and retiring a month is one DeleteTable instead of a delete per item " +
			"(which would cost as many writes as the puts did).",
		TradeOffs: "A round-robin upload needs the source read in a different order (or several readers). " +
			"Per-period tables mean the application picks the table by date, a query spanning months queries " +
			"several tables, and a new table must exist before its period starts.",
		RuleOfThumb: "Spread a bulk load across partition keys from the first batch on; and give data that " +
			"cools with age a table per period, sized for its heat, dropped whole when it expires.",
	},
	DefaultSize: 1000,
	Options:     map[string][]string{"order": {OrderRoundRobin, OrderSequential}},
	build:       buildBulkUploadHotCold,
	generate:    generateBulkUploadHotCold,
}

func buildBulkUploadHotCold() *model.Model {
	m := &model.Model{
		Description: "UserMessages: UserID (S) + MessageID (N), loaded round-robin or sequentially. " +
			"Clicks_YYYY_MM: CustomerID + DateTime (ISO-8601 with milliseconds), one table per month.",
		Tables: []model.Table{keyTable("UserMessages", "UserID", schema.TypeS, "MessageID", schema.TypeN)},
		Entities: []model.Entity{
			{Name: "Message", Table: "UserMessages", Keys: map[string]string{"UserID": "{userId}", "MessageID": "{messageId}"},
				Attributes: []model.Attribute{{Name: "Body", Type: "S", Required: true}, {Name: "SentAt", Type: "S", Required: true}}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "User's messages", Entity: "Message", Operation: "Query", Rate: 100,
				Parameters: []model.Parameter{param("userId", "U1", "the user")},
				Request: request(`{"TableName":"UserMessages","KeyConditionExpression":"UserID = :u",
					"ExpressionAttributeValues":{":u":{"S":"{userId}"}}}`)},
			{Name: "Clicks this month", Entity: "ClickCurrentMonth", Operation: "Query", Rate: 1000,
				Parameters: []model.Parameter{param("customerId", "C0007", "the customer"), param("since", "2026-03-01T06:00:00.000Z", "ISO-8601")},
				Request: request(`{"TableName":"Clicks_2026_03","KeyConditionExpression":"CustomerID = :c AND #dt >= :since",
					"ExpressionAttributeNames":{"#dt":"DateTime"},
					"ExpressionAttributeValues":{":c":{"S":"{customerId}"},":since":{"S":"{since}"}}}`)},
			{Name: "Clicks last month", Entity: "ClickLastMonth", Operation: "Query", Rate: 10,
				Parameters: []model.Parameter{param("customerId", "C0007", "the customer")},
				Request: request(`{"TableName":"Clicks_2026_02","KeyConditionExpression":"CustomerID = :c",
					"ExpressionAttributeValues":{":c":{"S":"{customerId}"}}}`)},
			{Name: "Record a click", Entity: "ClickCurrentMonth", Operation: "PutItem", Rate: 900,
				Parameters: []model.Parameter{param("customerId", "C0007", "the customer"),
					param("dateTime", "2026-03-01T12:00:00.000Z", "ISO-8601 with milliseconds"), param("url", "/cart", "the page")},
				Request: request(`{"TableName":"Clicks_2026_03","Item":{"CustomerID":{"S":"{customerId}"},"DateTime":{"S":"{dateTime}"},
					"Url":{"S":"{url}"}}}`)},
			{Name: "Retire the oldest month", Operation: "DeleteTable", Rate: 0,
				Description: "Removing a month's clicks is one DeleteTable, not a delete per item.",
				Request:     request(`{"TableName":"Clicks_2026_01"}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Record a click", Rate: 900, Keys: []model.KeyDistribution{
				{Parameter: "customerId", Kind: model.DistZipf, Cardinality: 100000, Skew: 1.1, Format: "C{n}"}}},
			{AccessPattern: "Clicks this month", Rate: 1000, Keys: []model.KeyDistribution{
				{Parameter: "customerId", Kind: model.DistZipf, Cardinality: 100000, Skew: 1.1, Format: "C{n}"}}},
			{AccessPattern: "Clicks last month", Rate: 10, Keys: []model.KeyDistribution{
				{Parameter: "customerId", Kind: model.DistUniform, Cardinality: 100000, Format: "C{n}"}}},
		}},
	}
	for _, c := range clickMonths {
		m.Tables = append(m.Tables, provisioned(keyTable(c.table, "CustomerID", schema.TypeS, "DateTime", schema.TypeS), c.rcu, c.wcu))
		m.Entities = append(m.Entities, model.Entity{Name: c.entity, Table: c.table,
			Keys:       map[string]string{"CustomerID": "{customerId}", "DateTime": "{dateTime}"},
			Attributes: []model.Attribute{{Name: "Url", Type: "S", Required: true}}})
	}
	return m
}

var pages = []string{"/", "/search", "/product", "/cart", "/checkout", "/account", "/help"}

// pageValues are the clicks' pages, boxed once.
var pageValues = strs(pages)

// messageCount is how many messages user i (1-based) has: 100, 200, 300,
// 100, ... as in the guide's example (U1 up to 100, U2 up to 200).
func messageCount(i int) int { return 100 * (1 + (i-1)%3) }

func generateBulkUploadHotCold(g *gen) {
	// Messages: 60% of the dataset, the last user cut to fit.
	total := g.size * 6 / 10
	var counts []int
	for sum, i := 0, 1; sum < total; i++ {
		c := min(messageCount(i), total-sum)
		counts = append(counts, c)
		sum += c
	}
	kMessage := g.entity("Message")
	message := func(user, n int) {
		// The content depends on the key only, so both orders write the
		// same items.
		r := model.NewRand(g.seed, uint64(user)<<32|uint64(n))
		sent := g.start.Add(-time.Duration(r.IntN(90*24*3600)) * time.Second)
		p := g.params("userId", "U"+strconv.Itoa(user))
		p.Set("messageId", strconv.Itoa(n))
		it := g.next()
		it.Set("Body", g.str(model.Lorem(r, 20+r.IntN(120))))
		it.Set("SentAt", g.str(iso(sent)))
		g.putKeys(kMessage, p, it)
	}
	if g.opts["order"] == OrderSequential {
		for u, c := range counts {
			for n := 1; n <= c; n++ {
				message(u+1, n)
			}
		}
	} else {
		for n := 1; n <= messageCount(3); n++ {
			for u, c := range counts {
				if n <= c {
					message(u+1, n)
				}
			}
		}
	}
	// Clicks: the rest, 70/20/10 over the months, evenly spaced in time.
	rest := g.left()
	for i, c := range clickMonths {
		n := rest * c.share / 100
		if i == len(clickMonths)-1 {
			n = g.left()
		}
		end := c.month.AddDate(0, 1, 0)
		if end.After(g.start) {
			end = g.start
		}
		span := end.Sub(c.month)
		k := g.entity(c.entity)
		for j := 0; j < n; j++ {
			at := c.month.Add(span * time.Duration(j) / time.Duration(n)).UTC()
			p := g.params("customerId", padded("C", g.r.IntN(1000), 4))
			p.Set("dateTime", at.Format("2006-01-02T15:04:05.000Z"))
			it := g.next()
			it.Set("Url", model.Pick(g.r, pageValues))
			g.putKeys(k, p, it)
		}
	}
}
