package schema

import "slices"

// Valid reports whether k is HASH or RANGE.
func (k KeyType) Valid() bool { return k == KeyTypeHash || k == KeyTypeRange }

// Valid reports whether t is S, N or B.
func (t ScalarType) Valid() bool { return t == TypeS || t == TypeN || t == TypeB }

// Valid reports whether m is PROVISIONED or PAY_PER_REQUEST (the empty
// default is not a value a request can name).
func (m BillingMode) Valid() bool { return m == BillingProvisioned || m == BillingPayPerRequest }

// Valid reports whether p is KEYS_ONLY, INCLUDE or ALL.
func (p ProjectionType) Valid() bool {
	return p == ProjectKeysOnly || p == ProjectInclude || p == ProjectAll
}

// Stream view types (StreamSpecification.StreamViewType).
const (
	StreamKeysOnly        = "KEYS_ONLY"
	StreamNewImage        = "NEW_IMAGE"
	StreamOldImage        = "OLD_IMAGE"
	StreamNewAndOldImages = "NEW_AND_OLD_IMAGES"
)

// Table classes.
const (
	TableClassStandard                 = "STANDARD"
	TableClassStandardInfrequentAccess = "STANDARD_INFREQUENT_ACCESS"
)

// firstOf returns the name of the first element of ks with key type kt, or
// "".
func firstOf(ks []KeySchemaElement, kt KeyType) string {
	for _, e := range ks {
		if e.KeyType == kt {
			return e.AttributeName
		}
	}
	return ""
}

// allOf returns the names of the elements of ks with key type kt, in order.
func allOf(ks []KeySchemaElement, kt KeyType) []string {
	var out []string
	for _, e := range ks {
		if e.KeyType == kt {
			out = append(out, e.AttributeName)
		}
	}
	return out
}

// keyNames returns the attribute names of ks, in order.
func keyNames(ks []KeySchemaElement) []string {
	out := make([]string, len(ks))
	for i, e := range ks {
		out[i] = e.AttributeName
	}
	return out
}

// HashKey is the table's partition key attribute.
func (t *TableDefinition) HashKey() string { return firstOf(t.KeySchema, KeyTypeHash) }

// RangeKey is the table's sort key attribute, or "" when it has none.
func (t *TableDefinition) RangeKey() string { return firstOf(t.KeySchema, KeyTypeRange) }

// KeyAttributes returns the table's key attribute names: hash, then range.
func (t *TableDefinition) KeyAttributes() []string { return keyNames(t.KeySchema) }

// AttributeType is the declared type of a key attribute, or "" when name is
// not in AttributeDefinitions.
func (t *TableDefinition) AttributeType(name string) ScalarType {
	for _, d := range t.AttributeDefinitions {
		if d.AttributeName == name {
			return d.AttributeType
		}
	}
	return ""
}

// EffectiveBillingMode is BillingMode, with the API's default (PROVISIONED)
// for an empty value.
func (t *TableDefinition) EffectiveBillingMode() BillingMode {
	if t.BillingMode == "" {
		return BillingProvisioned
	}
	return t.BillingMode
}

// GSI returns the global secondary index called name, or nil.
func (t *TableDefinition) GSI(name string) *GlobalSecondaryIndex {
	for i := range t.GlobalSecondaryIndexes {
		if t.GlobalSecondaryIndexes[i].IndexName == name {
			return &t.GlobalSecondaryIndexes[i]
		}
	}
	return nil
}

// LSI returns the local secondary index called name, or nil.
func (t *TableDefinition) LSI(name string) *LocalSecondaryIndex {
	for i := range t.LocalSecondaryIndexes {
		if t.LocalSecondaryIndexes[i].IndexName == name {
			return &t.LocalSecondaryIndexes[i]
		}
	}
	return nil
}

// HashKeys returns the GSI's partition key attributes in schema order: one
// for a classic key, up to MaxGSIHashKeys for a multi-attribute key.
func (g *GlobalSecondaryIndex) HashKeys() []string { return allOf(g.KeySchema, KeyTypeHash) }

// RangeKeys returns the GSI's sort key attributes in schema order (none, one,
// or up to MaxGSIRangeKeys).
func (g *GlobalSecondaryIndex) RangeKeys() []string { return allOf(g.KeySchema, KeyTypeRange) }

// HashKey returns the GSI's first partition key attribute.
func (g *GlobalSecondaryIndex) HashKey() string { return firstOf(g.KeySchema, KeyTypeHash) }

// RangeKey returns the GSI's first sort key attribute, or "".
func (g *GlobalSecondaryIndex) RangeKey() string { return firstOf(g.KeySchema, KeyTypeRange) }

// KeyAttributes returns every key attribute of the GSI, hash then range.
func (g *GlobalSecondaryIndex) KeyAttributes() []string { return keyNames(g.KeySchema) }

// IsMultiAttribute reports whether the GSI uses more than one HASH or more
// than one RANGE attribute.
func (g *GlobalSecondaryIndex) IsMultiAttribute() bool {
	return len(g.HashKeys()) > 1 || len(g.RangeKeys()) > 1
}

// HashKey returns the LSI's partition key attribute (the table's).
func (l *LocalSecondaryIndex) HashKey() string { return firstOf(l.KeySchema, KeyTypeHash) }

// RangeKey returns the LSI's sort key attribute.
func (l *LocalSecondaryIndex) RangeKey() string { return firstOf(l.KeySchema, KeyTypeRange) }

// KeyAttributes returns the LSI's key attributes, hash then range.
func (l *LocalSecondaryIndex) KeyAttributes() []string { return keyNames(l.KeySchema) }

// ProjectsAttribute reports whether an index with this projection holds the
// attribute name, given keys: the table's and the index's key attributes,
// which every projection carries. ALL holds everything; INCLUDE holds the
// keys and NonKeyAttributes; KEYS_ONLY (or an unset type) only the keys.
func (p Projection) ProjectsAttribute(name string, keys ...string) bool {
	if p.ProjectionType == ProjectAll || slices.Contains(keys, name) {
		return true
	}
	return p.ProjectionType == ProjectInclude && slices.Contains(p.NonKeyAttributes, name)
}

// IndexKeyAttributes returns the attributes every entry of the named index
// carries: the index's keys followed by the table's keys not already
// listed. ok is false when the table has no such index.
func (t *TableDefinition) IndexKeyAttributes(indexName string) (keys []string, ok bool) {
	switch {
	case t.GSI(indexName) != nil:
		keys = t.GSI(indexName).KeyAttributes()
	case t.LSI(indexName) != nil:
		keys = t.LSI(indexName).KeyAttributes()
	default:
		return nil, false
	}
	for _, k := range t.KeyAttributes() {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys, true
}

// IndexProjects reports whether the named index holds attribute name. It is
// false when the table has no such index.
func (t *TableDefinition) IndexProjects(indexName, name string) bool {
	keys, ok := t.IndexKeyAttributes(indexName)
	if !ok {
		return false
	}
	if g := t.GSI(indexName); g != nil {
		return g.Projection.ProjectsAttribute(name, keys...)
	}
	return t.LSI(indexName).Projection.ProjectsAttribute(name, keys...)
}

// Clone returns a deep copy of t: no slice, map or pointer is shared, so the
// copy can be changed without touching t (the engine's snapshots rely on
// definitions never being modified in place).
func (t *TableDefinition) Clone() *TableDefinition {
	if t == nil {
		return nil
	}
	c := *t
	c.AttributeDefinitions = slices.Clone(t.AttributeDefinitions)
	c.KeySchema = slices.Clone(t.KeySchema)
	c.ProvisionedThroughput = t.ProvisionedThroughput.clone()
	c.OnDemandThroughput = t.OnDemandThroughput.clone()
	if t.GlobalSecondaryIndexes != nil {
		c.GlobalSecondaryIndexes = make([]GlobalSecondaryIndex, len(t.GlobalSecondaryIndexes))
		for i, g := range t.GlobalSecondaryIndexes {
			c.GlobalSecondaryIndexes[i] = g.Clone()
		}
	}
	if t.LocalSecondaryIndexes != nil {
		c.LocalSecondaryIndexes = make([]LocalSecondaryIndex, len(t.LocalSecondaryIndexes))
		for i, l := range t.LocalSecondaryIndexes {
			c.LocalSecondaryIndexes[i] = l.Clone()
		}
	}
	if t.StreamSpecification != nil {
		s := *t.StreamSpecification
		c.StreamSpecification = &s
	}
	if t.DeletionProtectionEnabled != nil {
		b := *t.DeletionProtectionEnabled
		c.DeletionProtectionEnabled = &b
	}
	c.Tags = slices.Clone(t.Tags)
	if p := t.PointInTimeRecoverySpecification; p != nil {
		cp := *p
		if p.RecoveryPeriodInDays != nil {
			d := *p.RecoveryPeriodInDays
			cp.RecoveryPeriodInDays = &d
		}
		c.PointInTimeRecoverySpecification = &cp
	}
	return &c
}

// Clone returns a deep copy of g.
func (g GlobalSecondaryIndex) Clone() GlobalSecondaryIndex {
	g.KeySchema = slices.Clone(g.KeySchema)
	g.Projection = g.Projection.Clone()
	g.ProvisionedThroughput = g.ProvisionedThroughput.clone()
	g.OnDemandThroughput = g.OnDemandThroughput.clone()
	return g
}

// Clone returns a deep copy of l.
func (l LocalSecondaryIndex) Clone() LocalSecondaryIndex {
	l.KeySchema = slices.Clone(l.KeySchema)
	l.Projection = l.Projection.Clone()
	return l
}

// Clone returns a deep copy of p.
func (p Projection) Clone() Projection {
	p.NonKeyAttributes = slices.Clone(p.NonKeyAttributes)
	return p
}

func (p *ProvisionedThroughput) clone() *ProvisionedThroughput {
	if p == nil {
		return nil
	}
	return &ProvisionedThroughput{
		ReadCapacityUnits:  clonePtr(p.ReadCapacityUnits),
		WriteCapacityUnits: clonePtr(p.WriteCapacityUnits),
	}
}

func (o *OnDemandThroughput) clone() *OnDemandThroughput {
	if o == nil {
		return nil
	}
	return &OnDemandThroughput{
		MaxReadRequestUnits:  clonePtr(o.MaxReadRequestUnits),
		MaxWriteRequestUnits: clonePtr(o.MaxWriteRequestUnits),
	}
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
