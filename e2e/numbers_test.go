package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/app"
)

// bookshopLines lists a genre's books by price, an amount written without
// a type.
const bookshopLines = `name Bookshop
Author: authorId, name, country
Book of Author 1-12: isbn, title, genre, price, publishedAt, stock
Review of Book 0-40: reviewId, rating, text, createdAt, userId
list Books by authorId range publishedAt newest first, 50/s "An author's books, newest first"
list Books by genre range price, 30/s "Books of a genre by price"
list Reviews by isbn newest first limit 10, 120/s "A book's latest reviews"
get Book by isbn, 300/s "Book page"
update Book set stock, 40/s "Sell a copy"
`

// TestBrowserNumberRange: the bookshop proposed from its lines keys the
// books of a genre by price with a Number sort key (price, untyped, is a
// Number), every pattern runs on the loaded data, and the books of a
// genre come back in the order of their prices as numbers.
func TestBrowserNumberRange(t *testing.T) {
	t.Parallel()
	p := proposedInGo(t, bookshopLines)
	b := startBrowser(t)
	b.open("/")
	proposeLines(b, bookshopLines)
	text := proposalText(b)
	if !strings.Contains(text, "SK={price}") || !strings.Contains(text, "as numbers") {
		t.Errorf("the proposal does not key the books by the price as a number:\n%s", text)
	}
	if !strings.Contains(text, "REVIEW#{createdAt}#{reviewId}") || !strings.Contains(text, "newest first is an order in time") {
		t.Errorf("the proposal does not order a book's reviews by createdAt:\n%s", text)
	}
	b.click(app.IDWizardAccept)
	loadItems(b, 3000)
	runEveryPattern(t, b, p.Model)
	var ids []string
	b.eval("the run buttons", `Array.from(document.querySelectorAll('[id^="`+app.IDQueryPattern+`"]')).map(x => x.id)`, &ids)
	run := ""
	for _, id := range ids {
		if strings.Contains(id, "price") {
			run = id
		}
	}
	if run == "" {
		t.Fatalf("no run button for the books by price among %v", ids)
	}
	b.click(run)
	b.waitFor("the books by price", `(document.getElementById("`+app.IDStatus+`")?.textContent || "").includes("Books of a genre by price")`, 20e9)
	var raw string
	b.eval("the raw response", `document.getElementById("`+app.IDResultRaw+`").textContent`, &raw)
	var prices []float64
	for _, m := range regexp.MustCompile(`"price":\s*\{\s*"N":\s*"([0-9.]+)"`).FindAllStringSubmatch(raw, -1) {
		f, _ := strconv.ParseFloat(m[1], 64)
		prices = append(prices, f)
	}
	if len(prices) < 2 {
		t.Fatalf("the books by price read %d prices: %s", len(prices), raw[:min(len(raw), 600)])
	}
	for i := 1; i < len(prices); i++ {
		if prices[i] < prices[i-1] {
			t.Fatalf("the books by price, in order: %v", prices)
		}
	}
	t.Logf("the books of a genre by price: %v", prices)
	// The form shows the pattern's request: its index and the range.
	var index string
	b.eval("the form's index", `document.getElementById("`+app.IDQueryIndex+`").value`, &index)
	if index == "" {
		t.Errorf("the Query form shows index %q beside the pattern's request on an index", index)
	}
	// A book's latest reviews, newest first, come back latest createdAt
	// first (keyed by reviewId alone they came back by id).
	latest := ""
	for _, id := range ids {
		if strings.Contains(strings.ToLower(id), "latest") {
			latest = id
		}
	}
	if latest == "" {
		t.Fatalf("no run button for the latest reviews among %v", ids)
	}
	b.click(latest)
	b.waitFor("the latest reviews", `(document.getElementById("`+app.IDStatus+`")?.textContent || "").includes("latest reviews")`, 20e9)
	b.eval("the raw response", `document.getElementById("`+app.IDResultRaw+`").textContent`, &raw)
	var times []string
	for _, m := range regexp.MustCompile(`"createdAt":\s*\{\s*"S":\s*"([^"]+)"`).FindAllStringSubmatch(raw, -1) {
		times = append(times, m[1])
	}
	if len(times) < 2 {
		t.Fatalf("the latest reviews read %d items: %s", len(times), raw[:min(len(raw), 600)])
	}
	for i := 1; i < len(times); i++ {
		if times[i] > times[i-1] {
			t.Fatalf("the latest reviews, in order: %v", times)
		}
	}
	t.Logf("a book's latest reviews: %v", times)
	shots(b, "number-range")
}
