package schema

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
)

// full is a definition using every field, for the accessor and Clone tests.
func full() *TableDefinition {
	protect := true
	return &TableDefinition{
		TableName:             "Orders",
		AttributeDefinitions:  attrs("pk", "S", "sk", "N", "g1", "S", "g2", "N", "r1", "B", "l1", "S"),
		KeySchema:             keys("pk", "HASH", "sk", "RANGE"),
		BillingMode:           BillingProvisioned,
		ProvisionedThroughput: pt(5, 6),
		GlobalSecondaryIndexes: []GlobalSecondaryIndex{
			{IndexName: "classic", KeySchema: keys("g1", "HASH", "r1", "RANGE"),
				Projection:            Projection{ProjectionType: ProjectInclude, NonKeyAttributes: []string{"price", "qty"}},
				ProvisionedThroughput: pt(1, 2)},
			{IndexName: "multi", KeySchema: keys("g1", "HASH", "g2", "HASH", "r1", "RANGE", "sk", "RANGE"),
				Projection: Projection{ProjectionType: ProjectKeysOnly}, ProvisionedThroughput: pt(3, 4)},
		},
		LocalSecondaryIndexes:     []LocalSecondaryIndex{lsi("byL1", keys("pk", "HASH", "l1", "RANGE"))},
		StreamSpecification:       &StreamSpecification{StreamEnabled: true, StreamViewType: StreamNewImage},
		TableClass:                TableClassStandard,
		DeletionProtectionEnabled: &protect,
		Tags:                      []Tag{{Key: "team", Value: "data"}},
	}
}

func TestAccessors(t *testing.T) {
	def := full()
	if err := def.Validate(); err != nil {
		t.Fatalf("fixture does not validate: %v", err)
	}
	if def.HashKey() != "pk" || def.RangeKey() != "sk" {
		t.Errorf("table keys = %q, %q", def.HashKey(), def.RangeKey())
	}
	if got := ppr().RangeKey(); got != "" {
		t.Errorf("hash-only RangeKey = %q, want empty", got)
	}
	if def.AttributeType("sk") != TypeN || def.AttributeType("r1") != TypeB || def.AttributeType("nope") != "" {
		t.Errorf("AttributeType: sk=%q r1=%q nope=%q", def.AttributeType("sk"), def.AttributeType("r1"), def.AttributeType("nope"))
	}
	if got := def.EffectiveBillingMode(); got != BillingProvisioned {
		t.Errorf("EffectiveBillingMode = %q", got)
	}
	if got := (&TableDefinition{}).EffectiveBillingMode(); got != BillingProvisioned {
		t.Errorf("default EffectiveBillingMode = %q, want PROVISIONED", got)
	}

	multi := def.GSI("multi")
	if multi == nil || def.GSI("missing") != nil || def.LSI("byL1") == nil || def.LSI("classic") != nil {
		t.Fatal("GSI/LSI lookup wrong")
	}
	if got := multi.HashKeys(); !slices.Equal(got, []string{"g1", "g2"}) {
		t.Errorf("HashKeys = %v", got)
	}
	if got := multi.RangeKeys(); !slices.Equal(got, []string{"r1", "sk"}) {
		t.Errorf("RangeKeys = %v", got)
	}
	if multi.HashKey() != "g1" || multi.RangeKey() != "r1" || !multi.IsMultiAttribute() {
		t.Errorf("multi: HashKey %q RangeKey %q multi %v", multi.HashKey(), multi.RangeKey(), multi.IsMultiAttribute())
	}
	classic := def.GSI("classic")
	if classic.IsMultiAttribute() || !slices.Equal(classic.RangeKeys(), []string{"r1"}) {
		t.Errorf("classic: multi %v RangeKeys %v", classic.IsMultiAttribute(), classic.RangeKeys())
	}
	hashOnly := gsi("h", keys("g1", "HASH"))
	if hashOnly.RangeKey() != "" || hashOnly.RangeKeys() != nil {
		t.Errorf("hash-only GSI: RangeKey %q RangeKeys %v", hashOnly.RangeKey(), hashOnly.RangeKeys())
	}
	l := def.LSI("byL1")
	if l.HashKey() != "pk" || l.RangeKey() != "l1" {
		t.Errorf("LSI keys = %q, %q", l.HashKey(), l.RangeKey())
	}
	if got, ok := def.IndexKeyAttributes("multi"); !ok || !slices.Equal(got, []string{"g1", "g2", "r1", "sk", "pk"}) {
		t.Errorf("IndexKeyAttributes(multi) = %v, %v", got, ok)
	}
	if got, ok := def.IndexKeyAttributes("byL1"); !ok || !slices.Equal(got, []string{"pk", "l1", "sk"}) {
		t.Errorf("IndexKeyAttributes(byL1) = %v, %v", got, ok)
	}
	if _, ok := def.IndexKeyAttributes("missing"); ok {
		t.Error("IndexKeyAttributes found a missing index")
	}
}

func TestProjectsAttribute(t *testing.T) {
	keysOf := []string{"g1", "r1", "pk", "sk"}
	include := Projection{ProjectionType: ProjectInclude, NonKeyAttributes: []string{"price"}}
	tests := []struct {
		p    Projection
		attr string
		want bool
	}{
		{Projection{ProjectionType: ProjectAll}, "anything", true},
		{Projection{ProjectionType: ProjectKeysOnly}, "pk", true},
		{Projection{ProjectionType: ProjectKeysOnly}, "g1", true},
		{Projection{ProjectionType: ProjectKeysOnly}, "price", false},
		{include, "price", true},
		{include, "sk", true},
		{include, "qty", false},
		{Projection{}, "pk", true},
		{Projection{}, "price", false},
	}
	for _, tc := range tests {
		if got := tc.p.ProjectsAttribute(tc.attr, keysOf...); got != tc.want {
			t.Errorf("%v.ProjectsAttribute(%q) = %v, want %v", tc.p, tc.attr, got, tc.want)
		}
	}

	def := full()
	for _, tc := range []struct {
		index, attr string
		want        bool
	}{
		{"classic", "price", true},
		{"classic", "sk", true}, // the table's keys are always projected
		{"classic", "other", false},
		{"multi", "g2", true},
		{"multi", "price", false},
		{"byL1", "anything", true},
		{"missing", "pk", false},
	} {
		if got := def.IndexProjects(tc.index, tc.attr); got != tc.want {
			t.Errorf("IndexProjects(%q, %q) = %v, want %v", tc.index, tc.attr, got, tc.want)
		}
	}
}

func TestClone(t *testing.T) {
	orig := full()
	snapshot, err := json.Marshal(orig)
	if err != nil {
		t.Fatal(err)
	}
	c := orig.Clone()
	if !reflect.DeepEqual(c, orig) {
		t.Fatalf("clone differs:\n%+v\n%+v", c, orig)
	}

	// Change everything reachable from the clone.
	c.TableName = "Other"
	c.AttributeDefinitions[0].AttributeName = "x"
	c.KeySchema[1].KeyType = KeyTypeHash
	*c.ProvisionedThroughput.ReadCapacityUnits = 99
	c.GlobalSecondaryIndexes[0].KeySchema[0].AttributeName = "x"
	c.GlobalSecondaryIndexes[0].Projection.NonKeyAttributes[0] = "x"
	*c.GlobalSecondaryIndexes[0].ProvisionedThroughput.WriteCapacityUnits = 99
	c.LocalSecondaryIndexes[0].KeySchema[1].AttributeName = "x"
	c.StreamSpecification.StreamViewType = StreamKeysOnly
	*c.DeletionProtectionEnabled = false
	c.Tags[0].Value = "x"

	after, err := json.Marshal(orig)
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(snapshot) {
		t.Errorf("changing the clone changed the original:\n%s\n%s", snapshot, after)
	}

	// Nil and empty slices keep their distinction (it matters to Validate).
	empty := &TableDefinition{GlobalSecondaryIndexes: []GlobalSecondaryIndex{}}
	ce := empty.Clone()
	if ce.GlobalSecondaryIndexes == nil || ce.LocalSecondaryIndexes != nil {
		t.Errorf("nil/empty not preserved: GSIs %#v LSIs %#v", ce.GlobalSecondaryIndexes, ce.LocalSecondaryIndexes)
	}
	var none *TableDefinition
	if none.Clone() != nil {
		t.Error("nil Clone is not nil")
	}

	odt := &TableDefinition{OnDemandThroughput: &OnDemandThroughput{MaxReadRequestUnits: i64(5)}}
	co := odt.Clone()
	*co.OnDemandThroughput.MaxReadRequestUnits = 6
	if *odt.OnDemandThroughput.MaxReadRequestUnits != 5 {
		t.Error("OnDemandThroughput shared with the clone")
	}
}

func TestEnumValid(t *testing.T) {
	if !KeyTypeRange.Valid() || KeyType("SORT").Valid() {
		t.Error("KeyType.Valid")
	}
	if !TypeB.Valid() || ScalarType("SS").Valid() {
		t.Error("ScalarType.Valid")
	}
	if !BillingPayPerRequest.Valid() || BillingMode("").Valid() {
		t.Error("BillingMode.Valid")
	}
	if !ProjectKeysOnly.Valid() || ProjectionType("all").Valid() {
		t.Error("ProjectionType.Valid")
	}
}
