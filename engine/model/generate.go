package model

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Attribute generators: a small language for sample values, so that a model
// drawn by hand can fill itself with data. A generator is a name, with
// arguments in parentheses when it takes some:
//
//	seq, seq(width)        the item's number within its entity (0, 1, ...), zero-padded to width
//	int(min,max)           an integer in [min, max]
//	decimal(min,max,scale) a number in [min, max] with scale decimals
//	choice(a,b,...)        one of the words
//	text(min,max)          words of lorem text, min to max characters long
//	uuid                   a random UUID (version 4 layout)
//	bool                   true or false
//	null                   NULL
//	date(from,to)          a day, YYYY-MM-DD
//	timestamp(from,to)     an ISO-8601 UTC time to the second
//	epoch(from,to)         epoch seconds, as a Number (a TTL value)
//	const(value)           value itself
//
// from and to are RFC 3339 times or offsets from the settings' start time:
// "0", "-30d", "+7d", "+36h", "-90m".

// valueGen makes one attribute value for item number n (within its entity).
type valueGen func(r *Rand, n int) attr.Value

// compileGenerator parses a generator for an attribute of type typ.
func compileGenerator(src, typ string, start time.Time) (valueGen, error) {
	name, args, err := splitCall(src)
	if err != nil {
		return nil, err
	}
	want := func(n ...int) error {
		for _, k := range n {
			if len(args) == k {
				return nil
			}
		}
		return fmt.Errorf("%s takes %v arguments, not %d", name, n, len(args))
	}
	types := func(allowed ...string) error {
		for _, a := range allowed {
			if a == typ {
				return nil
			}
		}
		return fmt.Errorf("%s makes %s values, not %s", name, strings.Join(allowed, " or "), typ)
	}
	number := func(i int) (attr.Number, error) {
		n, err := attr.ParseNumber(args[i])
		if err != nil {
			return attr.Number{}, fmt.Errorf("%s: argument %q is not a number", name, args[i])
		}
		return n, nil
	}
	integer := func(i int) (int64, error) {
		v, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: argument %q is not an integer", name, args[i])
		}
		return v, nil
	}
	times := func() (time.Time, time.Time, error) {
		from, err := parseWhen(args[0], start)
		if err != nil {
			return time.Time{}, time.Time{}, fmt.Errorf("%s: %v", name, err)
		}
		to, err := parseWhen(args[1], start)
		if err != nil {
			return time.Time{}, time.Time{}, fmt.Errorf("%s: %v", name, err)
		}
		if to.Before(from) {
			return time.Time{}, time.Time{}, fmt.Errorf("%s: %s is before %s", name, args[1], args[0])
		}
		return from, to, nil
	}
	switch name {
	case "seq":
		if err := want(0, 1); err != nil {
			return nil, err
		}
		if err := types("S", "N"); err != nil {
			return nil, err
		}
		width := int64(0)
		if len(args) == 1 {
			if width, err = integer(0); err != nil {
				return nil, err
			}
			if width < 0 || width > 20 {
				return nil, fmt.Errorf("seq: width %d is not in 0..20", width)
			}
		}
		if typ == "N" {
			return func(_ *Rand, n int) attr.Value { return attr.NumberFromInt64(int64(n)) }, nil
		}
		return func(_ *Rand, n int) attr.Value { return attr.String(fmt.Sprintf("%0*d", width, n)) }, nil
	case "int":
		if err := want(2); err != nil {
			return nil, err
		}
		if err := types("N", "S"); err != nil {
			return nil, err
		}
		lo, err := integer(0)
		if err != nil {
			return nil, err
		}
		hi, err := integer(1)
		if err != nil {
			return nil, err
		}
		if hi < lo {
			return nil, fmt.Errorf("int: min %d is greater than max %d", lo, hi)
		}
		if typ == "S" {
			return func(r *Rand, _ int) attr.Value { return attr.String(strconv.FormatInt(r.Int64Range(lo, hi), 10)) }, nil
		}
		return func(r *Rand, _ int) attr.Value { return attr.NumberFromInt64(r.Int64Range(lo, hi)) }, nil
	case "decimal":
		if err := want(3); err != nil {
			return nil, err
		}
		if err := types("N"); err != nil {
			return nil, err
		}
		scale, err := integer(2)
		if err != nil {
			return nil, err
		}
		if scale < 0 || scale > 10 {
			return nil, fmt.Errorf("decimal: scale %d is not in 0..10", scale)
		}
		lo, err := strconv.ParseFloat(args[0], 64)
		if err != nil {
			return nil, fmt.Errorf("decimal: argument %q is not a number", args[0])
		}
		hi, err := strconv.ParseFloat(args[1], 64)
		if err != nil {
			return nil, fmt.Errorf("decimal: argument %q is not a number", args[1])
		}
		if hi < lo {
			return nil, fmt.Errorf("decimal: min %s is greater than max %s", args[0], args[1])
		}
		return func(r *Rand, _ int) attr.Value {
			return attr.MustNumber(strconv.FormatFloat(lo+(hi-lo)*r.Float64(), 'f', int(scale), 64))
		}, nil
	case "choice":
		if len(args) == 0 {
			return nil, fmt.Errorf("choice needs at least one word")
		}
		if err := types("S", "N"); err != nil {
			return nil, err
		}
		vals := make([]attr.Value, len(args))
		for i, a := range args {
			if typ == "N" {
				n, err := number(i)
				if err != nil {
					return nil, err
				}
				vals[i] = n
			} else {
				if a == "" {
					return nil, fmt.Errorf("choice: empty word")
				}
				vals[i] = attr.String(a)
			}
		}
		return func(r *Rand, _ int) attr.Value { return Pick(r, vals) }, nil
	case "text":
		if err := want(2); err != nil {
			return nil, err
		}
		if err := types("S"); err != nil {
			return nil, err
		}
		lo, err := integer(0)
		if err != nil {
			return nil, err
		}
		hi, err := integer(1)
		if err != nil {
			return nil, err
		}
		if lo < 1 || hi < lo || hi > 100_000 {
			return nil, fmt.Errorf("text: lengths must satisfy 1 <= min <= max <= 100000")
		}
		return func(r *Rand, _ int) attr.Value { return attr.String(Lorem(r, int(r.Int64Range(lo, hi)))) }, nil
	case "uuid":
		if err := want(0); err != nil {
			return nil, err
		}
		if err := types("S"); err != nil {
			return nil, err
		}
		return func(r *Rand, _ int) attr.Value { return attr.String(UUID(r)) }, nil
	case "bool":
		if err := want(0); err != nil {
			return nil, err
		}
		if err := types("BOOL"); err != nil {
			return nil, err
		}
		return func(r *Rand, _ int) attr.Value { return attr.Bool(r.Chance(0.5)) }, nil
	case "null":
		if err := want(0); err != nil {
			return nil, err
		}
		if err := types("NULL"); err != nil {
			return nil, err
		}
		return func(*Rand, int) attr.Value { return attr.Null{} }, nil
	case "date", "timestamp", "epoch":
		if err := want(2); err != nil {
			return nil, err
		}
		allowed := []string{"S"}
		if name == "epoch" {
			allowed = []string{"N"}
		}
		if err := types(allowed...); err != nil {
			return nil, err
		}
		from, to, err := times()
		if err != nil {
			return nil, err
		}
		lo, hi := from.Unix(), to.Unix()
		switch name {
		case "date":
			return func(r *Rand, _ int) attr.Value {
				return attr.String(time.Unix(r.Int64Range(lo, hi), 0).UTC().Format(time.DateOnly))
			}, nil
		case "timestamp":
			return func(r *Rand, _ int) attr.Value {
				return attr.String(time.Unix(r.Int64Range(lo, hi), 0).UTC().Format(time.RFC3339))
			}, nil
		}
		return func(r *Rand, _ int) attr.Value { return attr.NumberFromInt64(r.Int64Range(lo, hi)) }, nil
	case "const":
		if err := want(1); err != nil {
			return nil, err
		}
		if err := types("S", "N"); err != nil {
			return nil, err
		}
		if typ == "N" {
			n, err := number(0)
			if err != nil {
				return nil, err
			}
			return func(*Rand, int) attr.Value { return n }, nil
		}
		if args[0] == "" {
			return nil, fmt.Errorf("const: empty value")
		}
		v := attr.String(args[0])
		return func(*Rand, int) attr.Value { return v }, nil
	}
	return nil, fmt.Errorf("unknown generator %q", name)
}

// splitCall splits "name(a,b)" into its name and arguments.
func splitCall(src string) (string, []string, error) {
	src = strings.TrimSpace(src)
	open := strings.IndexByte(src, '(')
	if open < 0 {
		if src == "" {
			return "", nil, fmt.Errorf("empty generator")
		}
		return src, nil, nil
	}
	if !strings.HasSuffix(src, ")") {
		return "", nil, fmt.Errorf("generator %q: missing ')'", src)
	}
	name := strings.TrimSpace(src[:open])
	inner := src[open+1 : len(src)-1]
	if strings.TrimSpace(inner) == "" {
		return name, nil, nil
	}
	args := strings.Split(inner, ",")
	for i := range args {
		args[i] = strings.TrimSpace(args[i])
	}
	return name, args, nil
}

// parseWhen reads an RFC 3339 time or an offset from start ("-30d", "+36h").
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

var loremWords = strings.Fields(`lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod
tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation
ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit
esse cillum fugiat nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui
officia deserunt mollit anim id est laborum`)

// Lorem returns n characters of lorem-ipsum words.
func Lorem(r *Rand, n int) string {
	var b strings.Builder
	b.Grow(n + 16)
	for b.Len() < n {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Pick(r, loremWords))
	}
	s := b.String()[:n]
	if s[len(s)-1] == ' ' {
		s = s[:len(s)-1] + "."
	}
	return s
}

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

// entityGen generates the items of one entity.
type entityGen struct {
	keys  *Keys
	attrs []attrGen
}

type attrGen struct {
	name string
	freq float64
	gen  valueGen
}

// Synthesize returns the items of spec generated from the entities'
// attribute generators: item i belongs to entity i mod E (E entities in
// model order) and is that entity's item number i div E. Every parameter of
// an entity's primary key templates must be an attribute with a generator;
// include a seq or uuid parameter in each key to keep keys unique.
func (m *Model) Synthesize(spec GeneratorSpec) (Source, error) {
	if len(m.Entities) == 0 {
		return nil, fmt.Errorf("the model has no entities to generate")
	}
	if spec.Size < 0 {
		return nil, fmt.Errorf("size %d is negative", spec.Size)
	}
	start := m.Settings.Start()
	if start.IsZero() {
		start = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	gens := make([]entityGen, len(m.Entities))
	for i := range m.Entities {
		e := &m.Entities[i]
		k, err := m.CompileKeys(e)
		if err != nil {
			return nil, err
		}
		g := entityGen{keys: k}
		have := map[string]bool{}
		for _, a := range e.Attributes {
			if a.Generator == "" {
				continue
			}
			vg, err := compileGenerator(a.Generator, a.Type, start)
			if err != nil {
				return nil, fmt.Errorf("entity %s: attribute %s: %v", e.Name, a.Name, err)
			}
			freq := a.Frequency
			if freq == 0 {
				freq = 1
			}
			g.attrs = append(g.attrs, attrGen{name: a.Name, freq: freq, gen: vg})
			if freq == 1 {
				have[a.Name] = true
			}
		}
		for _, ka := range k.attrs[:k.nprim] {
			for _, p := range ka.tpl.pars {
				if !have[p] {
					return nil, fmt.Errorf("entity %s: key parameter {%s} is not an attribute with a generator on every item", e.Name, p)
				}
			}
		}
		gens[i] = g
	}
	return func(emit func(string, attr.Item) error) error {
		r := NewRand(spec.Seed, 0)
		for i := 0; i < spec.Size; i++ {
			g := &gens[i%len(gens)]
			n := i / len(gens)
			it := make(attr.Item, len(g.attrs)+len(g.keys.attrs))
			for _, a := range g.attrs {
				if a.freq < 1 && !r.Chance(a.freq) {
					continue
				}
				it[a.name] = a.gen(r, n)
			}
			it, err := g.keys.Item(nil, it)
			if err != nil {
				return fmt.Errorf("entity %s, item %d: %v", g.keys.Entity.Name, n, err)
			}
			if err := emit(g.keys.Entity.Table, it); err != nil {
				return err
			}
		}
		return nil
	}, nil
}
