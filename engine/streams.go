package engine

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// DynamoDB Streams. A table whose StreamSpecification is enabled (by
// CreateTable or UpdateTable) gets a stream: every change to a base-table
// item is appended to it, under the writer lock, as a stream record carrying
// the keys and, according to the view type, the old and new images. A TTL
// deletion is marked as the service's (userIdentity dynamodb.amazonaws.com).
// Records are kept 24 hours on the engine's clock, within a byte budget
// (streams_retention.go). Disabling the stream closes it; it stays readable
// for 24 hours, and enabling again starts a new stream with a new label. A
// write that changes nothing (a PutItem of an identical item, a DeleteItem
// of a missing one) writes no record, as on DynamoDB.
//
// The engine keeps one shard per stream (DynamoDB splits shards with
// throughput and rotates them every few hours; one shard keeps the order of
// every change and is what a workbench needs to show). Sequence numbers are
// 21-digit decimal strings, increasing across the whole database.
//
// The Streams API (ListStreams, DescribeStream, GetShardIterator,
// GetRecords) is served by the methods below, with the Streams API's JSON
// field names; the wire package dispatches them under the
// DynamoDBStreams_20120810 target prefix.

// Stream limits and constants.
const (
	// streamRetention is how long stream records (and a disabled stream)
	// are kept (DynamoDB Streams developer guide: 24 hours).
	streamRetention = 24 * time.Hour
	// iteratorLifetime is how long a shard iterator stays usable (API
	// reference, ExpiredIteratorException: 15 minutes).
	iteratorLifetime = 15 * time.Minute
	// maxGetRecordsLimit and maxGetRecordsBytes bound one GetRecords
	// answer (API reference: 1000 records or 1 MB, whichever comes first).
	maxGetRecordsLimit = 1000
	maxGetRecordsBytes = 1 << 20
	// maxStreamsLimit bounds ListStreams' Limit and DescribeStream's shard
	// Limit (API reference: "The upper limit is 100").
	maxStreamsLimit = 100

	streamEventVersion = "1.1"
	streamEventSource  = "aws:dynamodb"
	// servicePrincipal is the identity of the TTL process in stream records.
	servicePrincipal = "dynamodb.amazonaws.com"
	// streamLabelLayout is the stream label: the creation time in UTC, ISO
	// 8601 with milliseconds (e.g. 2019-10-22T18:02:01.576).
	streamLabelLayout = "2006-01-02T15:04:05.000"
	// iteratorMarker separates the stream ARN from the opaque part of a
	// shard iterator, as in DynamoDB's iterators (ARN|1|AAAA...).
	iteratorMarker = "|1|"
)

// Stream statuses (DescribeStream's StreamStatus).
const (
	streamEnabled  = "ENABLED"
	streamDisabled = "DISABLED"
)

// Shard iterator types.
const (
	iteratorTrimHorizon = "TRIM_HORIZON"
	iteratorLatest      = "LATEST"
	iteratorAt          = "AT_SEQUENCE_NUMBER"
	iteratorAfter       = "AFTER_SEQUENCE_NUMBER"
)

// Event names.
const (
	eventInsert = "INSERT"
	eventModify = "MODIFY"
	eventRemove = "REMOVE"
)

// ---- API shapes ----

// ListStreamsInput is the ListStreams request.
type ListStreamsInput struct {
	TableName               *string `json:"TableName,omitempty"`
	Limit                   *int64  `json:"Limit,omitempty"`
	ExclusiveStartStreamArn *string `json:"ExclusiveStartStreamArn,omitempty"`
}

// Stream is one entry of ListStreams' answer.
type Stream struct {
	StreamArn   string `json:"StreamArn"`
	TableName   string `json:"TableName"`
	StreamLabel string `json:"StreamLabel"`
}

// ListStreamsOutput is the ListStreams response.
type ListStreamsOutput struct {
	Streams                []Stream `json:"Streams"`
	LastEvaluatedStreamArn string   `json:"LastEvaluatedStreamArn,omitempty"`
}

// DescribeStreamInput is the DescribeStream request.
type DescribeStreamInput struct {
	StreamArn             *string      `json:"StreamArn"`
	Limit                 *int64       `json:"Limit,omitempty"`
	ExclusiveStartShardId *string      `json:"ExclusiveStartShardId,omitempty"`
	ShardFilter           *ShardFilter `json:"ShardFilter,omitempty"`
}

// SequenceNumberRange is a shard's range; EndingSequenceNumber is set once
// the shard is closed.
type SequenceNumberRange struct {
	StartingSequenceNumber string `json:"StartingSequenceNumber,omitempty"`
	EndingSequenceNumber   string `json:"EndingSequenceNumber,omitempty"`
}

// Shard is one shard of a stream.
type Shard struct {
	ShardId             string               `json:"ShardId"`
	SequenceNumberRange *SequenceNumberRange `json:"SequenceNumberRange,omitempty"`
	ParentShardId       string               `json:"ParentShardId,omitempty"`
}

// StreamDescription is DescribeStream's description of a stream.
type StreamDescription struct {
	StreamArn               string                    `json:"StreamArn"`
	StreamLabel             string                    `json:"StreamLabel"`
	StreamStatus            string                    `json:"StreamStatus"`
	StreamViewType          string                    `json:"StreamViewType"`
	CreationRequestDateTime float64                   `json:"CreationRequestDateTime"`
	TableName               string                    `json:"TableName"`
	KeySchema               []schema.KeySchemaElement `json:"KeySchema"`
	Shards                  []Shard                   `json:"Shards"`
	LastEvaluatedShardId    string                    `json:"LastEvaluatedShardId,omitempty"`
}

// DescribeStreamOutput is the DescribeStream response.
type DescribeStreamOutput struct {
	StreamDescription *StreamDescription `json:"StreamDescription"`
}

// GetShardIteratorInput is the GetShardIterator request.
type GetShardIteratorInput struct {
	StreamArn         *string `json:"StreamArn"`
	ShardId           *string `json:"ShardId"`
	ShardIteratorType *string `json:"ShardIteratorType"`
	SequenceNumber    *string `json:"SequenceNumber,omitempty"`
}

// GetShardIteratorOutput is the GetShardIterator response.
type GetShardIteratorOutput struct {
	ShardIterator string `json:"ShardIterator"`
}

// GetRecordsInput is the GetRecords request.
type GetRecordsInput struct {
	ShardIterator *string `json:"ShardIterator"`
	Limit         *int64  `json:"Limit,omitempty"`
}

// Identity is a stream record's userIdentity: set only on the TTL
// process's deletions.
type Identity struct {
	PrincipalId string `json:"PrincipalId"`
	Type        string `json:"Type"`
}

// StreamRecord is the DynamoDB part of a stream record.
type StreamRecord struct {
	ApproximateCreationDateTime float64   `json:"ApproximateCreationDateTime"`
	Keys                        attr.Item `json:"Keys"`
	NewImage                    attr.Item `json:"NewImage,omitempty"`
	OldImage                    attr.Item `json:"OldImage,omitempty"`
	SequenceNumber              string    `json:"SequenceNumber"`
	SizeBytes                   int64     `json:"SizeBytes"`
	StreamViewType              string    `json:"StreamViewType"`
}

// Record is one stream record as GetRecords returns it.
type Record struct {
	EventID      string        `json:"eventID"`
	EventName    string        `json:"eventName"`
	EventVersion string        `json:"eventVersion"`
	EventSource  string        `json:"eventSource"`
	AwsRegion    string        `json:"awsRegion"`
	Dynamodb     *StreamRecord `json:"dynamodb"`
	UserIdentity *Identity     `json:"userIdentity,omitempty"`
}

// GetRecordsOutput is the GetRecords response. NextShardIterator is empty
// once a closed shard has been read to its end.
type GetRecordsOutput struct {
	Records           []Record `json:"Records"`
	NextShardIterator string   `json:"NextShardIterator,omitempty"`
}

// ---- storage ----

// streamRegistry holds every stream of the database. It is created when the
// first stream is enabled, which also registers its change observer.
type streamRegistry struct {
	seq    uint64                  // the last sequence number issued
	byArn  map[string]*tableStream // live and retained streams
	latest map[*table]*tableStream // each table's most recent stream
	sorted []*tableStream          // byArn in ARN order, for ListStreams
	dirty  bool                    // sorted needs rebuilding
	keys   map[*table][]string     // key attribute names, per table
	bytes  int64                   // what the records hold (streams_retention.go)
}

// tableStream is one stream and its single shard.
type tableStream struct {
	arn, label, shardID string
	tableName           string
	table               *table
	viewType            string
	keySchema           []schema.KeySchemaElement
	created             time.Time

	open     bool
	closedAt time.Time

	startSeq uint64 // the shard's StartingSequenceNumber (no record has it)
	lastSeq  uint64 // the last record's number, startSeq when none
	// trimmedThrough is the number of the last record trimmed, 0 if none.
	trimmedThrough uint64
	records        []streamRecord // ascending sequence numbers
}

// streamRecord is one stored record: images in the engine's stored form
// ("" when absent).
type streamRecord struct {
	seq      uint64
	at       time.Time
	event    string
	service  bool
	keys     string
	newImage string
	oldImage string
	size     int64
}

// seqString prints a sequence number: 21 decimal digits (the API's minimum
// length), a leading 1 and the counter.
func seqString(n uint64) string { return fmt.Sprintf("1%020d", n) }

// parseSeq reads a sequence number printed by seqString.
func parseSeq(s string) (uint64, bool) {
	if len(s) != 21 || s[0] != '1' {
		return 0, false
	}
	n, err := strconv.ParseUint(s[1:], 10, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}

// streamsLocked returns the registry, creating it (and registering the
// observer that feeds it) on first use. The caller holds the writer lock.
func (d *Database) streamsLocked() *streamRegistry {
	if d.streams == nil {
		d.streams = &streamRegistry{
			byArn:  map[string]*tableStream{},
			latest: map[*table]*tableStream{},
			keys:   map[*table][]string{},
		}
		d.observers = append(d.observers, d.recordStream)
	}
	return d.streams
}

// openStream returns t's enabled stream, or nil.
func (d *Database) openStream(t *table) *tableStream {
	if d.streams == nil {
		return nil
	}
	if s := d.streams.latest[t]; s != nil && s.open {
		return s
	}
	return nil
}

// startStream gives t a new, enabled stream. The caller holds the writer
// lock.
func (d *Database) startStream(t *table, viewType string, now time.Time) {
	r := d.streamsLocked()
	at := now.UTC().Truncate(time.Millisecond)
	label := at.Format(streamLabelLayout)
	arn := t.arn + "/stream/" + label
	for r.byArn[arn] != nil { // enabled twice in one millisecond
		at = at.Add(time.Millisecond)
		label = at.Format(streamLabelLayout)
		arn = t.arn + "/stream/" + label
	}
	r.seq++
	s := &tableStream{
		arn: arn, label: label, tableName: t.def.TableName, table: t,
		viewType:  viewType,
		keySchema: append([]schema.KeySchemaElement(nil), t.def.KeySchema...),
		created:   now,
		open:      true,
		startSeq:  r.seq,
		lastSeq:   r.seq,
	}
	h := hashKey64([]byte(arn))
	s.shardID = fmt.Sprintf("shardId-%020d-%08x", at.UnixMilli(), uint32(h))
	names := make([]string, len(t.key.all))
	for i, k := range t.key.all {
		names[i] = k.name
	}
	r.keys[t] = names
	r.byArn[arn] = s
	r.latest[t] = s
	r.dirty = true
}

// close closes the stream's shard.
func (s *tableStream) close(now time.Time) {
	if s.open {
		s.open, s.closedAt = false, now
	}
}

// recordStream is the observer that appends base-table changes to the
// table's open stream. It runs under the writer lock.
func (d *Database) recordStream(c Change) {
	if c.Index != "" {
		return
	}
	r := d.streams
	t := d.tables[c.Table]
	s := d.openStream(t)
	if s == nil || c.Before == nil && c.After == nil {
		return
	}
	if c.Before != nil && c.After != nil && c.Before.Equal(c.After) {
		return // nothing changed: DynamoDB writes no record
	}
	r.trimAge(s, c.Time)
	rec := streamRecord{at: c.Time, service: c.Cause == CauseTTL}
	source := c.After
	switch {
	case c.Before == nil:
		rec.event = eventInsert
	case c.After == nil:
		rec.event, source = eventRemove, c.Before
	default:
		rec.event = eventModify
	}
	keys := make(attr.Item, len(r.keys[t]))
	for _, name := range r.keys[t] {
		if v, ok := source[name]; ok {
			keys[name] = v
		}
	}
	rec.keys = string(encodeItem(nil, keys))
	rec.size = int64(attr.ItemSize(keys))
	if c.After != nil && (s.viewType == schema.StreamNewImage || s.viewType == schema.StreamNewAndOldImages) {
		rec.newImage = string(encodeItem(nil, c.After))
		rec.size += int64(attr.ItemSize(c.After))
	}
	if c.Before != nil && (s.viewType == schema.StreamOldImage || s.viewType == schema.StreamNewAndOldImages) {
		rec.oldImage = string(encodeItem(nil, c.Before))
		rec.size += int64(attr.ItemSize(c.Before))
	}
	r.seq++
	rec.seq = r.seq
	s.lastSeq = rec.seq
	r.appendRecord(s, rec, d.streamBudget())
}

// refreshStreams applies time to the streams: a stream whose table was
// deleted is closed (DeleteTable disables it), records past the retention
// period are trimmed, and a stream closed more than 24 hours ago is
// removed. The caller holds the writer lock.
func (d *Database) refreshStreams(now time.Time) {
	r := d.streams
	if r == nil {
		return
	}
	for t, s := range r.latest {
		if d.tables[t.def.TableName] != t {
			s.close(now)
			delete(r.latest, t)
			delete(r.keys, t)
		}
	}
	cutoff := now.Add(-streamRetention)
	for arn, s := range r.byArn {
		if s.open && d.tables[s.tableName] != s.table {
			s.close(now)
		}
		r.trimAge(s, now)
		if !s.open && s.closedAt.Before(cutoff) {
			r.dropFront(s, len(s.records)) // keeps the byte count right
			delete(r.byArn, arn)
			r.dirty = true
		}
	}
	if r.dirty {
		r.sorted = r.sorted[:0]
		for _, s := range r.byArn {
			r.sorted = append(r.sorted, s)
		}
		sort.Slice(r.sorted, func(i, j int) bool { return r.sorted[i].arn < r.sorted[j].arn })
		r.dirty = false
	}
}

// ---- hooks for the table operations ----

// describeWithStream is t's TableDescription with its latest stream's ARN
// and label (DynamoDB keeps reporting them after the stream is disabled).
// The caller holds the lock.
func (d *Database) describeWithStream(t *table) *TableDescription {
	desc := t.describe()
	if d.streams != nil {
		if s := d.streams.latest[t]; s != nil {
			desc.LatestStreamArn, desc.LatestStreamLabel = s.arn, s.label
		}
	}
	return desc
}

// createStream starts the stream a new table asks for. The caller holds
// the writer lock.
func (d *Database) createStream(t *table, now time.Time) {
	if s := t.def.StreamSpecification; s != nil && s.StreamEnabled {
		d.startStream(t, s.StreamViewType, now)
	}
}

// enumStreamViewType lists the view types in the order DynamoDB's
// constraint message gives them (the order schema uses for CreateTable).
var enumStreamViewType = []string{schema.StreamOldImage, schema.StreamKeysOnly, schema.StreamNewAndOldImages, schema.StreamNewImage}

// streamSpecShape records UpdateTable's StreamSpecification shape errors.
func streamSpecShape(c *constraints, spec *schema.StreamSpecification) {
	if spec != nil {
		c.enum(spec.StreamViewType, "streamSpecification.streamViewType", enumStreamViewType...)
	}
}

// checkStreamUpdate applies UpdateTable's stream rules to t: the view type
// is required to enable and forbidden to disable, a stream cannot change
// together with throughput or an index, an enabled stream cannot be enabled
// again (not even to change its view type) and a table without a stream has
// none to disable. Wording from captures of DynamoDB's answers.
func (d *Database) checkStreamUpdate(t *table, in *UpdateTableInput) *Error {
	spec := in.StreamSpecification
	if spec == nil {
		return nil
	}
	if spec.StreamEnabled && spec.StreamViewType == "" {
		return validationf("One or more parameter values were invalid: If stream is being enabled then UpdateViewType is required")
	}
	if !spec.StreamEnabled && spec.StreamViewType != "" {
		return validationf("One or more parameter values were invalid: If stream is being disabled, then UpdateViewType must not be specified")
	}
	for _, u := range in.GlobalSecondaryIndexUpdates {
		if u.Create != nil || u.Delete != nil {
			return validationf("One or more parameter values were invalid: You cannot create or delete index while changing stream status")
		}
	}
	if in.ProvisionedThroughput != nil {
		return validationf("One or more parameter values were invalid: You cannot modify stream status while updating table IOPS")
	}
	open := d.openStream(t) != nil
	if spec.StreamEnabled && open {
		return validationf("Table already has an enabled stream: TableName: %s", t.def.TableName)
	}
	if !spec.StreamEnabled && !open {
		return validationf("Table has no stream to disable: TableName: %s", t.def.TableName)
	}
	return nil
}

// updateStream enables or disables t's stream as UpdateTable asked, once
// checkStreamUpdate has passed. The caller holds the writer lock.
func (d *Database) updateStream(t *table, spec *schema.StreamSpecification, now time.Time) {
	switch {
	case spec == nil:
	case spec.StreamEnabled:
		d.startStream(t, spec.StreamViewType, now)
	default:
		if s := d.openStream(t); s != nil {
			s.close(now)
			d.streams.pruneClosed()
		}
	}
}

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
