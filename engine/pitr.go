package engine

import (
	"time"
)

// Point-in-time recovery on the engine's clock. When it is turned on, the
// table's item tree is cloned (O(1), copy-on-write) as a base, and every
// write after that is logged with its time. The state at any instant of
// the recovery window is the base with the log replayed up to that
// instant. Log entries that fall out of the window (RecoveryPeriodInDays)
// are folded into the base as new writes arrive, so memory stays bounded
// by the window's writes.

// PITR limits: API model (RecoveryPeriodInDays 1..35, default 35).
const (
	minRecoveryDays     = 1
	maxRecoveryDays     = 35
	defaultRecoveryDays = 35
)

// pitrState is one table's continuous-backup state.
type pitrState struct {
	since time.Time // when it was turned on
	days  int64     // the recovery period
	base  *itemTree
	log   []pitrWrite
	head  int // log[:head] is folded into base
}

// pitrWrite is one logged item write: the new entry, or a delete of key.
type pitrWrite struct {
	at  time.Time
	e   entry // for a delete, only the key (hash, rest) is set
	del bool
}

func newPITR(t *table, now time.Time, days int64) *pitrState {
	return &pitrState{since: now, days: days, base: t.items.Clone()}
}

func (p *pitrState) period() time.Duration { return time.Duration(p.days) * 24 * time.Hour }

// record logs a write w just applied to t, then folds what has left the
// window. The caller holds the writer lock.
func (p *pitrState) record(now time.Time, t *table, w *write) {
	pw := pitrWrite{at: now, del: w.del}
	if w.del {
		pw.e = pivot(w.key)
	} else if e, ok := t.get(w.key); ok {
		pw.e = e
	} else {
		return
	}
	p.log = append(p.log, pw)
	cutoff := now.Add(-p.period())
	for p.head < len(p.log) && p.log[p.head].at.Before(cutoff) {
		p.apply(p.base, p.log[p.head])
		p.head++
	}
	// Restart the slice once most of it is folded, so it does not grow
	// without bound.
	if p.head > 1024 && p.head*2 > len(p.log) {
		p.log = append([]pitrWrite(nil), p.log[p.head:]...)
		p.head = 0
	}
}

// window is the recovery window at now: from the later of the moment
// recovery was turned on and now minus the period, to now. DynamoDB's
// latest restorable time trails the present by about five minutes; on the
// engine's clock, which the page moves by hand, the present itself is
// restorable so that a write just made can be seen in the restored table.
func (p *pitrState) window(now time.Time) (earliest, latest time.Time) {
	earliest = now.Add(-p.period())
	if p.since.After(earliest) {
		earliest = p.since
	}
	return earliest, now
}

// itemsAt returns the table's items as they were at instant at (inside the
// window).
func (p *pitrState) itemsAt(at time.Time) *itemTree {
	items := p.base.Clone()
	for _, w := range p.log[p.head:] {
		if w.at.After(at) {
			break
		}
		p.apply(items, w)
	}
	return items
}

func (p *pitrState) apply(items *itemTree, w pitrWrite) {
	if w.del {
		items.Delete(w.e)
	} else {
		items.ReplaceOrInsert(w.e)
	}
}
