package gen

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// compiler holds one call being compiled and reads its arguments.
type compiler struct {
	name string
	args []string
	typ  string
	env  *Env
	ref  *ref
	size int // the most bytes a value can take (roughly); 64 by default
}

func (c *compiler) errorf(format string, args ...any) error {
	return fmt.Errorf("%s: %s", c.name, fmt.Sprintf(format, args...))
}

// want checks the argument count is one of n.
func (c *compiler) want(n ...int) error {
	for _, k := range n {
		if len(c.args) == k {
			return nil
		}
	}
	return fmt.Errorf("%s takes %v arguments, not %d", c.name, n, len(c.args))
}

// arg returns argument i unquoted, or def when there are not that many.
func (c *compiler) arg(i int, def string) string {
	if i >= len(c.args) {
		return def
	}
	return unquote(c.args[i])
}

func (c *compiler) integer(i int, def int64) (int64, error) {
	if i >= len(c.args) {
		return def, nil
	}
	v, err := strconv.ParseInt(c.args[i], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: argument %q is not an integer", c.name, c.args[i])
	}
	return v, nil
}

func (c *compiler) float(i int, def float64) (float64, error) {
	if i >= len(c.args) {
		return def, nil
	}
	s := c.args[i]
	pct := strings.HasSuffix(s, "%")
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	if err != nil || v != v {
		return 0, fmt.Errorf("%s: argument %q is not a number", c.name, s)
	}
	if pct {
		v /= 100
	}
	return v, nil
}

// intRange reads a [min, max] pair of integers at i, i+1 within [lo, hi].
func (c *compiler) intRange(i int, defLo, defHi, lo, hi int64) (int64, int64, error) {
	a, err := c.integer(i, defLo)
	if err != nil {
		return 0, 0, err
	}
	b, err := c.integer(i+1, defHi)
	if err != nil {
		return 0, 0, err
	}
	if a < lo || b < a || b > hi {
		return 0, 0, c.errorf("lengths must satisfy %d <= min <= max <= %d, not %d and %d", lo, hi, a, b)
	}
	return a, b, nil
}

// when reads a time argument (see parseWhen).
func (c *compiler) when(i int, def string) (time.Time, error) {
	s := c.arg(i, def)
	t, err := parseWhen(s, c.env.Start)
	if err != nil {
		return time.Time{}, c.errorf("%v", err)
	}
	return t, nil
}

// span reads a (from, to) pair of times at i.
func (c *compiler) span(i int, defFrom, defTo string) (int64, int64, error) {
	from, err := c.when(i, defFrom)
	if err != nil {
		return 0, 0, err
	}
	to, err := c.when(i+1, defTo)
	if err != nil {
		return 0, 0, err
	}
	if to.Before(from) {
		return 0, 0, c.errorf("%s is before %s", c.arg(i+1, defTo), c.arg(i, defFrom))
	}
	return from.Unix(), to.Unix(), nil
}

// sub compiles argument i as a generator of type typ ("" for its default).
func (c *compiler) sub(i int, typ string) (*Generator, error) {
	if i >= len(c.args) || c.args[i] == "" {
		return nil, c.errorf("argument %d must be a generator", i+1)
	}
	env := *c.env
	g, err := Compile(c.args[i], typ, env)
	if err != nil {
		return nil, c.errorf("%v", err)
	}
	if g.ref != nil {
		g.ref.inner = true
	}
	return g, nil
}

// str makes an S value, or an N one when the attribute is a Number and s
// reads as one.
func (c *compiler) scalar(s string) (attr.Value, error) {
	switch c.typ {
	case "N":
		n, err := attr.ParseNumber(s)
		if err != nil {
			return nil, c.errorf("%q is not a number", s)
		}
		return n, nil
	case "BOOL":
		switch s {
		case "true":
			return attr.Bool(true), nil
		case "false":
			return attr.Bool(false), nil
		}
		return nil, c.errorf("%q is not true or false", s)
	}
	if s == "" {
		return nil, c.errorf("empty value")
	}
	return attr.String(s), nil
}

// parseWhen reads an RFC 3339 time or an offset from start ("-30d", "+36h",
// "0").
func parseWhen(s string, start time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if s == "0" {
		return start, nil
	}
	if len(s) > 1 && (s[0] == '-' || s[0] == '+') {
		if strings.HasSuffix(s, "d") {
			days, err := strconv.Atoi(s[1 : len(s)-1])
			if err == nil {
				if s[0] == '-' {
					days = -days
				}
				return start.AddDate(0, 0, days), nil
			}
		} else if d, err := time.ParseDuration(s); err == nil {
			return start.Add(d), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither an RFC 3339 time nor an offset such as -30d or +36h", s)
}
