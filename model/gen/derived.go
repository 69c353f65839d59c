package gen

import (
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Kinds that make data look like an application's (issue 25): a lookup
// attribute shares its values among several items (each user has several
// issues, not exactly one), and a later time follows an earlier one of the
// same item (updatedAt after createdAt).
func registerDerived() {
	register(Kind{"pool", "(prefix,size)", []string{"S"}, "one of size ids prefix-0000 ... uniformly: a lookup attribute shared by several items (an assignee of many issues)", "pool(USER,50)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(2); err != nil {
			return nil, err
		}
		size, err := c.integer(1, 0)
		if err != nil {
			return nil, err
		}
		if size < 1 || size > 1_000_000_000 {
			return nil, c.errorf("size %d is not in 1..1000000000", size)
		}
		prefix := c.args[0]
		width := len(strconv.FormatInt(size, 10))
		return func(x *ctx) attr.Value {
			return attr.String(prefix + "-" + padInt(x.r.IntN(int(size)), max(4, width)))
		}, nil
	})
	register(Kind{"when", "(attribute,value,...,source)", []string{"S", "N", "B"}, "another attribute's value (source, listed before it) on the items whose attribute holds value, no value on the others: the key of a sparse index only a subset carries (the assignee of open issues)", "when(status,OPEN,assigneeId)"}, func(c *compiler) (valueFn, error) {
		if len(c.args) < 3 || len(c.args)%2 == 0 {
			return nil, c.errorf("takes pairs of attribute and value, then the source attribute: when(status,OPEN,assigneeId)")
		}
		conds, source := c.args[:len(c.args)-1], c.args[len(c.args)-1]
		return func(x *ctx) attr.Value {
			for i := 0; i < len(conds); i += 2 {
				if s, ok := x.get(conds[i]).(attr.String); !ok || string(s) != conds[i+1] {
					return nil
				}
			}
			return x.get(source)
		}, nil
	})
	register(Kind{"after", "(attribute,min,max)", []string{"S", "N"}, "a time min to max after another time attribute of the same item (listed before it), in its format: updatedAt after createdAt", "after(createdAt,0,30d)"}, func(c *compiler) (valueFn, error) {
		if err := c.want(1, 3); err != nil {
			return nil, err
		}
		name := c.args[0]
		lo, err := parseOffset(c.arg(1, "0"))
		if err != nil {
			return nil, c.errorf("%v", err)
		}
		hi, err := parseOffset(c.arg(2, "30d"))
		if err != nil {
			return nil, c.errorf("%v", err)
		}
		if hi < lo {
			return nil, c.errorf("max %s is less than min %s", c.arg(2, "30d"), c.arg(1, "0"))
		}
		start, typ := c.env.Start, c.typ
		return func(x *ctx) attr.Value {
			d := time.Duration(lo + x.r.Int64Range(0, int64(hi-lo)/int64(time.Second))*int64(time.Second))
			switch v := x.get(name).(type) {
			case attr.String:
				for _, layout := range []string{time.RFC3339, "2006-01-02"} {
					if t, err := time.Parse(layout, string(v)); err == nil {
						if layout == "2006-01-02" && d < 24*time.Hour && hi >= int64(24*time.Hour) {
							d = 24 * time.Hour
						}
						return attr.String(t.Add(d).UTC().Format(layout))
					}
				}
			case attr.Number:
				if n, err := strconv.ParseInt(v.String(), 10, 64); err == nil {
					return attr.NumberFromInt64(n + int64(d/time.Second))
				}
			}
			// No earlier time on the item (outside a dataset): after the
			// start.
			if typ == "N" {
				return attr.NumberFromInt64(start.Add(d).Unix())
			}
			return attr.String(start.Add(d).UTC().Format(time.RFC3339))
		}, nil
	})
}

// parseOffset reads a duration such as 0, 90m, 36h or 30d.
func parseOffset(s string) (int64, error) {
	if s == "0" {
		return 0, nil
	}
	if n, ok := cutDays(s); ok {
		return n * int64(24*time.Hour), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, err
	}
	return int64(d), nil
}

func cutDays(s string) (int64, bool) {
	if len(s) < 2 || s[len(s)-1] != 'd' {
		return 0, false
	}
	n, err := strconv.ParseInt(s[:len(s)-1], 10, 64)
	return n, err == nil && n >= 0
}
