package patterns

import (
	"slices"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// compositeSortKey is the shopping cart of seed 000: a user's active cart,
// saved-for-later items and wish lists under one partition key, told apart
// by sort key prefixes.
var compositeSortKey = &Pattern{
	Name:    "composite-sort-key",
	Title:   "Composite sort key: the shopping cart",
	Sources: []string{"000"},
	Narrative: model.Narrative{
		Summary: "A user's cart holds active items (CART#ACTIVE#...) and items saved for later (CART#SAVED#...), " +
			"next to their wish lists (WISHLIST#...), all in the user's item collection.",
		Solves: "Related items are stored together and sorted, so one Query reads exactly the part of the " +
			"hierarchy a screen needs: the whole cart at login (begins_with CART#), only the active items at " +
			"checkout (begins_with CART#ACTIVE#). The wish lists in the same partition are never read, so no " +
			"capacity is spent on them.",
		TradeOffs: "The key condition always needs the exact partition key, and sort key conditions apply left " +
			"to right: you can narrow CART#ACTIVE# but not ask for 'every ACTIVE item whatever the prefix'. " +
			"Moving an item between levels (save for later) changes its key, so it is a delete plus a put, " +
			"kept atomic with a transaction.",
		RuleOfThumb: "Order the sort key from the most general level to the most specific, separated by '#' " +
			"(PARENT#CHILD#GRANDCHILD), so that every prefix is a question the application asks.",
	},
	DefaultSize: 500,
	build:       buildCompositeSortKey,
	generate:    generateCompositeSortKey,
}

func buildCompositeSortKey() *model.Model {
	return &model.Model{
		Description: "ShoppingCart: PK = USER#{userId}; SK = CART#ACTIVE#{productId}, CART#SAVED#{productId} " +
			"or WISHLIST#{listName}#{productId}.",
		Tables: []model.Table{keyTable("ShoppingCart", "PK", schema.TypeS, "SK", schema.TypeS)},
		Entities: []model.Entity{
			{Name: "CartItem", Table: "ShoppingCart", Description: "An item in the cart: ACTIVE (to buy now) or SAVED (for later).",
				Keys: map[string]string{"PK": "USER#{userId}", "SK": "CART#{status}#{productId}"},
				Attributes: []model.Attribute{
					{Name: "ProductName", Type: "S", Required: true},
					{Name: "Price", Type: "N", Required: true},
					{Name: "Quantity", Type: "N", Required: true},
					{Name: "AddedAt", Type: "S", Required: true, Description: "ISO-8601"},
				}},
			{Name: "WishlistItem", Table: "ShoppingCart", Description: "An item on one of the user's named wish lists.",
				Keys: map[string]string{"PK": "USER#{userId}", "SK": "WISHLIST#{listName}#{productId}"},
				Attributes: []model.Attribute{
					{Name: "ProductName", Type: "S", Required: true},
					{Name: "Price", Type: "N", Required: true},
					{Name: "AddedAt", Type: "S", Required: true},
				}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Full cart", Entity: "CartItem", Operation: "Query", Rate: 200,
				Description: "At login: the active and the saved items, not the wish lists.",
				Parameters:  []model.Parameter{param("userId", "alice", "the user")},
				Request: request(`{"TableName":"ShoppingCart","KeyConditionExpression":"PK = :pk AND begins_with(SK, :cart)",
					"ExpressionAttributeValues":{":pk":{"S":"USER#{userId}"},":cart":{"S":"CART#"}}}`)},
			{Name: "Checkout", Entity: "CartItem", Operation: "Query", Rate: 20,
				Description: "At checkout: only the active items.",
				Parameters:  []model.Parameter{param("userId", "alice", "the user")},
				Request: request(`{"TableName":"ShoppingCart","KeyConditionExpression":"PK = :pk AND begins_with(SK, :active)",
					"ExpressionAttributeValues":{":pk":{"S":"USER#{userId}"},":active":{"S":"CART#ACTIVE#"}}}`)},
			{Name: "Saved for later", Entity: "CartItem", Operation: "Query", Rate: 10,
				Parameters: []model.Parameter{param("userId", "alice", "the user")},
				Request: request(`{"TableName":"ShoppingCart","KeyConditionExpression":"PK = :pk AND begins_with(SK, :saved)",
					"ExpressionAttributeValues":{":pk":{"S":"USER#{userId}"},":saved":{"S":"CART#SAVED#"}}}`)},
			{Name: "Wish list", Entity: "WishlistItem", Operation: "Query", Rate: 5,
				Parameters: []model.Parameter{param("userId", "alice", "the user"), param("listName", "birthday", "the list")},
				Request: request(`{"TableName":"ShoppingCart","KeyConditionExpression":"PK = :pk AND begins_with(SK, :list)",
					"ExpressionAttributeValues":{":pk":{"S":"USER#{userId}"},":list":{"S":"WISHLIST#{listName}#"}}}`)},
			{Name: "Save for later", Entity: "CartItem", Operation: "TransactWriteItems", Rate: 2,
				Description: "Move an active item to the saved items: its key changes, so delete and put in one transaction.",
				Parameters: []model.Parameter{
					param("userId", "alice", "the user"), param("productId", "P-1003", "the product"),
					param("productName", "Tamper", "its name"), param("price", "24.00", "its price"),
					param("quantity", "1", "how many"), param("now", "2026-03-01T12:00:00Z", "when")},
				Request: request(`{"TransactItems":[
					{"Delete":{"TableName":"ShoppingCart","Key":{"PK":{"S":"USER#{userId}"},"SK":{"S":"CART#ACTIVE#{productId}"}},
						"ConditionExpression":"attribute_exists(PK)"}},
					{"Put":{"TableName":"ShoppingCart","Item":{"PK":{"S":"USER#{userId}"},"SK":{"S":"CART#SAVED#{productId}"},
						"ProductName":{"S":"{productName}"},"Price":{"N":"{price}"},"Quantity":{"N":"{quantity}"},"AddedAt":{"S":"{now}"}}}}]}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Full cart", Rate: 200, Keys: []model.KeyDistribution{{Parameter: "userId", Kind: model.DistZipf, Cardinality: 100000, Skew: 1.1, Format: "u{n}"}}},
			{AccessPattern: "Checkout", Rate: 20, Keys: []model.KeyDistribution{{Parameter: "userId", Kind: model.DistUniform, Cardinality: 100000, Format: "u{n}"}}},
		}},
	}
}

// product is a catalogue entry: name and price in cents.
type product struct {
	name  string
	cents int64
}

var products = []product{
	{"Espresso beans 1kg", 2490}, {"Milk frother", 3999}, {"Tamper", 2400}, {"Burr grinder", 12900},
	{"Pour-over kettle", 5450}, {"Paper filters x100", 599}, {"Ceramic mug", 1250}, {"Travel tumbler", 2200},
	{"Descaler", 899}, {"Knock box", 1999}, {"Scale 0.1g", 3490}, {"Cold brew jar", 2750},
	{"Green tea 250g", 1100}, {"Cocoa 500g", 850}, {"Oat milk x6", 1494}, {"Syrup, vanilla", 799},
}

// Story: alice's cart (three active, two saved) and birthday wish list (two),
// bob's one active and one saved item.
var cartStory = []struct {
	user, sk, productID string
	product             int
	qty                 int64
	ago                 time.Duration
}{
	{"alice", "CART#ACTIVE#", "P-1001", 0, 2, 2 * time.Hour},
	{"alice", "CART#ACTIVE#", "P-1002", 1, 1, 90 * time.Minute},
	{"alice", "CART#ACTIVE#", "P-1003", 2, 1, time.Hour},
	{"alice", "CART#SAVED#", "P-2001", 3, 1, 72 * time.Hour},
	{"alice", "CART#SAVED#", "P-2002", 4, 1, 48 * time.Hour},
	{"alice", "WISHLIST#birthday#", "P-3001", 10, 1, 240 * time.Hour},
	{"alice", "WISHLIST#birthday#", "P-3002", 11, 1, 200 * time.Hour},
	{"bob", "CART#ACTIVE#", "P-1001", 0, 1, 30 * time.Minute},
	{"bob", "CART#SAVED#", "P-4001", 5, 1, 20 * time.Hour},
}

func generateCompositeSortKey(g *gen) {
	kCart, kWish := g.entity("CartItem"), g.entity("WishlistItem")
	cart := func(user, status, productID string, pr int, qty int64, added attr.Value) {
		p := g.params("userId", user)
		p.Set("status", status)
		p.Set("productId", productID)
		it := g.next()
		it.Set("ProductName", g.str(products[pr].name))
		it.Set("Price", dec(products[pr].cents))
		it.Set("Quantity", num(qty))
		it.Set("AddedAt", added)
		g.putKeys(kCart, p, it)
	}
	wish := func(user, list, productID string, pr int, added attr.Value) {
		p := g.params("userId", user)
		p.Set("listName", list)
		p.Set("productId", productID)
		it := g.next()
		it.Set("ProductName", g.str(products[pr].name))
		it.Set("Price", dec(products[pr].cents))
		it.Set("AddedAt", added)
		g.putKeys(kWish, p, it)
	}
	for _, s := range cartStory {
		added := g.str(iso(g.start.Add(-s.ago)))
		switch s.sk {
		case "CART#ACTIVE#", "CART#SAVED#":
			status := "ACTIVE"
			if s.sk == "CART#SAVED#" {
				status = "SAVED"
			}
			cart(s.user, status, s.productID, s.product, s.qty, added)
		default:
			wish(s.user, "birthday", s.productID, s.product, added)
		}
	}
	lists := []string{"birthday", "gifts", "someday"}
	var seen []int // the user's products so far: at most 15
	for u := 0; ; u++ {
		user := padded("u", u, 6)
		seen = seen[:0]
		productID := func() (string, int) {
			for {
				n := g.r.IntN(9000)
				if !slices.Contains(seen, n) {
					seen = append(seen, n)
					return padded("P-", 1000+n, 4), n % len(products)
				}
			}
		}
		active, saved, wished := 1+g.r.IntN(6), g.r.IntN(5), g.r.IntN(4)
		for i := 0; i < active+saved; i++ {
			status := "ACTIVE"
			if i >= active {
				status = "SAVED"
			}
			id, pr := productID()
			qty := int64(1 + g.r.IntN(3))
			cart(user, status, id, pr, qty, g.str(iso(g.start.Add(-time.Duration(g.r.IntN(30*24*3600))*time.Second))))
		}
		for i := 0; i < wished; i++ {
			id, pr := productID()
			list := model.Pick(g.r, lists)
			wish(user, list, id, pr, g.str(iso(g.start.Add(-time.Duration(g.r.IntN(90*24*3600))*time.Second))))
		}
	}
}
