package formats

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// Limits of ImportNoSQLWorkbench, so that a hostile file cannot make the
// import (or the warnings) grow without bound. The size of the file itself
// is the caller's to limit.
const (
	// MaxImportItems bounds the sample items read, over all tables.
	MaxImportItems = 100_000
	// maxWarnings bounds the warnings returned; the last says how many more
	// there were.
	maxWarnings = 50
)

// maxImportItems is MaxImportItems, lowered by tests.
var maxImportItems = MaxImportItems

// importer collects the model and the warnings.
type importer struct {
	m        *model.Model
	warnings []string
	items    int // sample items read so far
	entities names
}

func (im *importer) warn(format string, args ...any) {
	im.warnings = append(im.warnings, fmt.Sprintf(format, args...))
}

// ImportNoSQLWorkbench reads a data model saved by NoSQL Workbench for
// Amazon DynamoDB (format version 3.0; 2.0 files, which have no billing
// mode or facets' own data, are read too) and returns it as a workbench
// model that passes Validate, with warnings for what the workbench does not
// keep or had to assume.
//
// Tables keep their keys, global secondary indexes (projections included)
// and billing; a provisioned table's capacity is the file's
// ProvisionedThroughput, its auto scaling settings being reported and
// dropped unless they pin the capacity (minimum = maximum). Each facet
// becomes an entity: its key templates are its key aliases when they are
// templates (the export writes "USER#{userId}"), otherwise they are
// inferred from the facet's items ("ACCT#{acct}" when the values share
// "ACCT#"), and its items become the dataset's explicit items along with
// the table's own TableData. Items that DynamoDB would refuse (no key, a
// key of the wrong type or empty) are left out with a warning.
func ImportNoSQLWorkbench(data []byte) (*model.Model, []string, error) {
	var f nwFile
	if err := decodeJSON(data, &f); err != nil {
		return nil, nil, fmt.Errorf("not a NoSQL Workbench model: %v", err)
	}
	if len(f.DataModel) == 0 || string(f.DataModel) == "null" {
		return nil, nil, errors.New(`not a NoSQL Workbench model: it has no "DataModel" (the list of tables)`)
	}
	var raw []json.RawMessage
	if err := decodeJSON(f.DataModel, &raw); err != nil {
		return nil, nil, fmt.Errorf("DataModel: %v", err)
	}
	if len(raw) == 0 {
		return nil, nil, errors.New("DataModel: the model has no table")
	}
	im := &importer{m: &model.Model{Version: model.Version}, entities: names{}}
	if md := f.ModelMetadata; md != nil {
		if md.Version != "" && md.Version != nwVersion && md.Version != "2.0" {
			im.warn("ModelMetadata.Version is %q; this import reads NoSQL Workbench models of version %s (and 2.0)", md.Version, nwVersion)
		}
		if md.AWSService != "" && md.AWSService != nwService {
			return nil, nil, fmt.Errorf("ModelMetadata.AWSService is %q: only %s models can be imported", md.AWSService, nwService)
		}
		im.m.Description = strings.TrimSpace(md.Description)
	} else {
		im.warn("the file has no ModelMetadata; it is read as a version %s model", nwVersion)
	}
	if f.ModelName != nil {
		im.m.Name = strings.TrimSpace(*f.ModelName)
	}
	if im.m.Name == "" {
		im.m.Name = "Imported NoSQL Workbench model"
	}
	items := map[string][]attr.Item{}
	for i, r := range raw {
		var t nwTableIn
		if err := decodeJSON(r, &t); err != nil {
			return nil, nil, fmt.Errorf("DataModel[%d]: %v", i, err)
		}
		path := fmt.Sprintf("DataModel[%d]", i)
		if t.TableName != "" {
			path += " (table " + t.TableName + ")"
		}
		if err := im.table(path, &t, items); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	if len(items) > 0 {
		im.m.Dataset = &model.Dataset{Items: items}
	}
	if err := im.m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the imported model does not validate: %v", err)
	}
	w := im.warnings
	if len(w) > maxWarnings {
		w = append(w[:maxWarnings-1:maxWarnings-1], fmt.Sprintf("... and %d more warnings", len(w)-maxWarnings+1))
	}
	if w == nil {
		w = []string{}
	}
	return im.m, w, nil
}

// keyAttr checks a key attribute of the file.
func keyAttr(what string, a *nwAttr) (schema.AttributeDefinition, error) {
	if a == nil || a.AttributeName == "" {
		return schema.AttributeDefinition{}, fmt.Errorf("%s: no AttributeName", what)
	}
	t := schema.ScalarType(a.AttributeType)
	if !t.Valid() {
		return schema.AttributeDefinition{}, fmt.Errorf("%s %s: AttributeType %q is not S, N or B", what, a.AttributeName, a.AttributeType)
	}
	return schema.AttributeDefinition{AttributeName: a.AttributeName, AttributeType: t}, nil
}

// capacity reads a capacity figure: a whole number of units, 1 or more.
func capacity(what string, n json.Number) (int64, error) {
	v, err := strconv.ParseInt(n.String(), 10, 64)
	if err != nil {
		f, ferr := n.Float64()
		if ferr != nil || f != math.Trunc(f) || f > math.MaxInt64 {
			return 0, fmt.Errorf("%s: %q is not a whole number of capacity units", what, n)
		}
		v = int64(f)
	}
	if v < 1 {
		return 0, fmt.Errorf("%s: %d capacity units; at least 1", what, v)
	}
	return v, nil
}

func (im *importer) table(path string, t *nwTableIn, items map[string][]attr.Item) error {
	if t.TableName == "" {
		return errors.New("the table has no TableName")
	}
	if im.m.Table(t.TableName) != nil {
		return fmt.Errorf("a second table named %s", t.TableName)
	}
	tbl := model.Table{}
	def := &tbl.TableDefinition
	def.TableName = t.TableName

	pk, err := keyAttr("KeyAttributes.PartitionKey", t.KeyAttributes.PartitionKey)
	if err != nil {
		return err
	}
	def.AttributeDefinitions = []schema.AttributeDefinition{pk}
	def.KeySchema = []schema.KeySchemaElement{{AttributeName: pk.AttributeName, KeyType: schema.KeyTypeHash}}
	if t.KeyAttributes.SortKey != nil && t.KeyAttributes.SortKey.AttributeName != "" {
		sk, err := keyAttr("KeyAttributes.SortKey", t.KeyAttributes.SortKey)
		if err != nil {
			return err
		}
		if sk.AttributeName == pk.AttributeName {
			return fmt.Errorf("KeyAttributes: %s is both the partition and the sort key", sk.AttributeName)
		}
		def.AttributeDefinitions = append(def.AttributeDefinitions, sk)
		def.KeySchema = append(def.KeySchema, schema.KeySchemaElement{AttributeName: sk.AttributeName, KeyType: schema.KeyTypeRange})
	}
	define := func(what string, d schema.AttributeDefinition) error {
		if have := def.AttributeType(d.AttributeName); have != "" {
			if have != d.AttributeType {
				return fmt.Errorf("%s: attribute %s is %s here and %s in another key", what, d.AttributeName, d.AttributeType, have)
			}
			return nil
		}
		def.AttributeDefinitions = append(def.AttributeDefinitions, d)
		return nil
	}

	for j, g := range t.GlobalSecondaryIndexes {
		what := fmt.Sprintf("GlobalSecondaryIndexes[%d]", j)
		if g.IndexName == "" {
			return fmt.Errorf("%s: no IndexName", what)
		}
		what += " (" + g.IndexName + ")"
		gsi := schema.GlobalSecondaryIndex{IndexName: g.IndexName}
		gpk, err := keyAttr(what+".KeyAttributes.PartitionKey", g.KeyAttributes.PartitionKey)
		if err != nil {
			return err
		}
		if err := define(what, gpk); err != nil {
			return err
		}
		gsi.KeySchema = []schema.KeySchemaElement{{AttributeName: gpk.AttributeName, KeyType: schema.KeyTypeHash}}
		if s := g.KeyAttributes.SortKey; s != nil && s.AttributeName != "" {
			gsk, err := keyAttr(what+".KeyAttributes.SortKey", s)
			if err != nil {
				return err
			}
			if err := define(what, gsk); err != nil {
				return err
			}
			gsi.KeySchema = append(gsi.KeySchema, schema.KeySchemaElement{AttributeName: gsk.AttributeName, KeyType: schema.KeyTypeRange})
		}
		switch {
		case g.Projection == nil || g.Projection.ProjectionType == "":
			gsi.Projection = schema.Projection{ProjectionType: schema.ProjectAll}
			im.warn("table %s: index %s names no projection; it projects ALL, as NoSQL Workbench's default", t.TableName, g.IndexName)
		default:
			p := schema.ProjectionType(g.Projection.ProjectionType)
			if !p.Valid() {
				return fmt.Errorf("%s.Projection.ProjectionType %q is not KEYS_ONLY, INCLUDE or ALL", what, g.Projection.ProjectionType)
			}
			gsi.Projection.ProjectionType = p
			if p == schema.ProjectInclude {
				gsi.Projection.NonKeyAttributes = slices.Clone(g.Projection.NonKeyAttributes)
			} else if len(g.Projection.NonKeyAttributes) > 0 {
				im.warn("table %s: index %s projects %s; its NonKeyAttributes are ignored", t.TableName, g.IndexName, p)
			}
		}
		def.GlobalSecondaryIndexes = append(def.GlobalSecondaryIndexes, gsi)
	}

	if err := im.billing(t, &tbl); err != nil {
		return err
	}

	// Types of the non-key attributes, for the entities' attributes.
	types := map[string]string{}
	for _, a := range t.NonKeyAttributes {
		if a.AttributeName == "" {
			continue
		}
		if _, ok := attr.ParseType(a.AttributeType); !ok {
			im.warn("table %s: attribute %s has type %q, which is not a DynamoDB type; it is left undeclared", t.TableName, a.AttributeName, a.AttributeType)
			continue
		}
		if _, ok := types[a.AttributeName]; !ok {
			types[a.AttributeName] = a.AttributeType
		}
	}

	im.m.Tables = append(im.m.Tables, tbl)
	tp := &im.m.Tables[len(im.m.Tables)-1]

	keyed := newItemSet(def)
	listed := map[string]bool{}
	for j := range t.TableFacets {
		fc := &t.TableFacets[j]
		facetItems := im.readItems(tp, fmt.Sprintf("facet %q TableData", fc.FacetName), fc.TableData)
		im.facet(tp, fc, facetItems, types)
		for _, it := range facetItems {
			keyed.put(it)
		}
		for _, a := range fc.NonKeyAttributes {
			listed[a] = true
		}
	}
	// Declared attributes no facet lists: with one facet they are its
	// entity's (optional: no item need carry them); with several the
	// import cannot tell whose they are.
	var unlisted []string
	for _, a := range t.NonKeyAttributes {
		if _, ok := types[a.AttributeName]; ok && !listed[a.AttributeName] && def.AttributeType(a.AttributeName) == "" && !slices.Contains(unlisted, a.AttributeName) {
			unlisted = append(unlisted, a.AttributeName)
		}
	}
	switch {
	case len(unlisted) == 0:
	case len(t.TableFacets) == 1:
		e := &im.m.Entities[len(im.m.Entities)-1]
		for _, a := range unlisted {
			if !slices.ContainsFunc(e.Attributes, func(x model.Attribute) bool { return x.Name == a }) {
				e.Attributes = append(e.Attributes, model.Attribute{Name: a, Type: types[a]})
			}
		}
	case len(t.TableFacets) > 1:
		im.warn("table %s: declared attributes %s belong to no facet; no entity describes them", t.TableName, strings.Join(unlisted, ", "))
	}
	tableItems := im.readItems(tp, "TableData", t.TableData)
	if len(t.TableFacets) == 0 && len(unlisted) > 0 {
		// A table without facets: one entity, named after the table, keeps
		// its declared attributes (its keys read from the table's items).
		// Then the other attributes its items hold, as the export lists them.
		attrs := slices.Clone(unlisted)
		var extra []string
		for _, it := range tableItems {
			for n := range it {
				if !slices.Contains(def.KeyAttributes(), n) && !slices.Contains(attrs, n) && !slices.Contains(extra, n) {
					extra = append(extra, n)
				}
			}
		}
		slices.Sort(extra)
		im.facet(tp, &nwFacet{FacetName: t.TableName, NonKeyAttributes: append(attrs, extra...)}, tableItems, types)
	}
	for _, it := range tableItems {
		keyed.put(it)
	}
	if keyed.dups > 0 {
		im.warn("table %s: %d item(s) have the key of an earlier item and replace it, as PutItem would", t.TableName, keyed.dups)
	}
	if len(keyed.list) > 0 {
		items[t.TableName] = keyed.list
	}
	return nil
}

// billing sets the table's billing mode and capacity, NoSQL Workbench's
// GSIs sharing the table's capacity.
func (im *importer) billing(t *nwTableIn, tbl *model.Table) error {
	def := &tbl.TableDefinition
	pcs := t.ProvisionedCapacitySettings
	mode := schema.BillingMode(t.BillingMode)
	switch {
	case mode == "" && pcs != nil:
		mode = schema.BillingProvisioned
	case mode == "":
		mode = schema.BillingPayPerRequest
		im.warn("table %s: no BillingMode (NoSQL Workbench 2.0 models have none); it is on-demand (PAY_PER_REQUEST)", t.TableName)
	case !mode.Valid():
		return fmt.Errorf("BillingMode %q is not PROVISIONED or PAY_PER_REQUEST", t.BillingMode)
	}
	def.BillingMode = mode
	if mode != schema.BillingProvisioned {
		return nil
	}
	rcu, wcu := int64(5), int64(5) // NoSQL Workbench's defaults for a new table
	if pcs == nil || pcs.ProvisionedThroughput == nil {
		im.warn("table %s: PROVISIONED without ProvisionedCapacitySettings; it gets NoSQL Workbench's default of 5 read and 5 write units", t.TableName)
	} else {
		var err error
		if rcu, err = capacity("ProvisionedThroughput.ReadCapacityUnits", pcs.ProvisionedThroughput.ReadCapacityUnits); err != nil {
			return err
		}
		if wcu, err = capacity("ProvisionedThroughput.WriteCapacityUnits", pcs.ProvisionedThroughput.WriteCapacityUnits); err != nil {
			return err
		}
	}
	def.ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: &rcu, WriteCapacityUnits: &wcu}
	if pcs != nil {
		for _, s := range []struct {
			name  string
			units int64
			sc    *nwScaling
		}{{"read", rcu, pcs.AutoScalingRead}, {"write", wcu, pcs.AutoScalingWrite}} {
			if s.sc == nil {
				continue
			}
			lo, hi := s.sc.ScalableTargetRequest.MinCapacity.String(), s.sc.ScalableTargetRequest.MaxCapacity.String()
			fixed := strconv.FormatInt(s.units, 10)
			if lo == fixed && hi == fixed {
				continue // pinned: the fixed capacity the export writes
			}
			// Real auto scaling: kept in the model (the engine runs at the
			// fixed capacity above).
			minCap, err := capacity("AutoScaling "+s.name+" MinCapacity", s.sc.ScalableTargetRequest.MinCapacity)
			if err != nil {
				return err
			}
			maxCap, err := capacity("AutoScaling "+s.name+" MaxCapacity", s.sc.ScalableTargetRequest.MaxCapacity)
			if err != nil {
				return err
			}
			sr := &model.ScalingRange{MinCapacity: minCap, MaxCapacity: maxCap}
			if tv := s.sc.ScalingPolicyConfiguration.TargetValue; tv != "" {
				f, err := tv.Float64()
				if err != nil {
					return fmt.Errorf("AutoScaling %s TargetValue %q is not a number", s.name, tv)
				}
				sr.TargetValue = f
			}
			if tbl.AutoScaling == nil {
				tbl.AutoScaling = &model.AutoScaling{}
			}
			if s.name == "read" {
				tbl.AutoScaling.Read = sr
			} else {
				tbl.AutoScaling.Write = sr
			}
		}
	}
	for i := range def.GlobalSecondaryIndexes {
		r, w := rcu, wcu
		// An index's own capacity as written; else the table's, as NoSQL
		// Workbench gives it.
		for _, g := range t.GlobalSecondaryIndexes {
			if g.IndexName != def.GlobalSecondaryIndexes[i].IndexName || g.ProvisionedThroughput == nil {
				continue
			}
			var err error
			if r, err = capacity(g.IndexName+" ProvisionedThroughput.ReadCapacityUnits", g.ProvisionedThroughput.ReadCapacityUnits); err != nil {
				return err
			}
			if w, err = capacity(g.IndexName+" ProvisionedThroughput.WriteCapacityUnits", g.ProvisionedThroughput.WriteCapacityUnits); err != nil {
				return err
			}
		}
		def.GlobalSecondaryIndexes[i].ProvisionedThroughput = &schema.ProvisionedThroughput{ReadCapacityUnits: &r, WriteCapacityUnits: &w}
	}
	return nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
