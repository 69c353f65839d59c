package patterns

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Dataset sizes a generator accepts.
const (
	MinSize = 10
	MaxSize = 1_000_000
)

// DefaultSeed is the seed of a pattern's served dataset.
const DefaultSeed = 1

// Start is the virtual clock's start in every pattern: generated times and
// TTL values are relative to it.
var Start = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// Pattern is one building block: a ready model, its narrative and a
// deterministic generator for its dataset.
type Pattern struct {
	// Name is the pattern's identifier in URLs and generator specs.
	Name  string
	Title string
	// Sources are the seed documents the pattern comes from ("000").
	Sources   []string
	Narrative model.Narrative
	// DefaultSize is the size of the dataset served with the model.
	DefaultSize int
	// Options are the generator's options: name to allowed values, the
	// first being the default.
	Options map[string][]string

	build    func() *model.Model
	generate func(g *gen)
}

// Model returns a fresh copy of the pattern's model: its narrative, tables,
// entities, access patterns, workload and settings, and a dataset that is a
// generator spec for the default seed and size.
func (p *Pattern) Model() *model.Model {
	m := p.build()
	m.Version = model.Version
	m.Name = p.Title
	n := p.Narrative
	n.Sources = slices.Clone(p.Sources)
	m.Narrative = &n
	if m.Settings.StartTime == "" {
		m.Settings.StartTime = Start.Format(time.RFC3339)
	}
	m.Dataset = &model.Dataset{Generator: &model.GeneratorSpec{Pattern: p.Name, Seed: DefaultSeed, Size: p.DefaultSize}}
	return m
}

// checkSpec checks a generator spec for this pattern: the size within
// MinSize and MaxSize, the options known.
func (p *Pattern) checkSpec(spec model.GeneratorSpec) error {
	if spec.Size < MinSize || spec.Size > MaxSize {
		return fmt.Errorf("size %d is not in %d..%d", spec.Size, MinSize, MaxSize)
	}
	for k, v := range spec.Options {
		allowed, ok := p.Options[k]
		if !ok {
			return fmt.Errorf("pattern %s has no option %q", p.Name, k)
		}
		if !slices.Contains(allowed, v) {
			return fmt.Errorf("option %s: %q is not one of %v", k, v, allowed)
		}
	}
	return nil
}

// Source returns the pattern's dataset for spec: spec.Size items in a fixed
// order, the same for the same seed, size and options. The story items the
// narrative talks about come first (as many as the size allows), then
// filler. Nothing is held in memory beyond the item being emitted.
func (p *Pattern) Source(spec model.GeneratorSpec) (model.Source, error) {
	if spec.Pattern != "" && spec.Pattern != p.Name {
		return nil, fmt.Errorf("the spec is for pattern %q, not %q", spec.Pattern, p.Name)
	}
	if err := p.checkSpec(spec); err != nil {
		return nil, err
	}
	m := p.Model()
	keys := map[string]*model.Keys{}
	for i := range m.Entities {
		k, err := m.CompileKeys(&m.Entities[i])
		if err != nil {
			return nil, fmt.Errorf("pattern %s: %v", p.Name, err)
		}
		keys[m.Entities[i].Name] = k
	}
	opts := map[string]string{}
	for k, v := range p.Options {
		opts[k] = v[0]
	}
	for k, v := range spec.Options {
		opts[k] = v
	}
	return func(emit func(string, attr.Fields) error) error {
		g := &gen{
			r:     model.NewRand(spec.Seed, fnv(p.Name)),
			seed:  spec.Seed,
			size:  spec.Size,
			emit:  emit,
			keys:  keys,
			opts:  opts,
			start: Start,
		}
		func() {
			defer func() {
				if r := recover(); r != nil && r != errStop {
					panic(r)
				}
			}()
			p.generate(g)
			if g.n != g.size {
				g.err = fmt.Errorf("pattern %s: generated %d items, not %d", p.Name, g.n, g.size)
			}
		}()
		return g.err
	}, nil
}

// Generator resolves a generator spec naming a pattern of the catalogue; it
// is the model.Resolver for model.Load.
func Generator(spec model.GeneratorSpec) (model.Source, error) {
	p, ok := Get(spec.Pattern)
	if !ok {
		return nil, fmt.Errorf("no pattern %q", spec.Pattern)
	}
	return p.Source(spec)
}

// gen is what a pattern's generator writes through.
type gen struct {
	r     *model.Rand
	seed  int64 // the spec's seed, for generators that draw per item
	size  int
	n     int // items emitted
	emit  func(string, attr.Fields) error
	keys  map[string]*model.Keys
	opts  map[string]string
	start time.Time
	err   error
	// it and p are the item and parameters next and params hand out: one
	// slice and one map for every item, since the Source lends its items.
	it attr.Fields
	p  model.Args
	// builders are put's item builders, by entity.
	builders map[string]*model.ItemBuilder
	// box backs the strings of g.str; text holds the review texts.
	box  attr.Boxes
	text model.Slab
}

// errStop unwinds a generator once the dataset is full or emitting failed.
var errStop = new(int)

// left returns how many items may still be emitted.
func (g *gen) left() int { return g.size - g.n }

// put builds an item of entity with parameters p and attributes it, and
// emits it. When the dataset is full (or emitting failed) it unwinds the
// generator, so generators just loop until stopped.
func (g *gen) put(entity string, p *model.Args, it *attr.Fields) {
	if g.n >= g.size {
		panic(errStop)
	}
	b := g.builders[entity]
	if b == nil {
		b = g.entity(entity)
		if g.builders == nil {
			g.builders = map[string]*model.ItemBuilder{}
		}
		g.builders[entity] = b
	}
	g.send(b, p, it)
}

// entity returns a builder of an entity's items, for putKeys: a generator
// of many items looks its entities up once, and the builder gives the same
// key Value to consecutive items with the same key parameters.
func (g *gen) entity(name string) *model.ItemBuilder {
	k := g.keys[name]
	if k == nil {
		g.err = fmt.Errorf("no entity %q", name)
		panic(errStop)
	}
	return k.Builder()
}

// putKeys is put for an entity looked up with entity.
func (g *gen) putKeys(b *model.ItemBuilder, p *model.Args, it *attr.Fields) {
	if g.n >= g.size {
		panic(errStop)
	}
	g.send(b, p, it)
}

// send builds the item's keys with b and emits it.
func (g *gen) send(b *model.ItemBuilder, p *model.Args, it *attr.Fields) {
	f, err := b.Item(*p, *it)
	if f != nil {
		*it = f // the slice grown, if it was: kept for the next item
	}
	k := b.Keys()
	if err != nil {
		g.err = fmt.Errorf("entity %s: %v", k.Entity.Name, err)
		panic(errStop)
	}
	if err := g.emit(k.Entity.Table, f); err != nil {
		g.err = err
		panic(errStop)
	}
	g.n++
}

// next returns the fields of the next item, empty: the same slice each
// time (the consumer of a Source copies what it keeps).
func (g *gen) next() *attr.Fields {
	if g.it == nil {
		g.it = make(attr.Fields, 0, 16)
	}
	g.it = g.it[:0]
	return &g.it
}

// params returns the parameters of the next item, with one parameter
// set: the same slice each time.
func (g *gen) params(name, value string) *model.Args {
	g.p = append(g.p[:0], model.Arg{Name: name, Value: value})
	return &g.p
}

// padded is prefix then n in at least width digits, zero-padded:
// fmt.Sprintf("%s%0*d", prefix, width, n) for n >= 0, without fmt.
func padded(prefix string, n, width int) string {
	var buf [40]byte
	b := append(buf[:0], prefix...)
	digits := 1
	for x := n; x >= 10; x /= 10 {
		digits++
	}
	for ; digits < width; digits++ {
		b = append(b, '0')
	}
	return string(strconv.AppendInt(b, int64(n), 10))
}

// fnv is the 64-bit FNV-1a hash of s: a pattern's random stream number.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// ---- values ----

func str(s string) attr.Value { return attr.String(s) }

// str is the package's str for a value drawn per item: boxed in a shared
// array (attr.Boxes), 256 to an allocation, where each would be an
// allocation of its own (a sixth of a generated dataset's).
func (g *gen) str(s string) attr.Value { return g.box.Box(s) }

// num returns n as a Number: 0..1023 from smallNumbers, made once (a
// Value is immutable, so items share them; counts, ratings and
// quantities are mostly small).
func num(n int64) attr.Value {
	if n >= 0 && n < int64(len(smallNumbers)) {
		return smallNumbers[n]
	}
	return attr.NumberFromInt64(n)
}

var smallNumbers = func() []attr.Value {
	vs := make([]attr.Value, 1024)
	for i := range vs {
		vs[i] = attr.NumberFromInt64(int64(i))
	}
	return vs
}()

// strs returns the values of a list of strings, boxed once, for a
// generator that picks among them for every item.
func strs(list []string) []attr.Value {
	vs := make([]attr.Value, len(list))
	for i, s := range list {
		vs[i] = attr.String(s)
	}
	return vs
}

// dec returns a number with two decimals from hundredths.
func dec(hundredths int64) attr.Value {
	var buf [24]byte
	b := buf[:0]
	if hundredths < 0 {
		b = append(b, '-')
		hundredths = -hundredths
	}
	b = strconv.AppendInt(b, hundredths/100, 10)
	b = append(b, '.', byte('0'+hundredths%100/10), byte('0'+hundredths%10))
	return attr.MustNumber(string(b))
}

// iso formats t as an ISO-8601 UTC timestamp to the second.
func iso(t time.Time) string {
	var buf [32]byte
	return string(t.UTC().AppendFormat(buf[:0], time.RFC3339))
}

// epoch is t in epoch seconds, as a Number (a TTL value).
func epoch(t time.Time) attr.Value { return attr.NumberFromInt64(t.Unix()) }

// ---- model building ----

// keyTable returns a table definition with a hash key and an optional range
// key ("" for none), on-demand.
func keyTable(name, hash string, hashType schema.ScalarType, rng string, rangeType schema.ScalarType) model.Table {
	t := model.Table{TableDefinition: schema.TableDefinition{
		TableName:            name,
		AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: hash, AttributeType: hashType}},
		KeySchema:            []schema.KeySchemaElement{{AttributeName: hash, KeyType: schema.KeyTypeHash}},
		BillingMode:          schema.BillingPayPerRequest,
	}}
	if rng != "" {
		t.AttributeDefinitions = append(t.AttributeDefinitions, schema.AttributeDefinition{AttributeName: rng, AttributeType: rangeType})
		t.KeySchema = append(t.KeySchema, schema.KeySchemaElement{AttributeName: rng, KeyType: schema.KeyTypeRange})
	}
	return t
}

// provisioned switches t to provisioned capacity.
func provisioned(t model.Table, rcu, wcu int64) model.Table {
	t.BillingMode = schema.BillingProvisioned
	t.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: &rcu, WriteCapacityUnits: &wcu}
	return t
}

// ttl turns on t's time to live on attribute name.
func ttl(t model.Table, name string) model.Table {
	t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: name, Enabled: true}
	return t
}

// param declares an access pattern parameter.
func param(name, example, description string) model.Parameter {
	return model.Parameter{Name: name, Example: example, Description: description}
}

// request is a request's JSON text.
func request(s string) []byte { return []byte(s) }

// ---- output ----

// WriteNDJSON writes the items of src as newline-delimited JSON, one
// PutItem request per line: {"TableName":"...","Item":{...DynamoDB JSON...}}.
// Each line can be sent to PutItem as it is.
func WriteNDJSON(w io.Writer, src model.Source) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var line []byte
	err := src(func(table string, it attr.Fields) error {
		line = appendPutRequest(line[:0], table, it)
		line = append(line, '\n')
		_, err := bw.Write(line)
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

func appendPutRequest(dst []byte, table string, it attr.Fields) []byte {
	dst = append(dst, `{"TableName":`...)
	dst = strconv.AppendQuote(dst, table)
	dst = append(dst, `,"Item":`...)
	dst = attr.AppendFields(dst, it)
	return append(dst, '}')
}

// MaxExamplesSize is the largest dataset WriteDocument loads to take the
// access patterns' examples from (the load costs memory and time per
// request; larger documents keep the pattern's own examples).
const MaxExamplesSize = 10_000

// ModelWithExamples returns the pattern's model whose access patterns'
// examples come from the dataset of spec (model.FindExamples on a scratch
// database), so that each returns items at that size and seed.
func (p *Pattern) ModelWithExamples(spec model.GeneratorSpec) (*model.Model, error) {
	spec.Pattern = p.Name
	src, err := p.Source(spec)
	if err != nil {
		return nil, err
	}
	m := p.Model()
	db, _ := m.NewDatabase()
	if err := m.CreateTables(db); err != nil {
		return nil, err
	}
	if _, err := model.LoadItemsSized(db, src, spec.Size); err != nil {
		return nil, err
	}
	m.SetExamples(m.FindExamples(db))
	return m, nil
}

// WriteDocument writes the pattern's model with an explicit dataset of
// spec's items: the model document, its "dataset" holding the generator
// spec and the items grouped by table. The generator runs once per table,
// so the items are streamed, never held together.
func (p *Pattern) WriteDocument(w io.Writer, spec model.GeneratorSpec) error {
	spec.Pattern = p.Name
	src, err := p.Source(spec)
	if err != nil {
		return err
	}
	m := p.Model()
	if spec.Size <= MaxExamplesSize {
		if mx, err := p.ModelWithExamples(spec); err == nil {
			m = mx
		}
	}
	m.Dataset = nil
	head, err := model.Marshal(m)
	if err != nil {
		return err
	}
	gs, err := json.Marshal(spec)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.Write(head[:len(head)-1])
	bw.WriteString(`,"dataset":{"generator":`)
	bw.Write(gs)
	bw.WriteString(`,"items":{`)
	tables := make([]string, 0, len(m.Tables))
	for _, t := range m.Tables {
		tables = append(tables, t.TableName)
	}
	slices.Sort(tables) // the order of a JSON map written by Marshal
	var buf []byte
	wroteTable := false
	for _, table := range tables {
		first := true
		err := src(func(tn string, it attr.Fields) error {
			if tn != table {
				return nil
			}
			buf = buf[:0]
			if first {
				if wroteTable {
					buf = append(buf, ',')
				}
				buf = strconv.AppendQuote(buf, table)
				buf = append(buf, ":["...)
				first, wroteTable = false, true
			} else {
				buf = append(buf, ',')
			}
			buf = attr.AppendFields(buf, it)
			_, err := bw.Write(buf)
			return err
		})
		if err != nil {
			return err
		}
		if !first {
			bw.WriteString("]")
		}
	}
	bw.WriteString("}}}")
	return bw.Flush()
}
