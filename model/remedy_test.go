package model

import (
	"os"
	"strings"
	"testing"
)

func countersForTest(t *testing.T) *Model {
	t.Helper()
	b, err := os.ReadFile("../app/testdata/counters.json")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestShardWrites: the key template gains the shard, the write a shard
// parameter drawn uniformly over the shards, the read a fan-out over all of
// them; the result is a valid design whose requests name the new key.
func TestShardWrites(t *testing.T) {
	m := countersForTest(t)
	sk, err := m.ShardWrites("Count a hit", 6)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Validate(); err != nil {
		t.Fatalf("the sharded design is not valid: %v", err)
	}
	if sk.After != "COUNTER#{counterId}#{shard}" || len(sk.Writes) != 1 || len(sk.Reads) != 1 {
		t.Fatalf("%+v", sk)
	}
	for _, ap := range m.AccessPatterns {
		if !strings.Contains(string(ap.Request), `"COUNTER#{counterId}#{shard}"`) {
			t.Errorf("%s still asks the unsharded key: %s", ap.Name, ap.Request)
		}
	}
	if f := m.AccessPattern("Read a counter").FanOut; f == nil || f.Parameter != "shard" || f.From != 0 || f.To != 5 {
		t.Errorf("the read's fan-out %+v", f)
	}
	var found bool
	for _, k := range m.Workload.Requests[0].Keys {
		if k.Parameter == "shard" && k.Kind == DistUniform && k.Cardinality == 6 {
			found = true
		}
	}
	if !found {
		t.Errorf("the write's workload draws no shard: %+v", m.Workload.Requests[0].Keys)
	}
	// Sharding again takes another parameter name.
	if sk, err := m.ShardWrites("Count a hit", 2); err != nil || sk.Parameter != "shard2" {
		t.Errorf("a second sharding: %+v, %v", sk, err)
	}
}

// TestShardWritesRefusesBadInput: nothing changes on a bad request.
func TestShardWritesRefusesBadInput(t *testing.T) {
	for _, c := range []struct {
		pattern string
		shards  int
	}{{"Count a hit", 1}, {"Count a hit", 1001}, {"No such pattern", 4}} {
		m := countersForTest(t)
		before, _ := Marshal(m)
		if _, err := m.ShardWrites(c.pattern, c.shards); err == nil {
			t.Errorf("ShardWrites(%q, %d) succeeded", c.pattern, c.shards)
		}
		if after, _ := Marshal(m); string(after) != string(before) {
			t.Errorf("ShardWrites(%q, %d) changed the design", c.pattern, c.shards)
		}
	}
}
