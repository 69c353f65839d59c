package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// TestPITRFromTheDefinition: a definition that carries point-in-time
// recovery (as a model does) creates a table with it on, and
// UpdateContinuousBackups records the setting in the definition, so the
// model and its exports see it.
func TestPITRFromTheDefinition(t *testing.T) {
	db, clk := newTestDB(t)
	in := hashTable("Pitr")
	in.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: ptr(int64(3))}
	mustCreate(t, db, in)
	out, err := db.DescribeContinuousBackups(&DescribeContinuousBackupsInput{TableName: ptr("Pitr")})
	if err != nil {
		t.Fatal(err)
	}
	p := out.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	if p.PointInTimeRecoveryStatus != "ENABLED" || deref(p.RecoveryPeriodInDays) != 3 || deref(p.EarliestRestorableDateTime) != epoch(epoch0) {
		t.Fatalf("PITR from the definition: %+v", p)
	}
	clk.Advance(time.Hour)
	if _, err := db.UpdateContinuousBackups(&UpdateContinuousBackupsInput{TableName: ptr("Pitr"),
		PointInTimeRecoverySpecification: &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: false}}); err != nil {
		t.Fatal(err)
	}
	if def := db.tables["Pitr"].def; def.PointInTimeRecoverySpecification != nil {
		t.Fatalf("disabled PITR still in the definition: %+v", def.PointInTimeRecoverySpecification)
	}
	_, err = db.RestoreTableToPointInTime(&RestoreTableToPointInTimeInput{SourceTableName: ptr("Pitr"), TargetTableName: ptr("Back"), UseLatestRestorableTime: ptr(true)})
	wantError(t, err, CodePointInTimeRecoveryUnavailable, "Point in time recovery is not enabled for table 'Pitr'")
}

// TestRestoreWithIndexOverride restores a backup twice: as it was (its GSI
// rebuilt from the restored items, the invariants holding) and with an
// empty GlobalSecondaryIndexOverride, which drops the index.
func TestRestoreWithIndexOverride(t *testing.T) {
	db, _ := newTestDB(t)
	src := compositeTable("Src", schema.TypeS)
	src.AttributeDefinitions = append(src.AttributeDefinitions, schema.AttributeDefinition{AttributeName: "color", AttributeType: schema.TypeS})
	src.GlobalSecondaryIndexes = []schema.GlobalSecondaryIndex{{IndexName: "byColor",
		KeySchema:  []schema.KeySchemaElement{{AttributeName: "color", KeyType: schema.KeyTypeHash}},
		Projection: schema.Projection{ProjectionType: schema.ProjectAll}}}
	mustCreate(t, db, src)
	for i, c := range []string{"red", "blue", "red"} {
		mustPut(t, db, "Src", attr.Item{"pk": s("p"), "sk": s(fmt.Sprint(i)), "color": s(c)})
	}
	b, err := db.CreateBackup(&CreateBackupInput{TableName: ptr("Src"), BackupName: ptr("colors")})
	if err != nil {
		t.Fatal(err)
	}
	mustPut(t, db, "Src", attr.Item{"pk": s("p"), "sk": s("late"), "color": s("red")})

	if _, err := db.RestoreTableFromBackup(&RestoreTableFromBackupInput{TargetTableName: ptr("Same"), BackupArn: &b.BackupDetails.BackupArn}); err != nil {
		t.Fatal(err)
	}
	q, err := db.Query(&QueryInput{TableName: ptr("Same"), IndexName: ptr("byColor"), KeyConditionExpression: ptr("color = :c"),
		ExpressionAttributeValues: attr.Values{":c": s("red")}})
	if err != nil || q.Count != 2 {
		t.Fatalf("restored index: %v, %v", q, err)
	}
	checkInvariants(t, db)

	in := &RestoreTableFromBackupInput{TargetTableName: ptr("NoIndex"), BackupArn: &b.BackupDetails.BackupArn}
	in.GlobalSecondaryIndexOverride = []schema.GlobalSecondaryIndex{}
	out, err := db.RestoreTableFromBackup(in)
	if err != nil {
		t.Fatal(err)
	}
	if d := out.TableDescription; len(d.GlobalSecondaryIndexes) != 0 || d.ItemCount != 3 || d.RestoreSummary == nil {
		t.Fatalf("restored without its index: %+v", d)
	}
	checkInvariants(t, db)
}
