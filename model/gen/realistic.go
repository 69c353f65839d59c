package gen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// registerRealistic adds the kinds that make values which read like real
// ones: people, places, contact details, words, ids.
func registerRealistic() {
	plain := func(name, doc, example string, make func(x *ctx) string) {
		register(Kind{name, "", []string{"S"}, doc, example}, func(c *compiler) (valueFn, error) {
			if err := c.want(0); err != nil {
				return nil, err
			}
			return func(x *ctx) attr.Value { return attr.String(make(x)) }, nil
		})
	}
	plain("name", "a person's full name", "name", func(x *ctx) string {
		return Pick(x.r, firstNames) + " " + Pick(x.r, lastNames)
	})
	plain("firstname", "a person's first name", "firstname", func(x *ctx) string { return Pick(x.r, firstNames) })
	plain("lastname", "a person's last name", "lastname", func(x *ctx) string { return Pick(x.r, lastNames) })
	plain("email", "an email address, unique within the entity (it holds the item's number)", "email", func(x *ctx) string {
		return lowerFirst[x.r.IntN(len(firstNames))] + "." + lowerLast[x.r.IntN(len(lastNames))] + strconv.Itoa(x.n) + "@" + Pick(x.r, emailDomains)
	})
	plain("company", "a company name", "company", func(x *ctx) string {
		return Pick(x.r, companyWords) + " " + Pick(x.r, companySuffixes)
	})
	plain("street", "a street address line", "street", street)
	plain("city", "a city", "city", func(x *ctx) string { return Pick(x.r, cities) })
	plain("country", "an ISO 3166 two-letter country code", "country", func(x *ctx) string { return Pick(x.r, countries) })
	plain("postcode", "a five-digit postcode", "postcode", func(x *ctx) string { return fmt.Sprintf("%05d", x.r.IntN(100000)) })
	plain("phone", "a phone number in the reserved +1 555-01xx range", "phone", func(x *ctx) string {
		return fmt.Sprintf("+1-%03d-555-01%02d", 200+x.r.IntN(800), x.r.IntN(100))
	})
	plain("url", "an https URL", "url", func(x *ctx) string {
		return fmt.Sprintf("https://www.%s%s.%s/%s", strings.ToLower(Pick(x.r, companyWords)), Pick(x.r, words), Pick(x.r, tlds), Pick(x.r, words))
	})
	plain("word", "an English word", "word", func(x *ctx) string { return Pick(x.r, words) })
	register(Kind{"ulid", "", []string{"S"}, "a ULID, sortable by creation: its time is the start plus the item's number in seconds", "ulid"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0); err != nil {
			return nil, err
		}
		start := c.env.Start.UnixMilli()
		return func(x *ctx) attr.Value {
			return attr.String(ulid(start+int64(x.n)*1000+int64(x.r.IntN(1000)), x.r))
		}, nil
	})
	register(Kind{"address", "", []string{"S", "M"}, "a postal address: one line (S) or a map of street, city, postcode, country (M)", "address"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0); err != nil {
			return nil, err
		}
		if c.typ == "M" {
			return func(x *ctx) attr.Value {
				return attr.Map{
					"street":   attr.String(street(x)),
					"city":     attr.String(Pick(x.r, cities)),
					"postcode": attr.String(fmt.Sprintf("%05d", x.r.IntN(100000))),
					"country":  attr.String(Pick(x.r, countries)),
				}
			}, nil
		}
		return func(x *ctx) attr.Value {
			return attr.String(fmt.Sprintf("%s, %05d %s", street(x), x.r.IntN(100000), Pick(x.r, cities)))
		}, nil
	})
	register(Kind{"words", "(min,max)", []string{"S"}, "min to max English words", "words(2,4)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2); err != nil {
			return nil, err
		}
		lo, hi, err := c.intRange(0, 1, 1, 1, 1000)
		if err != nil {
			return nil, err
		}
		c.size = int(hi) * 10
		return func(x *ctx) attr.Value { return attr.String(wordRun(x.r, lo, hi)) }, nil
	})
	register(Kind{"sentence", "(min,max)", []string{"S"}, "a sentence of min to max words (default 4 to 12)", "sentence"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0, 2); err != nil {
			return nil, err
		}
		lo, hi, err := c.intRange(0, 4, 12, 1, 1000)
		if err != nil {
			return nil, err
		}
		c.size = int(hi) * 10
		return func(x *ctx) attr.Value {
			s := wordRun(x.r, lo, hi)
			return attr.String(strings.ToUpper(s[:1]) + s[1:] + ".")
		}, nil
	})
	register(Kind{"bytes", "(min,max)", []string{"B"}, "min to max random bytes", "bytes(16,16)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0, 2); err != nil {
			return nil, err
		}
		lo, hi, err := c.intRange(0, 16, 16, 1, 400_000)
		if err != nil {
			return nil, err
		}
		c.size = int(hi)
		return func(x *ctx) attr.Value {
			b := make([]byte, x.r.Int64Range(lo, hi))
			for i := range b {
				b[i] = byte(x.r.Uint64())
			}
			return attr.Binary(b)
		}, nil
	})
}

func street(x *ctx) string {
	return fmt.Sprintf("%d %s %s", 1+x.r.IntN(999), Pick(x.r, streetNames), Pick(x.r, streetSuffixes))
}

func wordRun(r *Rand, lo, hi int64) string {
	n := int(r.Int64Range(lo, hi))
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Pick(r, words))
	}
	return b.String()
}

// ulid formats a ULID: 48 bits of milliseconds and 80 random bits in
// Crockford's base 32.
func ulid(ms int64, r *Rand) string {
	const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
	var buf [26]byte
	t := uint64(ms)
	for i := 9; i >= 0; i-- {
		buf[i] = alphabet[t&31]
		t >>= 5
	}
	a, b := r.Uint64(), r.Uint64()
	for i := 10; i < 26; i++ {
		buf[i] = alphabet[a&31]
		a = a>>5 | b<<59
		b >>= 5
	}
	return string(buf[:])
}

// The names in lower case, for emails.
var lowerFirst, lowerLast = lowered(firstNames), lowered(lastNames)

func lowered(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = strings.ToLower(s)
	}
	return out
}
