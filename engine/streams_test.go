package engine

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// ---- helpers ----

// withStream returns in with a stream of the given view type.
func withStream(in *CreateTableInput, view string) *CreateTableInput {
	in.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: view}
	return in
}

// latestStream returns the table's LatestStreamArn from DescribeTable.
func latestStream(t *testing.T, db *Database, table string) string {
	t.Helper()
	out, err := db.DescribeTable(&DescribeTableInput{TableName: &table})
	if err != nil {
		t.Fatal(err)
	}
	if out.Table.LatestStreamArn == "" {
		t.Fatalf("%s has no LatestStreamArn", table)
	}
	return out.Table.LatestStreamArn
}

func describeStream(t *testing.T, db *Database, arn string) *StreamDescription {
	t.Helper()
	out, err := db.DescribeStream(&DescribeStreamInput{StreamArn: &arn})
	if err != nil {
		t.Fatal(err)
	}
	return out.StreamDescription
}

func shardOf(t *testing.T, db *Database, arn string) Shard {
	t.Helper()
	desc := describeStream(t, db, arn)
	if len(desc.Shards) != 1 {
		t.Fatalf("shards %+v", desc.Shards)
	}
	return desc.Shards[0]
}

// iterator gets a shard iterator; seq is used by the *_SEQUENCE_NUMBER types.
func iterator(t *testing.T, db *Database, arn, typ, seq string) string {
	t.Helper()
	in := &GetShardIteratorInput{StreamArn: &arn, ShardId: ptr(shardOf(t, db, arn).ShardId), ShardIteratorType: &typ}
	if seq != "" {
		in.SequenceNumber = &seq
	}
	out, err := db.GetShardIterator(in)
	if err != nil {
		t.Fatalf("GetShardIterator %s: %v", typ, err)
	}
	return out.ShardIterator
}

func getRecords(t *testing.T, db *Database, it string, limit int64) *GetRecordsOutput {
	t.Helper()
	in := &GetRecordsInput{ShardIterator: &it}
	if limit > 0 {
		in.Limit = &limit
	}
	out, err := db.GetRecords(in)
	if err != nil {
		t.Fatalf("GetRecords: %v", err)
	}
	return out
}

// readAll reads a stream from TRIM_HORIZON to the current end.
func readAll(t *testing.T, db *Database, arn string) []Record {
	t.Helper()
	it := iterator(t, db, arn, "TRIM_HORIZON", "")
	var all []Record
	for it != "" {
		out := getRecords(t, db, it, 0)
		all = append(all, out.Records...)
		if len(out.Records) == 0 {
			break
		}
		it = out.NextShardIterator
	}
	return all
}

func events(recs []Record) string {
	names := make([]string, len(recs))
	for i, r := range recs {
		names[i] = r.EventName
	}
	return strings.Join(names, ",")
}

func update(t *testing.T, db *Database, table string, key attr.Item, expr string, values attr.Values) {
	t.Helper()
	in := &UpdateItemInput{TableName: &table, Key: key, UpdateExpression: &expr, ExpressionAttributeValues: values}
	if _, err := db.UpdateItem(in); err != nil {
		t.Fatalf("UpdateItem %s: %v", expr, err)
	}
}

func deleteItem(t *testing.T, db *Database, table string, key attr.Item) {
	t.Helper()
	if _, err := db.DeleteItem(&DeleteItemInput{TableName: &table, Key: key}); err != nil {
		t.Fatal(err)
	}
}

func updateTable(db *Database, in *UpdateTableInput) error {
	_, err := db.UpdateTable(in)
	return err
}

func streamSpec(enabled bool, view string) *schema.StreamSpecification {
	return &schema.StreamSpecification{StreamEnabled: enabled, StreamViewType: view}
}

var (
	seqPattern     = regexp.MustCompile(`^[0-9]{21,40}$`)
	eventIDPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)
	shardIDPattern = regexp.MustCompile(`^shardId-[0-9]{20}-[0-9a-f]{8}$`)
	labelPattern   = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}$`)
)

// ---- records ----

func TestStreamViewTypes(t *testing.T) {
	for _, view := range []string{"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE", "NEW_AND_OLD_IMAGES"} {
		t.Run(view, func(t *testing.T) {
			db, clk := newTestDB(t)
			mustCreate(t, db, withStream(compositeTable("Tbl", schema.TypeS), view))
			arn := latestStream(t, db, "Tbl")
			key := attr.Item{"pk": s("p"), "sk": s("c")}
			v1 := attr.Item{"pk": s("p"), "sk": s("c"), "x": n("2")}
			v2 := attr.Item{"pk": s("p"), "sk": s("c"), "x": n("2"), "y": s("three")}
			mustPut(t, db, "Tbl", v1)                                                                            // INSERT
			mustPut(t, db, "Tbl", v1)                                                                            // identical: no record
			clk.Advance(1500 * time.Millisecond)                                                                 //
			update(t, db, "Tbl", key, "SET y = :y", attr.Values{":y": s("three")})                               // MODIFY
			update(t, db, "Tbl", key, "SET y = :y", attr.Values{":y": s("three")})                               // unchanged: no record
			deleteItem(t, db, "Tbl", key)                                                                        // REMOVE
			deleteItem(t, db, "Tbl", key)                                                                        // missing: no record
			update(t, db, "Tbl", attr.Item{"pk": s("q"), "sk": s("c")}, "SET z = :z", attr.Values{":z": n("1")}) // INSERT by UpdateItem

			recs := readAll(t, db, arn)
			if got := events(recs); got != "INSERT,MODIFY,REMOVE,INSERT" {
				t.Fatalf("events %s", got)
			}
			images := []struct{ old, new attr.Item }{{nil, v1}, {v1, v2}, {v2, nil}, {nil, attr.Item{"pk": s("q"), "sk": s("c"), "z": n("1")}}}
			wantNew := view == "NEW_IMAGE" || view == "NEW_AND_OLD_IMAGES"
			wantOld := view == "OLD_IMAGE" || view == "NEW_AND_OLD_IMAGES"
			prevSeq := ""
			ids := map[string]bool{}
			for i, r := range recs {
				sr := r.Dynamodb
				if r.EventVersion != "1.1" || r.EventSource != "aws:dynamodb" || r.AwsRegion != "us-east-1" || r.UserIdentity != nil {
					t.Errorf("record %d envelope %+v", i, r)
				}
				if !eventIDPattern.MatchString(r.EventID) || ids[r.EventID] {
					t.Errorf("record %d eventID %q", i, r.EventID)
				}
				ids[r.EventID] = true
				if !seqPattern.MatchString(sr.SequenceNumber) || sr.SequenceNumber <= prevSeq {
					t.Errorf("record %d SequenceNumber %q after %q", i, sr.SequenceNumber, prevSeq)
				}
				prevSeq = sr.SequenceNumber
				if sr.StreamViewType != view {
					t.Errorf("record %d StreamViewType %q", i, sr.StreamViewType)
				}
				wantKeys := attr.Item{"pk": s("p"), "sk": s("c")}
				if i == 3 {
					wantKeys = attr.Item{"pk": s("q"), "sk": s("c")}
				}
				if !itemsEqual(sr.Keys, wantKeys) {
					t.Errorf("record %d Keys %v", i, sr.Keys)
				}
				img := images[i]
				size := attr.ItemSize(wantKeys)
				switch {
				case wantNew && img.new != nil:
					if !itemsEqual(sr.NewImage, img.new) {
						t.Errorf("record %d NewImage %v, want %v", i, sr.NewImage, img.new)
					}
					size += attr.ItemSize(img.new)
				case sr.NewImage != nil:
					t.Errorf("record %d has a NewImage %v", i, sr.NewImage)
				}
				switch {
				case wantOld && img.old != nil:
					if !itemsEqual(sr.OldImage, img.old) {
						t.Errorf("record %d OldImage %v, want %v", i, sr.OldImage, img.old)
					}
					size += attr.ItemSize(img.old)
				case sr.OldImage != nil:
					t.Errorf("record %d has an OldImage %v", i, sr.OldImage)
				}
				if sr.SizeBytes != int64(size) {
					t.Errorf("record %d SizeBytes %d, want %d", i, sr.SizeBytes, size)
				}
				// Epoch seconds, rounded down.
				want := float64(epoch0.Unix())
				if i > 0 {
					want++
				}
				if sr.ApproximateCreationDateTime != want {
					t.Errorf("record %d ApproximateCreationDateTime %v, want %v", i, sr.ApproximateCreationDateTime, want)
				}
			}
		})
	}
}

// TestStreamRecordSizes reproduces the SizeBytes of the records in AWS's
// own GetRecords examples (API reference and AWS CLI docs): keys plus the
// images the view type carries.
func TestStreamRecordSizes(t *testing.T) {
	db, _ := newTestDB(t)
	music := &CreateTableInput{
		TableName: "Music",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "Artist", AttributeType: schema.TypeS}, {AttributeName: "SongTitle", AttributeType: schema.TypeS}},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "Artist", KeyType: schema.KeyTypeHash}, {AttributeName: "SongTitle", KeyType: schema.KeyTypeRange}},
		BillingMode: schema.BillingPayPerRequest,
	}
	mustCreate(t, db, withStream(music, "NEW_AND_OLD_IMAGES"))
	mustPut(t, db, "Music", attr.Item{"Artist": s("No One You Know"), "SongTitle": s("Call Me Today"), "AlbumTitle": s("Somewhat Famous"), "Awards": n("1")})
	mustPut(t, db, "Music", attr.Item{"Artist": s("Acme Band"), "SongTitle": s("Happy Day"), "AlbumTitle": s("Songs About Life"), "Awards": n("10")})
	update(t, db, "Music", attr.Item{"Artist": s("Acme Band"), "SongTitle": s("Happy Day")}, "SET AlbumTitle = :t", attr.Values{":t": s("Updated Album Title")})

	forum := &CreateTableInput{
		TableName: "Forum",
		AttributeDefinitions: []schema.AttributeDefinition{
			{AttributeName: "ForumName", AttributeType: schema.TypeS}, {AttributeName: "Subject", AttributeType: schema.TypeS}},
		KeySchema: []schema.KeySchemaElement{
			{AttributeName: "ForumName", KeyType: schema.KeyTypeHash}, {AttributeName: "Subject", KeyType: schema.KeyTypeRange}},
		BillingMode: schema.BillingPayPerRequest,
	}
	mustCreate(t, db, withStream(forum, "KEYS_ONLY"))
	mustPut(t, db, "Forum", attr.Item{"ForumName": s("DynamoDB"), "Subject": s("DynamoDB Thread 3"), "Body": s("a long message body")})

	var got []int64
	for _, table := range []string{"Music", "Forum"} {
		for _, r := range readAll(t, db, latestStream(t, db, table)) {
			got = append(got, r.Dynamodb.SizeBytes)
		}
	}
	if fmt.Sprint(got) != "[119 100 170 41]" {
		t.Fatalf("SizeBytes %v, want AWS's [119 100 170 41]", got)
	}
}

// TestStreamTTLDeletes: the sweeper's deletions are REMOVE records marked
// as the service's; a user's DeleteItem is not.
func TestStreamTTLDeletes(t *testing.T) {
	clk := NewManualClock(epoch0)
	db := New(WithClock(clk), WithTTLDeletionDelay(10*time.Minute))
	mustCreate(t, db, withStream(hashTable("Sessions"), "NEW_AND_OLD_IMAGES"))
	if _, err := db.UpdateTimeToLive(&UpdateTimeToLiveInput{TableName: ptr("Sessions"),
		TimeToLiveSpecification: &TimeToLiveSpecification{AttributeName: ptr("expiresAt"), Enabled: ptr(true)}}); err != nil {
		t.Fatal(err)
	}
	now := epoch0.Unix()
	mustPut(t, db, "Sessions", attr.Item{"id": s("old"), "expiresAt": n(fmt.Sprint(now + 60))})
	mustPut(t, db, "Sessions", attr.Item{"id": s("mine"), "expiresAt": n(fmt.Sprint(now + 60))})
	mustPut(t, db, "Sessions", attr.Item{"id": s("later"), "expiresAt": n(fmt.Sprint(now + 3600))})
	deleteItem(t, db, "Sessions", attr.Item{"id": s("mine")})
	clk.Advance(5 * time.Minute)
	db.Tick()
	arn := latestStream(t, db, "Sessions")
	if got := events(readAll(t, db, arn)); got != "INSERT,INSERT,INSERT,REMOVE" {
		t.Fatalf("before the deletion delay: %s", got)
	}
	clk.Advance(10 * time.Minute)
	db.Tick()
	recs := readAll(t, db, arn)
	if got := events(recs); got != "INSERT,INSERT,INSERT,REMOVE,REMOVE" {
		t.Fatalf("after the delay: %s", got)
	}
	user, ttl := recs[3], recs[4]
	if user.UserIdentity != nil || !attr.Equal(user.Dynamodb.Keys["id"], s("mine")) {
		t.Errorf("user delete %+v", user)
	}
	if ttl.UserIdentity == nil || *ttl.UserIdentity != (Identity{PrincipalId: "dynamodb.amazonaws.com", Type: "Service"}) {
		t.Errorf("TTL delete identity %+v", ttl.UserIdentity)
	}
	if !attr.Equal(ttl.Dynamodb.Keys["id"], s("old")) || !attr.Equal(ttl.Dynamodb.OldImage["expiresAt"], n(fmt.Sprint(now+60))) || ttl.Dynamodb.NewImage != nil {
		t.Errorf("TTL delete record %+v", ttl.Dynamodb)
	}
	// The deletion is stamped with the time the sweeper ran.
	if want := float64(epoch0.Add(15 * time.Minute).Unix()); ttl.Dynamodb.ApproximateCreationDateTime != want {
		t.Errorf("TTL delete time %v, want %v", ttl.Dynamodb.ApproximateCreationDateTime, want)
	}
}

// TestStreamWritePaths: batch writes and transactions are recorded, one
// record per item; cancelled transactions, failed conditions and index
// maintenance add none.
func TestStreamWritePaths(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, withStream(statusTable(), "KEYS_ONLY"))
	arn := latestStream(t, db, "DeviceStatus")
	item := func(id, ts string, escalated bool) attr.Item {
		it := attr.Item{"DeviceId": s(id), "Timestamp": s(ts)}
		if escalated {
			it["EscalatedTo"] = s("ops")
		}
		return it
	}
	table := "DeviceStatus"
	if _, err := db.BatchWriteItem(&BatchWriteItemInput{RequestItems: map[string][]WriteRequest{table: {
		{PutRequest: &PutRequest{Item: item("a", "1", true)}},
		{PutRequest: &PutRequest{Item: item("b", "1", false)}},
	}}}); err != nil {
		t.Fatal(err)
	}
	_, err := db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: []TransactWriteItem{
		{Put: &TransactPut{TableName: &table, Item: item("c", "1", true)}},
		{Delete: &TransactDelete{TableName: &table, Key: item("a", "1", false)}},
		{Update: &TransactUpdate{TableName: &table, Key: item("b", "1", false), UpdateExpression: ptr("SET EscalatedTo = :e"), ExpressionAttributeValues: attr.Values{":e": s("dev")}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.TransactWriteItems(&TransactWriteItemsInput{TransactItems: []TransactWriteItem{
		{Put: &TransactPut{TableName: &table, Item: item("d", "1", false)}},
		{ConditionCheck: &ConditionCheck{TableName: &table, Key: item("zz", "1", false), ConditionExpression: ptr("attribute_exists(DeviceId)")}},
	}})
	wantError(t, err, CodeTransactionCanceled, "Transaction cancelled")
	_, err = db.PutItem(&PutItemInput{TableName: &table, Item: item("c", "1", false), ConditionExpression: ptr("attribute_not_exists(DeviceId)")})
	wantError(t, err, CodeConditionalCheckFailed, "The conditional request failed")
	recs := readAll(t, db, arn)
	if got := events(recs); got != "INSERT,INSERT,INSERT,REMOVE,MODIFY" {
		t.Fatalf("events %s", got)
	}
	for _, r := range recs {
		if len(r.Dynamodb.Keys) != 2 || r.Dynamodb.NewImage != nil || r.Dynamodb.OldImage != nil {
			t.Errorf("KEYS_ONLY record %+v", r.Dynamodb)
		}
	}
	checkInvariants(t, db)
}
