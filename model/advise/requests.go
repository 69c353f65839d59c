package advise

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/json"

	"github.com/dynamodb-workbench/workbench/model"
)

type obj = map[string]any

// sval is a string attribute value holding a template.
func sval(tpl string) obj { return obj{"S": tpl} }

// keyNames returns the key attribute names of an index ("" for the table).
func keyNames(index string) (string, string) {
	if index == "" {
		return "PK", "SK"
	}
	return index + "PK", index + "SK"
}

// request builds the access pattern of p: a runnable request whose
// parameters are the key templates' and the pattern's attributes.
func (d *designer) request(m *model.Model, p *pattern) (model.AccessPattern, error) {
	e := p.e
	ap := model.AccessPattern{Name: p.in.Name, Description: p.in.Description, Entity: e.in.Name, Rate: p.in.Rate}
	req := obj{"TableName": e.table.name}
	pkName, skName := keyNames(p.index)
	key := func(sh shape) obj {
		return obj{"PK": sval(sh.pkTemplate()), "SK": sval(sh.skTemplate())}
	}
	switch p.action {
	case Get:
		ap.Operation = "GetItem"
		req["Key"] = key(p.sh)
	case List:
		ap.Operation = "Query"
		if p.index != "" {
			req["IndexName"] = p.index
		}
		names := obj{"#pk": pkName}
		values := obj{":pk": sval(p.sh.pkTemplate())}
		cond := "#pk = :pk"
		fixed := p.by
		if len(fixed) > 0 {
			fixed = fixed[1:]
		}
		prefix := p.sh.skLit
		for _, f := range fixed {
			prefix += "{" + f + "}#"
		}
		switch {
		case len(p.in.With) > 0 && p.index == "":
			// The item and the children it is read with: their sort keys
			// begin with the item's; other children of the partition do
			// not. Children kept apart are read from their own collection.
			names["#sk"] = skName
			values[":sk"] = sval(p.sh.skTemplate())
			cond += " AND begins_with(#sk, :sk)"
			if v := p.via; v != nil {
				// The children kept apart, listed by the parent's id.
				c := v.e
				if v.index != "" {
					req["IndexName"] = v.index
					names["#pk"], names["#sk"] = keyNames(v.index)
				}
				values[":pk"], values[":sk"] = sval(v.sh.pkTemplate()), sval(v.sh.skLit)
				ap.Entity = c.in.Name
				break
			}
			var apart []*entity
			for _, w := range p.in.With {
				if c := d.byName[w]; c.apart {
					apart = append(apart, c)
				}
			}
			if len(apart) == len(p.in.With) {
				values[":pk"], values[":sk"] = sval(apart[0].home.pkTemplate()), sval(apart[0].home.skLit)
				ap.Entity = apart[0].in.Name
				if sh := apart[0].home.shard; sh != "" {
					ap.FanOut = &model.FanOut{Parameter: sh, From: 0, To: MaxShards - 1}
				}
				d.why(Location{Table: e.table.name, Pattern: p.in.Name}, "reads the %ss from their own collection; the %s itself is a second request (GetItem by %s), since the %ss' writes keep them out of its collection", apart[0].in.Name, e.in.Name, e.id, apart[0].in.Name)
			} else if len(apart) > 0 {
				d.why(Location{Table: e.table.name, Pattern: p.in.Name}, "reads the %s and the children in its collection; %s are apart (their writes), each a second request", e.in.Name, apart[0].in.Name)
			}
		case p.in.Range != "" && p.sh.num:
			names["#sk"] = skName
			values[":lo"] = obj{"N": "{" + p.in.Range + "From}"}
			values[":hi"] = obj{"N": "{" + p.in.Range + "To}"}
			cond += " AND #sk BETWEEN :lo AND :hi"
			d.why(Location{Table: e.table.name, Index: p.index, Pattern: p.in.Name}, "the range reads %s between {%sFrom} and {%sTo}, inclusive, as numbers", p.in.Range, p.in.Range, p.in.Range)
		case p.sh.num:
			// The index's sort key is a number: no prefix to begin with.
		case p.in.Range != "":
			names["#sk"] = skName
			values[":lo"] = sval(prefix + "{" + p.in.Range + "From}")
			values[":hi"] = sval(prefix + "{" + p.in.Range + "To}~")
			cond += " AND #sk BETWEEN :lo AND :hi"
			d.why(Location{Table: e.table.name, Index: p.index, Pattern: p.in.Name}, "the range reads %s between {%sFrom} and {%sTo} (inclusive: the upper bound ends in '~', which sorts after the rest of the key)", p.in.Range, p.in.Range, p.in.Range)
		case len(fixed) == len(p.sh.sk):
			names["#sk"] = skName
			values[":sk"] = sval(p.sh.skTemplate())
			cond += " AND #sk = :sk"
		default:
			names["#sk"] = skName
			values[":sk"] = sval(prefix)
			cond += " AND begins_with(#sk, :sk)"
		}
		if p.in.Newest {
			req["ScanIndexForward"] = false
			d.whyNewest(p)
		}
		if p.in.Limit > 0 {
			req["Limit"] = p.in.Limit
		}
		if p.sub != nil {
			// The request names the lookup value; the index's key holds
			// its copy, the marker.
			for k, v := range values {
				o := v.(obj)
				if s, ok := o["S"].(string); ok {
					o["S"] = d.unmark(e, s)
				}
				values[k] = o
			}
		}
		req["KeyConditionExpression"] = cond
		req["ExpressionAttributeNames"] = names
		req["ExpressionAttributeValues"] = values
		if p.sh.shard != "" {
			ap.FanOut = &model.FanOut{Parameter: p.sh.shard, From: 0, To: MaxShards - 1}
		}
	case "scan":
		ap.Operation = "Scan"
		req["FilterExpression"] = "begins_with(#sk, :type)"
		req["ExpressionAttributeNames"] = obj{"#sk": "SK"}
		lit := e.home.skLit
		if len(e.home.sk) == 0 {
			// A constant sort key, which the children read with the item
			// begin with: equal, not a prefix.
			lit = e.home.skTemplate()
			req["FilterExpression"] = "#sk = :type"
		}
		req["ExpressionAttributeValues"] = obj{":type": sval(lit)}
	case Create:
		ap.Operation = "PutItem"
		item := key(e.home)
		for ix, sh := range e.indexes {
			if d.everywhere(e, sh.params()) {
				a, b := keyNames(ix)
				item[a], item[b] = sval(sh.pkTemplate()), sh.skValue()
			}
		}
		for _, a := range e.attrs {
			if (a.Type == "S" || a.Type == "N") && (a.Frequency == 0 || a.Frequency == 1) && d.markerOf(e, a.Name) == nil {
				item[a.Name] = obj{a.Type: "{" + a.Name + "}"}
			}
		}
		req["Item"] = item
		req["ConditionExpression"] = "attribute_not_exists(PK)"
		if p.into != nil || len(p.out) > 0 {
			d.branchCreate(p, req, item)
		}
	case Update:
		ap.Operation = "UpdateItem"
		req["Key"] = key(e.home)
		set := p.in.Set
		if len(set) == 0 {
			for _, a := range e.attrs {
				if (a.Type == "S" || a.Type == "N") && !d.inAnyKey(e, a.Name) {
					set = []string{a.Name}
					break
				}
			}
		}
		if len(set) == 0 {
			return ap, errorf(Location{Pattern: p.in.Name}, "an update needs an attribute to set (Set), and %s has none outside its keys", e.in.Name)
		}
		names, values := obj{}, obj{}
		var parts []string
		for i, s := range set {
			a := e.attr(s)
			if slices.Contains(e.home.params(), s) {
				return ap, errorf(Location{Pattern: p.in.Name, Attribute: s}, "%s is part of the table's key, and an update cannot change a key (delete and put instead)", s)
			}
			names[fmt.Sprintf("#a%d", i)] = s
			values[fmt.Sprintf(":a%d", i)] = newValue(a.Type, s)
			parts = append(parts, fmt.Sprintf("#a%d = :a%d", i, i))
		}
		// An index key built from a changed attribute changes with it.
		ixs := make([]string, 0, len(e.indexes))
		for ix := range e.indexes {
			ixs = append(ixs, ix)
		}
		slices.Sort(ixs)
		placeholder := map[string]string{}
		for i, s := range set {
			placeholder[s] = fmt.Sprintf(":a%d", i)
		}
		for _, ix := range ixs {
			sh := e.indexes[ix]
			if d.sparseIndex(e, ix) {
				continue // the subset's branches write its keys
			}
			touched := false
			for _, s := range set {
				touched = touched || slices.Contains(sh.params(), s)
			}
			if !touched {
				continue
			}
			a, b := keyNames(ix)
			names["#"+a], names["#"+b] = a, b
			values[":"+a], values[":"+b] = sval(sh.pkTemplate()), sh.skValue()
			parts = append(parts, fmt.Sprintf("#%s = :%s", a, a), fmt.Sprintf("#%s = :%s", b, b))
			d.why(Location{Table: e.table.name, Index: ix, Pattern: p.in.Name}, "the update also rewrites %s's key attributes, which are built from the changed attributes", ix)
		}
		sets, removes, conds := d.branch(p, placeholder, names, values)
		if p.within != nil || len(p.outside) > 0 {
			s, c := d.rekey(p, names, values)
			sets, conds = append(sets, s...), append(conds, c...)
		}
		update := "SET " + strings.Join(append(parts, sets...), ", ")
		if len(removes) > 0 {
			update += " REMOVE " + strings.Join(removes, ", ")
		}
		req["UpdateExpression"] = update
		req["ConditionExpression"] = strings.Join(append([]string{"attribute_exists(PK)"}, conds...), " AND ")
		req["ExpressionAttributeNames"] = names
		req["ExpressionAttributeValues"] = values
	case Delete:
		ap.Operation = "DeleteItem"
		req["Key"] = key(e.home)
	default:
		return ap, errorf(Location{Pattern: p.in.Name}, "unknown action %q", p.action)
	}
	body, err := json.Marshal(req)
	if err != nil {
		return ap, err
	}
	ap.Request = body
	for _, name := range ap.References() {
		if ap.FanOut != nil && name == ap.FanOut.Parameter {
			continue
		}
		ap.Parameters = append(ap.Parameters, model.Parameter{Name: name, Description: describe(e, name)})
	}
	// Key parameters in key order, then a range's bounds, then the rest.
	order := append(p.sh.params(), p.by...)
	if p.sub != nil {
		order = append([]string{p.sub.source}, order...)
	}
	if p.in.Range != "" {
		order = append(order, p.in.Range+"From", p.in.Range+"To")
	}
	rank := func(name string) int {
		if i := slices.Index(order, name); i >= 0 {
			return i
		}
		return len(order)
	}
	slices.SortStableFunc(ap.Parameters, func(a, b model.Parameter) int { return rank(a.Name) - rank(b.Name) })
	return ap, nil
}

// everywhere reports whether every one of params is an attribute on every
// item of e (so an index key built from them exists on every item).
func (d *designer) everywhere(e *entity, params []string) bool {
	for _, p := range params {
		a := e.attr(p)
		if a == nil || a.Frequency != 0 && a.Frequency != 1 || d.markerOf(e, p) != nil {
			return false
		}
	}
	return true
}

// inAnyKey reports whether name is a parameter of one of e's keys.
func (d *designer) inAnyKey(e *entity, name string) bool {
	if slices.Contains(e.home.params(), name) {
		return true
	}
	for _, sh := range e.indexes {
		if slices.Contains(sh.params(), name) {
			return true
		}
	}
	return false
}

func describe(e *entity, name string) string {
	switch {
	case strings.HasSuffix(name, "From") && e.attr(strings.TrimSuffix(name, "From")) != nil:
		return "the earliest " + strings.TrimSuffix(name, "From") + " to read"
	case strings.HasSuffix(name, "To") && e.attr(strings.TrimSuffix(name, "To")) != nil:
		return "the latest " + strings.TrimSuffix(name, "To") + " to read"
	}
	return "the " + e.in.Name + "'s " + name
}

// fillExamples generates a small dataset of the model, loads it, and sets
// every parameter's example from it (model.FindExamples): the proposal's
// requests run and return items from the start (a list a page of a real
// collection, a create a new key). The sample is the dataset's first 200
// items (the generator is prefix-stable, so a smaller load holds them);
// a read the sample cannot answer (an entity the first families do not
// reach: a site's 200 readings come before its first alarm), or a Query
// it answers with one item, takes its example from the whole dataset the
// model loads when that returns more.
func fillExamples(m *model.Model) error {
	find := func(size int) ([]model.Example, error) {
		g := *m.Dataset.Generator
		g.Size = min(g.Size, size)
		src, err := m.Synthesize(g)
		if err != nil {
			return nil, fmt.Errorf("the proposal's generators fail (a bug in the advisor): %v", err)
		}
		db, _ := m.NewDatabase()
		if err := m.CreateTables(db); err != nil {
			return nil, err
		}
		if _, err := model.LoadItems(db, src); err != nil {
			return nil, err
		}
		return m.FindExamples(db), nil
	}
	ex, err := find(200)
	if err != nil {
		return err
	}
	m.SetExamples(ex)
	var missing []string
	got := map[string]int{}
	for _, x := range ex {
		got[x.AccessPattern] = x.Items
		// A Query answered by a single item of the sample (a user's one
		// membership among the first 200 items) shows no list: the whole
		// dataset may give it a page.
		if x.Items == 0 || !x.FromData || x.Items == 1 && m.AccessPattern(x.AccessPattern).Operation == "Query" {
			missing = append(missing, x.AccessPattern)
		}
	}
	if len(missing) == 0 || m.Dataset.Generator.Size <= 200 {
		return nil
	}
	all, err := find(m.Dataset.Generator.Size)
	if err != nil {
		return err
	}
	var more []model.Example
	for _, x := range all {
		if slices.Contains(missing, x.AccessPattern) && x.FromData && x.Items != 0 && (x.Items > got[x.AccessPattern] || x.Items < 0) {
			more = append(more, x)
		}
	}
	m.SetExamples(more)
	return nil
}

// newValue is the value an update sets attribute name of type typ to: a
// parameter for a scalar, a fixed value for the others (a parameter only
// reaches a string, and an example from the data is a scalar's text).
func newValue(typ, name string) obj {
	p := "{" + name + "}"
	switch typ {
	case "S", "N", "B":
		return obj{typ: p}
	case "SS":
		return obj{"SS": []string{"new"}}
	case "NS":
		return obj{"NS": []string{"1"}}
	case "BS":
		return obj{"BS": []string{"AQ=="}}
	case "BOOL", "NULL":
		return obj{typ: true}
	case "L":
		return obj{"L": []any{}}
	}
	return obj{"M": obj{}}
}

// valueShare is the share of e's items whose attribute a holds value v,
// from the weights of an enum or choice generator ("enum(OPEN:3,CLOSED:7)"
// gives OPEN 30%); false when the generator does not say.
func valueShare(e *entity, a, v string) (float64, bool) {
	at := e.attr(a)
	if at == nil || (kind(at.Generator) != "enum" && kind(at.Generator) != "choice") {
		return 0, false
	}
	var total, mine float64
	for _, arg := range callArgs(at.Generator) {
		name, w, ok := strings.Cut(strings.TrimSpace(arg), ":")
		weight := 1.0
		if ok {
			f, err := strconv.ParseFloat(w, 64)
			if err != nil || f < 0 {
				return 0, false
			}
			weight = f
		}
		total += weight
		if name == v {
			mine += weight
		}
	}
	if total == 0 {
		return 0, false
	}
	return mine / total, true
}

// whyNewest says what "newest first" reads by: a list without a range is
// ordered by its entity's timestamp when it has one (timeAttr); without
// one, the order is the id's, which the reason cautions about.
func (d *designer) whyNewest(p *pattern) {
	if p.in.Range != "" || len(p.in.With) > 0 {
		return
	}
	where := Location{Table: p.e.table.name, Index: p.index, Pattern: p.in.Name}
	sk := p.sh.skTemplate()
	if p.sortBy != "" && slices.Contains(p.sh.sk, p.sortBy) {
		d.why(where, "newest first is an order in time: the sort key (%s) puts %s before the id, so the Query read backwards (ScanIndexForward false) returns the latest %s first; keyed by the id alone it would return the highest id first", sk, p.sortBy, p.sortBy)
		return
	}
	if last := p.sh.sk; len(last) > 0 {
		id := last[len(last)-1]
		d.why(where, "caution: newest first reads the sort key (%s) backwards, which is newest first only if %s grows with time (a ULID or KSUID does, a UUID does not); give %s a timestamp such as createdAt and the sort key orders by it", sk, id, p.e.in.Name)
	}
}
