package advise

import "testing"

// TestUntypedAmountsAreNumbers: an attribute written without a type whose
// last word names an amount or a count is a Number; other names stay
// strings, country and accountId among them.
func TestUntypedAmountsAreNumbers(t *testing.T) {
	in, err := Parse(`
Book: isbn, title, price, unitPrice, stock, itemCount, rating, total_amount, country, accountId, discountCode, ageGroup
get Book by isbn`)
	if err != nil {
		t.Fatal(err)
	}
	m := propose(t, in).Model
	want := map[string]string{"price": "N", "unitPrice": "N", "stock": "N", "itemCount": "N", "rating": "N", "total_amount": "N",
		"title": "S", "country": "S", "accountId": "S", "discountCode": "S", "ageGroup": "S"}
	e := m.Entity("Book")
	for _, a := range e.Attributes {
		if w, ok := want[a.Name]; ok && a.Type != w {
			t.Errorf("%s: type %s (%s), want %s", a.Name, a.Type, a.Generator, w)
		}
		delete(want, a.Name)
	}
	if len(want) > 0 {
		t.Errorf("attributes missing: %v", want)
	}
	// Their generators make numbers: the dataset loads.
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
}

// TestStringAmountRoundTrips: "price S", written so, stays a string
// through Format and Parse, and an untyped price stays untyped.
func TestStringAmountRoundTrips(t *testing.T) {
	for _, src := range []string{"Book: isbn, price S\nget Book by isbn\n", "Book: isbn, price\nget Book by isbn\n"} {
		in, err := Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(Format(in))
		if err != nil {
			t.Fatal(err)
		}
		if a, b := in.Entities[0].Attributes[1].Type, again.Entities[0].Attributes[1].Type; a != b {
			t.Errorf("%q: price typed %q, after Format and Parse %q (%q)", src, a, b, Format(in))
		}
	}
}
