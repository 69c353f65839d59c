package advise

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/model"
)

// largestCollection is, by brute force over the loaded data, the most
// items of entity under one partition-key value of the table or index.
func largestCollection(m *model.Model, db *engine.Database, entity, table, index string) int {
	rec, err := m.NewRecognizer()
	if err != nil {
		return 0
	}
	t := m.Table(table)
	pk := t.HashKey()
	if g := t.GSI(index); g != nil {
		pk = g.HashKey()
	}
	counts := map[string]int{}
	best := 0
	db.Snapshot().Table(table).Entries(index, func(e engine.StoredEntry) bool {
		it := e.Item()
		if ent, _ := rec.EntityOf(table, it); ent == nil || ent.Name != entity {
			return true
		}
		k := fmt.Sprint(it[pk])
		counts[k]++
		best = max(best, counts[k])
		return true
	})
	return best
}

// checkExamples loads m's dataset at size, finds the examples on it (as
// the page does after a load) and runs every access pattern, reads first
// then writes: each runs without error; a Query returns at least 2 items
// wherever a collection it could read has them (the check is exact for a
// Query whose key condition fixes only the partition key, and asks for 1
// item otherwise: a fixed part of the sort key narrows the collection).
func checkExamples(t *testing.T, label string, m *model.Model, size int) {
	t.Helper()
	m.Dataset.Generator.Size = size
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Errorf("%s: load: %v", label, err)
		return
	}
	m.SetExamples(m.FindExamples(db))
	writes := []model.AccessPattern{}
	for _, ap := range m.AccessPatterns {
		if ap.Operation != "GetItem" && ap.Operation != "Query" && ap.Operation != "Scan" {
			writes = append(writes, ap)
			continue
		}
		res, err := ap.Run(db, ap.Examples())
		if err != nil {
			t.Errorf("%s at %d: %s with %v: %v", label, size, ap.Name, ap.Examples(), err)
			continue
		}
		if ap.Operation != "Query" {
			continue
		}
		var req struct {
			TableName, IndexName, KeyConditionExpression string
			ExpressionAttributeValues                    map[string]json.RawMessage
		}
		_ = json.Unmarshal(ap.Request, &req)
		want := 1
		if c := largestCollection(m, db, ap.Entity, req.TableName, req.IndexName); c >= 2 && fixesOnlyPartition(req.ExpressionAttributeValues) {
			want = 2
		}
		if len(res.Items) < want {
			t.Errorf("%s at %d: %s with %v returns %d item(s), want at least %d", label, size, ap.Name, ap.Examples(), len(res.Items), want)
		}
	}
	for _, ap := range writes {
		if _, err := ap.Run(db, ap.Examples()); err != nil {
			t.Errorf("%s at %d: %s with %v: %v", label, size, ap.Name, ap.Examples(), err)
		}
	}
}

// fixesOnlyPartition reports whether a key condition's sort-key values
// hold no parameter but a range's bounds: the collection is the whole
// partition's items of the entity.
func fixesOnlyPartition(values map[string]json.RawMessage) bool {
	for name, v := range values {
		if name == ":pk" {
			continue
		}
		s := string(v)
		for _, part := range strings.Split(s, "{")[1:] {
			p, _, _ := strings.Cut(part, "}")
			if _, _, ok := boundName(p); !ok {
				return false
			}
		}
	}
	return true
}

func boundName(p string) (string, bool, bool) {
	for _, s := range []string{"From", "To"} {
		if st, ok := strings.CutSuffix(p, s); ok && st != "" {
			return st, s == "From", true
		}
	}
	return "", false, false
}

// handWritten are descriptions in plain lines, beside the shop and the
// tracker: hierarchies, ranges, subsets (and the writes that rekey
// them), sharded keys, TTL.
var handWritten = []string{`
Store: country, state, city, name
list Stores by country and state range city, 40/s
list Stores by country and state, 10/s
get Store by storeId, 5/s
create Store, 1/s
update Store set name, 1/s
delete Store
`, `
Device: model, firmware
Reading of Device 5-40: value N, takenAt
list Readings by deviceId range takenAt, 200/s
create Reading, 500/s
get Device by deviceId, 50/s
update Device set firmware, 2/s
`, `
Author: name, email
Post of Author 0-15: title, publishedAt, category enum(TECH:3,LIFE:2,NEWS:1)
Tag of Post 0-4: label
list Posts by authorId range publishedAt, 30/s
list Posts by category range publishedAt, 20/s
list Tags by postId, 10/s
get Author by email, 5/s
create Post, 3/s
delete Tag
`, `
Project: name
Task of Project 0-20: taskId, assigneeId, status enum(OPEN:3,DONE:7), dueAt, title
list Tasks by assigneeId where status = OPEN range dueAt, 30/s
update Task set assigneeId, 5/s "Reassign a task"
update Task set dueAt, 5/s "Reschedule a task"
update Task set status, 5/s
create Task, 5/s
`}

func init() { handWritten = append(handWritten, strings.Replace(library, "%s", "5", 1)) }

// TestExamplesBehave is issue 25's property over the advisor's designs:
// the shop, the tracker, hand-written and random descriptions, loaded at
// 200 and 10,000 items.
func TestExamplesBehave(t *testing.T) {
	ins := map[string]Input{"shop": shop()}
	for i, text := range handWritten {
		in, err := Parse(text)
		if err != nil {
			t.Fatalf("hand-written %d: %v", i, err)
		}
		ins[fmt.Sprint("hand-written ", i)] = in
	}
	for label, in := range ins {
		p := propose(t, in)
		for _, size := range []int{200, 10_000} {
			checkExamples(t, label, p.Model, size)
		}
	}
	for seed := uint64(0); seed < 300; seed++ {
		in := randomInput(seed)
		p, err := Propose(in)
		if err != nil {
			continue // refused: TestProposeRandom checks the refusals
		}
		sizes := []int{200}
		if seed%15 == 0 {
			sizes = append(sizes, 10_000)
		}
		for _, size := range sizes {
			checkExamples(t, fmt.Sprint("seed ", seed), p.Model, size)
		}
	}
}
