package app

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/model"
)

// ---- problems next to their fields ----

// anchor is a place in the panel where problems are shown: a control (its
// label then focuses it) or a card.
type anchor struct {
	id      string
	control bool
}

// placement says where each problem of the draft is shown.
type placement struct {
	anchors map[string]anchor            // document path -> where it shows
	at      map[string]model.Errors      // anchor path -> problems shown there
	target  map[*model.FieldError]string // problem -> its anchor path ("": summary only)
}

// placeProblems places each problem at the deepest anchor that its path
// (or, for errors DynamoDB reports on a whole table or index, the field its
// message is about) falls under.
func placeProblems(m *model.Model, probs model.Errors) *placement {
	pl := &placement{
		anchors: designAnchors(m),
		at:      map[string]model.Errors{},
		target:  map[*model.FieldError]string{},
	}
	for _, p := range probs {
		path := refinePath(m, p.Path, p.Message)
		for ; path != ""; path = parentPath(path) {
			if _, ok := pl.anchors[path]; ok {
				break
			}
		}
		pl.target[p] = path
		if path != "" {
			pl.at[path] = append(pl.at[path], p)
		}
	}
	return pl
}

// designAnchors lists the paths the panel shows problems at, with the
// element they show next to.
func designAnchors(m *model.Model) map[string]anchor {
	a := map[string]anchor{
		"name":        {IDDesignModelName, true},
		"description": {IDDesignModelDesc, true},
		"tables":      {IDDesignTables, false},
	}
	for i := range m.Tables {
		t := &m.Tables[i]
		p := tablePath(i)
		id := func(s string) string { return designTableID(i, s) }
		a[p] = anchor{id(""), false}
		a[p+".TableName"] = anchor{id(IDDesignName), true}
		a[p+".KeySchema"] = anchor{id(IDDesignPK), true}
		a[p+".BillingMode"] = anchor{id(IDDesignBilling), true}
		a[p+".ProvisionedThroughput"] = anchor{id(IDDesignBilling), true}
		a[p+".TimeToLiveSpecification"] = anchor{id(IDDesignTTL), true}
		a[p+".TimeToLiveSpecification.AttributeName"] = anchor{id(IDDesignTTLAttr), true}
		a[p+".StreamSpecification"] = anchor{id(IDDesignStream), true}
		a[p+".TableClass"] = anchor{id(IDDesignClass), true}
		for j := range t.GlobalSecondaryIndexes {
			ip := indexPath(i, true, j)
			iid := func(s string) string { return designIndexID(i, true, j, s) }
			a[ip] = anchor{iid(""), false}
			a[ip+".IndexName"] = anchor{iid(IDDesignName), true}
			a[ip+".KeySchema"] = anchor{iid(IDDesignPK), true}
			a[ip+".Projection"] = anchor{iid(IDDesignProjection), true}
			a[ip+".ProvisionedThroughput"] = anchor{iid(IDDesignRCU), true}
		}
		for j := range t.LocalSecondaryIndexes {
			ip := indexPath(i, false, j)
			iid := func(s string) string { return designIndexID(i, false, j, s) }
			a[ip] = anchor{iid(""), false}
			a[ip+".IndexName"] = anchor{iid(IDDesignName), true}
			a[ip+".KeySchema"] = anchor{iid(IDDesignSK), true}
			a[ip+".Projection"] = anchor{iid(IDDesignProjection), true}
		}
	}
	for i := range m.Entities {
		e := &m.Entities[i]
		p := entityPath(i)
		a[p] = anchor{designEntityID(i, ""), false}
		a[p+".name"] = anchor{designEntityID(i, IDDesignName), true}
		a[p+".table"] = anchor{designEntityID(i, IDDesignEntTable), true}
		a[p+".description"] = anchor{designEntityID(i, IDDesignEntDesc), true}
		a[p+".keys"] = anchor{designEntityID(i, IDDesignKeys), false}
		for _, k := range entityKeys(m.Table(e.Table), e) {
			a[p+".keys."+k.name] = anchor{designKeyID(i, k.name), true}
		}
		a[p+".attributes"] = anchor{designEntityID(i, IDDesignAttrs), false}
		for j := range e.Attributes {
			ap := fmt.Sprintf("%s.attributes[%d]", p, j)
			a[ap] = anchor{designAttrID(i, j, ""), false}
			a[ap+".name"] = anchor{designAttrID(i, j, IDDesignName), true}
			a[ap+".type"] = anchor{designAttrID(i, j, IDDesignAttrType), true}
			a[ap+".generator"] = anchor{designAttrID(i, j, IDDesignAttrGen), true}
			a[ap+".frequency"] = anchor{designAttrID(i, j, IDDesignAttrRequired), true}
		}
	}
	for i := range m.AccessPatterns {
		p := patternPath(i)
		a[p] = anchor{designPatternID(i, ""), false}
		a[p+".request"] = anchor{designPatternID(i, IDDesignRequest), true}
		a[p+".name"] = anchor{designPatternID(i, IDDesignPatName), true}
	}
	return a
}

// parentPath drops a path's last member or index:
// "tables[0].GlobalSecondaryIndexes[1]" -> "tables[0].GlobalSecondaryIndexes".
func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}

// refinePath finds the field an error on a whole table or index is about.
// The model reports CreateTable's errors at the table or the index
// ("tables[0]", "tables[0].GlobalSecondaryIndexes[1]") with DynamoDB's
// message, which names the request member it concerns ("Value null at
// 'globalSecondaryIndexes.1.member.indexName' ...") or speaks of one
// ("Invalid KeySchema: ..."). Anything else stays where it was reported.
func refinePath(m *model.Model, path, msg string) string {
	sub := tableOrIndexPath.FindStringSubmatch(path)
	switch {
	case sub == nil:
		return path
	case sub[2] == "":
		ti, _ := strconv.Atoi(sub[1])
		return path + tableMember(m, ti, msg)
	case sub[2] == "Global":
		return path + indexMember(msg, "globalSecondaryIndexes.")
	default:
		return path + indexMember(msg, "localSecondaryIndexes.")
	}
}

// tableOrIndexPath matches the paths the model reports CreateTable's errors
// at.
var tableOrIndexPath = regexp.MustCompile(`^tables\[(\d+)\](?:\.(Global|Local)SecondaryIndexes\[\d+\])?$`)

// violationMembers returns the request members a shape error names: the
// text between "at '" and "'".
func violationMembers(msg string) []string {
	var out []string
	for {
		i := strings.Index(msg, " at '")
		if i < 0 {
			return out
		}
		msg = msg[i+len(" at '"):]
		j := strings.IndexByte(msg, '\'')
		if j < 0 {
			return out
		}
		out = append(out, msg[:j])
		msg = msg[j:]
	}
}

// commonTop returns the first dotted segment the members share, or "".
func commonTop(members []string) string {
	top := ""
	for i, mem := range members {
		t, _, _ := strings.Cut(mem, ".")
		if i == 0 {
			top = t
		} else if t != top {
			return ""
		}
	}
	return top
}

// tableMember is the member of table ti that msg concerns, or "".
func tableMember(m *model.Model, ti int, msg string) string {
	mems := violationMembers(msg)
	switch commonTop(mems) {
	case "tableName":
		return ".TableName"
	case "keySchema", "attributeDefinitions":
		return ".KeySchema"
	case "billingMode":
		return ".BillingMode"
	case "provisionedThroughput":
		return ".ProvisionedThroughput"
	case "streamSpecification":
		return ".StreamSpecification"
	default:
		return "" // members of different fields, or of no field shown
	case "":
		if len(mems) > 0 {
			return ""
		}
	}
	if name, ok := strings.CutPrefix(msg, "One or more parameter values were invalid: Duplicate index name: "); ok && ti < len(m.Tables) {
		// The second index of that name is the one at fault.
		t := &m.Tables[ti]
		last := ""
		for j, l := range t.LocalSecondaryIndexes {
			if l.IndexName == name {
				last = fmt.Sprintf(".LocalSecondaryIndexes[%d].IndexName", j)
			}
		}
		for j, g := range t.GlobalSecondaryIndexes {
			if g.IndexName == name {
				last = fmt.Sprintf(".GlobalSecondaryIndexes[%d].IndexName", j)
			}
		}
		return last
	}
	switch {
	case strings.Contains(msg, "'TableName'"):
		return ".TableName"
	case strings.Contains(msg, "KeySchema") && !strings.Contains(msg, "Index KeySchema"),
		strings.Contains(msg, "Hash Key and the Range Key"),
		strings.Contains(msg, "index key attribute"):
		return ".KeySchema"
	case strings.Contains(msg, "CapacityUnits"), strings.Contains(msg, "BillingMode"):
		return ".ProvisionedThroughput"
	case strings.Contains(msg, "stream"):
		return ".StreamSpecification"
	case strings.Contains(msg, "table-class"):
		return ".TableClass"
	}
	return ""
}

// indexMember is the member of an index that msg concerns, or "".
func indexMember(msg, list string) string {
	if mems := violationMembers(msg); len(mems) > 0 {
		var fields []string
		for _, mem := range mems {
			rest, ok := strings.CutPrefix(mem, list)
			if !ok {
				return ""
			}
			// "1.member.indexName" -> "indexName"
			parts := strings.SplitN(rest, ".", 4)
			if len(parts) < 3 {
				return ""
			}
			fields = append(fields, parts[2])
		}
		switch commonTop(fields) {
		case "indexName":
			return ".IndexName"
		case "keySchema":
			return ".KeySchema"
		case "projection":
			return ".Projection"
		case "provisionedThroughput":
			return ".ProvisionedThroughput"
		}
		return ""
	}
	switch {
	case strings.Contains(msg, "ProjectionType"), strings.Contains(msg, "NonKeyAttributes"):
		return ".Projection"
	case strings.Contains(msg, "ProvisionedThroughput"), strings.Contains(msg, "CapacityUnits"),
		strings.Contains(msg, "OnDemandThroughput"):
		return ".ProvisionedThroughput"
	case strings.Contains(msg, "KeySchema"), strings.Contains(msg, "Hash Key and the Range Key"),
		strings.Contains(msg, "key attribute"):
		return ".KeySchema"
	case strings.Contains(msg, "Duplicate index name"):
		return ".IndexName"
	}
	return ""
}

// has reports whether problems are shown at path.
func (pl *placement) has(path string) bool { return len(pl.at[path]) > 0 }

// errorsAt lists the problems placed at paths, under the id of the
// element they belong to + IDDesignErrorSuffix; nil when there are none.
func (pl *placement) errorsAt(path, id string, more ...string) goapp.UI {
	errs := pl.at[path]
	for _, p := range more {
		errs = append(slices.Clone(errs), pl.at[p]...)
	}
	if len(errs) == 0 {
		return nil
	}
	items := make([]goapp.UI, len(errs))
	for i, e := range errs {
		// DynamoDB's own wording first, then what it means in a plain
		// sentence when the model has one.
		hint := e.Hint
		items[i] = goapp.Li().Body(
			goapp.Text(e.Message),
			goapp.If(hint != "", func() goapp.UI { return goapp.Span().Class("wb-design-hint").Text(hint) }),
		)
	}
	return goapp.Ul().ID(id+IDDesignErrorSuffix).Class("wb-design-errors").
		Attr("role", "alert").Body(items...)
}

// field is a labelled control with the problems placed at path under it.
func (pl *placement) field(label, id, path string, control goapp.UI) goapp.UI {
	return goapp.Div().Class("wb-design-field").Body(
		goapp.Label().For(id).Text(label),
		control,
		pl.errorsAt(path, id),
	)
}

// group is a field of several controls (the first is id) with the problems
// placed at any of paths under them.
func (pl *placement) group(label, id string, paths []string, controls ...goapp.UI) goapp.UI {
	return goapp.Div().Class("wb-design-field").Body(
		goapp.Label().For(id).Text(label),
		goapp.Div().Class("wb-design-pair").Body(controls...),
		pl.errorsAt(paths[0], id, paths[1:]...),
	)
}

func tablePath(i int) string  { return fmt.Sprintf("tables[%d]", i) }
func entityPath(i int) string { return fmt.Sprintf("entities[%d]", i) }
func patternPath(i int) string {
	return fmt.Sprintf("accessPatterns[%d]", i)
}

func indexPath(i int, gsi bool, j int) string {
	if gsi {
		return fmt.Sprintf("tables[%d].GlobalSecondaryIndexes[%d]", i, j)
	}
	return fmt.Sprintf("tables[%d].LocalSecondaryIndexes[%d]", i, j)
}
