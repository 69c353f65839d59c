package engine

import (
	"fmt"
	"sort"
	"strconv"
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
// GetRecords) is served by the methods of streams_api.go, with the Streams
// API's JSON field names; the wire package dispatches them under the
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
