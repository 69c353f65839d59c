package engine

import (
	"runtime"
	"time"
)

// Stream retention. DynamoDB keeps a stream's records for 24 hours whatever
// their volume; an in-memory engine cannot: a minute of writes to a
// NEW_AND_OLD_IMAGES table would hold a gigabyte. So the engine keeps
// records 24 hours *and* within a byte budget shared by every stream of the
// database (WithStreamRetentionBytes). Past the budget the oldest records,
// across streams, are trimmed exactly as age trims them: TRIM_HORIZON starts
// after them, and an iterator or sequence number pointing before them gets
// TrimmedDataAccessException.
//
// A deleted table's streams. On DynamoDB they stay readable, DISABLED, for
// 24 hours. Here DeleteTable closes them and frees their records at once,
// with their hold on the table (whose items would otherwise stay reachable):
// deleting a table is how a workbench user gives its memory back. The
// streams stay listed and describable, DISABLED, for the 24 hours; reading
// one finds it trimmed up to the deletion (TRIM_HORIZON reads an empty,
// closed shard; an older position gets TrimmedDataAccessException). At most
// maxClosedStreams disabled streams are kept, the oldest going first.

const (
	// defaultStreamBytes is the default retention budget: 64 MB natively,
	// 16 MB in the page, where the whole engine shares the tab's memory.
	defaultStreamBytes = 64 << 20
	pageStreamBytes    = 16 << 20
	// recordOverhead is what a stored record costs beyond its images'
	// bytes: the streamRecord slot (about 100 bytes on 64-bit) and the
	// string headers' allocations, rounded up.
	recordOverhead = 128
	// maxClosedStreams bounds the disabled streams kept for their 24
	// hours (each holds a few hundred bytes once its records are gone, but
	// a loop of CreateTable and DeleteTable makes one per iteration).
	maxClosedStreams = 256
)

// WithStreamRetentionBytes sets the byte budget of the records kept by all
// the database's streams (default 64 MB, 16 MB under WebAssembly); past it
// the oldest records are trimmed. A budget below 1 means the default.
func WithStreamRetentionBytes(n int64) Option {
	return func(d *Database) { d.streamBytes = n }
}

// streamBudget is the retention budget in force.
func (d *Database) streamBudget() int64 {
	switch {
	case d.streamBytes > 0:
		return d.streamBytes
	case runtime.GOOS == "js":
		return pageStreamBytes
	}
	return defaultStreamBytes
}

// retainedStreamBytes is the engine's own count of the bytes its stream
// records hold.
func (d *Database) retainedStreamBytes() int64 {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.streams == nil {
		return 0
	}
	return d.streams.bytes
}

// retained is what a stored record costs.
func (rec *streamRecord) retained() int64 {
	return int64(len(rec.keys)+len(rec.newImage)+len(rec.oldImage)) + recordOverhead
}

// appendRecord stores rec in s and trims the oldest records of the database
// if the budget is exceeded. The caller holds the writer lock.
func (r *streamRegistry) appendRecord(s *tableStream, rec streamRecord, budget int64) {
	s.records = append(s.records, rec)
	r.bytes += rec.retained()
	if r.bytes > budget {
		r.trimToBudget(budget)
	}
}

// trimToBudget trims the oldest records, across streams, until the records
// fill at most seven eighths of the budget (the slack makes trimming happen
// once per many writes rather than on each).
func (r *streamRegistry) trimToBudget(budget int64) {
	target := budget - budget/8
	for r.bytes > target {
		// Sequence numbers increase across the database: the stream
		// whose first record has the smallest one holds the oldest
		// records, up to the first record of the next-oldest stream.
		var oldest *tableStream
		next := ^uint64(0)
		for _, s := range r.byArn {
			if len(s.records) == 0 {
				continue
			}
			first := s.records[0].seq
			switch {
			case oldest == nil || first < oldest.records[0].seq:
				if oldest != nil {
					next = min(next, oldest.records[0].seq)
				}
				oldest = s
			default:
				next = min(next, first)
			}
		}
		if oldest == nil {
			return
		}
		k, freed := 0, int64(0)
		for k < len(oldest.records) && oldest.records[k].seq < next && r.bytes-freed > target {
			freed += oldest.records[k].retained()
			k++
		}
		r.dropFront(oldest, k)
	}
}

// trimAge drops s's records older than the retention period.
func (r *streamRegistry) trimAge(s *tableStream, now time.Time) {
	cutoff := now.Add(-streamRetention)
	k := 0
	for k < len(s.records) && s.records[k].at.Before(cutoff) {
		k++
	}
	r.dropFront(s, k)
}

// dropFront trims s's first k records and releases their memory.
func (r *streamRegistry) dropFront(s *tableStream, k int) {
	if k == 0 {
		return
	}
	for i := range k {
		r.bytes -= s.records[i].retained()
	}
	s.trimmedThrough = s.records[k-1].seq
	// Clear the dropped slots so their images are garbage now, not when
	// the slice is next reallocated.
	clear(s.records[:k])
	if k > len(s.records)/2 {
		s.records = append([]streamRecord(nil), s.records[k:]...)
	} else {
		s.records = s.records[k:]
	}
}

// releaseStreams closes the streams of deleted table t and frees their
// records and their reference to t. The caller holds the writer lock.
func (d *Database) releaseStreams(t *table, now time.Time) {
	r := d.streams
	if r == nil {
		return
	}
	for _, s := range r.byArn {
		if s.table != t {
			continue
		}
		s.close(now)
		r.dropFront(s, len(s.records))
		s.table = nil
	}
	delete(r.latest, t)
	delete(r.keys, t)
	r.pruneClosed()
}

// pruneClosed removes the oldest disabled streams beyond maxClosedStreams.
func (r *streamRegistry) pruneClosed() {
	var closed []*tableStream
	for _, s := range r.byArn {
		if !s.open {
			closed = append(closed, s)
		}
	}
	for len(closed) > maxClosedStreams {
		o := 0
		for i, s := range closed {
			if s.closedAt.Before(closed[o].closedAt) || s.closedAt.Equal(closed[o].closedAt) && s.arn < closed[o].arn {
				o = i
			}
		}
		s := closed[o]
		r.dropFront(s, len(s.records))
		delete(r.byArn, s.arn)
		for t, l := range r.latest {
			if l == s {
				delete(r.latest, t)
			}
		}
		r.dirty = true
		closed[o] = closed[len(closed)-1]
		closed = closed[:len(closed)-1]
	}
}
