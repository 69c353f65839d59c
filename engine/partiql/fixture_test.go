package partiql

import (
	"fmt"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

func ptr[T any](v T) *T     { return &v }
func s(v string) attr.Value { return attr.String(v) }
func n(v string) attr.Value { return attr.MustNumber(v) }

// newFixture builds the test database: Music (Artist, SongTitle) with a
// KEYS_ONLY GSI ByGenre (Genre, Year), an ALL LSI ByYear (Artist, Year),
// a hash-only table Users (id) and twenty-odd deterministic items.
func newFixture(t testing.TB) *engine.Database {
	t.Helper()
	db := engine.New(engine.WithClock(engine.NewManualClock(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))))
	mustDo(t, func() error {
		_, err := db.CreateTable(&engine.CreateTableInput{
			TableName: "Music",
			AttributeDefinitions: []schema.AttributeDefinition{
				{AttributeName: "Artist", AttributeType: schema.TypeS},
				{AttributeName: "SongTitle", AttributeType: schema.TypeS},
				{AttributeName: "Genre", AttributeType: schema.TypeS},
				{AttributeName: "Year", AttributeType: schema.TypeN},
			},
			KeySchema: []schema.KeySchemaElement{
				{AttributeName: "Artist", KeyType: schema.KeyTypeHash},
				{AttributeName: "SongTitle", KeyType: schema.KeyTypeRange},
			},
			GlobalSecondaryIndexes: []schema.GlobalSecondaryIndex{{
				IndexName: "ByGenre",
				KeySchema: []schema.KeySchemaElement{
					{AttributeName: "Genre", KeyType: schema.KeyTypeHash},
					{AttributeName: "Year", KeyType: schema.KeyTypeRange},
				},
				Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly},
			}},
			LocalSecondaryIndexes: []schema.LocalSecondaryIndex{{
				IndexName: "ByYear",
				KeySchema: []schema.KeySchemaElement{
					{AttributeName: "Artist", KeyType: schema.KeyTypeHash},
					{AttributeName: "Year", KeyType: schema.KeyTypeRange},
				},
				Projection: schema.Projection{ProjectionType: schema.ProjectAll},
			}},
			BillingMode: schema.BillingPayPerRequest,
		})
		return err
	})
	mustDo(t, func() error {
		_, err := db.CreateTable(&engine.CreateTableInput{
			TableName:            "Users",
			AttributeDefinitions: []schema.AttributeDefinition{{AttributeName: "id", AttributeType: schema.TypeS}},
			KeySchema:            []schema.KeySchemaElement{{AttributeName: "id", KeyType: schema.KeyTypeHash}},
			BillingMode:          schema.BillingPayPerRequest,
		})
		return err
	})
	genres := []string{"Rock", "Jazz", "Pop"}
	for a := range 4 {
		for i := range 6 {
			it := attr.Item{
				"Artist":    s(fmt.Sprintf("Artist%d", a)),
				"SongTitle": s(fmt.Sprintf("Song%02d", i)),
				"Plays":     n(fmt.Sprint((a*7 + i*13) % 50)),
				"Tags":      attr.StringSet{"live", fmt.Sprintf("t%d", i%3)},
				"Credits":   attr.List{s("writer"), s(fmt.Sprintf("p%d", i))},
				"Info":      attr.Map{"label": s(fmt.Sprintf("L%d", a%2)), "len": n(fmt.Sprint(180 + i))},
			}
			if i%3 != 2 { // some items lack the GSI and LSI key: sparse
				it["Genre"] = s(genres[(a+i)%3])
				it["Year"] = n(fmt.Sprint(1990 + i*3 + a))
			}
			if i == 4 {
				it["Note"] = attr.Null{}
			}
			if i == 5 {
				it["Blob"] = attr.String(fmt.Sprintf("%0500d", a)) // a larger item
			}
			mustDo(t, func() error {
				_, err := db.PutItem(&engine.PutItemInput{TableName: ptr("Music"), Item: it})
				return err
			})
		}
	}
	for i := range 5 {
		mustDo(t, func() error {
			_, err := db.PutItem(&engine.PutItemInput{TableName: ptr("Users"), Item: attr.Item{
				"id": s(fmt.Sprintf("u%d", i)), "name": s(fmt.Sprintf("User %d", i)), "age": n(fmt.Sprint(20 + i*5)),
				"emails": attr.List{s(fmt.Sprintf("u%d@example.com", i))},
			}})
			return err
		})
	}
	return db
}

func mustDo(t testing.TB, f func() error) {
	t.Helper()
	if err := f(); err != nil {
		t.Fatal(err)
	}
}

// dump scans every table in full, to compare two databases' contents.
func dump(t testing.TB, db *engine.Database) string {
	t.Helper()
	var out []byte
	for _, table := range []string{"Music", "Users"} {
		res, err := db.Scan(&engine.ScanInput{TableName: ptr(table)})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range res.Items {
			out = attr.AppendItem(out, it)
			out = append(out, '\n')
		}
	}
	return string(out)
}
