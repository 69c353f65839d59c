package schema

import (
	"slices"
	"strconv"
	"strings"
)

// Validate checks t as DynamoDB checks a CreateTable request and returns nil
// or the *Error DynamoDB would report first. The layers run in DynamoDB's
// order:
//
//  1. TableName alone. A missing name is "The parameter 'TableName' is
//     required but was not present in the request"; a bad one is reported
//     by itself as "N validation error(s) detected: ..." (observed: other
//     shape errors in the same request are not listed).
//  2. The request shape: every null, length, value, pattern and enum
//     constraint of the API model, collected and joined (see Violations).
//  3. The semantic checks, first failure wins: repeated attribute
//     definitions and the table key; empty index lists and an LSI on a table
//     without a sort key; undefined index key attributes, then unused
//     definitions (which mask everything after them, observed); billing and
//     throughput; each LSI, then each GSI (key schema, projection,
//     throughput, duplicate name) and their counts; the projected-attribute
//     total; the stream; the table class.
//
// A Go struct cannot tell an absent string from an empty one, so an empty
// TableName, AttributeName, KeyType, AttributeType or IndexName counts as
// absent, and an unset Projection counts as "Projection": {} (DynamoDB says
// "Unknown ProjectionType: null" for that; an omitted Projection would be a
// "must not be null" shape error). Nil and empty slices are distinct, as in
// JSON: a nil KeySchema is missing, an empty one is too short.
func (t *TableDefinition) Validate() error {
	if t.TableName == "" {
		return errorf("The parameter 'TableName' is required but was not present in the request")
	}
	var v Violations
	v.name(t.TableName, "tableName", MinTableNameLength, MaxTableNameLength)
	if err := v.Err(); err != nil {
		return err
	}
	t.checkShape(&v)
	if err := v.Err(); err != nil {
		return err
	}
	if err := t.checkSemantics(); err != nil {
		return err
	}
	return CheckTags(t.Tags)
}

// ---- layer 2: request shape ----

// Enum sets, in the order DynamoDB prints them.
var (
	enumKeyType        = EnumConstraint("HASH", "RANGE")
	enumAttributeType  = EnumConstraint("B", "N", "S")
	enumBillingMode    = EnumConstraint("PROVISIONED", "PAY_PER_REQUEST")
	enumProjectionType = EnumConstraint("ALL", "INCLUDE", "KEYS_ONLY")
	// Observed (2026): this is the order the service lists the stream view
	// types in.
	enumStreamViewType = EnumConstraint("OLD_IMAGE", "KEYS_ONLY", "NEW_AND_OLD_IMAGES", "NEW_IMAGE")
)

// checkShape records every request-shape violation of t, in the order
// DynamoDB lists them: attributeDefinitions, billingMode,
// provisionedThroughput (write before read), keySchema, the GSIs (observed:
// a GSI's errors precede an LSI's whatever the request order), the LSIs,
// streamSpecification. The order of the members inside one index
// (indexName, keySchema, projection, provisionedThroughput) is unverified:
// the captures available assert those errors as a set.
func (t *TableDefinition) checkShape(v *Violations) {
	attributeDefinitionsShape(v, t.AttributeDefinitions, "attributeDefinitions")
	if t.BillingMode != "" && !t.BillingMode.Valid() {
		v.Add(string(t.BillingMode), "billingMode", enumBillingMode)
	}
	throughputShape(v, t.ProvisionedThroughput, "provisionedThroughput")
	keySchemaShape(v, t.KeySchema, "keySchema", MaxTableKeySchemaLength)
	for i := range t.GlobalSecondaryIndexes {
		gsiShape(v, &t.GlobalSecondaryIndexes[i], member("globalSecondaryIndexes", i))
	}
	for i, l := range t.LocalSecondaryIndexes {
		p := member("localSecondaryIndexes", i)
		indexNameShape(v, l.IndexName, p+".indexName")
		keySchemaShape(v, l.KeySchema, p+".keySchema", MaxTableKeySchemaLength)
		projectionShape(v, l.Projection, p+".projection")
	}
	if s := t.StreamSpecification; s != nil && s.StreamViewType != "" && !validStreamViewType(s.StreamViewType) {
		v.Add(s.StreamViewType, "streamSpecification.streamViewType", enumStreamViewType)
	}
	TagsShape(v, t.Tags, "tags")
	if p := t.PointInTimeRecoverySpecification; p != nil && p.RecoveryPeriodInDays != nil {
		if d := *p.RecoveryPeriodInDays; d < 1 || d > 35 {
			rule := MinValue(1)
			if d > 35 {
				rule = MaxValue(35)
			}
			v.Add(strconv.FormatInt(d, 10), "pointInTimeRecoverySpecification.recoveryPeriodInDays", rule)
		}
	}
}

// member is the path of the i-th (0-based) element of list: "list.1.member".
func member(list string, i int) string {
	return list + "." + strconv.Itoa(i+1) + ".member"
}

func attributeDefinitionsShape(v *Violations, defs []AttributeDefinition, path string) {
	if defs == nil {
		v.Null(path)
		return
	}
	for i, d := range defs {
		p := member(path, i)
		keyAttributeNameShape(v, d.AttributeName, p+".attributeName")
		switch {
		case d.AttributeType == "":
			v.Null(p + ".attributeType")
		case !d.AttributeType.Valid():
			v.Add(string(d.AttributeType), p+".attributeType", enumAttributeType)
		}
	}
}

func keyAttributeNameShape(v *Violations, name, path string) {
	switch {
	case name == "":
		v.Null(path)
	case javaLength(name) > MaxKeyAttributeNameLength:
		v.Add(name, path, MaxLength(MaxKeyAttributeNameLength))
	}
}

// keySchemaShape checks a KeySchema list. maxLen is 0 for a GSI, whose
// multi-attribute keys are bounded by the semantic HASH/RANGE counts instead.
func keySchemaShape(v *Violations, ks []KeySchemaElement, path string, maxLen int) {
	if ks == nil {
		v.Null(path)
		return
	}
	if len(ks) < 1 {
		v.Add(keySchemaString(ks), path, MinLength(1))
	}
	if maxLen > 0 && len(ks) > maxLen {
		v.Add(keySchemaString(ks), path, MaxLength(maxLen))
	}
	for i, e := range ks {
		p := member(path, i)
		keyAttributeNameShape(v, e.AttributeName, p+".attributeName")
		switch {
		case e.KeyType == "":
			v.Null(p + ".keyType")
		case !e.KeyType.Valid():
			v.Add(string(e.KeyType), p+".keyType", enumKeyType)
		}
	}
}

// keySchemaString renders a KeySchema as DynamoDB's Java validator does:
// "[KeySchemaElement(attributeName=pk, keyType=HASH), ...]" (observed).
func keySchemaString(ks []KeySchemaElement) string {
	parts := make([]string, len(ks))
	for i, e := range ks {
		parts[i] = "KeySchemaElement(attributeName=" + orNull(e.AttributeName) + ", keyType=" + orNull(string(e.KeyType)) + ")"
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func orNull(s string) string {
	if s == "" {
		return "null"
	}
	return s
}

// listString renders a list of strings as Java's List.toString does.
func listString(l []string) string { return "[" + strings.Join(l, ", ") + "]" }

func indexNameShape(v *Violations, name, path string) {
	if name == "" {
		v.Null(path)
		return
	}
	v.name(name, path, MinIndexNameLength, MaxIndexNameLength)
}

func projectionShape(v *Violations, p Projection, path string) {
	if p.ProjectionType != "" && !p.ProjectionType.Valid() {
		v.Add(string(p.ProjectionType), path+".projectionType", enumProjectionType)
	}
	nka := p.NonKeyAttributes
	if nka == nil {
		return
	}
	if len(nka) < 1 {
		v.Add(listString(nka), path+".nonKeyAttributes", MinLength(1))
	}
	if len(nka) > MaxNonKeyAttributesPerIndex {
		v.Add(listString(nka), path+".nonKeyAttributes", MaxLength(MaxNonKeyAttributesPerIndex))
	}
	// The member path and wording for a bad name in the list follow the
	// validator's convention for string lists; unverified.
	for i, n := range nka {
		switch l := javaLength(n); {
		case l < 1:
			v.Add(n, member(path+".nonKeyAttributes", i), MinLength(1))
		case l > MaxNonKeyAttributeNameLength:
			v.Add(n, member(path+".nonKeyAttributes", i), MaxLength(MaxNonKeyAttributeNameLength))
		}
	}
}

func throughputShape(v *Violations, pt *ProvisionedThroughput, path string) {
	if pt == nil {
		return
	}
	// Write before read: the order DynamoDB lists them in (dynalite tests).
	unitsShape(v, pt.WriteCapacityUnits, path+".writeCapacityUnits")
	unitsShape(v, pt.ReadCapacityUnits, path+".readCapacityUnits")
}

func unitsShape(v *Violations, u *int64, path string) {
	switch {
	case u == nil:
		v.Null(path)
	case *u < MinCapacityUnits:
		v.Add(strconv.FormatInt(*u, 10), path, MinValue(MinCapacityUnits))
	}
}

func gsiShape(v *Violations, g *GlobalSecondaryIndex, path string) {
	indexNameShape(v, g.IndexName, path+".indexName")
	keySchemaShape(v, g.KeySchema, path+".keySchema", 0)
	projectionShape(v, g.Projection, path+".projection")
	throughputShape(v, g.ProvisionedThroughput, path+".provisionedThroughput")
}

func validStreamViewType(s string) bool {
	switch s {
	case StreamKeysOnly, StreamNewImage, StreamOldImage, StreamNewAndOldImages:
		return true
	}
	return false
}

// ---- layer 3: semantics ----

func (t *TableDefinition) checkSemantics() error {
	defs := make([]string, len(t.AttributeDefinitions))
	for i, d := range t.AttributeDefinitions {
		defs[i] = d.AttributeName
	}
	if err := checkDuplicateDefinitions(defs); err != nil {
		return err
	}
	if err := t.checkTableKey(defs); err != nil {
		return err
	}
	if t.LocalSecondaryIndexes != nil && len(t.LocalSecondaryIndexes) == 0 {
		return invalidf("List of LocalSecondaryIndexes is empty")
	}
	if t.GlobalSecondaryIndexes != nil && len(t.GlobalSecondaryIndexes) == 0 {
		return invalidf("List of GlobalSecondaryIndexes is empty")
	}
	// dynalite (tested against DynamoDB): an LSI on a table without a sort
	// key is reported before the LSI's undefined key attributes.
	if t.LocalSecondaryIndexes != nil && len(t.KeySchema) != 2 {
		return invalidf("Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex")
	}
	if err := t.checkIndexDefinitions(defs); err != nil {
		return err
	}
	if err := t.checkTableBilling(); err != nil {
		return err
	}
	if err := t.checkLSIs(); err != nil {
		return err
	}
	if err := t.checkGSIs(); err != nil {
		return err
	}
	if n := t.projectedNonKeyAttributes(); n > MaxProjectedNonKeyAttributes {
		return errProjectedTotal()
	}
	if err := t.checkStream(); err != nil {
		return err
	}
	if t.TableClass != "" && t.TableClass != TableClassStandard && t.TableClass != TableClassStandardInfrequentAccess {
		// Observed wording; its position among the checks is unverified.
		return errorf("Invalid table-class parameter provided. Please try again with a valid table-class value: [STANDARD, STANDARD_INFREQUENT_ACCESS].")
	}
	return nil
}

// checkDuplicateDefinitions: observed wording, no "One or more parameter
// values were invalid" prefix; also when the two entries differ in type.
func checkDuplicateDefinitions(defs []string) error {
	for i, d := range defs {
		if slices.Contains(defs[:i], d) {
			return errorf("Attribute Name is duplicated: %s", d)
		}
	}
	return nil
}

func errNotDefined(keys, defs []string) error {
	return invalidf("Some index key attributes are not defined in AttributeDefinitions. Keys: %s, AttributeDefinitions: %s",
		listString(keys), listString(defs))
}

func errSameName() error {
	return errorf("Both the Hash Key and the Range Key element in the KeySchema have the same name")
}

func errFirstNotHash() error {
	return errorf("Invalid KeySchema: The first KeySchemaElement is not a HASH key type")
}

func errSecondNotRange() error {
	return errorf("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type")
}

// errProjectedTotal: the service's wording for more than 100 projected
// non-key attributes is unverified (taken from a third-party linter that
// quotes it).
func errProjectedTotal() error {
	return invalidf("Number of projected attributes in all indexes exceeds limit of %d", MaxProjectedNonKeyAttributes)
}

// checkTableKey follows the order of dynalite (tested against DynamoDB) and
// the conformance captures: more keys than definitions, an undefined key, a
// repeated name, then the key types.
func (t *TableDefinition) checkTableKey(defs []string) error {
	keys := t.KeyAttributes()
	if len(keys) > len(defs) {
		return errorf("Invalid KeySchema: Some index key attribute have no definition")
	}
	for _, k := range keys {
		if !slices.Contains(defs, k) {
			return errNotDefined(keys, defs)
		}
	}
	ks := t.KeySchema
	if len(ks) == 2 && ks[0].AttributeName == ks[1].AttributeName {
		return errSameName()
	}
	if ks[0].KeyType != KeyTypeHash {
		return errFirstNotHash()
	}
	if len(ks) == 2 && ks[1].KeyType != KeyTypeRange {
		return errSecondNotRange()
	}
	if t.LocalSecondaryIndexes == nil && t.GlobalSecondaryIndexes == nil && len(keys) != len(defs) {
		return invalidf("Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions")
	}
	return nil
}

// checkIndexDefinitions: every index key attribute must be defined, and
// (observed) every definition must be used by some key; the unused check
// masks every later error. "keys used" is printed in Java HashSet order,
// the definitions in request order.
func (t *TableDefinition) checkIndexDefinitions(defs []string) error {
	used := t.KeyAttributes()
	for _, l := range t.LocalSecondaryIndexes {
		keys := l.KeyAttributes()
		for _, k := range keys {
			if !slices.Contains(defs, k) {
				return errNotDefined(keys, defs)
			}
		}
		used = append(used, keys...)
	}
	for _, g := range t.GlobalSecondaryIndexes {
		keys := g.KeyAttributes()
		for _, k := range keys {
			if !slices.Contains(defs, k) {
				return errNotDefined(keys, defs)
			}
		}
		used = append(used, keys...)
	}
	if t.LocalSecondaryIndexes == nil && t.GlobalSecondaryIndexes == nil {
		return nil // checkTableKey's count check covers this case
	}
	for _, d := range defs {
		if !slices.Contains(used, d) {
			return invalidf("Some AttributeDefinitions are not used. AttributeDefinitions: %s, keys used: %s",
				listString(defs), listString(javaHashSetOrder(used)))
		}
	}
	return nil
}

// checkTableBilling checks the table's throughput against its billing mode.
// An omitted BillingMode means PROVISIONED (observed: the same message as an
// explicit PROVISIONED without throughput).
func (t *TableDefinition) checkTableBilling() error {
	pt, odt := t.ProvisionedThroughput, t.OnDemandThroughput
	if t.EffectiveBillingMode() == BillingPayPerRequest {
		if pt != nil {
			return invalidf("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST")
		}
		// -1 means "no cap". The 0/negative wording is observed; whether
		// CreateTable accepts -1 for the table (as UpdateTable does) is
		// unverified.
		if odt != nil {
			if u := odt.MaxReadRequestUnits; u != nil && *u < 1 && *u != -1 {
				return invalidf("Requested MaxReadRequestUnits for OnDemandThroughput for table is outside of valid range")
			}
			if u := odt.MaxWriteRequestUnits; u != nil && *u < 1 && *u != -1 {
				return invalidf("Requested MaxWriteRequestUnits for OnDemandThroughput for table is outside of valid range")
			}
		}
		return nil
	}
	if pt == nil {
		return invalidf("ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED")
	}
	if err := throughputBounds(pt); err != nil {
		return err
	}
	if odt != nil {
		if odt.MaxReadRequestUnits != nil {
			return invalidf("MaxReadRequestUnits for OnDemandThroughput cannot be specified when the table BillingMode is PROVISIONED")
		}
		if odt.MaxWriteRequestUnits != nil {
			return invalidf("MaxWriteRequestUnits for OnDemandThroughput cannot be specified when the table BillingMode is PROVISIONED")
		}
	}
	return nil
}

// throughputBounds: dynalite's (tested) upper bound, read units first.
func throughputBounds(pt *ProvisionedThroughput) error {
	if u := pt.ReadCapacityUnits; u != nil && *u > MaxProvisionedCapacityUnits {
		return errorf("Given value %d for ReadCapacityUnits is out of bounds", *u)
	}
	if u := pt.WriteCapacityUnits; u != nil && *u > MaxProvisionedCapacityUnits {
		return errorf("Given value %d for WriteCapacityUnits is out of bounds", *u)
	}
	return nil
}

// checkLSIs follows dynalite's order (tested against DynamoDB), with the
// count check after the per-index checks. (The table's own sort key was
// checked before the key definitions.)
func (t *TableDefinition) checkLSIs() error {
	if t.LocalSecondaryIndexes == nil {
		return nil
	}
	tableHash := t.HashKey()
	var seen []string
	for _, l := range t.LocalSecondaryIndexes {
		ks := l.KeySchema
		if len(ks) == 2 && ks[0].AttributeName == ks[1].AttributeName {
			return errSameName()
		}
		if ks[0].KeyType != KeyTypeHash {
			return errFirstNotHash()
		}
		if len(ks) == 2 && ks[1].KeyType != KeyTypeRange {
			return errSecondNotRange()
		}
		if len(ks) != 2 {
			return invalidf("Index KeySchema does not have a range key for index: %s", l.IndexName)
		}
		if h := ks[0].AttributeName; h != tableHash {
			return invalidf("Index KeySchema does not have the same leading hash key as table KeySchema for index: %s. index hash key: %s, table hash key: %s",
				l.IndexName, h, tableHash)
		}
		if err := checkProjection(l.Projection); err != nil {
			return err
		}
		if slices.Contains(seen, l.IndexName) {
			return invalidf("Duplicate index name: %s", l.IndexName)
		}
		seen = append(seen, l.IndexName)
	}
	if len(t.LocalSecondaryIndexes) > MaxLSIs {
		return invalidf("Number of LocalSecondaryIndexes exceeds per-table limit of %d", MaxLSIs)
	}
	return nil
}

func (t *TableDefinition) checkGSIs() error {
	if t.GlobalSecondaryIndexes == nil {
		return nil
	}
	var seen []string
	for _, l := range t.LocalSecondaryIndexes {
		seen = append(seen, l.IndexName)
	}
	mode := t.EffectiveBillingMode()
	for i := range t.GlobalSecondaryIndexes {
		g := &t.GlobalSecondaryIndexes[i]
		if err := checkGSIKeySchema(g.KeySchema); err != nil {
			return err
		}
		if err := checkProjection(g.Projection); err != nil {
			return err
		}
		if err := checkGSIBillingAtCreate(g, mode); err != nil {
			return err
		}
		if slices.Contains(seen, g.IndexName) {
			return invalidf("Duplicate index name: %s", g.IndexName)
		}
		seen = append(seen, g.IndexName)
	}
	if len(t.GlobalSecondaryIndexes) > MaxGSIs {
		return invalidf("GlobalSecondaryIndex count exceeds the per-table limit of %d", MaxGSIs)
	}
	return nil
}

// checkGSIKeySchema checks a GSI key, classic or multi-attribute (up to
// MaxGSIHashKeys HASH then up to MaxGSIRangeKeys RANGE, no repeats). The
// messages are observed; which of them comes first when a key breaks
// several rules is unverified.
func checkGSIKeySchema(ks []KeySchemaElement) error {
	if len(ks) == 2 && ks[0].AttributeName == ks[1].AttributeName {
		return errSameName()
	}
	if ks[0].KeyType != KeyTypeHash {
		return errFirstNotHash()
	}
	for i, e := range ks {
		if slices.ContainsFunc(ks[:i], func(p KeySchemaElement) bool { return p.AttributeName == e.AttributeName }) {
			return errorf("The KeySchema contains multiple key attributes with the same name")
		}
	}
	hashes, ranges := 0, 0
	for _, e := range ks {
		if e.KeyType == KeyTypeHash {
			if ranges > 0 {
				return invalidf("All HASH key attributes must precede RANGE key attributes in the KeySchema")
			}
			hashes++
		} else {
			ranges++
		}
	}
	if hashes > MaxGSIHashKeys {
		return invalidf("The KeySchema exceeds the maximum allowed number of HASH key attributes")
	}
	if ranges > MaxGSIRangeKeys {
		return invalidf("The KeySchema exceeds the maximum allowed number of RANGE key attributes")
	}
	return nil
}

// checkProjection: the messages are observed; the order follows dynalite.
func checkProjection(p Projection) error {
	if p.ProjectionType == "" {
		return invalidf("Unknown ProjectionType: null")
	}
	if p.NonKeyAttributes != nil && p.ProjectionType != ProjectInclude {
		return invalidf("ProjectionType is %s, but NonKeyAttributes is specified", p.ProjectionType)
	}
	if p.ProjectionType == ProjectInclude && p.NonKeyAttributes == nil {
		return invalidf("ProjectionType is INCLUDE, but NonKeyAttributes is not specified")
	}
	for i, n := range p.NonKeyAttributes {
		if slices.Contains(p.NonKeyAttributes[:i], n) {
			return invalidf("Duplicate element in NonKeyAttributes: %s", n)
		}
	}
	return nil
}

// checkGSIBillingAtCreate checks a GSI's throughput against the table's
// billing mode, with CreateTable's wording (observed; UpdateTable words the
// same rules differently, see ValidateCreateGSI).
func checkGSIBillingAtCreate(g *GlobalSecondaryIndex, mode BillingMode) error {
	if mode == BillingPayPerRequest {
		if g.ProvisionedThroughput != nil {
			return invalidf("ProvisionedThroughput should not be specified for index: %s when BillingMode is PAY_PER_REQUEST", g.IndexName)
		}
		return gsiOnDemandRange(g)
	}
	if g.ProvisionedThroughput == nil {
		return invalidf("ProvisionedThroughput is not specified for index: %s", g.IndexName)
	}
	if err := throughputBounds(g.ProvisionedThroughput); err != nil {
		return err
	}
	return gsiOnDemandOnProvisioned(g)
}

// gsiOnDemandRange: at creation a GSI's on-demand maximum must be positive
// (observed: 0 and -1 are "outside of valid range").
func gsiOnDemandRange(g *GlobalSecondaryIndex) error {
	odt := g.OnDemandThroughput
	if odt == nil {
		return nil
	}
	if u := odt.MaxReadRequestUnits; u != nil && *u < 1 {
		return invalidf("Requested MaxReadRequestUnits for OnDemandThroughput for index : %s is outside of valid range", g.IndexName)
	}
	if u := odt.MaxWriteRequestUnits; u != nil && *u < 1 {
		return invalidf("Requested MaxWriteRequestUnits for OnDemandThroughput for index : %s is outside of valid range", g.IndexName)
	}
	return nil
}

// gsiOnDemandOnProvisioned: observed wording ("for index : " with the space).
func gsiOnDemandOnProvisioned(g *GlobalSecondaryIndex) error {
	odt := g.OnDemandThroughput
	if odt == nil {
		return nil
	}
	if odt.MaxReadRequestUnits != nil {
		return invalidf("MaxReadRequestUnits for OnDemandThroughput for index : %s cannot be specified when the table BillingMode is PROVISIONED", g.IndexName)
	}
	if odt.MaxWriteRequestUnits != nil {
		return invalidf("MaxWriteRequestUnits for OnDemandThroughput for index : %s cannot be specified when the table BillingMode is PROVISIONED", g.IndexName)
	}
	return nil
}

// projectedNonKeyAttributes counts NonKeyAttributes over all indexes; a name
// projected by two indexes counts twice (guide).
func (t *TableDefinition) projectedNonKeyAttributes() int {
	n := 0
	for _, g := range t.GlobalSecondaryIndexes {
		n += len(g.Projection.NonKeyAttributes)
	}
	for _, l := range t.LocalSecondaryIndexes {
		n += len(l.Projection.NonKeyAttributes)
	}
	return n
}

// checkStream: observed wording for CreateTable. An enabled stream must
// name its view type and a disabled one must not.
func (t *TableDefinition) checkStream() error {
	s := t.StreamSpecification
	if s == nil {
		return nil
	}
	if s.StreamEnabled && s.StreamViewType == "" {
		return invalidf("Table is being created with a stream enabled, UpdateViewType is required")
	}
	if !s.StreamEnabled && s.StreamViewType != "" {
		return invalidf("Table is being created with a stream disabled, UpdateViewType should not be specified")
	}
	return nil
}
