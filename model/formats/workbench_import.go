package formats

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
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

// The file's shape, as far as the import reads it. Members NoSQL Workbench
// writes that the workbench has no use for (DataAccess, SampleDataFormats)
// are ignored, as are unknown ones: later NoSQL Workbench versions add some.

type nwFile struct {
	ModelName     *string         `json:"ModelName"`
	ModelMetadata *nwMetadata     `json:"ModelMetadata"`
	DataModel     json.RawMessage `json:"DataModel"`
}

type nwMetadata struct {
	Author      string `json:"Author"`
	Description string `json:"Description"`
	AWSService  string `json:"AWSService"`
	Version     string `json:"Version"`
}

type nwAttr struct {
	AttributeName string `json:"AttributeName"`
	AttributeType string `json:"AttributeType"`
}

type nwKeys struct {
	PartitionKey *nwAttr `json:"PartitionKey"`
	SortKey      *nwAttr `json:"SortKey"`
}

type nwFacet struct {
	FacetName         string `json:"FacetName"`
	KeyAttributeAlias struct {
		PartitionKeyAlias string `json:"PartitionKeyAlias"`
		SortKeyAlias      string `json:"SortKeyAlias"`
	} `json:"KeyAttributeAlias"`
	TableData        []json.RawMessage `json:"TableData"`
	NonKeyAttributes []string          `json:"NonKeyAttributes"`
}

type nwGSI struct {
	IndexName     string `json:"IndexName"`
	KeyAttributes nwKeys `json:"KeyAttributes"`
	// ProvisionedThroughput is an index's own capacity, which the
	// workbench's export writes when it differs from the table's (NoSQL
	// Workbench gives indexes the table's).
	ProvisionedThroughput *struct {
		ReadCapacityUnits  json.Number `json:"ReadCapacityUnits"`
		WriteCapacityUnits json.Number `json:"WriteCapacityUnits"`
	} `json:"ProvisionedThroughput"`
	Projection *struct {
		ProjectionType   string   `json:"ProjectionType"`
		NonKeyAttributes []string `json:"NonKeyAttributes"`
	} `json:"Projection"`
}

type nwScaling struct {
	ScalableTargetRequest struct {
		MinCapacity json.Number `json:"MinCapacity"`
		MaxCapacity json.Number `json:"MaxCapacity"`
	} `json:"ScalableTargetRequest"`
	ScalingPolicyConfiguration struct {
		TargetValue json.Number `json:"TargetValue"`
	} `json:"ScalingPolicyConfiguration"`
}

type nwTableIn struct {
	TableName                   string            `json:"TableName"`
	KeyAttributes               nwKeys            `json:"KeyAttributes"`
	NonKeyAttributes            []nwAttr          `json:"NonKeyAttributes"`
	TableFacets                 []nwFacet         `json:"TableFacets"`
	GlobalSecondaryIndexes      []nwGSI           `json:"GlobalSecondaryIndexes"`
	TableData                   []json.RawMessage `json:"TableData"`
	BillingMode                 string            `json:"BillingMode"`
	ProvisionedCapacitySettings *struct {
		ProvisionedThroughput *struct {
			ReadCapacityUnits  json.Number `json:"ReadCapacityUnits"`
			WriteCapacityUnits json.Number `json:"WriteCapacityUnits"`
		} `json:"ProvisionedThroughput"`
		AutoScalingRead  *nwScaling `json:"AutoScalingRead"`
		AutoScalingWrite *nwScaling `json:"AutoScalingWrite"`
	} `json:"ProvisionedCapacitySettings"`
}

// decodeJSON decodes data into v, turning encoding/json's errors, which
// name Go types, into ones that name the file's members and JSON's types.
func decodeJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	err := dec.Decode(v)
	if err == nil && dec.More() {
		return errors.New("more than one JSON value")
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := te.Field
		if where == "" {
			where = "the value"
		}
		return fmt.Errorf("%s: expected %s, found a JSON %s", where, jsonKind(te.Type), te.Value)
	case errors.As(err, &se):
		return fmt.Errorf("not valid JSON at byte %d: %v", se.Offset, err)
	case err != nil:
		return fmt.Errorf("not valid JSON: %v", err)
	}
	return nil
}

func jsonKind(t reflect.Type) string {
	switch {
	case t == reflect.TypeOf(json.Number("")):
		return "a number"
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && t.Name() == "RawMessage":
		return "a JSON value"
	case t.Kind() == reflect.Slice:
		return "an array"
	case t.Kind() == reflect.Struct, t.Kind() == reflect.Map, t.Kind() == reflect.Pointer:
		return "an object"
	case t.Kind() == reflect.Bool:
		return "true or false"
	}
	return "a " + t.Kind().String()
}

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
	for _, it := range im.readItems(tp, "TableData", t.TableData) {
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

// itemSet keeps a table's items in order, an item with the key of an
// earlier one replacing it.
type itemSet struct {
	def  *schema.TableDefinition
	at   map[string]int
	list []attr.Item
	dups int
}

func newItemSet(def *schema.TableDefinition) *itemSet {
	return &itemSet{def: def, at: map[string]int{}}
}

func (s *itemSet) put(it attr.Item) {
	var key []byte
	for _, k := range s.def.KeyAttributes() {
		key = attr.AppendValue(key, it[k])
		key = append(key, 0)
	}
	if i, ok := s.at[string(key)]; ok {
		s.list[i] = it
		s.dups++
		return
	}
	s.at[string(key)] = len(s.list)
	s.list = append(s.list, it)
}

// readItems decodes the sample items of a facet or table, leaving out with
// a warning each that DynamoDB would refuse to load.
func (im *importer) readItems(t *model.Table, where string, raw []json.RawMessage) []attr.Item {
	def := &t.TableDefinition
	var out []attr.Item
	var problems []string
	skipped := 0
	skip := func(i int, format string, args ...any) {
		skipped++
		if len(problems) < 3 {
			problems = append(problems, fmt.Sprintf("[%d] ", i)+fmt.Sprintf(format, args...))
		}
	}
	keys := def.KeyAttributes()
	for _, g := range def.GlobalSecondaryIndexes {
		for _, k := range g.KeyAttributes() {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	for i, r := range raw {
		if im.items >= maxImportItems {
			skip(i, "over the import's limit of %d items", maxImportItems)
			continue
		}
		var it attr.Item
		if err := it.UnmarshalJSON(r); err != nil {
			skip(i, "not an item in DynamoDB JSON: %v", err)
			continue
		}
		if it == nil {
			skip(i, "null")
			continue
		}
		if msg := keyProblem(def, it, keys); msg != "" {
			skip(i, "%s", msg)
			continue
		}
		im.items++
		out = append(out, it)
	}
	if skipped > 0 {
		if skipped > len(problems) {
			problems = append(problems, "...")
		}
		im.warn("table %s, %s: %d item(s) left out (%s)", def.TableName, where, skipped, strings.Join(problems, "; "))
	}
	return out
}

// keyProblem says why DynamoDB would refuse the item's keys, or "".
func keyProblem(def *schema.TableDefinition, it attr.Item, keys []string) string {
	primary := def.KeyAttributes()
	for _, k := range keys {
		v, ok := it[k]
		if !ok {
			if slices.Contains(primary, k) {
				return fmt.Sprintf("no key attribute %s", k)
			}
			continue // an index key may be absent: a sparse index
		}
		want := string(def.AttributeType(k))
		if got := v.Type().String(); got != want {
			return fmt.Sprintf("key attribute %s is %s, declared %s", k, got, want)
		}
		if s, ok := text(v); ok && s == "" {
			return fmt.Sprintf("key attribute %s is empty", k)
		}
	}
	return ""
}

// text is a key value's text: an S as is, an N's digits, a B in base64.
func text(v attr.Value) (string, bool) {
	switch x := v.(type) {
	case attr.String:
		return string(x), true
	case attr.Number:
		return x.String(), true
	case attr.Binary:
		return base64.StdEncoding.EncodeToString(x), true
	}
	return "", false
}

// facet makes the entity of a facet.
func (im *importer) facet(t *model.Table, fc *nwFacet, items []attr.Item, types map[string]string) {
	def := &t.TableDefinition
	name := strings.TrimSpace(fc.FacetName)
	if name == "" {
		name = "Facet"
	}
	e := model.Entity{Name: im.entities.unique(name), Table: def.TableName, Keys: map[string]string{}}
	params := names{}
	aliases := map[string]string{def.HashKey(): fc.KeyAttributeAlias.PartitionKeyAlias}
	if rk := def.RangeKey(); rk != "" {
		aliases[rk] = fc.KeyAttributeAlias.SortKeyAlias
	}
	var done []string // key attributes with a template, in order
	for _, k := range def.KeyAttributes() {
		if !strings.Contains(aliases[k], "{") {
			if j := sameAs(k, done, def, items); j != "" {
				e.Keys[k] = e.Keys[j]
				done = append(done, k)
				continue
			}
		}
		if values := keyValues(k, items); len(values) == 1 && aliases[k] != "" && !strings.Contains(aliases[k], "{") &&
			aliases[k] != escapeTemplate(values[0]) {
			// An alias that is no template ("AccountId"), with too few
			// items to read one from: a template guessed from one value
			// would be a guess, so the alias is kept as the parameter.
			p := paramName(aliases[k])
			if p == "" {
				p = paramName(k)
			}
			if p == "" {
				p = "value"
			}
			p = params.unique(p)
			e.Keys[k] = "{" + p + "}"
			im.warn("facet %s of table %s: the key alias %q of %s is not a template, and one sample item is too few to read one from; it is kept as the template {%s}",
				fc.FacetName, def.TableName, aliases[k], k, p)
			done = append(done, k)
			continue
		}
		e.Keys[k] = inferTemplate(k, def.AttributeType(k), aliases[k], items, params)
		done = append(done, k)
	}
	// The facet's key aliases are the entity's names for its keys (the
	// views' facets show them): kept when they are names the templates'
	// parameters do not already say ("Account Id", or a name over a
	// constant template).
	for _, k := range def.KeyAttributes() {
		a := strings.TrimSpace(aliases[k])
		if a == "" || a == k || strings.Contains(a, "{") {
			continue
		}
		if tpl, err := model.ParseTemplate(e.Keys[k]); err == nil && strings.Join(tpl.Params(), "#") == a {
			continue
		}
		if e.KeyAliases == nil {
			e.KeyAliases = map[string]string{}
		}
		e.KeyAliases[k] = a
	}
	// Index keys: a template only when the items show one (a shared
	// prefix or a constant); otherwise the items' own values serve.
	for _, g := range def.GlobalSecondaryIndexes {
		for _, k := range g.KeyAttributes() {
			if _, ok := e.Keys[k]; ok {
				continue
			}
			if j := sameAs(k, done, def, items); j != "" {
				e.Keys[k] = e.Keys[j]
			} else if tpl := indexTemplate(k, def.AttributeType(k), items, params); tpl != "" {
				e.Keys[k] = tpl
			} else {
				continue
			}
			done = append(done, k)
		}
	}
	declared := map[string]bool{}
	for _, k := range def.KeyAttributes() {
		declared[k] = true
	}
	for _, a := range fc.NonKeyAttributes {
		if a == "" || declared[a] {
			continue
		}
		declared[a] = true
		typ := string(def.AttributeType(a))
		if typ == "" {
			typ = types[a]
		}
		if typ == "" {
			for _, it := range items {
				if v, ok := it[a]; ok {
					typ = v.Type().String()
					break
				}
			}
		}
		if typ == "" {
			typ = "S"
			im.warn("facet %s of table %s: attribute %s has no declared type; it is taken as S", fc.FacetName, def.TableName, a)
		}
		required := len(items) > 0
		for _, it := range items {
			if _, ok := it[a]; !ok {
				required = false
				break
			}
		}
		e.Attributes = append(e.Attributes, model.Attribute{Name: a, Type: typ, Required: required})
	}
	im.m.Entities = append(im.m.Entities, e)
}

// sameAs returns the first of the attributes done that holds, in every
// item, the same value as k (an item whose sort key repeats its partition
// key, "ACCT#1" and "ACCT#1"), so that both share a template; else "".
func sameAs(k string, done []string, def *schema.TableDefinition, items []attr.Item) string {
	if len(items) == 0 {
		return ""
	}
	for _, j := range done {
		if def.AttributeType(j) != def.AttributeType(k) {
			continue
		}
		same := true
		for _, it := range items {
			a, aok := text(it[k])
			b, bok := text(it[j])
			if !aok || !bok || a != b {
				same = false
				break
			}
		}
		if same {
			return j
		}
	}
	return ""
}

// inferTemplate returns the key template of key attribute k for a facet:
// its alias when that is a template that fits the facet's items, else one
// read from the items: a constant when they all hold one value, a shared
// prefix up to a '#' or '|' separator followed by a parameter, or a lone
// parameter.
func inferTemplate(k string, typ schema.ScalarType, alias string, items []attr.Item, params names) string {
	values := keyValues(k, items)
	if strings.Contains(alias, "{") {
		if tpl, err := model.ParseTemplate(alias); err == nil && fits(tpl, typ, values) {
			for _, p := range tpl.Params() {
				params[p] = true
			}
			return alias
		}
	}
	// One value throughout is a constant ("PROFILE") when several items
	// show it, or when the alias says so (the export writes a constant
	// template as the alias).
	if len(values) > 0 && allEqual(values) && (len(values) > 1 || alias == escapeTemplate(values[0])) {
		return escapeTemplate(values[0])
	}
	prefix := ""
	if typ == schema.TypeS {
		prefix = sharedPrefix(values)
	}
	var base string
	switch {
	case alias != "" && alias != k && !strings.Contains(alias, "{"):
		base = alias
	case prefix != "":
		base = strings.ToLower(lastWord(prefix))
	}
	if base = paramName(base); base == "" {
		base = paramName(k)
	}
	if base == "" {
		base = "value"
	}
	if params[base] {
		base = paramName(base + "_" + k)
	}
	return escapeTemplate(prefix) + "{" + params.unique(base) + "}"
}

// indexTemplate returns a template for index key attribute k when the
// facet's items holding it share a prefix or a value, else "".
func indexTemplate(k string, typ schema.ScalarType, items []attr.Item, params names) string {
	values := keyValues(k, items)
	if len(values) == 0 || typ != schema.TypeS {
		return ""
	}
	if allEqual(values) && len(values) > 1 {
		return escapeTemplate(values[0])
	}
	prefix := sharedPrefix(values)
	if prefix == "" {
		return ""
	}
	base := paramName(strings.ToLower(lastWord(prefix)))
	if base == "" || params[base] {
		base = paramName(k)
	}
	if base == "" {
		base = "value"
	}
	return escapeTemplate(prefix) + "{" + params.unique(base) + "}"
}

func keyValues(k string, items []attr.Item) []string {
	var out []string
	for _, it := range items {
		if s, ok := text(it[k]); ok {
			out = append(out, s)
		}
	}
	return out
}

func allEqual(vs []string) bool {
	for _, v := range vs[1:] {
		if v != vs[0] {
			return false
		}
	}
	return true
}

// fits reports whether tpl suits a key of type typ and matches every value.
func fits(tpl *model.Template, typ schema.ScalarType, values []string) bool {
	// A number or binary key takes a lone parameter; its constants come
	// from the data, where they are known to be valid.
	if typ != schema.TypeS && !tpl.IsParam() {
		return false
	}
	for _, v := range values {
		if !tpl.Match(v, nil) {
			return false
		}
	}
	return true
}

// sharedPrefix is the values' common prefix cut after its last '#' or '|',
// provided every value goes on past it; else "".
func sharedPrefix(values []string) string {
	if len(values) == 0 {
		return ""
	}
	p := values[0]
	for _, v := range values[1:] {
		n := 0
		for n < len(p) && n < len(v) && p[n] == v[n] {
			n++
		}
		p = p[:n]
	}
	cut := strings.LastIndexAny(p, "#|")
	if cut < 0 {
		return ""
	}
	p = p[:cut+1]
	for _, v := range values {
		if len(v) == len(p) {
			return ""
		}
	}
	return p
}

// lastWord is the last run of letters and digits in s ("ACCT" of "ACCT#").
func lastWord(s string) string {
	ws := words(s)
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// paramName makes a template parameter name of s: its letters, digits and
// '_' ("Song Id" is "SongId"), starting with a letter or '_'.
func paramName(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; isAlnum(c) || c == '_' {
			b.WriteByte(c)
		}
	}
	n := b.String()
	if n != "" && isDigit(n[0]) {
		n = "_" + n
	}
	return n
}

// escapeTemplate writes s as template literal text.
func escapeTemplate(s string) string {
	return strings.NewReplacer("{", "{{", "}", "}}").Replace(s)
}
