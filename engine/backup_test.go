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

// TestPITRWindowAgainstHistory writes for two days of the engine's clock
// into a table with a one-day recovery period (so most of the log is
// folded into the base and the log restarts), then restores at instants
// across the window and compares each with the state recorded at that
// instant.
func TestPITRWindowAgainstHistory(t *testing.T) {
	db, clk := newTestDB(t)
	in := hashTable("Hist")
	in.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: ptr(int64(1))}
	mustCreate(t, db, in)
	type snap struct {
		at    time.Time
		state map[string]string
	}
	state := map[string]string{}
	var history []snap
	for i := range 2880 { // one write a minute for two days
		clk.Advance(time.Minute)
		id := fmt.Sprint("k", i%37)
		if i%5 == 4 {
			if _, err := db.DeleteItem(&DeleteItemInput{TableName: ptr("Hist"), Key: attr.Item{"id": s(id)}}); err != nil {
				t.Fatal(err)
			}
			delete(state, id)
		} else {
			mustPut(t, db, "Hist", attr.Item{"id": s(id), "v": s(fmt.Sprint(i))})
			state[id] = fmt.Sprint(i)
		}
		if i%97 == 0 {
			cp := map[string]string{}
			for k, v := range state {
				cp[k] = v
			}
			history = append(history, snap{clk.Now(), cp})
		}
	}
	earliest := clk.Now().Add(-24 * time.Hour)
	restored := 0
	for i, h := range history {
		if h.at.Before(earliest) {
			continue
		}
		target := fmt.Sprint("R", i)
		at := epoch(h.at)
		if _, err := db.RestoreTableToPointInTime(&RestoreTableToPointInTimeInput{SourceTableName: ptr("Hist"), TargetTableName: &target, RestoreDateTime: &at}); err != nil {
			t.Fatalf("restore at %v: %v", h.at, err)
		}
		out, err := db.Scan(&ScanInput{TableName: &target})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, it := range out.Items {
			got[string(it["id"].(attr.String))] = string(it["v"].(attr.String))
		}
		if fmt.Sprint(got) != fmt.Sprint(h.state) {
			t.Fatalf("restored at %v:\n got %v\nwant %v", h.at, got, h.state)
		}
		restored++
	}
	if restored < 10 {
		t.Fatalf("only %d instants inside the window", restored)
	}
	if p := db.tables["Hist"].pitr; len(p.log)-p.head > 24*60+1 {
		t.Fatalf("the log keeps %d writes for a one-day window of one write a minute", len(p.log)-p.head)
	}
	checkInvariants(t, db)
}
