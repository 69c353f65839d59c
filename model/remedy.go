package model

import (
	"fmt"
	"strconv"
	"strings"
)

// ShardedKey is what ShardWrites changed: the entity's partition key
// template before and after, the shard parameter, and the access patterns
// rewritten, the writes that now draw a shard and the reads that now fan
// out over every shard.
type ShardedKey struct {
	Entity, Before, After, Parameter string
	Shards                           int
	Writes, Reads                    []string
}

// ShardWrites spreads the partition key of pattern's entity over shards
// keys (write sharding with a random suffix): the key template gains
// "#{shard}", the entity a shard attribute drawn from 0 to shards-1, each
// write of the entity a shard parameter drawn uniformly by the workload,
// and each GetItem or Query of the entity a fan-out over every shard (a
// reader cannot know which shard holds what it wants, so it asks all and
// merges). A bad request changes nothing.
func (m *Model) ShardWrites(pattern string, shards int) (*ShardedKey, error) {
	if shards < 2 || shards > 1000 {
		return nil, fmt.Errorf("write sharding over %d shards: 2 to 1,000", shards)
	}
	ap := m.AccessPattern(pattern)
	if ap == nil {
		return nil, fmt.Errorf("no access pattern %q", pattern)
	}
	e := m.Entity(ap.Entity)
	if e == nil {
		return nil, fmt.Errorf("access pattern %q has no entity", pattern)
	}
	t := m.Table(e.Table)
	if t == nil {
		return nil, fmt.Errorf("entity %s has no table", e.Name)
	}
	hash := t.HashKey()
	before := e.Keys[hash]
	if before == "" || t.AttributeType(hash) != "S" {
		return nil, fmt.Errorf("entity %s: only a String partition key template can take a shard suffix", e.Name)
	}
	param := "shard"
	for i := 2; strings.Contains(before, "{"+param+"}") || hasAttribute(e, param); i++ {
		param = "shard" + strconv.Itoa(i)
	}
	after := before + "#{" + param + "}"
	quoted := strconv.Quote(before)
	sk := &ShardedKey{Entity: e.Name, Before: before, After: after, Parameter: param, Shards: shards}
	for i := range m.AccessPatterns {
		q := &m.AccessPatterns[i]
		if q.Entity != e.Name || !strings.Contains(string(q.Request), quoted) {
			continue
		}
		q.Request = []byte(strings.ReplaceAll(string(q.Request), quoted, strconv.Quote(after)))
		switch q.Operation {
		case "GetItem", "Query":
			q.FanOut = &FanOut{Parameter: param, From: 0, To: shards - 1}
			sk.Reads = append(sk.Reads, q.Name)
		default:
			q.Parameters = append(q.Parameters, Parameter{Name: param, Example: "0",
				Description: fmt.Sprintf("the write shard: random, 0 to %d, drawn for each write", shards-1)})
			sk.Writes = append(sk.Writes, q.Name)
			if m.Workload != nil {
				for j := range m.Workload.Requests {
					wr := &m.Workload.Requests[j]
					if wr.AccessPattern == q.Name {
						wr.Keys = append(wr.Keys, KeyDistribution{Parameter: param, Kind: DistUniform, Cardinality: int64(shards)})
					}
				}
			}
		}
	}
	e.Keys[hash] = after
	e.Attributes = append(e.Attributes, Attribute{Name: param, Type: "S", Generator: fmt.Sprintf("int(0,%d)", shards-1),
		Description: fmt.Sprintf("write shard of %s: spreads its writes over %d partition keys", before, shards)})
	return sk, nil
}

func hasAttribute(e *Entity, name string) bool {
	for _, a := range e.Attributes {
		if a.Name == name {
			return true
		}
	}
	return false
}
