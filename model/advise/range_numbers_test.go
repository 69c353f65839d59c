package advise

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// bookshop lists a genre's books by price, a Number.
const bookshop = `
name Bookshop
Author: authorId, name
Book of Author 1-12: isbn, title, genre, price, publishedAt
get Book by isbn, 300/s "Book page"
list Books by genre range price, 30/s "Books of a genre by price"
list Books by authorId range publishedAt newest first, 50/s "An author's books, newest first"
create Book, 5/s "Add a book"
update Book set price, 5/s "Reprice a book"
`

// TestNumberRangeReadsEveryItemInIt: a range of a number reads exactly the
// items whose number lies in it, in numeric order, for random bounds,
// against a brute-force filter of the loaded items. Inside a string sort
// key ("BOOK#{price}#{isbn}") "100.00" sorted before "43.00", and a range
// from 43 to 485 missed every book from 100 to 399.
func TestNumberRangeReadsEveryItemInIt(t *testing.T) {
	p, db := loadedText(t, bookshop, 0)
	m := p.Model
	type book struct {
		genre string
		price float64
	}
	var books []book
	scanAll(t, db, m.Tables[0].TableName, func(it attr.Item) {
		if it["isbn"] == nil || it["genre"] == nil {
			return
		}
		price, err := strconv.ParseFloat(it["price"].(attr.Number).String(), 64)
		if err != nil {
			t.Fatalf("a book's price %v: %v", it["price"], err)
		}
		books = append(books, book{string(it["genre"].(attr.String)), price})
	})
	ap := m.AccessPattern("Books of a genre by price")
	r := rand.New(rand.NewPCG(7, 28))
	checked := 0
	for i := 0; i < 200; i++ {
		g := books[r.IntN(len(books))].genre
		lo, hi := float64(r.IntN(50000))/100, float64(r.IntN(50000))/100
		if lo > hi {
			lo, hi = hi, lo
		}
		var want []float64
		for _, b := range books {
			if b.genre == g && b.price >= lo && b.price <= hi {
				want = append(want, b.price)
			}
		}
		sort.Float64s(want)
		params := model.Params{"genre": g, "priceFrom": fmt.Sprint(lo), "priceTo": fmt.Sprint(hi)}
		var got []float64
		res, err := ap.Run(db, params) // a genre's books fit a page
		if err != nil {
			t.Fatalf("%v: %v", params, err)
		}
		for _, it := range res.Items {
			f, _ := strconv.ParseFloat(it["price"].(attr.Number).String(), 64)
			got = append(got, f)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("genre %s, price %v to %v: read %v, want %v", g, lo, hi, got, want)
		}
		checked += len(want)
	}
	if checked < 100 {
		t.Fatalf("the ranges held %d books in all: too few to tell", checked)
	}
	// The writes keep the index's number a number.
	for _, name := range []string{"Add a book", "Reprice a book"} {
		ap := m.AccessPattern(name)
		if _, err := ap.Run(db, ap.Examples()); err != nil {
			t.Errorf("%s: %v (%s)", name, err, ap.Request)
		}
	}
}

// TestNumberRangeKeys: a list ordered by a number, the busiest read of its
// entity, is not built into the table's string sort key but read from an
// index whose sort key is the number; a range after another lookup
// attribute stays in a string key, and the reason cautions that it sorts
// as text.
func TestNumberRangeKeys(t *testing.T) {
	p, db := loadedText(t, `
Player: playerId, name
Score of Player 1-30: scoreId, points, playedAt, country
list Scores by playerId range points newest first limit 10, 500/s "A player's best scores"
list Scores by playerId, country range points, 10/s "A player's scores in a country"
`, 0)
	m := p.Model
	keys := m.Entity("Score").Keys
	if keys["SK"] != "SCORE#{scoreId}" {
		t.Errorf("Score's SK = %q: a number in the table's string sort key", keys["SK"])
	}
	best := m.AccessPattern("A player's best scores")
	ix := ""
	for k, v := range keys {
		if v == "{points}" {
			ix = strings.TrimSuffix(k, "SK")
		}
	}
	if ix == "" || !strings.Contains(string(best.Request), `"IndexName":"`+ix+`"`) || m.Tables[0].TableDefinition.AttributeType(ix+"SK") != "N" {
		t.Errorf("the best scores read %s; Score's keys %v", best.Request, keys)
	}
	texts := reasonsAbout(p, func(l Location) bool { return l.Pattern == "A player's scores in a country" })
	if !slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, "sorts as text") }) {
		t.Errorf("no caution about points inside a string key: %q", texts)
	}
	m.SetExamples(m.FindExamples(db))
	res, err := best.Run(db, best.Examples())
	if err != nil || len(res.Items) < 2 {
		t.Fatalf("the best scores: %v items, %v", res, err)
	}
	for i := 1; i < len(res.Items); i++ {
		a, _ := strconv.ParseFloat(res.Items[i-1]["points"].(attr.Number).String(), 64)
		b, _ := strconv.ParseFloat(res.Items[i]["points"].(attr.Number).String(), 64)
		if a < b {
			t.Fatalf("the best scores, newest first by points, read %v before %v", a, b)
		}
	}
}
