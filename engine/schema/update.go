package schema

import (
	"fmt"
	"slices"
	"strings"
)

// ValidateCreateGSI checks an UpdateTable GlobalSecondaryIndexUpdates Create
// action against the existing table def, with newDefs the request's
// AttributeDefinitions. It assumes the Create is the first entry of
// GlobalSecondaryIndexUpdates; ValidateCreateGSIAt names another position.
func ValidateCreateGSI(def *TableDefinition, gsi GlobalSecondaryIndex, newDefs []AttributeDefinition) error {
	return ValidateCreateGSIAt(def, gsi, newDefs, 0)
}

// ValidateCreateGSIAt is ValidateCreateGSI for the Create at 0-based
// position i of GlobalSecondaryIndexUpdates (it only changes the paths in
// shape errors).
//
// Layers, as for CreateTable: the request shape of newDefs and of the index
// ("globalSecondaryIndexUpdates.N.member.create.indexName", ...), then the
// semantic checks, first failure wins:
//
//   - no AttributeDefinitions: "AttributeDefinitions is not specified for
//     index: X" (observed);
//   - a repeated definition (CreateTable's wording; unverified here);
//   - an existing GSI or LSI of that name: "Attempting to create an index
//     which already exists" (observed);
//   - the key schema (CreateTable's GSI rules);
//   - a key attribute defined neither in newDefs nor in the table (the
//     request only needs to define the new attributes, observed), worded as
//     CreateTable's (unverified here);
//   - a key attribute whose type in newDefs differs from the table's
//     existing definition (errRedefined: DynamoDB's wording as Alternator
//     quotes it);
//   - the projection, and the total of projected attributes;
//   - throughput against the table's billing mode (UpdateTable's wording,
//     observed);
//   - a 21st GSI, which DynamoDB reports as a LimitExceededException
//     (Error.Code == CodeLimitExceeded): "Subscriber limit exceeded: Number
//     of global secondary indexes exceeds per-table limit of 20" (observed).
//
// Definitions in newDefs that the new index does not use are ignored, as
// DynamoDB ignores them (observed).
func ValidateCreateGSIAt(def *TableDefinition, gsi GlobalSecondaryIndex, newDefs []AttributeDefinition, i int) error {
	var v Violations
	if newDefs != nil {
		attributeDefinitionsShape(&v, newDefs, "attributeDefinitions")
	}
	gsiShape(&v, &gsi, member("globalSecondaryIndexUpdates", i)+".create")
	if err := v.Err(); err != nil {
		return err
	}

	if len(newDefs) == 0 {
		return invalidf("AttributeDefinitions is not specified for index: %s", gsi.IndexName)
	}
	names := make([]string, len(newDefs))
	for j, d := range newDefs {
		names[j] = d.AttributeName
	}
	if err := checkDuplicateDefinitions(names); err != nil {
		return err
	}
	if def.GSI(gsi.IndexName) != nil || def.LSI(gsi.IndexName) != nil {
		return errorf("Attempting to create an index which already exists")
	}
	if err := checkGSIKeySchema(gsi.KeySchema); err != nil {
		return err
	}
	keys := gsi.KeyAttributes()
	for _, k := range keys {
		if !slices.Contains(names, k) && def.AttributeType(k) == "" {
			return errNotDefined(keys, names)
		}
	}
	for _, d := range newDefs {
		if !slices.Contains(keys, d.AttributeName) {
			continue
		}
		if old := def.AttributeType(d.AttributeName); old != "" && old != d.AttributeType {
			return errRedefined(def, d.AttributeName, gsi.KeySchema, newDefs)
		}
	}
	if err := checkProjection(gsi.Projection); err != nil {
		return err
	}
	if def.projectedNonKeyAttributes()+len(gsi.Projection.NonKeyAttributes) > MaxProjectedNonKeyAttributes {
		return errProjectedTotal()
	}
	if def.EffectiveBillingMode() == BillingPayPerRequest {
		if gsi.ProvisionedThroughput != nil {
			return invalidf("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: %s when BillingMode is PAY_PER_REQUEST", gsi.IndexName)
		}
		if err := gsiOnDemandRange(&gsi); err != nil {
			return err
		}
	} else {
		if gsi.ProvisionedThroughput == nil {
			return invalidf("Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: %s", gsi.IndexName)
		}
		if err := throughputBounds(gsi.ProvisionedThroughput); err != nil {
			return err
		}
		if err := gsiOnDemandOnProvisioned(&gsi); err != nil {
			return err
		}
	}
	if len(def.GlobalSecondaryIndexes) >= MaxGSIs {
		return &Error{Code: CodeLimitExceeded, Message: "Subscriber limit exceeded: Number of global secondary indexes exceeds per-table limit of 20"}
	}
	return nil
}

// WithGSI returns a copy of def with gsi added and the definitions of its
// key attributes merged in from newDefs (existing definitions are kept;
// unused new ones are dropped, as DynamoDB drops them). Call it after
// ValidateCreateGSI accepted the request.
func (t *TableDefinition) WithGSI(gsi GlobalSecondaryIndex, newDefs []AttributeDefinition) *TableDefinition {
	c := t.Clone()
	for _, k := range gsi.KeyAttributes() {
		if c.AttributeType(k) != "" {
			continue
		}
		for _, d := range newDefs {
			if d.AttributeName == k {
				c.AttributeDefinitions = append(c.AttributeDefinitions, d)
				break
			}
		}
	}
	c.GlobalSecondaryIndexes = append(c.GlobalSecondaryIndexes, gsi.Clone())
	return c
}

// WithoutGSI returns a copy of def without the named GSI, and without the
// attribute definitions no remaining key uses (DynamoDB prunes them once
// the index is gone, observed).
func (t *TableDefinition) WithoutGSI(name string) *TableDefinition {
	c := t.Clone()
	c.GlobalSecondaryIndexes = slices.DeleteFunc(c.GlobalSecondaryIndexes, func(g GlobalSecondaryIndex) bool {
		return g.IndexName == name
	})
	if len(c.GlobalSecondaryIndexes) == 0 {
		c.GlobalSecondaryIndexes = nil
	}
	used := c.KeyAttributes()
	for _, g := range c.GlobalSecondaryIndexes {
		used = append(used, g.KeyAttributes()...)
	}
	for _, l := range c.LocalSecondaryIndexes {
		used = append(used, l.KeyAttributes()...)
	}
	c.AttributeDefinitions = slices.DeleteFunc(c.AttributeDefinitions, func(d AttributeDefinition) bool {
		return !slices.Contains(used, d.AttributeName)
	})
	return c
}

// errRedefined refuses a new index whose key attribute name already has
// another type. DynamoDB's wording, quoted by Alternator's
// test_gsi_key_type_conflict_on_update (run against DynamoDB): "One or more
// parameter values were invalid: Attributes cannot be redefined. Please
// check that your attribute has the same type as previously defined.
// Existing schema: Schema:[SchemaElement: key{xyz:S:HASH}] New schema:
// Schema:[SchemaElement: key{xyz:N:HASH}]", the existing schema being the
// one that defined the attribute (there, another GSI's). How two elements
// are joined is not in the capture; ", " is assumed.
func errRedefined(def *TableDefinition, name string, newKeys []KeySchemaElement, newDefs []AttributeDefinition) *Error {
	existing := def.KeySchema
	for _, g := range def.GlobalSecondaryIndexes {
		if !slices.ContainsFunc(existing, func(e KeySchemaElement) bool { return e.AttributeName == name }) {
			existing = g.KeySchema
		}
	}
	for _, l := range def.LocalSecondaryIndexes {
		if !slices.ContainsFunc(existing, func(e KeySchemaElement) bool { return e.AttributeName == name }) {
			existing = l.KeySchema
		}
	}
	typeIn := func(defs []AttributeDefinition) func(string) ScalarType {
		return func(n string) ScalarType {
			for _, d := range defs {
				if d.AttributeName == n {
					return d.AttributeType
				}
			}
			return def.AttributeType(n)
		}
	}
	return invalidf("Attributes cannot be redefined. Please check that your attribute has the same type as previously defined. Existing schema: %s New schema: %s",
		renderSchema(existing, def.AttributeType), renderSchema(newKeys, typeIn(newDefs)))
}

// renderSchema is a key schema as DynamoDB's messages print it:
// Schema:[SchemaElement: key{name:TYPE:HASH}, ...].
func renderSchema(ks []KeySchemaElement, typeOf func(string) ScalarType) string {
	var b strings.Builder
	b.WriteString("Schema:[")
	for i, e := range ks {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "SchemaElement: key{%s:%s:%s}", e.AttributeName, typeOf(e.AttributeName), e.KeyType)
	}
	b.WriteString("]")
	return b.String()
}
