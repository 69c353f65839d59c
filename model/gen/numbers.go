package gen

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// MaxZipf bounds zipf's max: its table of cumulative weights is that long.
const MaxZipf = 1_000_000

// registerNumbers adds prices, weighted enums, number distributions, TTL
// times and hot-key skew.
func registerNumbers() {
	register(Kind{"price", "(min,max)", []string{"N", "S"}, "a price in [min, max] with two decimals, often ending in .99 or .00", "price(5,200)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2); err != nil {
			return nil, err
		}
		lo, err := c.float(0, 0)
		if err != nil {
			return nil, err
		}
		hi, err := c.float(1, 0)
		if err != nil {
			return nil, err
		}
		if lo < 0 || hi < lo || hi > 1e12 {
			return nil, c.errorf("prices must satisfy 0 <= min <= max <= 1e12")
		}
		clo, chi := int64(math.Ceil(lo*100)), int64(math.Floor(hi*100))
		if chi < clo {
			return nil, c.errorf("no price with two decimals lies in [%v, %v]", lo, hi)
		}
		return c.number(func(x *ctx) string {
			cents := x.r.Int64Range(clo, chi)
			switch x.r.IntN(4) { // a shop's prices: .99 and whole amounts are common
			case 0:
				if v := cents/100*100 + 99; v <= chi {
					cents = v
				}
			case 1:
				if v := cents / 100 * 100; v >= clo {
					cents = v
				}
			}
			return strconv.FormatInt(cents/100, 10) + "." + twoDigits(cents%100)
		}), nil
	})
	register(Kind{"enum", "(a:weight,b:weight,...)", []string{"S", "N"}, "one of the values, each as likely as its weight (1 when left out)", "enum(PENDING:1,SHIPPED:6,RETURNED:1)"}, func(c *compiler) (valueFn, error) {
		if len(c.args) == 0 {
			return nil, c.errorf("needs at least one value")
		}
		vals := make([]attr.Value, len(c.args))
		cum := make([]float64, len(c.args))
		total := 0.0
		for i, a := range c.args {
			name, w := unquote(a), 1.0
			if k, ws, ok := splitPair(a); ok {
				f, err := strconv.ParseFloat(ws, 64)
				if err != nil || f < 0 || math.IsInf(f, 0) || f != f {
					return nil, c.errorf("weight %q of %q is not a number 0 or more", ws, k)
				}
				name, w = k, f
			}
			v, err := c.scalar(name)
			if err != nil {
				return nil, err
			}
			vals[i] = v
			total += w
			cum[i] = total
		}
		if total <= 0 {
			return nil, c.errorf("the weights add up to 0")
		}
		return func(x *ctx) attr.Value {
			u := x.r.Float64() * total
			return vals[sort.SearchFloat64s(cum, math.Nextafter(u, math.Inf(1)))%len(vals)]
		}, nil
	})
	register(Kind{"normal", "(mean,stddev,scale)", []string{"N", "S"}, "a normally distributed number, rounded to scale decimals (default 0)", "normal(170,10)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2, 3); err != nil {
			return nil, err
		}
		mean, err := c.float(0, 0)
		if err != nil {
			return nil, err
		}
		sd, err := c.float(1, 0)
		if err != nil {
			return nil, err
		}
		scale, err := c.scale(2)
		if err != nil {
			return nil, err
		}
		if sd < 0 {
			return nil, c.errorf("stddev %v is negative", sd)
		}
		return c.number(func(x *ctx) string { return strconv.FormatFloat(mean+sd*x.r.Normal(), 'f', scale, 64) }), nil
	})
	register(Kind{"exponential", "(mean,scale)", []string{"N", "S"}, "an exponentially distributed number 0 or more (many small, few large), rounded to scale decimals", "exponential(30)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(1, 2); err != nil {
			return nil, err
		}
		mean, err := c.float(0, 0)
		if err != nil {
			return nil, err
		}
		scale, err := c.scale(1)
		if err != nil {
			return nil, err
		}
		if mean <= 0 {
			return nil, c.errorf("mean %v is not positive", mean)
		}
		return c.number(func(x *ctx) string { return strconv.FormatFloat(mean*x.r.Exponential(), 'f', scale, 64) }), nil
	})
	register(Kind{"zipf", "(s,max)", []string{"N", "S"}, "an integer in 1..max, k with weight 1/k^s: a few values very common, a long tail", "zipf(1.1,1000)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2); err != nil {
			return nil, err
		}
		s, err := c.float(0, 0)
		if err != nil {
			return nil, err
		}
		max, err := c.integer(1, 0)
		if err != nil {
			return nil, err
		}
		if s <= 0 || s > 10 {
			return nil, c.errorf("s %v is not in (0, 10]", s)
		}
		if max < 1 || max > MaxZipf {
			return nil, c.errorf("max %d is not in 1..%d", max, MaxZipf)
		}
		var cum []float64
		total := 0.0
		var once sync.Once // built on first use: validation compiles without drawing
		return c.number(func(x *ctx) string {
			once.Do(func() {
				cum = make([]float64, max)
				for k := range cum {
					total += 1 / pow(float64(k+1), s)
					cum[k] = total
				}
			})
			u := x.r.Float64() * total
			return strconv.Itoa(1 + sort.SearchFloat64s(cum, math.Nextafter(u, math.Inf(1)))%len(cum))
		}), nil
	})
	register(Kind{"ttl", "(past,from,to)", []string{"N"}, "a TTL value (epoch seconds): a share past (\"20%\") in [from, start), already expired, the rest in [start, to]; default ttl(10%,-1d,+7d)", "ttl(20%,-7d,+30d)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0, 1, 3); err != nil {
			return nil, err
		}
		past, err := c.float(0, 0.1)
		if err != nil {
			return nil, err
		}
		if past < 0 || past > 1 {
			return nil, c.errorf("past share %v is not between 0%% and 100%%", past)
		}
		lo, hi, err := c.span(1, "-1d", "+7d")
		if err != nil {
			return nil, err
		}
		now := c.env.Start.Unix()
		if lo > now || hi < now {
			return nil, c.errorf("from and to must lie either side of the start time")
		}
		return func(x *ctx) attr.Value {
			if x.r.Chance(past) {
				return attr.NumberFromInt64(x.r.Int64Range(lo, max(lo, now-1)))
			}
			return attr.NumberFromInt64(x.r.Int64Range(now, hi))
		}, nil
	})
	register(Kind{"hot", "(fraction,values,generator)", []string{"S", "N"}, "skew: a fraction of items take one of a few hot values (a count of the generator's first values, or a|b|c), the rest come from the generator", "hot(0.3,2,seq(4))"}, func(c *compiler) (valueFn, error) {
		if err := c.want(3); err != nil {
			return nil, err
		}
		frac, err := c.float(0, 0)
		if err != nil {
			return nil, err
		}
		if frac < 0 || frac > 1 {
			return nil, c.errorf("fraction %v is not between 0 and 1", frac)
		}
		inner, err := c.sub(2, c.typ)
		if err != nil {
			return nil, err
		}
		if inner.ref != nil {
			return nil, c.errorf("the generator cannot be a ref")
		}
		c.size = inner.size
		var hot []attr.Value
		if k, err := strconv.Atoi(c.args[1]); err == nil {
			if k < 1 || k > 1000 {
				return nil, c.errorf("%d hot values is not in 1..1000", k)
			}
			// The hot values are the generator's first k, drawn from a
			// stream of their own so the seed's other values stay put.
			r := NewRand(0, fnv(c.args[2]))
			for i := 0; i < k; i++ {
				hot = append(hot, inner.fn(&ctx{r: r, n: i}))
			}
		} else {
			for _, s := range strings.Split(unquote(c.args[1]), "|") {
				v, err := c.scalar(strings.TrimSpace(s))
				if err != nil {
					return nil, err
				}
				hot = append(hot, v)
			}
		}
		return func(x *ctx) attr.Value {
			if x.r.Chance(frac) {
				return Pick(x.r, hot)
			}
			return inner.fn(x)
		}, nil
	})
}

// scale reads an optional decimals argument at i (default 0).
func (c *compiler) scale(i int) (int, error) {
	s, err := c.integer(i, 0)
	if err != nil {
		return 0, err
	}
	if s < 0 || s > 10 {
		return 0, c.errorf("scale %d is not in 0..10", s)
	}
	return int(s), nil
}

// number wraps a formatter of decimal text as an N or S value generator.
func (c *compiler) number(f func(x *ctx) string) valueFn {
	if c.typ == "S" {
		return func(x *ctx) attr.Value { return attr.String(f(x)) }
	}
	return func(x *ctx) attr.Value {
		s := f(x)
		if s == "-0" {
			s = "0"
		}
		return attr.MustNumber(strings.TrimPrefix(s, "+"))
	}
}

func twoDigits(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// fnv is the 64-bit FNV-1a hash of s: a random stream number.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
