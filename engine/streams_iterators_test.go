package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

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
