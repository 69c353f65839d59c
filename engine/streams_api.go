package engine

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// ---- the Streams API ----

// streamArnParts splits a stream ARN into its table ARN and label; ok is
// false when s is not shaped like a DynamoDB stream ARN.
func streamArnParts(s string) (tableArn, label string, ok bool) {
	if !strings.HasPrefix(s, "arn:") {
		return "", "", false
	}
	parts := strings.SplitN(s, ":", 6)
	if len(parts) != 6 || parts[2] != "dynamodb" {
		return "", "", false
	}
	res := parts[5]
	i := strings.Index(res, "/stream/")
	if !strings.HasPrefix(res, "table/") || i <= len("table/") || i+len("/stream/") == len(res) {
		return "", "", false
	}
	return s[:len(s)-len(res)+i], res[i+len("/stream/"):], true
}

// findStream resolves a StreamArn parameter. The caller holds the writer
// lock and has refreshed the streams.
func (d *Database) findStream(arn string) (*tableStream, *Error) {
	if _, _, ok := streamArnParts(arn); !ok {
		// Wording from the AWS SDK for JavaScript's integration test
		// against the service (DescribeStream with 'fake-stream').
		return nil, validationf("Invalid StreamArn")
	}
	if d.streams != nil {
		if s := d.streams.byArn[arn]; s != nil {
			return s, nil
		}
	}
	return nil, streamNotFound(arn)
}

// streamNotFound is DynamoDB Streams' answer for an unknown stream
// (recorded from the service by a client library's test).
func streamNotFound(arn string) *Error {
	return Errorf(CodeResourceNotFound, "Requested resource not found: Stream: %s not found", arn)
}

// lockStreams ticks, takes the writer lock and refreshes the streams;
// callers defer d.mu.Unlock().
func (d *Database) lockStreams() time.Time {
	d.Tick()
	d.mu.Lock()
	now := d.clock.Now()
	d.refreshStreams(now)
	return now
}

// ListStreams implements DynamoDB Streams' ListStreams: the streams of the
// database (or of one table), enabled or disabled within the last 24
// hours, in ARN order.
func (d *Database) ListStreams(in *ListStreamsInput) (*ListStreamsOutput, error) {
	var c constraints
	if in.TableName != nil {
		c.tableName(in.TableName)
	}
	c.limit(in.Limit, "limit", 1, maxStreamsLimit)
	if err := c.err(); err != nil {
		return nil, err
	}
	if in.ExclusiveStartStreamArn != nil {
		if _, _, ok := streamArnParts(*in.ExclusiveStartStreamArn); !ok {
			return nil, validationf("Invalid StreamArn")
		}
	}
	limit := maxStreamsLimit
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	d.lockStreams()
	defer d.mu.Unlock()
	out := &ListStreamsOutput{Streams: []Stream{}}
	if d.streams == nil {
		return out, nil
	}
	start := ""
	if in.ExclusiveStartStreamArn != nil {
		start = *in.ExclusiveStartStreamArn
	}
	for _, s := range d.streams.sorted {
		if s.arn <= start || in.TableName != nil && s.tableName != tableNameFromParam(*in.TableName) {
			continue
		}
		if len(out.Streams) == limit {
			out.LastEvaluatedStreamArn = out.Streams[limit-1].StreamArn
			break
		}
		out.Streams = append(out.Streams, Stream{StreamArn: s.arn, TableName: s.tableName, StreamLabel: s.label})
	}
	return out, nil
}

// DescribeStream implements DynamoDB Streams' DescribeStream.
func (d *Database) DescribeStream(in *DescribeStreamInput) (*DescribeStreamOutput, error) {
	var c constraints
	if in.StreamArn == nil {
		c.null("streamArn")
	}
	c.limit(in.Limit, "limit", 1, maxStreamsLimit)
	if in.ExclusiveStartShardId != nil {
		shardIDShape(&c, *in.ExclusiveStartShardId, "exclusiveStartShardId")
	}
	shardFilterShape(&c, in.ShardFilter)
	if err := c.err(); err != nil {
		return nil, err
	}
	d.lockStreams()
	defer d.mu.Unlock()
	s, err := d.findStream(*in.StreamArn)
	if err != nil {
		return nil, err
	}
	desc := &StreamDescription{
		StreamArn:               s.arn,
		StreamLabel:             s.label,
		StreamStatus:            streamEnabled,
		StreamViewType:          s.viewType,
		CreationRequestDateTime: epoch(s.created),
		TableName:               s.tableName,
		KeySchema:               s.keySchema,
		Shards:                  []Shard{},
	}
	if !s.open {
		desc.StreamStatus = streamDisabled
	}
	// Shards are listed in ShardId order after ExclusiveStartShardId (an
	// unknown one simply yields no shards, as DynamoDB answers).
	if in.ShardFilter == nil && (in.ExclusiveStartShardId == nil || *in.ExclusiveStartShardId < s.shardID) {
		rng := &SequenceNumberRange{StartingSequenceNumber: seqString(s.startSeq)}
		if !s.open {
			rng.EndingSequenceNumber = seqString(s.lastSeq)
		}
		desc.Shards = append(desc.Shards, Shard{ShardId: s.shardID, SequenceNumberRange: rng})
	}
	return &DescribeStreamOutput{StreamDescription: desc}, nil
}

// shardIDShape records the ShardId length constraints (28..65).
func shardIDShape(c *constraints, id, path string) {
	switch n := len(id); {
	case n < 28:
		c.bad(id, path, schema.MinLength(28))
	case n > 65:
		c.bad(id, path, schema.MaxLength(65))
	}
}

// GetShardIterator implements DynamoDB Streams' GetShardIterator.
func (d *Database) GetShardIterator(in *GetShardIteratorInput) (*GetShardIteratorOutput, error) {
	var c constraints
	if in.StreamArn == nil {
		c.null("streamArn")
	}
	if in.ShardId == nil {
		c.null("shardId")
	} else {
		shardIDShape(&c, *in.ShardId, "shardId")
	}
	if in.ShardIteratorType == nil {
		c.null("shardIteratorType")
	} else {
		c.enum(*in.ShardIteratorType, "shardIteratorType", iteratorTrimHorizon, iteratorLatest, iteratorAt, iteratorAfter)
		if *in.ShardIteratorType == "" {
			c.bad("", "shardIteratorType", schema.EnumConstraint(iteratorTrimHorizon, iteratorLatest, iteratorAt, iteratorAfter))
		}
	}
	if in.SequenceNumber != nil {
		switch n := len(*in.SequenceNumber); {
		case n < 21:
			c.bad(*in.SequenceNumber, "sequenceNumber", schema.MinLength(21))
		case n > 40:
			c.bad(*in.SequenceNumber, "sequenceNumber", schema.MaxLength(40))
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	typ := *in.ShardIteratorType
	bySeq := typ == iteratorAt || typ == iteratorAfter
	// Unverified wording: DynamoDB Streams answers both mistakes with a
	// ValidationException; the text follows Kinesis', whose GetShardIterator
	// the Streams API mirrors.
	if bySeq && in.SequenceNumber == nil {
		return nil, validationf("Must either specify (1) AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER and SequenceNumber or (2) TRIM_HORIZON or LATEST and no SequenceNumber. Request specified %s and no SequenceNumber.", typ)
	}
	if !bySeq && in.SequenceNumber != nil {
		return nil, validationf("Must either specify (1) AT_SEQUENCE_NUMBER or AFTER_SEQUENCE_NUMBER and SequenceNumber or (2) TRIM_HORIZON or LATEST and no SequenceNumber. Request specified %s and also a SequenceNumber.", typ)
	}
	now := d.lockStreams()
	defer d.mu.Unlock()
	s, err := d.findStream(*in.StreamArn)
	if err != nil {
		return nil, err
	}
	if *in.ShardId != s.shardID {
		// Recorded from the service by client libraries.
		return nil, Errorf(CodeResourceNotFound, "Requested resource not found: Shard does not exist")
	}
	var after uint64
	switch typ {
	case iteratorTrimHorizon:
		after = max(s.startSeq, s.trimmedThrough)
	case iteratorLatest:
		after = s.lastSeq
	default:
		n, ok := parseSeq(*in.SequenceNumber)
		if !ok || n < s.startSeq || n > s.lastSeq {
			// Unverified wording.
			return nil, validationf("Invalid SequenceNumber: %s is not a sequence number of shard %s", *in.SequenceNumber, s.shardID)
		}
		after = n
		if typ == iteratorAt {
			after = n - 1
		}
		if s.trimmedThrough > after {
			return nil, trimmed()
		}
	}
	return &GetShardIteratorOutput{ShardIterator: encodeIterator(s.arn, after, now)}, nil
}

// trimmed is TrimmedDataAccessException. The message is unverified: the
// API model documents "The data you are trying to access has been
// trimmed." and a client's log shows it without the period.
func trimmed() *Error {
	return Errorf(CodeTrimmedDataAccess, "The data you are trying to access has been trimmed.")
}

// iteratorSalt keys the check word of shard iterators, so that a string
// that was not issued by GetShardIterator or GetRecords is refused.
const iteratorSalt = "dynamodb-workbench shard iterator"

// encodeIterator builds a shard iterator: the stream ARN, the marker, then
// base64 of (position, issue time, check).
func encodeIterator(arn string, after uint64, issued time.Time) string {
	var p [24]byte
	binary.BigEndian.PutUint64(p[0:], after)
	binary.BigEndian.PutUint64(p[8:], uint64(issued.UnixNano()))
	binary.BigEndian.PutUint64(p[16:], iteratorCheck(arn, p[:16]))
	return arn + iteratorMarker + base64.StdEncoding.EncodeToString(p[:])
}

func iteratorCheck(arn string, p []byte) uint64 {
	b := make([]byte, 0, len(iteratorSalt)+len(arn)+len(p))
	b = append(append(append(b, iteratorSalt...), arn...), p...)
	return hashKey64(b)
}

// decodeIterator reads a shard iterator.
func decodeIterator(it string) (arn string, after uint64, issued time.Time, ok bool) {
	i := strings.LastIndex(it, iteratorMarker)
	if i < 0 {
		return "", 0, time.Time{}, false
	}
	arn = it[:i]
	p, err := base64.StdEncoding.DecodeString(it[i+len(iteratorMarker):])
	if err != nil || len(p) != 24 || binary.BigEndian.Uint64(p[16:]) != iteratorCheck(arn, p[:16]) {
		return "", 0, time.Time{}, false
	}
	return arn, binary.BigEndian.Uint64(p[0:]), time.Unix(0, int64(binary.BigEndian.Uint64(p[8:]))), true
}

// javaDate prints t as Java's Date.toString does in UTC, the form of the
// expired-iterator message.
func javaDate(t time.Time) string { return t.UTC().Format("Mon Jan 02 15:04:05 UTC 2006") }

// GetRecords implements DynamoDB Streams' GetRecords: up to Limit records
// (at most 1000 and 1 MB) after the iterator's position, and the iterator
// for the next call, which is absent once a closed shard is read to its
// end.
func (d *Database) GetRecords(in *GetRecordsInput) (*GetRecordsOutput, error) {
	var c constraints
	if in.ShardIterator == nil {
		c.null("shardIterator")
	} else if n := len(*in.ShardIterator); n < 1 {
		c.bad("", "shardIterator", schema.MinLength(1))
	} else if n > 2048 {
		c.bad(*in.ShardIterator, "shardIterator", schema.MaxLength(2048))
	}
	// The model has no maximum; the service refuses more than 1000 with a
	// ValidationException naming the limit (an Alternator test run against
	// DynamoDB); the wording is the usual constraint message.
	c.limit(in.Limit, "limit", 1, maxGetRecordsLimit)
	if err := c.err(); err != nil {
		return nil, err
	}
	limit := maxGetRecordsLimit
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	arn, after, issued, ok := decodeIterator(*in.ShardIterator)
	if !ok {
		// Unverified wording; DynamoDB answers a ValidationException.
		return nil, validationf("Invalid ShardIterator")
	}
	now := d.lockStreams()
	defer d.mu.Unlock()
	if now.Sub(issued) > iteratorLifetime {
		// Unverified for DynamoDB Streams: Kinesis' wording, with the
		// Streams iterator lifetime.
		return nil, Errorf(CodeExpiredIterator, "Iterator expired. The iterator was created at time %s while right now it is %s which is further in the future than the tolerated delay of %d milliseconds.",
			javaDate(issued), javaDate(now), iteratorLifetime.Milliseconds())
	}
	s := d.streams.byArnOrNil(arn)
	if s == nil {
		return nil, streamNotFound(arn)
	}
	if s.trimmedThrough > after {
		return nil, trimmed()
	}
	i := sort.Search(len(s.records), func(i int) bool { return s.records[i].seq > after })
	out := &GetRecordsOutput{Records: []Record{}}
	var bytes int64
	for ; i < len(s.records) && len(out.Records) < limit; i++ {
		rec := &s.records[i]
		if len(out.Records) > 0 && bytes+rec.size > maxGetRecordsBytes {
			break
		}
		bytes += rec.size
		out.Records = append(out.Records, d.streamRecordOut(s, rec))
		after = rec.seq
	}
	if s.open || i < len(s.records) {
		out.NextShardIterator = encodeIterator(s.arn, after, now)
	}
	return out, nil
}

// byArnOrNil finds a stream; the registry may be nil.
func (r *streamRegistry) byArnOrNil(arn string) *tableStream {
	if r == nil {
		return nil
	}
	return r.byArn[arn]
}

// streamRecordOut builds the API form of a stored record.
func (d *Database) streamRecordOut(s *tableStream, rec *streamRecord) Record {
	seq := seqString(rec.seq)
	sr := &StreamRecord{
		ApproximateCreationDateTime: float64(rec.at.Unix()),
		Keys:                        decodeItem(rec.keys),
		SequenceNumber:              seq,
		SizeBytes:                   rec.size,
		StreamViewType:              s.viewType,
	}
	if rec.newImage != "" {
		sr.NewImage = decodeItem(rec.newImage)
	}
	if rec.oldImage != "" {
		sr.OldImage = decodeItem(rec.oldImage)
	}
	out := Record{
		EventID:      fmt.Sprintf("%016x%016x", hashKey64([]byte(s.arn+"#"+seq)), hashKey64([]byte(seq+"#"+s.arn))),
		EventName:    rec.event,
		EventVersion: streamEventVersion,
		EventSource:  streamEventSource,
		AwsRegion:    d.region,
		Dynamodb:     sr,
	}
	if rec.service {
		out.UserIdentity = &Identity{PrincipalId: servicePrincipal, Type: "Service"}
	}
	return out
}
