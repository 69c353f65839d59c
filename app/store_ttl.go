package app

import (
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
)

// TTLFill is an offer the page makes after an Apply turned time to live
// on: Missing items of Table, written before the design had its TTL
// attribute, carry no value in it and so never expire; FillTTL gives them
// one by the attribute's generator.
type TTLFill struct {
	Table     string
	Attribute string
	Missing   int
}

// ttlOffers are the TTLFill offers for the engine db (they lapse with it:
// a load or another design replaces it).
type ttlOffers struct {
	db   *engine.Database
	list []TTLFill
}

// ttlFillsLocked returns the offers of the running engine. The caller
// holds s.mu.
func (s *Store) ttlFillsLocked() []TTLFill {
	if s.ttlOffers.db != s.db {
		return nil
	}
	return s.ttlOffers.list
}

// offerTTLFillLocked finds, after prev was replaced by the applied design,
// the tables whose TTL attribute is new and whose items lack it, and says
// so in the message. The caller holds s.mu.
func (s *Store) offerTTLFillLocked(prev *model.Model) {
	var list []TTLFill
	snap := s.db.Snapshot()
	for _, t := range s.applied.Tables {
		name := t.TableName
		ttl := s.applied.TTLAttribute(name)
		if ttl == "" || (prev != nil && prev.TTLAttribute(name) == ttl) {
			continue
		}
		ts := snap.Table(name)
		if ts == nil {
			continue
		}
		missing := 0
		ts.Items(func(it attr.Item) bool {
			if !model.HasTTLValue(it, ttl) {
				missing++
			}
			return true
		})
		if missing > 0 {
			list = append(list, TTLFill{Table: name, Attribute: ttl, Missing: missing})
		}
	}
	s.ttlOffers = ttlOffers{db: s.db, list: list}
	var parts []string
	for _, f := range list {
		parts = append(parts, fmt.Sprintf("%d items of %s have no %s, the TTL attribute just turned on, so they never expire: Fill %s gives them values by its generator", f.Missing, f.Table, f.Attribute, f.Attribute))
	}
	if len(parts) > 0 {
		s.message += "; " + strings.Join(parts, "; ")
	}
}

// FillTTL writes table's TTL attribute on every item that has none, by
// the generator of its entity's attribute (model.TTLFiller), with times
// counted from the clock's now; it reports how many it filled. The fill
// is a write like any other: the Time tab then shows the items expire.
func (s *Store) FillTTL(table string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fill, err := s.applied.TTLFiller(table, s.clock.Now(), int64(s.design))
	if err != nil {
		return 0, s.failLocked(err)
	}
	name := s.applied.TTLAttribute(table)
	ts := s.db.Snapshot().Table(table)
	if ts == nil {
		return 0, s.failLocked(fmt.Errorf("table %s does not exist", table))
	}
	var todo []attr.Item
	ts.Items(func(it attr.Item) bool {
		if !model.HasTTLValue(it, name) {
			todo = append(todo, it)
		}
		return true
	})
	filled := 0
	for i, it := range todo {
		v, err := fill(it, i)
		if err != nil {
			return filled, s.failLocked(err)
		}
		next := make(attr.Item, len(it)+1)
		for k, x := range it {
			next[k] = x
		}
		next[name] = v
		if _, err := s.db.PutItem(&engine.PutItemInput{TableName: &table, Item: next}); err != nil {
			return filled, s.failLocked(err)
		}
		filled++
	}
	var rest []TTLFill
	for _, f := range s.ttlFillsLocked() {
		if f.Table != table {
			rest = append(rest, f)
		}
	}
	s.ttlOffers.list = rest
	s.message, s.err = fmt.Sprintf("Filled %s on %d items of %s by its generator: the Time tab shows them expire", name, filled, table), ""
	s.publishLocked()
	return filled, nil
}
