package model

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// TestLoadPipelinedIsLoadItems: a load whose source runs on a goroutine of
// its own stores what a load on one goroutine stores, and fails as it
// does: random sources over two tables (later items replacing earlier
// ones, one reused map), some with an item the engine refuses, some that
// fail themselves, at random places, across batches.
func TestLoadPipelinedIsLoadItems(t *testing.T) {
	tables := []string{"Big", "Small"}
	newDB := func() *engine.Database {
		db := engine.New(engine.WithClock(engine.NewManualClock(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))))
		for _, name := range tables {
			if _, err := db.CreateTable(&engine.CreateTableInput{TableName: name,
				AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "pk", AttributeType: schema.TypeS}, {AttributeName: "sk", AttributeType: schema.TypeN}},
				KeySchema:            []schema.KeySchemaElement{{AttributeName: "pk", KeyType: schema.KeyTypeHash}, {AttributeName: "sk", KeyType: schema.KeyTypeRange}},
				BillingMode:          schema.BillingPayPerRequest}); err != nil {
				t.Fatal(err)
			}
		}
		return db
	}
	errSource := errors.New("the source gave up")
	// src emits n items; at refuse (if >= 0) one without its sort key, at
	// fail (if >= 0) it stops with errSource.
	src := func(seed uint64, n, refuse, fail int) Source {
		return func(emit func(string, attr.Item) error) error {
			r := rand.New(rand.NewPCG(seed, 1))
			it := attr.Item{}
			for i := 0; i < n; i++ {
				if i == fail {
					return errSource
				}
				clear(it)
				it["pk"] = attr.String("p" + strconv.Itoa(r.IntN(300)))
				if i != refuse {
					it["sk"] = attr.NumberFromInt64(int64(r.IntN(20)))
				}
				it["v"] = attr.NumberFromInt64(int64(i))
				table := tables[0]
				if r.IntN(4) == 0 {
					table = tables[1]
				}
				if err := emit(table, it); err != nil {
					return err
				}
			}
			return nil
		}
	}
	dump := func(db *engine.Database) string {
		var sb strings.Builder
		for _, name := range tables {
			out, err := db.Scan(&engine.ScanInput{TableName: &name})
			if err != nil {
				t.Fatal(err)
			}
			lines := make([]string, len(out.Items))
			for i, it := range out.Items {
				lines[i] = string(attr.AppendItem(nil, it))
			}
			slices.Sort(lines)
			fmt.Fprintf(&sb, "%s %d\n%s\n", name, len(lines), strings.Join(lines, "\n"))
		}
		return sb.String()
	}
	r := rand.New(rand.NewPCG(9, 9))
	for c := 0; c < 24; c++ {
		n := 1 + r.IntN(4*pipelineBatch)
		refuse, fail := -1, -1
		switch c % 4 {
		case 1:
			refuse = r.IntN(n)
		case 2:
			fail = r.IntN(n)
		case 3:
			refuse, fail = r.IntN(n), r.IntN(n)
		}
		seed := uint64(c)
		want := newDB()
		wst, werr := LoadItemsSized(want, src(seed, n, refuse, fail), 0)
		db := newDB()
		st, err := loadPipelined(db, src(seed, n, refuse, fail), n)
		if fmt.Sprint(err) != fmt.Sprint(werr) {
			t.Fatalf("case %d (n %d, refuse %d, fail %d): error %v, one goroutine's %v", c, n, refuse, fail, err, werr)
		}
		if !reflect.DeepEqual(st, wst) {
			t.Fatalf("case %d: stats %+v, one goroutine's %+v", c, st, wst)
		}
		if got, w := dump(db), dump(want); got != w {
			t.Fatalf("case %d: the tables differ from one goroutine's", c)
		}
		if refuse >= 0 && (fail < 0 || refuse < fail) && !strings.Contains(fmt.Sprint(err), fmt.Sprintf("dataset item %d ", refuse)) {
			t.Fatalf("case %d: error %v does not name item %d", c, err, refuse)
		}
	}
}

// TestLoadPipelinedPanics: a source that panics on its own goroutine
// panics on the caller's, as it would in a load on one goroutine.
func TestLoadPipelinedPanics(t *testing.T) {
	db := engine.New()
	defer func() {
		if p := recover(); p != "the source broke" {
			t.Fatalf("recovered %v", p)
		}
	}()
	_, _ = loadPipelined(db, func(func(string, attr.Item) error) error { panic("the source broke") }, 10)
	t.Fatal("no panic")
}
