package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// ---- enabling and disabling ----

func TestStreamEnableDisable(t *testing.T) {
	db, clk := newTestDB(t)
	mustCreate(t, db, hashTable("Tbl"))
	desc, _ := db.DescribeTable(&DescribeTableInput{TableName: ptr("Tbl")})
	if desc.Table.LatestStreamArn != "" || desc.Table.LatestStreamLabel != "" {
		t.Fatalf("table without a stream: %+v", desc.Table)
	}
	listed, _ := db.ListStreams(&ListStreamsInput{})
	if listed.Streams == nil || len(listed.Streams) != 0 {
		t.Fatalf("ListStreams %+v", listed)
	}
	name := ptr("Tbl")
	wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(false, "")}), CodeValidation,
		"Table has no stream to disable: TableName: Tbl")
	wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "")}), CodeValidation,
		"One or more parameter values were invalid: If stream is being enabled then UpdateViewType is required")
	wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(false, "KEYS_ONLY")}), CodeValidation,
		"One or more parameter values were invalid: If stream is being disabled, then UpdateViewType must not be specified")
	wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "Fisk")}), CodeValidation,
		"1 validation error detected: Value 'Fisk' at 'streamSpecification.streamViewType' failed to satisfy constraint: Member must satisfy enum value set: [OLD_IMAGE, KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]")
	wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "KEYS_ONLY"),
		ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(9)), WriteCapacityUnits: ptr(int64(9))}}), CodeValidation,
		"One or more parameter values were invalid: You cannot modify stream status while updating table IOPS")
	wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "KEYS_ONLY"),
		AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "g", AttributeType: schema.TypeS}},
		GlobalSecondaryIndexUpdates: []GlobalSecondaryIndexUpdate{{Create: &schema.GlobalSecondaryIndex{IndexName: "ByG",
			KeySchema:             []schema.KeySchemaElement{{AttributeName: "g", KeyType: schema.KeyTypeHash}},
			Projection:            schema.Projection{ProjectionType: schema.ProjectAll},
			ProvisionedThroughput: &schema.ProvisionedThroughput{ReadCapacityUnits: ptr(int64(1)), WriteCapacityUnits: ptr(int64(1))}}}}}), CodeValidation,
		"One or more parameter values were invalid: You cannot create or delete index while changing stream status")

	mustPut(t, db, "Tbl", attr.Item{"id": s("before")}) // before any stream: not recorded
	out, err := db.UpdateTable(&UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "NEW_IMAGE")})
	if err != nil {
		t.Fatal(err)
	}
	td := out.TableDescription
	label := epoch0.Format("2006-01-02T15:04:05.000")
	if td.LatestStreamLabel != label || td.LatestStreamArn != td.TableArn+"/stream/"+label || !labelPattern.MatchString(label) {
		t.Fatalf("UpdateTable: LatestStreamArn %q, LatestStreamLabel %q", td.LatestStreamArn, td.LatestStreamLabel)
	}
	if *td.StreamSpecification != (schema.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_IMAGE"}) {
		t.Fatalf("StreamSpecification %+v", td.StreamSpecification)
	}
	first := td.LatestStreamArn
	// A stream's view type cannot change in place.
	for _, view := range []string{"NEW_IMAGE", "OLD_IMAGE"} {
		wantError(t, updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, view)}), CodeValidation,
			"Table already has an enabled stream: TableName: Tbl")
	}
	// Other updates leave the stream alone and still report it.
	out, err = db.UpdateTable(&UpdateTableInput{TableName: name, BillingMode: schema.BillingPayPerRequest})
	if err != nil || out.TableDescription.LatestStreamArn != first {
		t.Fatalf("UpdateTable BillingMode: %v %+v", err, out)
	}
	mustPut(t, db, "Tbl", attr.Item{"id": s("during")})
	clk.Advance(time.Second)
	if err := updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(false, "")}); err != nil {
		t.Fatal(err)
	}
	mustPut(t, db, "Tbl", attr.Item{"id": s("after")}) // stream disabled: not recorded
	// The disabled stream is still listed and readable; its shard is closed.
	d := describeStream(t, db, first)
	if d.StreamStatus != "DISABLED" || d.StreamViewType != "NEW_IMAGE" || d.TableName != "Tbl" {
		t.Fatalf("disabled stream %+v", d)
	}
	rng := d.Shards[0].SequenceNumberRange
	if rng.EndingSequenceNumber == "" || rng.EndingSequenceNumber < rng.StartingSequenceNumber {
		t.Fatalf("closed shard %+v", rng)
	}
	recs := getRecords(t, db, iterator(t, db, first, "TRIM_HORIZON", ""), 0)
	if len(recs.Records) != 1 || !attr.Equal(recs.Records[0].Dynamodb.NewImage["id"], s("during")) || recs.NextShardIterator != "" {
		t.Fatalf("reading the closed shard: %+v", recs)
	}
	if recs.Records[0].Dynamodb.SequenceNumber != rng.EndingSequenceNumber {
		t.Fatalf("EndingSequenceNumber %s, last record %s", rng.EndingSequenceNumber, recs.Records[0].Dynamodb.SequenceNumber)
	}
	if end := getRecords(t, db, iterator(t, db, first, "LATEST", ""), 0); len(end.Records) != 0 || end.NextShardIterator != "" {
		t.Fatalf("LATEST on a closed shard: %+v", end)
	}
	// DescribeTable keeps reporting the last stream.
	if got := latestStream(t, db, "Tbl"); got != first {
		t.Fatalf("LatestStreamArn after disabling: %s", got)
	}
	// Enabling again, in the same millisecond, starts a new stream with a
	// new label.
	out, err = db.UpdateTable(&UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "KEYS_ONLY")})
	if err != nil {
		t.Fatal(err)
	}
	second := out.TableDescription.LatestStreamArn
	if second == first || !strings.HasPrefix(second, td.TableArn+"/stream/") {
		t.Fatalf("re-enabled stream %s (first %s)", second, first)
	}
	clk.Advance(time.Millisecond)
	if err := updateTable(db, &UpdateTableInput{TableName: name, StreamSpecification: streamSpec(false, "")}); err != nil {
		t.Fatal(err)
	}
	third, err := db.UpdateTable(&UpdateTableInput{TableName: name, StreamSpecification: streamSpec(true, "OLD_IMAGE")})
	if err != nil {
		t.Fatal(err)
	}
	if third.TableDescription.LatestStreamArn == second {
		t.Fatal("a third stream reused the second's ARN")
	}
	listed, _ = db.ListStreams(&ListStreamsInput{TableName: name})
	if len(listed.Streams) != 3 {
		t.Fatalf("ListStreams %+v", listed)
	}
	// 24 hours after it was disabled, a stream is gone.
	clk.Advance(24*time.Hour + time.Second)
	listed, _ = db.ListStreams(&ListStreamsInput{TableName: name})
	if len(listed.Streams) != 1 || listed.Streams[0].StreamArn != third.TableDescription.LatestStreamArn {
		t.Fatalf("ListStreams a day later %+v", listed)
	}
	_, err = db.DescribeStream(&DescribeStreamInput{StreamArn: &first})
	wantError(t, err, CodeResourceNotFound, "Requested resource not found: Stream: "+first+" not found")
}

func TestCreateTableWithStream(t *testing.T) {
	db, _ := newTestDB(t)
	out, err := db.CreateTable(withStream(compositeTable("Orders", schema.TypeN), "NEW_AND_OLD_IMAGES"))
	if err != nil {
		t.Fatal(err)
	}
	td := out.TableDescription
	if td.LatestStreamArn == "" || td.LatestStreamArn != td.TableArn+"/stream/"+td.LatestStreamLabel {
		t.Fatalf("CreateTable %+v", td)
	}
	d := describeStream(t, db, td.LatestStreamArn)
	if d.StreamArn != td.LatestStreamArn || d.StreamLabel != td.LatestStreamLabel || d.StreamStatus != "ENABLED" ||
		d.StreamViewType != "NEW_AND_OLD_IMAGES" || d.TableName != "Orders" || d.CreationRequestDateTime != float64(epoch0.Unix()) ||
		fmt.Sprint(d.KeySchema) != fmt.Sprint(td.KeySchema) || d.LastEvaluatedShardId != "" {
		t.Fatalf("DescribeStream %+v", d)
	}
	sh := d.Shards[0]
	if !shardIDPattern.MatchString(sh.ShardId) || len(sh.ShardId) < 28 || len(sh.ShardId) > 65 {
		t.Fatalf("ShardId %q", sh.ShardId)
	}
	for _, start := range []string{sh.ShardId, strings.Repeat("z", 56)} {
		out, err := db.DescribeStream(&DescribeStreamInput{StreamArn: &d.StreamArn, ExclusiveStartShardId: &start})
		if err != nil || out.StreamDescription.Shards == nil || len(out.StreamDescription.Shards) != 0 {
			t.Fatalf("ExclusiveStartShardId %s: %v %+v", start, err, out)
		}
	}
	if got := describeStream(t, db, d.StreamArn); len(got.Shards) != 1 {
		t.Fatal("shard lost")
	}
	for _, limit := range []int64{0, 101} {
		_, err := db.DescribeStream(&DescribeStreamInput{StreamArn: &d.StreamArn, Limit: &limit})
		wantError(t, err, CodeValidation, fmt.Sprintf("Value '%d' at 'limit' failed to satisfy constraint", limit))
	}
	_, err = db.DescribeStream(&DescribeStreamInput{StreamArn: ptr("fake-stream")})
	wantError(t, err, CodeValidation, "Invalid StreamArn")
	_, err = db.DescribeStream(&DescribeStreamInput{})
	wantError(t, err, CodeValidation, "Value null at 'streamArn' failed to satisfy constraint: Member must not be null")
	// CreateTable's own stream rules (schema) still hold.
	_, err = db.CreateTable(withStream(hashTable("NoView"), ""))
	wantError(t, err, CodeValidation, "Table is being created with a stream enabled, UpdateViewType is required")
	_, err = db.CreateTable(withStream(hashTable("BadView"), "Fisk"))
	wantError(t, err, CodeValidation, "Value 'Fisk' at 'streamSpecification.streamViewType'")
	// A table created with a disabled stream has none.
	in := hashTable("Off")
	in.StreamSpecification = streamSpec(false, "")
	out, err = db.CreateTable(in)
	if err != nil || out.TableDescription.LatestStreamArn != "" {
		t.Fatalf("CreateTable with StreamEnabled false: %v %+v", err, out)
	}
}

func TestListStreams(t *testing.T) {
	db, _ := newTestDB(t)
	for _, name := range []string{"Beta", "Alpha", "Gamma"} {
		mustCreate(t, db, withStream(hashTable(name), "KEYS_ONLY"))
	}
	mustCreate(t, db, hashTable("NoStream"))
	var tables []string
	var start *string
	for pages := 0; ; pages++ {
		out, err := db.ListStreams(&ListStreamsInput{Limit: ptr(int64(2)), ExclusiveStartStreamArn: start})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range out.Streams {
			if s.StreamArn != latestStream(t, db, s.TableName) || !strings.HasSuffix(s.StreamArn, "/stream/"+s.StreamLabel) {
				t.Fatalf("stream %+v", s)
			}
			tables = append(tables, s.TableName)
		}
		if out.LastEvaluatedStreamArn == "" {
			if pages != 1 {
				t.Fatalf("%d pages", pages+1)
			}
			break
		}
		start = &out.LastEvaluatedStreamArn
	}
	if strings.Join(tables, ",") != "Alpha,Beta,Gamma" {
		t.Fatalf("ListStreams pages gave %v", tables)
	}
	out, _ := db.ListStreams(&ListStreamsInput{TableName: ptr("Gamma")})
	if len(out.Streams) != 1 || out.Streams[0].TableName != "Gamma" {
		t.Fatalf("TableName filter %+v", out)
	}
	out, _ = db.ListStreams(&ListStreamsInput{TableName: ptr("NoStream")})
	if out.Streams == nil || len(out.Streams) != 0 {
		t.Fatalf("table without stream %+v", out)
	}
	for _, limit := range []int64{0, 101} {
		_, err := db.ListStreams(&ListStreamsInput{Limit: &limit})
		wantError(t, err, CodeValidation, fmt.Sprintf("Value '%d' at 'limit' failed to satisfy constraint", limit))
	}
	_, err := db.ListStreams(&ListStreamsInput{ExclusiveStartStreamArn: ptr("kossaapaaasdafsdaasdasdasdasasdasfadfadfasdasdas")})
	wantError(t, err, CodeValidation, "Invalid StreamArn")
}

// TestDeleteTableDisablesStream: deleting a table disables its stream,
// which stays readable for 24 hours.
func TestDeleteTableDisablesStream(t *testing.T) {
	db, clk := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "NEW_IMAGE"))
	arn := latestStream(t, db, "Tbl")
	mustPut(t, db, "Tbl", attr.Item{"id": s("a")})
	if _, err := db.DeleteTable(&DeleteTableInput{TableName: ptr("Tbl")}); err != nil {
		t.Fatal(err)
	}
	// A new table of the same name, with its own stream.
	mustCreate(t, db, withStream(hashTable("Tbl"), "KEYS_ONLY"))
	mustPut(t, db, "Tbl", attr.Item{"id": s("b")})
	if d := describeStream(t, db, arn); d.StreamStatus != "DISABLED" || d.Shards[0].SequenceNumberRange.EndingSequenceNumber == "" {
		t.Fatalf("stream of the deleted table %+v", d)
	}
	// Its records went with the table (streams_retention.go).
	if recs := readAll(t, db, arn); len(recs) != 0 {
		t.Fatalf("old stream %+v", recs)
	}
	newArn := latestStream(t, db, "Tbl")
	if newArn == arn {
		t.Fatal("the new table reuses the old stream")
	}
	if recs := readAll(t, db, newArn); len(recs) != 1 || !attr.Equal(recs[0].Dynamodb.Keys["id"], s("b")) {
		t.Fatalf("new stream %+v", recs)
	}
	out, _ := db.ListStreams(&ListStreamsInput{TableName: ptr("Tbl")})
	if len(out.Streams) != 2 {
		t.Fatalf("ListStreams %+v", out)
	}
	clk.Advance(25 * time.Hour)
	out, _ = db.ListStreams(&ListStreamsInput{TableName: ptr("Tbl")})
	if len(out.Streams) != 1 || out.Streams[0].StreamArn != newArn {
		t.Fatalf("ListStreams a day later %+v", out)
	}
}
