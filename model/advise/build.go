package advise

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// isTTLName reports whether an attribute's name says it is an expiry
// time: ttl, expiresAt, expiry, expirationTime.
func isTTLName(name string) bool {
	n := strings.ToLower(name)
	return n == "ttl" || strings.HasPrefix(n, "expire") || strings.HasPrefix(n, "expiry") || strings.HasPrefix(n, "expiration")
}

// isNumberName reports whether an attribute written without a type names
// an amount or a count by its last word (price, unitPrice, total,
// itemCount, stock, rating; not country or discountCode): it is a Number,
// with the generator gen.Guess gives such a name.
func isNumberName(name string) bool {
	last := name
	for i := len(name) - 1; i > 0; i-- {
		if c := name[i]; c >= 'A' && c <= 'Z' || c == '_' {
			last = strings.TrimPrefix(name[i:], "_")
			break
		}
	}
	switch strings.ToLower(last) {
	case "price", "amount", "total", "cost", "balance", "cents", "quantity", "qty", "count", "stock", "rating", "score", "stars", "age",
		"points", "votes", "views", "likes", "rank", "weight", "height", "width", "distance", "duration", "percent":
		return true
	}
	return false
}

// ttl turns on time to live where an entity has a TTL attribute (a ttl
// generator, or a Number named ttl or expires...).
func (d *designer) ttl() {
	for _, t := range d.tables {
		for _, e := range t.ents {
			for _, a := range e.attrs {
				if a.Type != "N" || kind(a.Generator) != "ttl" && !isTTLName(a.Name) {
					continue
				}
				if t.ttl == "" {
					t.ttl = a.Name
					d.why(Location{Table: t.name, Entity: e.in.Name, Attribute: a.Name}, "time to live on %s: DynamoDB deletes an item some time after this epoch second passes, without a write of yours", a.Name)
				}
			}
		}
	}
}

// skType is an index sort key's type: a Number for a num shape's index.
func skType(num bool) schema.ScalarType {
	if num {
		return schema.TypeN
	}
	return schema.TypeS
}

// build assembles the model: tables, entities, dataset.
func (d *designer) build() *model.Model {
	m := &model.Model{Version: model.Version, Name: d.in.Name, Description: "Proposed from access patterns by the design advisor."}
	for _, t := range d.tables {
		def := schema.TableDefinition{
			TableName: t.name,
			AttributeDefinitions: []schema.AttributeDefinition{
				{AttributeName: "PK", AttributeType: schema.TypeS}, {AttributeName: "SK", AttributeType: schema.TypeS}},
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: "PK", KeyType: schema.KeyTypeHash}, {AttributeName: "SK", KeyType: schema.KeyTypeRange}},
			BillingMode: schema.BillingPayPerRequest,
		}
		for _, ix := range t.indexes {
			proj := schema.Projection{ProjectionType: schema.ProjectAll}
			if pr, ok := t.projections[ix]; ok {
				proj = pr
			}
			def.AttributeDefinitions = append(def.AttributeDefinitions,
				schema.AttributeDefinition{AttributeName: ix + "PK", AttributeType: schema.TypeS},
				schema.AttributeDefinition{AttributeName: ix + "SK", AttributeType: skType(t.numSK[ix])})
			def.GlobalSecondaryIndexes = append(def.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{
				IndexName: ix,
				KeySchema: []schema.KeySchemaElement{
					{AttributeName: ix + "PK", KeyType: schema.KeyTypeHash}, {AttributeName: ix + "SK", KeyType: schema.KeyTypeRange}},
				Projection: proj,
			})
		}
		mt := model.Table{TableDefinition: def}
		if t.ttl != "" {
			mt.TimeToLiveSpecification = &model.TimeToLive{AttributeName: t.ttl, Enabled: true}
		}
		m.Tables = append(m.Tables, mt)
	}
	for _, e := range d.ents {
		me := model.Entity{Name: e.in.Name, Table: e.table.name, Keys: map[string]string{
			"PK": e.home.pkTemplate(), "SK": e.home.skTemplate()}, Attributes: e.attrs}
		for ix, sh := range e.indexes {
			me.Keys[ix+"PK"] = sh.pkTemplate()
			me.Keys[ix+"SK"] = sh.skTemplate()
		}
		m.Entities = append(m.Entities, me)
	}
	m.Settings.StartTime = model.DefaultStart.Format("2006-01-02T15:04:05Z07:00")
	m.Dataset = &model.Dataset{Generator: &model.GeneratorSpec{Pattern: model.EntitiesGenerator, Seed: 1, Size: DatasetSize,
		Options: map[string]string{model.OptionRoots: model.RootsByReferences}}}
	return m
}

// workload lists the patterns with a rate, each with how its partition
// key's values are drawn: as the data's generator draws them, and the
// data's own values (ISSUE-00000 ... for seq(5,ISSUE), over as many as a
// DatasetSize dataset holds), so that the partition simulator sees the
// design's own skew and a hot key the user sets up is a key the data holds
// (issue 26).
func (d *designer) workload(m *model.Model) {
	var reqs []model.WorkloadRequest
	counts := entityCounts(m)
	for _, p := range d.pats {
		if p.in.Rate <= 0 {
			continue
		}
		req := model.WorkloadRequest{AccessPattern: p.in.Name, Rate: p.in.Rate}
		ap := m.AccessPattern(p.in.Name)
		if k, ok := d.keyDistribution(p, ap, counts); ok {
			req.Keys = []model.KeyDistribution{k}
			if sh := p.sh.shard; sh != "" && ap.FanOut == nil && slices.ContainsFunc(ap.Parameters, func(x model.Parameter) bool { return x.Name == sh }) {
				// A write to a sharded key picks one of the shards.
				req.Keys = append(req.Keys, model.KeyDistribution{Parameter: sh, Kind: model.DistUniform, Cardinality: MaxShards})
			}
			if k.Kind == model.DistHot {
				d.why(Location{Pattern: p.in.Name, Attribute: k.Parameter}, "the workload keeps the data's hot key: %.0f%% of the requests go to one %s, the rest spread over %d values", k.HotFraction*100, k.Parameter, k.Cardinality)
			}
		}
		reqs = append(reqs, req)
	}
	if len(reqs) > 0 {
		m.Workload = &model.Workload{Requests: reqs}
	}
}

// entityCounts is how many items of each entity the model's dataset
// generator makes at DatasetSize items (its seed: the Load view's data).
func entityCounts(m *model.Model) map[string]int {
	out := map[string]int{}
	plan, _, err := m.GenPlan()
	if err != nil || m.Dataset == nil || m.Dataset.Generator == nil {
		return out
	}
	_ = plan.Run(m.Dataset.Generator.Seed, DatasetSize, func(i int, _ attr.Fields) error {
		out[m.Entities[i].Name]++
		return nil
	})
	return out
}

// keyDistribution draws the values of the pattern's partition key
// parameter like the attribute's generator (following a reference to the
// attribute it copies): a sequence's ids in its format, a pool's values,
// a hot key, Zipf, a few values.
func (d *designer) keyDistribution(p *pattern, ap *model.AccessPattern, counts map[string]int) (model.KeyDistribution, bool) {
	param := p.sh.pkParam
	if p.sub != nil && param == p.sub.marker {
		param = p.sub.source
	}
	if ap == nil || param == "" || !slices.ContainsFunc(ap.Parameters, func(x model.Parameter) bool { return x.Name == param }) {
		return model.KeyDistribution{}, false
	}
	e, a := p.e, p.e.attr(param)
	if a == nil {
		return model.KeyDistribution{}, false
	}
	for i := 0; i < len(d.ents) && kind(a.Generator) == "ref"; i++ {
		args := callArgs(a.Generator)
		en, an, _ := strings.Cut(args[0], ".")
		te := d.byName[en]
		if te == nil || te.attr(an) == nil {
			break
		}
		e, a = te, te.attr(an)
	}
	k := model.KeyDistribution{Parameter: param, Kind: model.DistUniform, Cardinality: int64(max(1, counts[e.in.Name]))}
	d.shapeKeys(&k, a.Generator)
	args := callArgs(a.Generator)
	switch kind(a.Generator) {
	case "hot":
		if f, err := strconv.ParseFloat(strings.TrimSuffix(args[0], "%"), 64); err == nil && len(args) > 0 {
			if strings.HasSuffix(args[0], "%") {
				f /= 100
			}
			if f > 0 && f <= 1 {
				k.Kind, k.HotFraction = model.DistHot, f
			}
		}
		if len(args) == 3 {
			d.shapeKeys(&k, args[2])
		}
	case "zipf":
		if len(args) == 2 {
			s, err1 := strconv.ParseFloat(args[0], 64)
			n, err2 := strconv.ParseInt(args[1], 10, 64)
			if err1 == nil && err2 == nil {
				k.Kind, k.Skew, k.Cardinality = model.DistZipf, max(s, 1.01), n
			}
		}
	case "enum", "choice":
		k.Cardinality = int64(max(1, len(args)))
	case "bool":
		k.Cardinality = 2
	}
	return k, true
}

// shapeKeys gives k the format of the values generator src makes, when
// they can be counted: a sequence's (PREFIX-{n} zero-padded, or {n}), a
// pool's (over its size); other values (ULIDs, emails, words) cannot be
// enumerated, and the keys are the parameter's name and a number.
func (d *designer) shapeKeys(k *model.KeyDistribution, src string) {
	args := callArgs(src)
	switch kind(src) {
	case "seq":
		k.Format, k.Width = "", 0
		if len(args) > 0 {
			k.Width, _ = strconv.Atoi(args[0])
		}
		if len(args) > 1 {
			k.Format = args[1] + "-{n}"
		}
	case "pool":
		if len(args) == 2 {
			if size, err := strconv.Atoi(args[1]); err == nil && size > 0 {
				k.Format, k.Width, k.Cardinality = args[0]+"-{n}", max(4, len(args[1])), int64(size)
			}
		}
	default:
		if k.Format == "" {
			k.Format = k.Parameter + "-{n}"
		}
	}
}

// callArgs returns a generator's top-level arguments ("hot(0.3,2,seq)" ->
// 0.3, 2, seq).
func callArgs(src string) []string {
	open := strings.IndexByte(src, '(')
	if open < 0 || !strings.HasSuffix(src, ")") {
		return nil
	}
	return splitTop(src[open+1 : len(src)-1])
}
