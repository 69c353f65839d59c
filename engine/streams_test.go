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

// ---- iterators ----

func TestShardIteratorTypes(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "KEYS_ONLY"))
	arn := latestStream(t, db, "Tbl")
	shard := shardOf(t, db, arn)
	start := shard.SequenceNumberRange.StartingSequenceNumber
	if !seqPattern.MatchString(start) || shard.SequenceNumberRange.EndingSequenceNumber != "" || shard.ParentShardId != "" {
		t.Fatalf("open shard %+v", shard)
	}
	// An iterator taken on an empty shard reads what comes later.
	emptyLatest := iterator(t, db, arn, "LATEST", "")
	for _, id := range []string{"a", "b", "c"} {
		mustPut(t, db, "Tbl", attr.Item{"id": s(id)})
	}
	keysOf := func(recs []Record) string {
		var ids []string
		for _, r := range recs {
			ids = append(ids, string(r.Dynamodb.Keys["id"].(attr.String)))
		}
		return strings.Join(ids, "")
	}
	all := getRecords(t, db, iterator(t, db, arn, "TRIM_HORIZON", ""), 0).Records
	if keysOf(all) != "abc" {
		t.Fatalf("TRIM_HORIZON read %q", keysOf(all))
	}
	if got := keysOf(getRecords(t, db, emptyLatest, 0).Records); got != "abc" {
		t.Fatalf("LATEST taken before the writes read %q", got)
	}
	latest := iterator(t, db, arn, "LATEST", "")
	out := getRecords(t, db, latest, 0)
	if len(out.Records) != 0 || out.NextShardIterator == "" {
		t.Fatalf("LATEST read %+v", out)
	}
	mustPut(t, db, "Tbl", attr.Item{"id": s("d")})
	if got := keysOf(getRecords(t, db, out.NextShardIterator, 0).Records); got != "d" {
		t.Fatalf("LATEST then a write read %q", got)
	}
	second := all[1].Dynamodb.SequenceNumber
	cases := []struct{ typ, seq, want string }{
		{"AT_SEQUENCE_NUMBER", second, "bcd"},
		{"AFTER_SEQUENCE_NUMBER", second, "cd"},
		{"AT_SEQUENCE_NUMBER", start, "abcd"}, // the shard's StartingSequenceNumber reads it all
		{"AFTER_SEQUENCE_NUMBER", start, "abcd"},
	}
	for _, c := range cases {
		if got := keysOf(getRecords(t, db, iterator(t, db, arn, c.typ, c.seq), 0).Records); got != c.want {
			t.Errorf("%s %s read %q, want %q", c.typ, c.seq, got, c.want)
		}
	}
	// Iterators are opaque: the stream ARN, then an encoded position.
	if !strings.HasPrefix(latest, arn+"|1|") || len(latest) > 2048 {
		t.Errorf("iterator %q", latest)
	}
}

func TestShardIteratorErrors(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "KEYS_ONLY"))
	arn := latestStream(t, db, "Tbl")
	shard := shardOf(t, db, arn).ShardId
	mustPut(t, db, "Tbl", attr.Item{"id": s("a")})
	seq := readAll(t, db, arn)[0].Dynamodb.SequenceNumber
	get := func(arn, shard, typ string, seq *string) error {
		_, err := db.GetShardIterator(&GetShardIteratorInput{StreamArn: &arn, ShardId: &shard, ShardIteratorType: &typ, SequenceNumber: seq})
		return err
	}
	const either = "Must either specify (1) AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER and SequenceNumber or (2) TRIM_HORIZON or LATEST and no SequenceNumber. "
	wantError(t, get(arn, shard, "AT_SEQUENCE_NUMBER", nil), CodeValidation, either+"Request specified AT_SEQUENCE_NUMBER and no SequenceNumber.")
	wantError(t, get(arn, shard, "AFTER_SEQUENCE_NUMBER", nil), CodeValidation, either+"Request specified AFTER_SEQUENCE_NUMBER and no SequenceNumber.")
	wantError(t, get(arn, shard, "LATEST", &seq), CodeValidation, either+"Request specified LATEST and also a SequenceNumber.")
	wantError(t, get(arn, shard, "TRIM_HORIZON", &seq), CodeValidation, either+"Request specified TRIM_HORIZON and also a SequenceNumber.")
	wantError(t, get(arn, shard, "bulle", &seq), CodeValidation,
		"1 validation error detected: Value 'bulle' at 'shardIteratorType' failed to satisfy constraint: Member must satisfy enum value set: [TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]")
	wantError(t, get(arn, shard, "LATEST", ptr("sdfsafglldfngjdafnasdflgnaldklkafdsgklnasdlv")), CodeValidation,
		"Value 'sdfsafglldfngjdafnasdflgnaldklkafdsgklnasdlv' at 'sequenceNumber' failed to satisfy constraint: Member must have length less than or equal to 40")
	wantError(t, get(arn, "short", "LATEST", nil), CodeValidation,
		"Value 'short' at 'shardId' failed to satisfy constraint: Member must have length greater than or equal to 28")
	_, err := db.GetShardIterator(&GetShardIteratorInput{})
	wantError(t, err, CodeValidation, "3 validation errors detected: Value null at 'streamArn' failed to satisfy constraint: Member must not be null; "+
		"Value null at 'shardId' failed to satisfy constraint: Member must not be null; Value null at 'shardIteratorType' failed to satisfy constraint: Member must not be null")
	wantError(t, get("sdfadsfsdfsdgdfsgsfdabadfbabdadsfsdfsdfsdfsdfsdfsdfdfdssdffbdfdf", shard, "LATEST", nil), CodeValidation, "Invalid StreamArn")
	wantError(t, get(arn, "semprinidfaasdasfsdvacsdcfsdsvsdvsdvsdvsdvsdv", "LATEST", nil), CodeResourceNotFound, "Requested resource not found: Shard does not exist")
	gone := strings.Replace(arn, "table/Tbl/", "table/Gone/", 1)
	wantError(t, get(gone, shard, "LATEST", nil), CodeResourceNotFound, "Requested resource not found: Stream: "+gone+" not found")
	wantError(t, get(arn, shard, "AT_SEQUENCE_NUMBER", ptr("999999999999999999999")), CodeValidation, "Invalid SequenceNumber")
	wantError(t, get(arn, shard, "AT_SEQUENCE_NUMBER", ptr("1"+strings.Repeat("9", 20))), CodeValidation, "Invalid SequenceNumber")
}

func TestGetRecordsPaging(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "NEW_IMAGE"))
	arn := latestStream(t, db, "Tbl")
	for i := 0; i < 25; i++ {
		mustPut(t, db, "Tbl", attr.Item{"id": s(fmt.Sprintf("item-%02d", i))})
	}
	it := iterator(t, db, arn, "TRIM_HORIZON", "")
	var sizes []int
	seen := map[string]bool{}
	for page := 0; page < 4; page++ {
		out := getRecords(t, db, it, 10)
		sizes = append(sizes, len(out.Records))
		for _, r := range out.Records {
			seen[r.Dynamodb.SequenceNumber] = true
		}
		if out.NextShardIterator == "" {
			t.Fatalf("page %d: an open shard must give a NextShardIterator", page)
		}
		it = out.NextShardIterator
	}
	if fmt.Sprint(sizes) != "[10 10 5 0]" || len(seen) != 25 {
		t.Fatalf("pages %v, %d distinct records", sizes, len(seen))
	}
	for _, limit := range []int64{0, -1} {
		_, err := db.GetRecords(&GetRecordsInput{ShardIterator: &it, Limit: &limit})
		wantError(t, err, CodeValidation, fmt.Sprintf("1 validation error detected: Value '%d' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1", limit))
	}
	_, err := db.GetRecords(&GetRecordsInput{ShardIterator: &it, Limit: ptr(int64(1001))})
	wantError(t, err, CodeValidation, "Value '1001' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 1000")
	if _, err := db.GetRecords(&GetRecordsInput{ShardIterator: &it, Limit: ptr(int64(1000))}); err != nil {
		t.Fatal(err)
	}
	_, err = db.GetRecords(&GetRecordsInput{})
	wantError(t, err, CodeValidation, "Value null at 'shardIterator' failed to satisfy constraint: Member must not be null")
	_, err = db.GetRecords(&GetRecordsInput{ShardIterator: ptr("")})
	wantError(t, err, CodeValidation, "Value '' at 'shardIterator' failed to satisfy constraint: Member must have length greater than or equal to 1")
	for _, bad := range []string{"sdfsdfsgagaddafgagasgasgasdfasdfasdfasdfasdgasdasdgasdg", arn + "|1|AAAA", it[:len(it)-4] + "AAA="} {
		_, err = db.GetRecords(&GetRecordsInput{ShardIterator: &bad})
		wantError(t, err, CodeValidation, "Invalid ShardIterator")
	}
}

// TestGetRecordsMegabyte: one answer carries at most 1 MB of records.
func TestGetRecordsMegabyte(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "NEW_IMAGE"))
	arn := latestStream(t, db, "Tbl")
	big := strings.Repeat("x", 390_000)
	for i := 0; i < 5; i++ {
		mustPut(t, db, "Tbl", attr.Item{"id": s(fmt.Sprint(i)), "blob": s(big)})
	}
	it := iterator(t, db, arn, "TRIM_HORIZON", "")
	var sizes []int
	for i := 0; i < 3; i++ {
		out := getRecords(t, db, it, 0)
		sizes = append(sizes, len(out.Records))
		it = out.NextShardIterator
	}
	if fmt.Sprint(sizes) != "[2 2 1]" {
		t.Fatalf("records per answer %v, want [2 2 1]", sizes)
	}
}

func TestIteratorExpiry(t *testing.T) {
	db, clk := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "KEYS_ONLY"))
	arn := latestStream(t, db, "Tbl")
	it := iterator(t, db, arn, "TRIM_HORIZON", "")
	clk.Advance(15 * time.Minute)
	out := getRecords(t, db, it, 0) // exactly 15 minutes: still valid
	clk.Advance(15*time.Minute + time.Second)
	_, err := db.GetRecords(&GetRecordsInput{ShardIterator: &it})
	wantError(t, err, CodeExpiredIterator, "Iterator expired. The iterator was created at time Thu Jan 01 00:00:00 UTC 2026 while right now it is Thu Jan 01 00:30:01 UTC 2026 which is further in the future than the tolerated delay of 900000 milliseconds.")
	// The NextShardIterator was issued 15 minutes later: one second left.
	if _, err := db.GetRecords(&GetRecordsInput{ShardIterator: &out.NextShardIterator}); err == nil {
		t.Fatal("NextShardIterator older than 15 minutes accepted")
	}
	fresh := iterator(t, db, arn, "LATEST", "")
	clk.Advance(14 * time.Minute)
	getRecords(t, db, fresh, 0)
}

func TestStreamRetention(t *testing.T) {
	db, clk := newTestDB(t)
	mustCreate(t, db, withStream(hashTable("Tbl"), "KEYS_ONLY"))
	arn := latestStream(t, db, "Tbl")
	start := shardOf(t, db, arn).SequenceNumberRange.StartingSequenceNumber
	mustPut(t, db, "Tbl", attr.Item{"id": s("old1")})
	mustPut(t, db, "Tbl", attr.Item{"id": s("old2")})
	oldSeqs := readAll(t, db, arn)
	clk.Advance(12 * time.Hour)
	mustPut(t, db, "Tbl", attr.Item{"id": s("new")})
	clk.Advance(12*time.Hour - 5*time.Minute)
	horizon := iterator(t, db, arn, "TRIM_HORIZON", "")
	atOld := iterator(t, db, arn, "AT_SEQUENCE_NUMBER", oldSeqs[0].Dynamodb.SequenceNumber)
	if got := events(getRecords(t, db, horizon, 0).Records); got != "INSERT,INSERT,INSERT" {
		t.Fatalf("within 24 hours: %s", got)
	}
	// Ten minutes later the first two records are more than 24 hours old:
	// iterators that point before them now fail, new ones skip them.
	clk.Advance(10 * time.Minute)
	for _, it := range []string{horizon, atOld} {
		_, err := db.GetRecords(&GetRecordsInput{ShardIterator: &it})
		wantError(t, err, CodeTrimmedDataAccess, "The data you are trying to access has been trimmed")
	}
	for _, typ := range []string{"AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER"} {
		_, err := db.GetShardIterator(&GetShardIteratorInput{StreamArn: &arn, ShardId: ptr(shardOf(t, db, arn).ShardId), ShardIteratorType: ptr(typ), SequenceNumber: &start})
		wantError(t, err, CodeTrimmedDataAccess, "The data you are trying to access has been trimmed")
	}
	// AFTER the last trimmed record is the trim horizon itself.
	after := iterator(t, db, arn, "AFTER_SEQUENCE_NUMBER", oldSeqs[1].Dynamodb.SequenceNumber)
	recs := getRecords(t, db, after, 0).Records
	if len(recs) != 1 || !attr.Equal(recs[0].Dynamodb.Keys["id"], s("new")) {
		t.Fatalf("after the trim point: %+v", recs)
	}
	if got := readAll(t, db, arn); len(got) != 1 {
		t.Fatalf("TRIM_HORIZON after trimming read %d records", len(got))
	}
	// The shard keeps its StartingSequenceNumber.
	if got := shardOf(t, db, arn).SequenceNumberRange.StartingSequenceNumber; got != start {
		t.Fatalf("StartingSequenceNumber %s, was %s", got, start)
	}
}

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
