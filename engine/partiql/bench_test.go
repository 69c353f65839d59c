package partiql

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The cost of PartiQL over the expression API: the same keyed read of six
// items, once through ExecuteStatement and once as the Query it becomes.

func BenchmarkExecuteStatementSelect(b *testing.B) {
	db := newFixture(b)
	stmt := `SELECT * FROM Music WHERE Artist = ? AND begins_with(SongTitle, 'Song')`
	in := &ExecuteStatementInput{Statement: &stmt, Parameters: []attr.AttributeValue{{Value: s("Artist1")}}}
	b.ReportAllocs()
	for b.Loop() {
		out, err := ExecuteStatement(db, in)
		if err != nil || len(out.Items) != 6 {
			b.Fatal(err)
		}
	}
}

func BenchmarkQueryEquivalent(b *testing.B) {
	db := newFixture(b)
	in := &engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND begins_with(#s, :p)"),
		ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":p": s("Song")}}
	b.ReportAllocs()
	for b.Loop() {
		out, err := db.Query(in)
		if err != nil || len(out.Items) != 6 {
			b.Fatal(err)
		}
	}
}
