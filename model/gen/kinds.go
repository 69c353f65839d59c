package gen

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The original language (seq ... const) comes first and draws exactly as
// it always did, so that a shared model regenerates the same items.
func init() {
	register(Kind{"seq", "(width,prefix)", []string{"S", "N"}, "the item's number within its entity (0, 1, ...), zero-padded to width, after prefix and a dash when given (ISSUE-00860)", "seq(5)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0, 1, 2); err != nil {
			return nil, err
		}
		if prefix := c.arg(1, ""); prefix != "" {
			width, err := c.integer(0, 0)
			if err != nil {
				return nil, err
			}
			if c.typ == "N" || width < 0 || width > 20 {
				return nil, c.errorf("a prefixed sequence is text (S) of width 0..20")
			}
			return func(x *ctx) attr.Value { return attr.String(prefix + "-" + padInt(x.n, int(width))) }, nil
		}
		width, err := c.integer(0, 0)
		if err != nil {
			return nil, err
		}
		if width < 0 || width > 20 {
			return nil, c.errorf("width %d is not in 0..20", width)
		}
		if c.typ == "N" {
			return func(x *ctx) attr.Value { return attr.NumberFromInt64(int64(x.n)) }, nil
		}
		return func(x *ctx) attr.Value { return attr.String(padInt(x.n, int(width))) }, nil
	})
	register(Kind{"int", "(min,max)", []string{"N", "S"}, "an integer in [min, max], uniformly", "int(1,100)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2); err != nil {
			return nil, err
		}
		lo, err := c.integer(0, 0)
		if err != nil {
			return nil, err
		}
		hi, err := c.integer(1, 0)
		if err != nil {
			return nil, err
		}
		if hi < lo {
			return nil, c.errorf("min %d is greater than max %d", lo, hi)
		}
		if c.typ == "S" {
			return func(x *ctx) attr.Value { return attr.String(strconv.FormatInt(x.r.Int64Range(lo, hi), 10)) }, nil
		}
		return func(x *ctx) attr.Value { return attr.NumberFromInt64(x.r.Int64Range(lo, hi)) }, nil
	})
	register(Kind{"decimal", "(min,max,scale)", []string{"N"}, "a number in [min, max] with scale decimals, uniformly", "decimal(0,1,3)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(3); err != nil {
			return nil, err
		}
		scale, err := c.integer(2, 0)
		if err != nil {
			return nil, err
		}
		if scale < 0 || scale > 10 {
			return nil, c.errorf("scale %d is not in 0..10", scale)
		}
		lo, err := strconv.ParseFloat(c.args[0], 64)
		if err != nil {
			return nil, c.errorf("argument %q is not a number", c.args[0])
		}
		hi, err := strconv.ParseFloat(c.args[1], 64)
		if err != nil {
			return nil, c.errorf("argument %q is not a number", c.args[1])
		}
		if hi < lo {
			return nil, c.errorf("min %s is greater than max %s", c.args[0], c.args[1])
		}
		return func(x *ctx) attr.Value {
			return attr.MustNumber(strconv.FormatFloat(lo+(hi-lo)*x.r.Float64(), 'f', int(scale), 64))
		}, nil
	})
	register(Kind{"choice", "(a,b,...)", []string{"S", "N"}, "one of the words, each equally likely (enum weighs them)", "choice(red,green,blue)"}, func(c *compiler) (valueFn, error) {
		if len(c.args) == 0 {
			return nil, fmt.Errorf("choice needs at least one word")
		}
		vals := make([]attr.Value, len(c.args))
		for i := range c.args {
			v, err := c.scalar(c.arg(i, ""))
			if err != nil {
				return nil, c.errorf("%v", strings.TrimPrefix(err.Error(), "choice: "))
			}
			vals[i] = v
		}
		return func(x *ctx) attr.Value { return Pick(x.r, vals) }, nil
	})
	register(Kind{"text", "(min,max)", []string{"S"}, "lorem-ipsum words, min to max characters long", "text(20,80)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2); err != nil {
			return nil, err
		}
		lo, hi, err := c.intRange(0, 0, 0, 1, 100_000)
		if err != nil {
			return nil, err
		}
		c.size = int(hi)
		return func(x *ctx) attr.Value { return attr.String(LoremIn(x.slab(), x.r, int(x.r.Int64Range(lo, hi)))) }, nil
	})
	register(Kind{"uuid", "", []string{"S"}, "a random UUID (version 4 layout)", "uuid"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0); err != nil {
			return nil, err
		}
		return func(x *ctx) attr.Value { return attr.String(UUID(x.r)) }, nil
	})
	register(Kind{"bool", "(p)", []string{"BOOL"}, "true with probability p (default 0.5)", "bool(0.1)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0, 1); err != nil {
			return nil, err
		}
		p, err := c.float(0, 0.5)
		if err != nil {
			return nil, err
		}
		if p < 0 || p > 1 {
			return nil, c.errorf("%v is not a probability between 0 and 1", p)
		}
		return func(x *ctx) attr.Value { return attr.Bool(x.r.Chance(p)) }, nil
	})
	register(Kind{"null", "", []string{"NULL"}, "NULL", "null"}, func(c *compiler) (valueFn, error) {
		if err := c.want(0); err != nil {
			return nil, err
		}
		return func(*ctx) attr.Value { return attr.Null{} }, nil
	})
	times := func(name, doc string, typ string, format func(sec int64) attr.Value) {
		register(Kind{name, "(from,to)", []string{typ}, doc, name + "(-30d,0)"}, func(c *compiler) (valueFn, error) {
			if err := c.want(2); err != nil {
				return nil, err
			}
			lo, hi, err := c.span(0, "", "")
			if err != nil {
				return nil, err
			}
			return func(x *ctx) attr.Value { return format(x.r.Int64Range(lo, hi)) }, nil
		})
	}
	times("date", "a day in [from, to], YYYY-MM-DD", "S", func(s int64) attr.Value {
		return attr.String(time.Unix(s, 0).UTC().Format(time.DateOnly))
	})
	times("timestamp", "an ISO-8601 UTC time to the second in [from, to]", "S", func(s int64) attr.Value {
		return attr.String(time.Unix(s, 0).UTC().Format(time.RFC3339))
	})
	times("epoch", "epoch seconds in [from, to], as a Number (a TTL value)", "N", func(s int64) attr.Value {
		return attr.NumberFromInt64(s)
	})
	register(Kind{"const", "(value)", []string{"S", "N", "BOOL"}, "the value itself", "const(ACTIVE)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(1); err != nil {
			return nil, err
		}
		v, err := c.scalar(c.arg(0, ""))
		if err != nil {
			return nil, err
		}
		return func(*ctx) attr.Value { return v }, nil
	})
	registerRealistic()
	registerNumbers()
	registerCollections()
	registerRelations()
	registerDerived()
}

// Lorem returns n characters of lorem-ipsum words: words drawn one by one
// (one Uint64 each), separated by spaces, until there are n characters;
// cut at n, a final space becomes a full stop.
//
// It writes each word with one 16-byte store from loremCells into a
// buffer 16 bytes longer than the text, and returns the text over that
// buffer, as strings.Builder's String does: a dataset of a million
// reviews draws some 35 million words, and a copy per word was most of
// the generator's time.
func Lorem(r *Rand, n int) string { return LoremIn(nil, r, n) }

// LoremIn is Lorem with its text in s (a nil s allocates it alone).
func LoremIn(s *Slab, r *Rand, n int) string {
	if n <= 0 {
		return ""
	}
	buf := s.Make(n + 16)
	end, pos := 0, 0 // the text is buf[:end]; the next word goes at pos
	for end < n {
		c := &loremCells[r.IntN(len(loremCells))]
		*(*[16]byte)(buf[pos : pos+16]) = c.text
		end = pos + int(c.len)
		pos = end + 1
	}
	if buf[n-1] == ' ' {
		buf[n-1] = '.'
	}
	return String(buf[:n]) // buf is not written again
}

// loremCell is a lorem word followed by a space, padded to 16 bytes.
type loremCell struct {
	text [16]byte
	len  uint8 // the word's length
}

var loremCells = func() []loremCell {
	cells := make([]loremCell, len(loremWords))
	for i, w := range loremWords {
		if len(w) > 15 {
			panic("gen: lorem word longer than 15 bytes: " + w)
		}
		copy(cells[i].text[:], w+" ")
		cells[i].len = uint8(len(w))
	}
	return cells
}()

var loremWords = strings.Fields(`lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod
tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation
ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit
esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui
officia deserunt mollit anim id est laborum`)

// UUID returns a random UUID in the version-4 layout.
func UUID(r *Rand) string {
	a, b := r.Uint64(), r.Uint64()
	a = a&^0xf000 | 0x4000     // version 4
	b = b&^(0xc<<60) | 0x8<<60 // variant 10
	const hex = "0123456789abcdef"
	var buf [36]byte
	j := 0
	for i := 0; i < 32; i++ {
		if i == 8 || i == 12 || i == 16 || i == 20 {
			buf[j] = '-'
			j++
		}
		w := a
		if i >= 16 {
			w = b
		}
		shift := uint(60 - 4*(i%16))
		buf[j] = hex[(w>>shift)&0xf]
		j++
	}
	return string(buf[:])
}

// padInt formats n (0 or more) zero-padded to width digits, as
// fmt.Sprintf("%0*d") does, without fmt's cost (every key holds one).
func padInt(n, width int) string {
	var buf [24]byte
	b := strconv.AppendInt(buf[:0], int64(n), 10)
	if len(b) >= width {
		return string(b)
	}
	out := make([]byte, width)
	k := width - len(b)
	for i := 0; i < k; i++ {
		out[i] = '0'
	}
	copy(out[k:], b)
	return string(out)
}
