package schema

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// Builders for test definitions. Each returns a fresh value, so cases can
// change what they get.

func i64(v int64) *int64 { return &v }

func pt(r, w int64) *ProvisionedThroughput {
	return &ProvisionedThroughput{ReadCapacityUnits: i64(r), WriteCapacityUnits: i64(w)}
}

func attrs(pairs ...string) []AttributeDefinition {
	out := []AttributeDefinition{}
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, AttributeDefinition{AttributeName: pairs[i], AttributeType: ScalarType(pairs[i+1])})
	}
	return out
}

// keys builds a key schema from name/type pairs: keys("pk", "HASH", "sk", "RANGE").
func keys(pairs ...string) []KeySchemaElement {
	out := []KeySchemaElement{}
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, KeySchemaElement{AttributeName: pairs[i], KeyType: KeyType(pairs[i+1])})
	}
	return out
}

var all = Projection{ProjectionType: ProjectAll}

func gsi(name string, ks []KeySchemaElement) GlobalSecondaryIndex {
	return GlobalSecondaryIndex{IndexName: name, KeySchema: ks, Projection: all}
}

func lsi(name string, ks []KeySchemaElement) LocalSecondaryIndex {
	return LocalSecondaryIndex{IndexName: name, KeySchema: ks, Projection: all}
}

// ppr is a valid on-demand hash-only table.
func ppr() *TableDefinition {
	return &TableDefinition{
		TableName:            "Music",
		AttributeDefinitions: attrs("pk", "S"),
		KeySchema:            keys("pk", "HASH"),
		BillingMode:          BillingPayPerRequest,
	}
}

// composite is a valid provisioned table with a sort key.
func composite() *TableDefinition {
	return &TableDefinition{
		TableName:             "abc",
		AttributeDefinitions:  attrs("pk", "S", "sk", "S"),
		KeySchema:             keys("pk", "HASH", "sk", "RANGE"),
		ProvisionedThroughput: pt(5, 5),
	}
}

func with(t *TableDefinition, f func(*TableDefinition)) *TableDefinition {
	f(t)
	return t
}

const inv = "One or more parameter values were invalid: "

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		def  *TableDefinition
		want string // "" = valid
	}{
		// ---- valid definitions ----
		{"hash only on demand", ppr(), ""},
		{"composite provisioned", composite(), ""},
		{"indexes of every kind", &TableDefinition{
			TableName:             "Orders.v2_x-y",
			AttributeDefinitions:  attrs("pk", "S", "sk", "S", "g1", "N", "l1", "B", "h2", "S", "r2", "N"),
			KeySchema:             keys("pk", "HASH", "sk", "RANGE"),
			BillingMode:           BillingProvisioned,
			ProvisionedThroughput: pt(1, 1),
			GlobalSecondaryIndexes: []GlobalSecondaryIndex{
				{IndexName: "byG1", KeySchema: keys("g1", "HASH"), Projection: Projection{ProjectionType: ProjectInclude, NonKeyAttributes: []string{"x", "pk"}}, ProvisionedThroughput: pt(1, 1)},
				{IndexName: "multi", KeySchema: keys("g1", "HASH", "h2", "HASH", "r2", "RANGE", "sk", "RANGE"), Projection: Projection{ProjectionType: ProjectKeysOnly}, ProvisionedThroughput: pt(2, 3)},
			},
			LocalSecondaryIndexes: []LocalSecondaryIndex{lsi("byL1", keys("pk", "HASH", "l1", "RANGE"))},
			StreamSpecification:   &StreamSpecification{StreamEnabled: true, StreamViewType: StreamNewAndOldImages},
			TableClass:            TableClassStandardInfrequentAccess,
		}, ""},
		{"lsi with the table's own sort key and gsi equal to the table key", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("same", keys("pk", "HASH", "sk", "RANGE"))}
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("pk", "HASH", "sk", "RANGE"))}
			d.GlobalSecondaryIndexes[0].ProvisionedThroughput = pt(1, 1)
		}), ""},
		{"gsi with 4 HASH and 4 RANGE attributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "h1", "S", "h2", "N", "h3", "B", "h4", "S", "r1", "S", "r2", "N", "r3", "S", "r4", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("wide", keys("h1", "HASH", "h2", "HASH", "h3", "HASH", "h4", "HASH", "r1", "RANGE", "r2", "RANGE", "r3", "RANGE", "r4", "RANGE"))}
		}), ""},
		{"on-demand caps, -1 meaning no cap", with(ppr(), func(d *TableDefinition) {
			d.OnDemandThroughput = &OnDemandThroughput{MaxReadRequestUnits: i64(-1), MaxWriteRequestUnits: i64(10)}
		}), ""},
		{"disabled stream without view type", with(ppr(), func(d *TableDefinition) {
			d.StreamSpecification = &StreamSpecification{}
		}), ""},

		// ---- layer 1: the table name, reported alone ----
		{"missing table name", with(ppr(), func(d *TableDefinition) { d.TableName = "" }),
			"The parameter 'TableName' is required but was not present in the request"},
		{"short table name", with(ppr(), func(d *TableDefinition) { d.TableName = "ab" }),
			"1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3"},
		{"long table name", with(ppr(), func(d *TableDefinition) { d.TableName = strings.Repeat("a", 256) }),
			"1 validation error detected: Value '" + strings.Repeat("a", 256) + "' at 'tableName' failed to satisfy constraint: Member must have length less than or equal to 255"},
		{"table name pattern", with(ppr(), func(d *TableDefinition) { d.TableName = "abc;" }),
			"1 validation error detected: Value 'abc;' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},
		{"short and bad table name, other shape errors not listed", &TableDefinition{TableName: "x!", KeySchema: []KeySchemaElement{}},
			"2 validation errors detected: Value 'x!' at 'tableName' failed to satisfy constraint: Member must have length greater than or equal to 3; " +
				"Value 'x!' at 'tableName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+"},

		// ---- layer 2: request shape ----
		{"invalid KeyType", with(ppr(), func(d *TableDefinition) { d.KeySchema = keys("pk", "INVALID") }),
			"1 validation error detected: Value 'INVALID' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]"},
		{"invalid AttributeType", with(ppr(), func(d *TableDefinition) { d.AttributeDefinitions = attrs("pk", "INVALID") }),
			"1 validation error detected: Value 'INVALID' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]"},
		{"SS is not a key type", with(ppr(), func(d *TableDefinition) { d.AttributeDefinitions = attrs("b", "SS") }),
			"1 validation error detected: Value 'SS' at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must satisfy enum value set: [B, N, S]"},
		{"null members", &TableDefinition{TableName: "abc", BillingMode: BillingPayPerRequest},
			"2 validation errors detected: Value null at 'attributeDefinitions' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'keySchema' failed to satisfy constraint: Member must not be null"},
		{"empty throughput", &TableDefinition{TableName: "abc", AttributeDefinitions: attrs(), ProvisionedThroughput: &ProvisionedThroughput{}},
			"3 validation errors detected: Value null at 'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'keySchema' failed to satisfy constraint: Member must not be null"},
		{"low throughput and empty key schema", &TableDefinition{TableName: "abc", AttributeDefinitions: attrs(), KeySchema: keys(), ProvisionedThroughput: pt(-1, -1)},
			"3 validation errors detected: Value '-1' at 'provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value '-1' at 'provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value '[]' at 'keySchema' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"three key schema elements", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "sk", "S", "extra", "S")
			d.KeySchema = keys("pk", "HASH", "sk", "RANGE", "extra", "RANGE")
		}),
			"1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=sk, keyType=RANGE), " +
				"KeySchemaElement(attributeName=extra, keyType=RANGE)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2"},
		{"key element names", &TableDefinition{TableName: "abc", AttributeDefinitions: attrs(),
			KeySchema:             []KeySchemaElement{{KeyType: "HASH"}, {AttributeName: "a"}, {KeyType: "Woop", AttributeName: "a"}},
			ProvisionedThroughput: pt(1000000000001, 1000000000001)},
			"4 validation errors detected: Value '[KeySchemaElement(attributeName=null, keyType=HASH), KeySchemaElement(attributeName=a, keyType=null), " +
				"KeySchemaElement(attributeName=a, keyType=Woop)]' at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2; " +
				"Value null at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'keySchema.2.member.keyType' failed to satisfy constraint: Member must not be null; " +
				"Value 'Woop' at 'keySchema.3.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]"},
		{"attribute definition member nulls", with(ppr(), func(d *TableDefinition) { d.AttributeDefinitions = []AttributeDefinition{{}} }),
			"2 validation errors detected: Value null at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'attributeDefinitions.1.member.attributeType' failed to satisfy constraint: Member must not be null"},
		{"key attribute name too long", with(ppr(), func(d *TableDefinition) {
			long := strings.Repeat("k", 256)
			d.AttributeDefinitions = attrs(long, "S")
			d.KeySchema = keys(long, "HASH")
		}),
			"2 validation errors detected: Value '" + strings.Repeat("k", 256) + "' at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255; " +
				"Value '" + strings.Repeat("k", 256) + "' at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must have length less than or equal to 255"},
		{"invalid billing mode", with(ppr(), func(d *TableDefinition) { d.BillingMode = "ON_DEMAND" }),
			"1 validation error detected: Value 'ON_DEMAND' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"},
		{"invalid billing mode and key type together", with(ppr(), func(d *TableDefinition) {
			d.BillingMode = "INVALID_MODE"
			d.KeySchema = keys("pk", "INVALID")
		}),
			"2 validation errors detected: Value 'INVALID_MODE' at 'billingMode' failed to satisfy constraint: Member must satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]; " +
				"Value 'INVALID' at 'keySchema.1.member.keyType' failed to satisfy constraint: Member must satisfy enum value set: [HASH, RANGE]"},
		{"gsi error listed before lsi error", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "sk", "S", "lr", "S", "gh", "S")
			d.KeySchema = keys("pk", "HASH", "sk", "RANGE")
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("aa", keys("pk", "HASH", "lr", "RANGE"))}
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("zz", keys("gh", "HASH"))}
		}),
			"2 validation errors detected: Value 'zz' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3; " +
				"Value 'aa' at 'localSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3"},
		{"invalid lsi projection", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{{IndexName: "abc", KeySchema: keys("pk", "HASH", "sk", "RANGE"),
				Projection: Projection{NonKeyAttributes: []string{}, ProjectionType: "abc"}}}
		}),
			"2 validation errors detected: Value 'abc' at 'localSecondaryIndexes.1.member.projection.projectionType' failed to satisfy constraint: Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]; " +
				"Value '[]' at 'localSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"lsi key schema of three", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "sk", "S", "a", "S")
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("lsi", keys("pk", "HASH", "a", "RANGE", "sk", "RANGE"))}
		}),
			"1 validation error detected: Value '[KeySchemaElement(attributeName=pk, keyType=HASH), KeySchemaElement(attributeName=a, keyType=RANGE), " +
				"KeySchemaElement(attributeName=sk, keyType=RANGE)]' at 'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member must have length less than or equal to 2"},
		{"bad gsi names and throughput", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "b", "S")
			d.KeySchema = keys("a", "HASH")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{
				{IndexName: "h;", KeySchema: keys(), Projection: Projection{}, ProvisionedThroughput: pt(0, 0)},
				{IndexName: strings.Repeat("a", 256), KeySchema: keys("a", "HASH"), Projection: Projection{}, ProvisionedThroughput: &ProvisionedThroughput{}},
			}
		}),
			"8 validation errors detected: Value 'h;' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must have length greater than or equal to 3; " +
				"Value 'h;' at 'globalSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+; " +
				"Value '[]' at 'globalSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member must have length greater than or equal to 1; " +
				"Value '0' at 'globalSecondaryIndexes.1.member.provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value '0' at 'globalSecondaryIndexes.1.member.provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must have value greater than or equal to 1; " +
				"Value '" + strings.Repeat("a", 256) + "' at 'globalSecondaryIndexes.2.member.indexName' failed to satisfy constraint: Member must have length less than or equal to 255; " +
				"Value null at 'globalSecondaryIndexes.2.member.provisionedThroughput.writeCapacityUnits' failed to satisfy constraint: Member must not be null; " +
				"Value null at 'globalSecondaryIndexes.2.member.provisionedThroughput.readCapacityUnits' failed to satisfy constraint: Member must not be null"},
		{"21 non-key attributes in one index", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "g", "S")
			names := make([]string, 21)
			for i := range names {
				names[i] = fmt.Sprintf("n%d", i)
			}
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{{IndexName: "gsi", KeySchema: keys("g", "HASH"),
				Projection: Projection{ProjectionType: ProjectInclude, NonKeyAttributes: names}}}
		}),
			"1 validation error detected: Value '[n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15, n16, n17, n18, n19, n20]' " +
				"at 'globalSecondaryIndexes.1.member.projection.nonKeyAttributes' failed to satisfy constraint: Member must have length less than or equal to 20"},
		{"stream view type enum", with(ppr(), func(d *TableDefinition) {
			d.StreamSpecification = &StreamSpecification{StreamEnabled: true, StreamViewType: "new_image"}
		}),
			"1 validation error detected: Value 'new_image' at 'streamSpecification.streamViewType' failed to satisfy constraint: Member must satisfy enum value set: [OLD_IMAGE, KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]"},

		// ---- layer 3: semantics, table key ----
		{"hash and range with one definition", with(ppr(), func(d *TableDefinition) { d.KeySchema = keys("pk", "HASH", "pk", "RANGE") }),
			"Invalid KeySchema: Some index key attribute have no definition"},
		{"two keys, one defined", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("b", "S")
			d.KeySchema = keys("a", "HASH", "b", "RANGE")
		}), "Invalid KeySchema: Some index key attribute have no definition"},
		{"undefined hash key", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("b", "S")
			d.KeySchema = keys("a", "HASH")
		}), inv + "Some index key attributes are not defined in AttributeDefinitions. Keys: [a], AttributeDefinitions: [b]"},
		{"hash and range of the same name", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "b", "S")
			d.KeySchema = keys("a", "HASH", "a", "HASH")
		}), "Both the Hash Key and the Range Key element in the KeySchema have the same name"},
		{"second key not range", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "b", "S")
			d.KeySchema = keys("a", "HASH", "b", "HASH")
		}), "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"},
		{"first key not hash", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "b", "S")
			d.KeySchema = keys("a", "RANGE", "b", "HASH")
		}), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
		{"both range", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "b", "S")
			d.KeySchema = keys("a", "RANGE", "b", "RANGE")
		}), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
		{"extra definition with range key", with(composite(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "c", "S", "b", "S")
			d.KeySchema = keys("a", "HASH", "b", "RANGE")
		}), inv + "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions"},
		{"extra definition with hash key", with(ppr(), func(d *TableDefinition) { d.AttributeDefinitions = attrs("pk", "S", "b", "S") }),
			inv + "Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions"},
		{"duplicate definition", with(ppr(), func(d *TableDefinition) { d.AttributeDefinitions = attrs("pk", "S", "pk", "N") }),
			"Attribute Name is duplicated: pk"},

		// ---- layer 3: index definitions ----
		{"unused definition with an index", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "b", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("byPk", keys("pk", "HASH"))}
		}), inv + "Some AttributeDefinitions are not used. AttributeDefinitions: [pk, b], keys used: [pk]"},
		{"unused definitions: keys used in HashSet order", with(composite(), func(d *TableDefinition) {
			d.BillingMode = BillingPayPerRequest
			d.ProvisionedThroughput = nil
			d.AttributeDefinitions = attrs("sk", "S", "a", "S", "b", "S", "pk", "S", "c", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("byA", keys("a", "HASH"))}
		}), inv + "Some AttributeDefinitions are not used. AttributeDefinitions: [sk, a, b, pk, c], keys used: [a, sk, pk]"},
		{"unused definition masks later errors", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("a", "S", "pk", "S", "g", "S")
			d.ProvisionedThroughput = pt(1, 1)                                                                  // forbidden under PAY_PER_REQUEST, reported later
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{{IndexName: "gsi", KeySchema: keys("g", "HASH")}} // no projection type
		}), inv + "Some AttributeDefinitions are not used. AttributeDefinitions: [a, pk, g], keys used: [g, pk]"},
		{"undefined gsi key", with(composite(), func(d *TableDefinition) {
			d.BillingMode = BillingPayPerRequest
			d.ProvisionedThroughput = nil
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("byQ", keys("q", "HASH"))}
		}), inv + "Some index key attributes are not defined in AttributeDefinitions. Keys: [q], AttributeDefinitions: [pk, sk]"},
		{"undefined lsi keys", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("c", "RANGE", "d", "RANGE"))}
		}), inv + "Some index key attributes are not defined in AttributeDefinitions. Keys: [c, d], AttributeDefinitions: [pk, sk]"},
		{"empty gsi list", with(ppr(), func(d *TableDefinition) { d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{} }),
			inv + "List of GlobalSecondaryIndexes is empty"},
		{"empty lsi list", with(composite(), func(d *TableDefinition) { d.LocalSecondaryIndexes = []LocalSecondaryIndex{} }),
			inv + "List of LocalSecondaryIndexes is empty"},

		// ---- layer 3: billing ----
		{"pay per request with throughput", with(ppr(), func(d *TableDefinition) { d.ProvisionedThroughput = pt(5, 5) }),
			inv + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST"},
		{"provisioned without throughput", with(ppr(), func(d *TableDefinition) { d.BillingMode = BillingProvisioned }),
			inv + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"},
		{"omitted billing mode without throughput", with(ppr(), func(d *TableDefinition) { d.BillingMode = "" }),
			inv + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED"},
		{"read units out of bounds", with(composite(), func(d *TableDefinition) { d.ProvisionedThroughput = pt(1000000000001, 1000000000001) }),
			"Given value 1000000000001 for ReadCapacityUnits is out of bounds"},
		{"write units out of bounds", with(composite(), func(d *TableDefinition) { d.ProvisionedThroughput = pt(1000000000000, 1000000000001) }),
			"Given value 1000000000001 for WriteCapacityUnits is out of bounds"},
		{"on-demand cap on a provisioned table", with(composite(), func(d *TableDefinition) {
			d.OnDemandThroughput = &OnDemandThroughput{MaxReadRequestUnits: i64(10)}
		}), inv + "MaxReadRequestUnits for OnDemandThroughput cannot be specified when the table BillingMode is PROVISIONED"},
		{"on-demand cap of zero", with(ppr(), func(d *TableDefinition) {
			d.OnDemandThroughput = &OnDemandThroughput{MaxWriteRequestUnits: i64(0)}
		}), inv + "Requested MaxWriteRequestUnits for OnDemandThroughput for table is outside of valid range"},
		{"gsi throughput under pay per request", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "a", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("g-a", keys("a", "HASH"))}
			d.GlobalSecondaryIndexes[0].ProvisionedThroughput = pt(1, 1)
		}), inv + "ProvisionedThroughput should not be specified for index: g-a when BillingMode is PAY_PER_REQUEST"},
		{"gsi without throughput under provisioned", &TableDefinition{
			TableName:             "GameScores",
			AttributeDefinitions:  attrs("UserId", "S", "GameTitle", "S", "TopScore", "N"),
			KeySchema:             keys("UserId", "HASH", "GameTitle", "RANGE"),
			ProvisionedThroughput: pt(10, 5),
			GlobalSecondaryIndexes: []GlobalSecondaryIndex{{IndexName: "GameTitleIndex", KeySchema: keys("GameTitle", "HASH", "TopScore", "RANGE"),
				Projection: Projection{ProjectionType: ProjectInclude, NonKeyAttributes: []string{"UserId"}}}},
		}, inv + "ProvisionedThroughput is not specified for index: GameTitleIndex"},
		{"gsi on-demand cap of -1 at creation", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "a", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("g-a", keys("a", "HASH"))}
			d.GlobalSecondaryIndexes[0].OnDemandThroughput = &OnDemandThroughput{MaxReadRequestUnits: i64(-1)}
		}), inv + "Requested MaxReadRequestUnits for OnDemandThroughput for index : g-a is outside of valid range"},
		{"gsi on-demand cap on a provisioned table", with(composite(), func(d *TableDefinition) {
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("g-a", keys("sk", "HASH"))}
			d.GlobalSecondaryIndexes[0].ProvisionedThroughput = pt(1, 1)
			d.GlobalSecondaryIndexes[0].OnDemandThroughput = &OnDemandThroughput{MaxReadRequestUnits: i64(10)}
		}), inv + "MaxReadRequestUnits for OnDemandThroughput for index : g-a cannot be specified when the table BillingMode is PROVISIONED"},

		// ---- layer 3: LSIs ----
		{"lsi without table range key", &TableDefinition{
			TableName:             "ct_lsi_no_range",
			AttributeDefinitions:  attrs("pk", "S", "lsiSk", "S"),
			KeySchema:             keys("pk", "HASH"),
			LocalSecondaryIndexes: []LocalSecondaryIndex{lsi("lsi1", keys("pk", "HASH", "lsiSk", "RANGE"))},
			ProvisionedThroughput: pt(5, 5),
		}, inv + "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"},
		{"lsi on a table without range key, lsi key undefined", &TableDefinition{
			TableName:             "abc",
			AttributeDefinitions:  attrs("a", "S", "b", "S"),
			KeySchema:             keys("a", "HASH"),
			LocalSecondaryIndexes: []LocalSecondaryIndex{{IndexName: "abc", KeySchema: keys("c", "RANGE")}},
			ProvisionedThroughput: pt(1, 1),
		}, inv + "Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex"},
		{"lsi first key not hash", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("pk", "RANGE"))}
		}), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
		{"lsi keys of the same name", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("pk", "HASH", "pk", "RANGE"))}
		}), "Both the Hash Key and the Range Key element in the KeySchema have the same name"},
		{"lsi second key not range", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("pk", "HASH", "sk", "HASH"))}
		}), "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type"},
		{"lsi without range key", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("sk", "HASH"))}
		}), inv + "Index KeySchema does not have a range key for index: abc"},
		{"lsi with another hash key", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("sk", "HASH", "pk", "RANGE"))}
		}), inv + "Index KeySchema does not have the same leading hash key as table KeySchema for index: abc. index hash key: sk, table hash key: pk"},
		{"lsi with empty projection", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{{IndexName: "abc", KeySchema: keys("pk", "HASH", "sk", "RANGE")}}
		}), inv + "Unknown ProjectionType: null"},
		{"lsi NonKeyAttributes without type", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{{IndexName: "abc", KeySchema: keys("pk", "HASH", "sk", "RANGE"),
				Projection: Projection{NonKeyAttributes: []string{"a"}}}}
		}), inv + "Unknown ProjectionType: null"},
		{"lsi NonKeyAttributes with ALL", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{{IndexName: "abc", KeySchema: keys("pk", "HASH", "sk", "RANGE"),
				Projection: Projection{ProjectionType: ProjectAll, NonKeyAttributes: []string{"a"}}}}
		}), inv + "ProjectionType is ALL, but NonKeyAttributes is specified"},
		{"duplicate lsi names", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("pk", "HASH", "sk", "RANGE")), lsi("abc", keys("pk", "HASH", "sk", "RANGE"))}
		}), inv + "Duplicate index name: abc"},
		{"six lsis", with(composite(), func(d *TableDefinition) {
			for _, n := range []string{"abc", "abd", "abe", "abf", "abg", "abh"} {
				d.LocalSecondaryIndexes = append(d.LocalSecondaryIndexes, lsi(n, keys("pk", "HASH", "sk", "RANGE")))
			}
		}), inv + "Number of LocalSecondaryIndexes exceeds per-table limit of 5"},

		// ---- layer 3: GSIs ----
		{"gsi first key not hash", with(composite(), func(d *TableDefinition) {
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("sk", "RANGE", "pk", "HASH"))}
		}), "Invalid KeySchema: The first KeySchemaElement is not a HASH key type"},
		{"gsi keys of the same name", with(composite(), func(d *TableDefinition) {
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("pk", "HASH", "pk", "RANGE"))}
		}), "Both the Hash Key and the Range Key element in the KeySchema have the same name"},
		{"gsi key attribute repeated", with(composite(), func(d *TableDefinition) {
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("pk", "HASH", "sk", "HASH", "pk", "RANGE"))}
		}), "The KeySchema contains multiple key attributes with the same name"},
		{"gsi hash after range", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "a", "S", "b", "S", "c", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("a", "HASH", "b", "RANGE", "c", "HASH"))}
		}), inv + "All HASH key attributes must precede RANGE key attributes in the KeySchema"},
		{"gsi with five hash attributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "a", "S", "b", "S", "c", "S", "d", "S", "e", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("a", "HASH", "b", "HASH", "c", "HASH", "d", "HASH", "e", "HASH"))}
		}), inv + "The KeySchema exceeds the maximum allowed number of HASH key attributes"},
		{"gsi with five range attributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "a", "S", "b", "S", "c", "S", "d", "S", "e", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("pk", "HASH", "a", "RANGE", "b", "RANGE", "c", "RANGE", "d", "RANGE", "e", "RANGE"))}
		}), inv + "The KeySchema exceeds the maximum allowed number of RANGE key attributes"},
		{"include without NonKeyAttributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "g", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{{IndexName: "gsi1", KeySchema: keys("g", "HASH"), Projection: Projection{ProjectionType: ProjectInclude}}}
		}), inv + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified"},
		{"keys only with NonKeyAttributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "g", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{{IndexName: "gsi1", KeySchema: keys("g", "HASH"),
				Projection: Projection{ProjectionType: ProjectKeysOnly, NonKeyAttributes: []string{"x"}}}}
		}), inv + "ProjectionType is KEYS_ONLY, but NonKeyAttributes is specified"},
		{"duplicate NonKeyAttributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "g", "S")
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{{IndexName: "gsi1", KeySchema: keys("g", "HASH"),
				Projection: Projection{ProjectionType: ProjectInclude, NonKeyAttributes: []string{"x", "y", "x"}}}}
		}), inv + "Duplicate element in NonKeyAttributes: x"},
		{"duplicate gsi names", &TableDefinition{
			TableName:            "ct_dup_idx",
			AttributeDefinitions: attrs("pk", "S", "sk", "S", "gsiPk1", "S", "gsiPk2", "S"),
			KeySchema:            keys("pk", "HASH", "sk", "RANGE"),
			GlobalSecondaryIndexes: []GlobalSecondaryIndex{
				{IndexName: "sameIndex", KeySchema: keys("gsiPk1", "HASH"), Projection: all, ProvisionedThroughput: pt(5, 5)},
				{IndexName: "sameIndex", KeySchema: keys("gsiPk2", "HASH"), Projection: all, ProvisionedThroughput: pt(5, 5)},
			},
			ProvisionedThroughput: pt(5, 5),
		}, inv + "Duplicate index name: sameIndex"},
		{"gsi named like an lsi", with(composite(), func(d *TableDefinition) {
			d.LocalSecondaryIndexes = []LocalSecondaryIndex{lsi("abc", keys("pk", "HASH", "sk", "RANGE"))}
			d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("abc", keys("pk", "HASH", "sk", "RANGE"))}
			d.GlobalSecondaryIndexes[0].ProvisionedThroughput = pt(1, 1)
		}), inv + "Duplicate index name: abc"},
		{"21 gsis", with(ppr(), func(d *TableDefinition) {
			for i := range 21 {
				d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, gsi(fmt.Sprintf("abc%d", i), keys("pk", "HASH")))
			}
		}), inv + "GlobalSecondaryIndex count exceeds the per-table limit of 20"},
		{"101 projected attributes", with(ppr(), func(d *TableDefinition) {
			d.AttributeDefinitions = attrs("pk", "S", "g", "S")
			for i := range 6 {
				names := make([]string, 20)
				for j := range names {
					names[j] = fmt.Sprintf("a%d", j)
				}
				if i == 5 {
					names = names[:1]
				}
				d.GlobalSecondaryIndexes = append(d.GlobalSecondaryIndexes, GlobalSecondaryIndex{IndexName: fmt.Sprintf("gsi%d", i),
					KeySchema: keys("g", "HASH"), Projection: Projection{ProjectionType: ProjectInclude, NonKeyAttributes: names}})
			}
		}), inv + "Number of projected attributes in all indexes exceeds limit of 100"},

		// ---- layer 3: stream and table class ----
		{"enabled stream without view type", with(ppr(), func(d *TableDefinition) {
			d.StreamSpecification = &StreamSpecification{StreamEnabled: true}
		}), inv + "Table is being created with a stream enabled, UpdateViewType is required"},
		{"disabled stream with view type", with(ppr(), func(d *TableDefinition) {
			d.StreamSpecification = &StreamSpecification{StreamViewType: StreamNewImage}
		}), inv + "Table is being created with a stream disabled, UpdateViewType should not be specified"},
		{"unknown table class", with(ppr(), func(d *TableDefinition) { d.TableClass = "GLACIER" }),
			"Invalid table-class parameter provided. Please try again with a valid table-class value: [STANDARD, STANDARD_INFREQUENT_ACCESS]."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			checkErr(t, tc.def.Validate(), tc.want)
		})
	}
}

// checkErr compares err with the message want ("" meaning no error) and
// checks that failures are *Error ValidationExceptions.
func checkErr(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
		return
	}
	if err == nil {
		t.Fatalf("no error, want %q", want)
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T is not a *schema.Error", err)
	}
	if e.Code != "" {
		t.Errorf("Code = %q, want a ValidationException", e.Code)
	}
	if e.Message != want {
		t.Errorf("message mismatch\n got: %s\nwant: %s", e.Message, want)
	}
}

func TestValidateListsAtMostTenViolations(t *testing.T) {
	def := composite()
	for range 9 {
		def.LocalSecondaryIndexes = append(def.LocalSecondaryIndexes, LocalSecondaryIndex{})
	}
	err := def.Validate()
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "10 validation errors detected: ") {
		t.Fatalf("message does not start with the capped count: %s", msg)
	}
	if n := strings.Count(msg, "failed to satisfy constraint"); n != 10 {
		t.Errorf("%d violations listed, want 10", n)
	}
	first := "Value null at 'localSecondaryIndexes.1.member.indexName' failed to satisfy constraint: Member must not be null; " +
		"Value null at 'localSecondaryIndexes.1.member.keySchema' failed to satisfy constraint: Member must not be null; "
	if !strings.Contains(msg, first) {
		t.Errorf("first index's violations missing or out of order: %s", msg)
	}
	if strings.Contains(msg, "localSecondaryIndexes.6.") {
		t.Errorf("listed a violation past the tenth: %s", msg)
	}
}

func TestValidateDoesNotModify(t *testing.T) {
	def := with(composite(), func(d *TableDefinition) {
		d.AttributeDefinitions = attrs("sk", "S", "a", "S", "b", "S", "pk", "S")
		d.GlobalSecondaryIndexes = []GlobalSecondaryIndex{gsi("byA", keys("a", "HASH"))}
	})
	before := def.Clone()
	_ = def.Validate()
	if !reflect.DeepEqual(before, def) {
		t.Errorf("Validate changed the definition:\n%v\n%v", before, def)
	}
}
