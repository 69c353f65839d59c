//go:build !js

package wire_test

// DynamoDB Streams through the AWS SDK for Go v2 (service/dynamodbstreams)
// against NewHandler over HTTP, on an engine driven by a manual clock:
// stream records of every view type, iterators, paging, the Streams API's
// errors, and seed 000's TTL archive, which copies to an archive table only
// the items the TTL process deleted.

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	streamstypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

var streamsEpoch = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// streamsServer starts a server around an engine on a manual clock and
// returns a DynamoDB client and a DynamoDB Streams client for it.
func streamsServer(t *testing.T, opts ...engine.Option) (*engine.Database, *engine.ManualClock, *dynamodb.Client, *dynamodbstreams.Client) {
	t.Helper()
	clk := engine.NewManualClock(streamsEpoch)
	db := engine.New(append([]engine.Option{engine.WithClock(clk)}, opts...)...)
	srv := httptest.NewServer(wire.NewHandler(db))
	t.Cleanup(srv.Close)
	streams := dynamodbstreams.New(dynamodbstreams.Options{
		Region:       "us-east-1",
		BaseEndpoint: aws.String(srv.URL),
		Credentials:  credentials.NewStaticCredentialsProvider("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", ""),
		Retryer:      aws.NopRetryer{},
	})
	return db, clk, clientFor(srv.URL), streams
}

func createStreamTable(t *testing.T, c *dynamodb.Client, name string, view types.StreamViewType) *types.TableDescription {
	t.Helper()
	in := &dynamodb.CreateTableInput{
		TableName: aws.String(name),
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String("sk"), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: []types.KeySchemaElement{
			{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String("sk"), KeyType: types.KeyTypeRange},
		},
		BillingMode: types.BillingModePayPerRequest,
	}
	if view != "" {
		in.StreamSpecification = &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: view}
	}
	out, err := c.CreateTable(ctx, in)
	must(t, "CreateTable", err)
	return out.TableDescription
}

// shardIterator returns an iterator on the stream's only shard.
func shardIterator(t *testing.T, sc *dynamodbstreams.Client, arn string, typ streamstypes.ShardIteratorType, seq *string) string {
	t.Helper()
	desc, err := sc.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &arn})
	must(t, "DescribeStream", err)
	if len(desc.StreamDescription.Shards) != 1 {
		t.Fatalf("shards %+v", desc.StreamDescription.Shards)
	}
	out, err := sc.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{
		StreamArn: &arn, ShardId: desc.StreamDescription.Shards[0].ShardId, ShardIteratorType: typ, SequenceNumber: seq})
	must(t, "GetShardIterator", err)
	return aws.ToString(out.ShardIterator)
}

// drain reads from it until an empty answer, returning the records and the
// iterator to continue with.
func drain(t *testing.T, sc *dynamodbstreams.Client, it string) ([]streamstypes.Record, string) {
	t.Helper()
	var all []streamstypes.Record
	for it != "" {
		out, err := sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: &it})
		must(t, "GetRecords", err)
		all = append(all, out.Records...)
		next := aws.ToString(out.NextShardIterator)
		if len(out.Records) == 0 {
			return all, next
		}
		it = next
	}
	return all, ""
}

// fromStream converts a Streams attribute value to a DynamoDB one.
func fromStream(v streamstypes.AttributeValue) types.AttributeValue {
	switch x := v.(type) {
	case *streamstypes.AttributeValueMemberS:
		return &types.AttributeValueMemberS{Value: x.Value}
	case *streamstypes.AttributeValueMemberN:
		return &types.AttributeValueMemberN{Value: x.Value}
	case *streamstypes.AttributeValueMemberB:
		return &types.AttributeValueMemberB{Value: x.Value}
	case *streamstypes.AttributeValueMemberBOOL:
		return &types.AttributeValueMemberBOOL{Value: x.Value}
	case *streamstypes.AttributeValueMemberNULL:
		return &types.AttributeValueMemberNULL{Value: x.Value}
	case *streamstypes.AttributeValueMemberSS:
		return &types.AttributeValueMemberSS{Value: x.Value}
	case *streamstypes.AttributeValueMemberNS:
		return &types.AttributeValueMemberNS{Value: x.Value}
	case *streamstypes.AttributeValueMemberBS:
		return &types.AttributeValueMemberBS{Value: x.Value}
	case *streamstypes.AttributeValueMemberL:
		l := make([]types.AttributeValue, len(x.Value))
		for i, e := range x.Value {
			l[i] = fromStream(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case *streamstypes.AttributeValueMemberM:
		return &types.AttributeValueMemberM{Value: fromStreamItem(x.Value)}
	}
	panic(fmt.Sprintf("attribute value %T", v))
}

func fromStreamItem(m map[string]streamstypes.AttributeValue) Item {
	if m == nil {
		return nil
	}
	out := make(Item, len(m))
	for k, v := range m {
		out[k] = fromStream(v)
	}
	return out
}

// TestSDKStreamsTTLArchive is seed 000's "archive TTL" building block: a
// messages table whose items expire seven days after they are written,
// with TTL on and a NEW_AND_OLD_IMAGES stream. An archiver reads the stream
// and copies into an archive table only the REMOVE records whose
// userIdentity is the DynamoDB service, i.e. the TTL process's deletions;
// a user's DeleteItem is not archived. The archiver survives the expiry of
// its shard iterator (15 minutes of engine time) by resuming after the last
// sequence number it processed.
func TestSDKStreamsTTLArchive(t *testing.T) {
	db, clk, c, sc := streamsServer(t, engine.WithTTLDeletionDelay(time.Hour))
	desc := createStreamTable(t, c, "UserMessages", types.StreamViewTypeNewAndOldImages)
	createStreamTable(t, c, "MessagesArchive", "")
	ttl, err := c.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{TableName: aws.String("UserMessages"),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String("ExpiresAt"), Enabled: aws.Bool(true)}})
	must(t, "UpdateTimeToLive", err)
	if !aws.ToBool(ttl.TimeToLiveSpecification.Enabled) {
		t.Fatalf("UpdateTimeToLive %+v", ttl.TimeToLiveSpecification)
	}
	dt, err := c.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String("UserMessages")})
	must(t, "DescribeTimeToLive", err)
	if dt.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(dt.TimeToLiveDescription.AttributeName) != "ExpiresAt" {
		t.Fatalf("DescribeTimeToLive %+v", dt.TimeToLiveDescription)
	}

	week := 7 * 24 * time.Hour
	put := func(user, msg string, expires time.Time) {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("UserMessages"), Item: Item{
			"pk": S("USER#" + user), "sk": S("MSG#" + msg), "Body": S("hello from " + user),
			"ExpiresAt": N(fmt.Sprint(expires.Unix())),
		}})
		must(t, "PutItem", err)
	}
	put("ana", "1", streamsEpoch.Add(week))
	put("ana", "2", streamsEpoch.Add(week))
	put("bo", "1", streamsEpoch.Add(week))
	put("bo", "2", streamsEpoch.Add(week)) // deleted by its user below
	put("cy", "1", streamsEpoch.Add(4*week))
	_, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("UserMessages"), Key: Item{"pk": S("USER#bo"), "sk": S("MSG#2")}})
	must(t, "DeleteItem", err)

	// The archiver finds the stream through ListStreams.
	ls, err := sc.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{TableName: aws.String("UserMessages")})
	must(t, "ListStreams", err)
	if len(ls.Streams) != 1 || aws.ToString(ls.Streams[0].StreamArn) != aws.ToString(desc.LatestStreamArn) {
		t.Fatalf("ListStreams %+v, LatestStreamArn %s", ls.Streams, aws.ToString(desc.LatestStreamArn))
	}
	arn := aws.ToString(ls.Streams[0].StreamArn)

	type archiver struct {
		it, lastSeq string
		archived    int
	}
	a := &archiver{it: shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeTrimHorizon, nil)}
	poll := func() {
		for {
			out, err := sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: &a.it, Limit: aws.Int32(2)})
			var expired *streamstypes.ExpiredIteratorException
			if errors.As(err, &expired) {
				a.it = shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeAfterSequenceNumber, &a.lastSeq)
				continue
			}
			must(t, "GetRecords", err)
			for _, r := range out.Records {
				a.lastSeq = aws.ToString(r.Dynamodb.SequenceNumber)
				id := r.UserIdentity
				if r.EventName != streamstypes.OperationTypeRemove || id == nil ||
					aws.ToString(id.Type) != "Service" || aws.ToString(id.PrincipalId) != "dynamodb.amazonaws.com" {
					continue
				}
				archived := fromStreamItem(r.Dynamodb.OldImage)
				archived["ArchivedAt"] = N(fmt.Sprint(r.Dynamodb.ApproximateCreationDateTime.Unix()))
				_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("MessagesArchive"), Item: archived})
				must(t, "PutItem archive", err)
				a.archived++
			}
			a.it = aws.ToString(out.NextShardIterator)
			if len(out.Records) == 0 {
				return
			}
		}
	}
	scan := func(table string) []string {
		out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(table)})
		must(t, "Scan", err)
		var keys []string
		for _, it := range out.Items {
			keys = append(keys, render(it["pk"])+"/"+render(it["sk"]))
		}
		sort.Strings(keys)
		return keys
	}

	poll() // the inserts and the user's delete: nothing to archive
	if a.archived != 0 {
		t.Fatalf("archived %d before any expiry", a.archived)
	}
	// Expired, but the TTL process has not run yet: still readable.
	clk.Advance(week + time.Second)
	db.Tick()
	if got := len(scan("UserMessages")); got != 4 {
		t.Fatalf("%d items before the deletion delay", got)
	}
	clk.Advance(time.Hour)
	db.Tick()
	poll() // the iterator is days old: the archiver resumes after lastSeq
	if got := strings.Join(scan("UserMessages"), " "); got != `S:"USER#cy"/S:"MSG#1"` {
		t.Fatalf("left in UserMessages: %s", got)
	}
	want := `S:"USER#ana"/S:"MSG#1" S:"USER#ana"/S:"MSG#2" S:"USER#bo"/S:"MSG#1"`
	if got := strings.Join(scan("MessagesArchive"), " "); got != want || a.archived != 3 {
		t.Fatalf("archive: %s (%d archived), want %s", got, a.archived, want)
	}
	// The archived copy is the whole old image.
	got, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("MessagesArchive"), Key: Item{"pk": S("USER#ana"), "sk": S("MSG#1")}})
	must(t, "GetItem", err)
	if render(got.Item["Body"]) != `S:"hello from ana"` || render(got.Item["ExpiresAt"]) != "N:"+fmt.Sprint(streamsEpoch.Add(week).Unix()) ||
		render(got.Item["ArchivedAt"]) != "N:"+fmt.Sprint(streamsEpoch.Add(week+time.Hour+time.Second).Unix()) {
		t.Fatalf("archived item %s", renderItem(got.Item))
	}
	// Nothing new: another poll archives nothing more.
	poll()
	if a.archived != 3 {
		t.Fatalf("archived %d after a second poll", a.archived)
	}
}

func TestSDKStreamsRecords(t *testing.T) {
	for _, view := range []types.StreamViewType{types.StreamViewTypeKeysOnly, types.StreamViewTypeNewImage, types.StreamViewTypeOldImage, types.StreamViewTypeNewAndOldImages} {
		t.Run(string(view), func(t *testing.T) {
			_, clk, c, sc := streamsServer(t)
			desc := createStreamTable(t, c, "Tbl", view)
			arn := aws.ToString(desc.LatestStreamArn)
			if arn != aws.ToString(desc.TableArn)+"/stream/"+aws.ToString(desc.LatestStreamLabel) {
				t.Fatalf("LatestStreamArn %s, label %s", arn, aws.ToString(desc.LatestStreamLabel))
			}
			key := Item{"pk": S("p"), "sk": S("c")}
			_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Tbl"), Item: Item{"pk": S("p"), "sk": S("c"), "x": N("2")}})
			must(t, "PutItem", err)
			clk.Advance(2 * time.Second)
			_, err = c.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String("Tbl"), Key: key,
				UpdateExpression: aws.String("SET y = :y"), ExpressionAttributeValues: Item{":y": S("three")}})
			must(t, "UpdateItem", err)
			_, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("Tbl"), Key: key})
			must(t, "DeleteItem", err)

			recs, _ := drain(t, sc, shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeTrimHorizon, nil))
			if len(recs) != 3 {
				t.Fatalf("%d records", len(recs))
			}
			wantNames := []streamstypes.OperationType{streamstypes.OperationTypeInsert, streamstypes.OperationTypeModify, streamstypes.OperationTypeRemove}
			v1, v2 := `{pk=S:"p",sk=S:"c",x=N:2}`, `{pk=S:"p",sk=S:"c",x=N:2,y=S:"three"}`
			images := [][2]string{{"<nil>", v1}, {v1, v2}, {v2, "<nil>"}}
			withNew := view == types.StreamViewTypeNewImage || view == types.StreamViewTypeNewAndOldImages
			withOld := view == types.StreamViewTypeOldImage || view == types.StreamViewTypeNewAndOldImages
			seqRe := regexp.MustCompile(`^[0-9]{21,40}$`)
			prev := ""
			for i, r := range recs {
				sr := r.Dynamodb
				if r.EventName != wantNames[i] || aws.ToString(r.EventVersion) != "1.1" || aws.ToString(r.EventSource) != "aws:dynamodb" ||
					aws.ToString(r.AwsRegion) != "us-east-1" || r.UserIdentity != nil || len(aws.ToString(r.EventID)) != 32 {
					t.Errorf("record %d envelope %+v", i, r)
				}
				if renderItem(fromStreamItem(sr.Keys)) != `{pk=S:"p",sk=S:"c"}` || string(sr.StreamViewType) != string(view) {
					t.Errorf("record %d keys %s view %s", i, renderItem(fromStreamItem(sr.Keys)), sr.StreamViewType)
				}
				wantOld, wantNew := "<nil>", "<nil>"
				if withOld {
					wantOld = images[i][0]
				}
				if withNew {
					wantNew = images[i][1]
				}
				if got := renderItem(fromStreamItem(sr.OldImage)); got != wantOld {
					t.Errorf("record %d OldImage %s, want %s", i, got, wantOld)
				}
				if got := renderItem(fromStreamItem(sr.NewImage)); got != wantNew {
					t.Errorf("record %d NewImage %s, want %s", i, got, wantNew)
				}
				seq := aws.ToString(sr.SequenceNumber)
				if !seqRe.MatchString(seq) || seq <= prev || aws.ToInt64(sr.SizeBytes) < 1 {
					t.Errorf("record %d SequenceNumber %q (after %q) SizeBytes %d", i, seq, prev, aws.ToInt64(sr.SizeBytes))
				}
				prev = seq
				wantAt := streamsEpoch
				if i > 0 {
					wantAt = wantAt.Add(2 * time.Second)
				}
				if sr.ApproximateCreationDateTime == nil || !sr.ApproximateCreationDateTime.Equal(wantAt) {
					t.Errorf("record %d ApproximateCreationDateTime %v, want %v", i, sr.ApproximateCreationDateTime, wantAt)
				}
			}
		})
	}
}

func TestSDKStreamsIteratorsAndPaging(t *testing.T) {
	_, _, c, sc := streamsServer(t)
	arn := aws.ToString(createStreamTable(t, c, "Tbl", types.StreamViewTypeKeysOnly).LatestStreamArn)
	d, err := sc.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &arn})
	must(t, "DescribeStream", err)
	sd := d.StreamDescription
	if aws.ToString(sd.StreamArn) != arn || sd.StreamStatus != streamstypes.StreamStatusEnabled || sd.StreamViewType != streamstypes.StreamViewTypeKeysOnly ||
		aws.ToString(sd.TableName) != "Tbl" || len(sd.KeySchema) != 2 || sd.CreationRequestDateTime == nil || !sd.CreationRequestDateTime.Equal(streamsEpoch) ||
		len(sd.Shards) != 1 || sd.Shards[0].SequenceNumberRange.EndingSequenceNumber != nil {
		t.Fatalf("DescribeStream %+v", sd)
	}
	if !regexp.MustCompile(`^shardId-[0-9]{20}-[0-9a-f]{8}$`).MatchString(aws.ToString(sd.Shards[0].ShardId)) {
		t.Fatalf("ShardId %s", aws.ToString(sd.Shards[0].ShardId))
	}
	latest := shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeLatest, nil)
	for i := 0; i < 7; i++ {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Tbl"), Item: Item{"pk": S("p"), "sk": S(fmt.Sprint(i))}})
		must(t, "PutItem", err)
	}
	var pages []int
	var seqs []string
	it := latest
	for {
		out, err := sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: &it, Limit: aws.Int32(3)})
		must(t, "GetRecords", err)
		pages = append(pages, len(out.Records))
		for _, r := range out.Records {
			seqs = append(seqs, aws.ToString(r.Dynamodb.SequenceNumber))
		}
		if len(out.Records) == 0 {
			break
		}
		it = aws.ToString(out.NextShardIterator)
	}
	if fmt.Sprint(pages) != "[3 3 1 0]" {
		t.Fatalf("pages %v", pages)
	}
	at, _ := drain(t, sc, shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeAtSequenceNumber, &seqs[4]))
	after, _ := drain(t, sc, shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeAfterSequenceNumber, &seqs[4]))
	if len(at) != 3 || aws.ToString(at[0].Dynamodb.SequenceNumber) != seqs[4] || len(after) != 2 || aws.ToString(after[0].Dynamodb.SequenceNumber) != seqs[5] {
		t.Fatalf("AT read %d, AFTER read %d", len(at), len(after))
	}

	// Disabling the stream closes its shard; the data stays readable and
	// the end of the closed shard has no NextShardIterator.
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Tbl"), StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(false)}})
	must(t, "UpdateTable", err)
	d, err = sc.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &arn})
	must(t, "DescribeStream", err)
	if d.StreamDescription.StreamStatus != streamstypes.StreamStatusDisabled || aws.ToString(d.StreamDescription.Shards[0].SequenceNumberRange.EndingSequenceNumber) != seqs[6] {
		t.Fatalf("disabled stream %+v", d.StreamDescription)
	}
	out, err := sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: aws.String(shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeTrimHorizon, nil))})
	must(t, "GetRecords", err)
	if len(out.Records) != 7 || out.NextShardIterator != nil {
		t.Fatalf("closed shard: %d records, NextShardIterator %v", len(out.Records), out.NextShardIterator)
	}
}

func TestSDKStreamsErrors(t *testing.T) {
	_, clk, c, sc := streamsServer(t)
	desc := createStreamTable(t, c, "Tbl", types.StreamViewTypeNewImage)
	arn := aws.ToString(desc.LatestStreamArn)

	// UpdateTable's stream rules.
	_, err := c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Tbl"),
		StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(true), StreamViewType: types.StreamViewTypeKeysOnly}})
	wantError(t, "UpdateTable enable twice", err, "ValidationException", "Table already has an enabled stream: TableName: Tbl")
	createStreamTable(t, c, "Plain", "")
	_, err = c.UpdateTable(ctx, &dynamodb.UpdateTableInput{TableName: aws.String("Plain"), StreamSpecification: &types.StreamSpecification{StreamEnabled: aws.Bool(false)}})
	wantError(t, "UpdateTable disable twice", err, "ValidationException", "Table has no stream to disable: TableName: Plain")
	dt, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("Tbl")})
	must(t, "DescribeTable", err)
	if aws.ToString(dt.Table.LatestStreamArn) != arn || aws.ToString(dt.Table.LatestStreamLabel) != streamsEpoch.Format("2006-01-02T15:04:05.000") {
		t.Fatalf("DescribeTable LatestStreamArn %s label %s", aws.ToString(dt.Table.LatestStreamArn), aws.ToString(dt.Table.LatestStreamLabel))
	}

	// Unknown and malformed streams and shards.
	_, err = sc.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String("fake-stream")})
	wantError(t, "DescribeStream malformed", err, "ValidationException", "Invalid StreamArn")
	gone := arn[:strings.LastIndex(arn, "/")+1] + "2020-01-01T00:00:00.000"
	_, err = sc.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: &gone})
	var notFound *streamstypes.ResourceNotFoundException
	if !errors.As(err, &notFound) {
		t.Fatalf("DescribeStream unknown: %v", err)
	}
	wantError(t, "DescribeStream unknown", err, "ResourceNotFoundException", "Requested resource not found: Stream: "+gone+" not found")
	_, err = sc.GetShardIterator(ctx, &dynamodbstreams.GetShardIteratorInput{StreamArn: &arn, ShardId: aws.String("shardId-00000000000000000000-00000000"),
		ShardIteratorType: streamstypes.ShardIteratorTypeLatest})
	wantError(t, "GetShardIterator unknown shard", err, "ResourceNotFoundException", "Requested resource not found: Shard does not exist")
	_, err = sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: aws.String("sdfsdfsgagaddafgagasgasgasdfasdfasdfasdfasdgasdasdgasdg")})
	wantError(t, "GetRecords garbage", err, "ValidationException", "Invalid ShardIterator")
	it := shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeTrimHorizon, nil)
	_, err = sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: &it, Limit: aws.Int32(1001)})
	wantError(t, "GetRecords Limit 1001", err, "ValidationException",
		"1 validation error detected: Value '1001' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 1000")
	_, err = sc.ListStreams(ctx, &dynamodbstreams.ListStreamsInput{Limit: aws.Int32(0)})
	wantError(t, "ListStreams Limit 0", err, "ValidationException",
		"1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1")

	// Iterators expire after 15 minutes; records older than 24 hours are
	// trimmed.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("Tbl"), Item: Item{"pk": S("p"), "sk": S("old")}})
	must(t, "PutItem", err)
	clk.Advance(16 * time.Minute)
	_, err = sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: &it})
	var expired *streamstypes.ExpiredIteratorException
	if !errors.As(err, &expired) || !strings.HasPrefix(expired.ErrorMessage(), "Iterator expired.") {
		t.Fatalf("GetRecords with a 16-minute-old iterator: %v", err)
	}
	clk.Advance(24*time.Hour - 20*time.Minute)
	it = shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeTrimHorizon, nil)
	clk.Advance(10 * time.Minute)
	_, err = sc.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: &it})
	var trimmed *streamstypes.TrimmedDataAccessException
	if !errors.As(err, &trimmed) {
		t.Fatalf("GetRecords past the trim horizon: %v", err)
	}
	recs, _ := drain(t, sc, shardIterator(t, sc, arn, streamstypes.ShardIteratorTypeTrimHorizon, nil))
	if len(recs) != 0 {
		t.Fatalf("%d records survived 24 hours", len(recs))
	}
}

// TestSDKStreamsTargets: the Streams operations answer under their own
// target prefix only, as DynamoDB's endpoints do.
func TestSDKStreamsTargets(t *testing.T) {
	if got := strings.Join(wire.StreamsOperations(), ","); got != "DescribeStream,GetRecords,GetShardIterator,ListStreams" {
		t.Fatalf("StreamsOperations %s", got)
	}
	ops := wire.Operations()
	for _, streamsOp := range wire.StreamsOperations() {
		if slices.Contains(ops, streamsOp) {
			t.Fatalf("Operations lists the Streams operation %s: %v", streamsOp, ops)
		}
	}
	if !slices.Contains(ops, "UpdateTimeToLive") || !slices.Contains(ops, "DescribeTimeToLive") {
		t.Fatalf("Operations %v", ops)
	}
	db := engine.New()
	for _, c := range []struct {
		target string
		status int
		body   string
	}{
		{wire.StreamsTargetPrefix + "ListStreams", http.StatusOK, `{"Streams":[]}`},
		{wire.TargetPrefix + "ListStreams", http.StatusBadRequest, `{"__type":"com.amazon.coral.service#UnknownOperationException"}`},
		{wire.StreamsTargetPrefix + "PutItem", http.StatusBadRequest, `{"__type":"com.amazon.coral.service#UnknownOperationException"}`},
		{wire.StreamsTargetPrefix + "GetRecords", http.StatusBadRequest,
			`{"__type":"com.amazon.coral.validate#ValidationException","message":"1 validation error detected: Value null at 'shardIterator' failed to satisfy constraint: Member must not be null"}`},
	} {
		status, body := wire.Dispatch(db, c.target, []byte(`{}`))
		if status != c.status || string(body) != c.body {
			t.Errorf("%s: %d %s, want %d %s", c.target, status, body, c.status, c.body)
		}
	}
}
