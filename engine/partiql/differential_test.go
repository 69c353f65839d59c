package partiql

import (
	"errors"
	"strings"
	"testing"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// The differential corpus: every statement runs through ExecuteStatement
// and, on an identical database, through the expression API request that
// means the same thing; both must give the same items, the same error and
// the same consumed capacity, and leave the same data behind.

// result is what one side of a case produced.
type result struct {
	items []attr.Item
	err   error
	cc    *engine.ConsumedCapacity
}

// apiCall runs the expression-API side of a case.
type apiCall func(db *engine.Database, rcc string) result

type names = map[string]string
type values = attr.Values

func query(ins ...engine.QueryInput) apiCall {
	return func(db *engine.Database, rcc string) result {
		r := result{items: []attr.Item{}}
		for _, in := range ins {
			in.ReturnConsumedCapacity = rcc
			out, err := db.Query(&in)
			if err != nil {
				return result{err: err}
			}
			r.items = append(r.items, out.Items...)
			r.cc = addCapacity(r.cc, out.ConsumedCapacity)
		}
		return r
	}
}

func scan(in engine.ScanInput) apiCall {
	return func(db *engine.Database, rcc string) result {
		in.ReturnConsumedCapacity = rcc
		out, err := db.Scan(&in)
		if err != nil {
			return result{err: err}
		}
		return result{items: out.Items, cc: out.ConsumedCapacity}
	}
}

func put(in engine.PutItemInput) apiCall {
	return func(db *engine.Database, rcc string) result {
		in.ReturnConsumedCapacity = rcc
		out, err := db.PutItem(&in)
		if err != nil {
			return result{err: err}
		}
		return result{items: []attr.Item{}, cc: out.ConsumedCapacity}
	}
}

func update(in engine.UpdateItemInput) apiCall {
	return func(db *engine.Database, rcc string) result {
		in.ReturnConsumedCapacity = rcc
		out, err := db.UpdateItem(&in)
		if err != nil {
			return result{err: err}
		}
		items := []attr.Item{}
		if len(out.Attributes) > 0 {
			items = append(items, out.Attributes)
		}
		return result{items: items, cc: out.ConsumedCapacity}
	}
}

func del(in engine.DeleteItemInput) apiCall {
	return func(db *engine.Database, rcc string) result {
		in.ReturnConsumedCapacity = rcc
		out, err := db.DeleteItem(&in)
		if err != nil {
			return result{err: err}
		}
		items := []attr.Item{}
		if len(out.Attributes) > 0 {
			items = append(items, out.Attributes)
		}
		return result{items: items, cc: out.ConsumedCapacity}
	}
}

var (
	music = ptr("Music")
	users = ptr("Users")
)

type diffCase struct {
	name       string
	stmt       string
	params     []attr.Value
	consistent bool
	api        apiCall
	// wantCode is the PartiQL side's exception, "" for success: it keeps
	// the corpus honest about which cases are meant to fail.
	wantCode engine.Code
	// insert marks an INSERT: the API side's ConditionalCheckFailed is
	// PartiQL's DuplicateItem.
	insert bool
	// minItems guards against a case that compares two empty answers.
	minItems int
}

var corpus = []diffCase{
	// ---- SELECT: keyed reads become Query ----
	{name: "partition", stmt: `SELECT * FROM Music WHERE Artist = 'Artist1'`, minItems: 6,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), ExpressionAttributeNames: names{"#a": "Artist"}, ExpressionAttributeValues: values{":a": s("Artist1")}})},
	{name: "full key", stmt: `SELECT * FROM "Music" WHERE "Artist" = 'Artist2' AND SongTitle = 'Song03'`, minItems: 1,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist2"), ":s": s("Song03")}})},
	{name: "full key consistent", stmt: `SELECT * FROM Music WHERE Artist = ? AND SongTitle = ?`, params: []attr.Value{s("Artist2"), s("Song05")}, consistent: true, minItems: 1,
		api: query(engine.QueryInput{TableName: music, ConsistentRead: ptr(true), KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist2"), ":s": s("Song05")}})},
	{name: "missing item", stmt: `SELECT * FROM Music WHERE Artist = 'Nobody' AND SongTitle = 'x'`,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Nobody"), ":s": s("x")}})},
	{name: "begins_with on sort key", stmt: `SELECT * FROM Music WHERE Artist = 'Artist0' AND begins_with(SongTitle, 'Song0')`, minItems: 6,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND begins_with(#s, :p)"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist0"), ":p": s("Song0")}})},
	{name: "between on sort key", stmt: `SELECT * FROM Music WHERE Artist = 'Artist3' AND SongTitle BETWEEN 'Song01' AND 'Song03'`, minItems: 3,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s BETWEEN :l AND :h"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist3"), ":l": s("Song01"), ":h": s("Song03")}})},
	{name: "sort key comparison reversed", stmt: `SELECT * FROM Music WHERE 'Song02' < SongTitle AND Artist = 'Artist1'`, minItems: 3,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s > :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":s": s("Song02")}})},
	{name: "filter on a keyed read", stmt: `SELECT * FROM Music WHERE Artist = 'Artist1' AND Plays > 20`, minItems: 1,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), FilterExpression: ptr("#p > :p"), ExpressionAttributeNames: names{"#a": "Artist", "#p": "Plays"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":p": n("20")}})},
	{name: "projection", stmt: `SELECT SongTitle, Plays, Nope FROM Music WHERE Artist = 'Artist0'`, minItems: 6,
		api: query(engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), ProjectionExpression: ptr("#s, #p, #x"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle", "#p": "Plays", "#x": "Nope"}, ExpressionAttributeValues: values{":a": s("Artist0")}})},
	{name: "pk IN decomposes", stmt: `SELECT * FROM Music WHERE Artist IN ['Artist3', 'Artist0']`, minItems: 12,
		api: query(
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), ExpressionAttributeNames: names{"#a": "Artist"}, ExpressionAttributeValues: values{":a": s("Artist3")}},
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), ExpressionAttributeNames: names{"#a": "Artist"}, ExpressionAttributeValues: values{":a": s("Artist0")}})},
	{name: "pk OR decomposes", stmt: `SELECT * FROM Music WHERE (Artist = 'Artist1' OR Artist = 'Artist2') AND contains(Tags, 't1')`, minItems: 4,
		api: query(
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), FilterExpression: ptr("contains(#t, :t)"), ExpressionAttributeNames: names{"#a": "Artist", "#t": "Tags"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":t": s("t1")}},
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), FilterExpression: ptr("contains(#t, :t)"), ExpressionAttributeNames: names{"#a": "Artist", "#t": "Tags"}, ExpressionAttributeValues: values{":a": s("Artist2"), ":t": s("t1")}})},
	{name: "OR of keyed branches decomposes", stmt: `SELECT * FROM Music WHERE (Artist = 'Artist1' AND Plays > 20) OR (Plays < 10 AND Artist = 'Artist3')`, minItems: 2,
		api: query(
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), FilterExpression: ptr("#p > :p"), ExpressionAttributeNames: names{"#a": "Artist", "#p": "Plays"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":p": n("20")}},
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a"), FilterExpression: ptr("#p < :p"), ExpressionAttributeNames: names{"#a": "Artist", "#p": "Plays"}, ExpressionAttributeValues: values{":a": s("Artist3"), ":p": n("10")}})},
	{name: "pk and sk IN decompose", stmt: `SELECT * FROM Music WHERE Artist IN ['Artist1', 'Artist2'] AND SongTitle IN ['Song01', 'Song04']`, minItems: 4,
		api: query(
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":s": s("Song01")}},
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":s": s("Song04")}},
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist2"), ":s": s("Song01")}},
			engine.QueryInput{TableName: music, KeyConditionExpression: ptr("#a = :a AND #s = :s"), ExpressionAttributeNames: names{"#a": "Artist", "#s": "SongTitle"}, ExpressionAttributeValues: values{":a": s("Artist2"), ":s": s("Song04")}})},
	{name: "order by sort key desc", stmt: `SELECT * FROM Music WHERE Artist = 'Artist2' ORDER BY SongTitle DESC`, minItems: 6,
		api: query(engine.QueryInput{TableName: music, ScanIndexForward: ptr(false), KeyConditionExpression: ptr("#a = :a"), ExpressionAttributeNames: names{"#a": "Artist"}, ExpressionAttributeValues: values{":a": s("Artist2")}})},

	// ---- SELECT: anything else is a Scan ----
	{name: "no where", stmt: `SELECT * FROM Users`, minItems: 5, api: scan(engine.ScanInput{TableName: users})},
	{name: "non-key filter", stmt: `SELECT * FROM Music WHERE Plays >= 30`, minItems: 1,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("#p >= :p"), ExpressionAttributeNames: names{"#p": "Plays"}, ExpressionAttributeValues: values{":p": n("30")}})},
	{name: "pk range scans", stmt: `SELECT * FROM Music WHERE Artist > 'Artist1'`, minItems: 12,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("#a > :a"), ExpressionAttributeNames: names{"#a": "Artist"}, ExpressionAttributeValues: values{":a": s("Artist1")}})},
	{name: "pk under OR with a filter scans", stmt: `SELECT * FROM Music WHERE Artist = 'Artist1' OR Plays = 7`, minItems: 6,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("#a = :a OR #p = :p"), ExpressionAttributeNames: names{"#a": "Artist", "#p": "Plays"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":p": n("7")}})},
	{name: "nested path and index", stmt: `SELECT * FROM Music WHERE Info.label = 'L1' AND Credits[1] = 'p2'`, minItems: 2,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("#i.#l = :l AND #c[1] = :c"), ExpressionAttributeNames: names{"#i": "Info", "#l": "label", "#c": "Credits"}, ExpressionAttributeValues: values{":l": s("L1"), ":c": s("p2")}})},
	{name: "IN on a non-key", stmt: `SELECT * FROM Music WHERE Plays IN [0, 7, 13, 26]`, minItems: 1,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("#p IN (:a, :b, :c, :d)"), ExpressionAttributeNames: names{"#p": "Plays"}, ExpressionAttributeValues: values{":a": n("0"), ":b": n("7"), ":c": n("13"), ":d": n("26")}})},
	{name: "BETWEEN on a non-key", stmt: `SELECT * FROM Music WHERE Plays BETWEEN 10 AND 20`, minItems: 1,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("#p BETWEEN :l AND :h"), ExpressionAttributeNames: names{"#p": "Plays"}, ExpressionAttributeValues: values{":l": n("10"), ":h": n("20")}})},
	{name: "begins_with on a non-key", stmt: `SELECT * FROM Users WHERE begins_with(name, 'User 3')`, minItems: 1,
		api: scan(engine.ScanInput{TableName: users, FilterExpression: ptr("begins_with(#n, :p)"), ExpressionAttributeNames: names{"#n": "name"}, ExpressionAttributeValues: values{":p": s("User 3")}})},
	{name: "contains on a list", stmt: `SELECT * FROM Music WHERE contains(Credits, 'p3')`, minItems: 4,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("contains(#c, :c)"), ExpressionAttributeNames: names{"#c": "Credits"}, ExpressionAttributeValues: values{":c": s("p3")}})},
	{name: "attribute_type", stmt: `SELECT * FROM Music WHERE attribute_type(Note, 'NULL')`, minItems: 4,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("attribute_type(#n, :t)"), ExpressionAttributeNames: names{"#n": "Note"}, ExpressionAttributeValues: values{":t": s("NULL")}})},
	{name: "size", stmt: `SELECT * FROM Music WHERE size(Blob) > 100`, minItems: 4,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("size(#b) > :n"), ExpressionAttributeNames: names{"#b": "Blob"}, ExpressionAttributeValues: values{":n": n("100")}})},
	{name: "IS MISSING", stmt: `SELECT Artist, SongTitle FROM Music WHERE Genre IS MISSING`, minItems: 8,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("attribute_not_exists(#g)"), ProjectionExpression: ptr("#a, #s"), ExpressionAttributeNames: names{"#g": "Genre", "#a": "Artist", "#s": "SongTitle"}})},
	{name: "IS NOT MISSING and NOT", stmt: `SELECT * FROM Music WHERE Note IS NOT MISSING AND NOT Plays = 28`, minItems: 3,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("attribute_exists(#n) AND NOT #p = :p"), ExpressionAttributeNames: names{"#n": "Note", "#p": "Plays"}, ExpressionAttributeValues: values{":p": n("28")}})},
	{name: "EXISTS as attribute_exists", stmt: `SELECT * FROM Music WHERE attribute_exists(Blob) AND Plays <> 0`, minItems: 3,
		api: scan(engine.ScanInput{TableName: music, FilterExpression: ptr("attribute_exists(#b) AND #p <> :p"), ExpressionAttributeNames: names{"#b": "Blob", "#p": "Plays"}, ExpressionAttributeValues: values{":p": n("0")}})},

	// ---- SELECT on indexes ----
	{name: "GSI keyed", stmt: `SELECT * FROM "Music"."ByGenre" WHERE Genre = 'Rock'`, minItems: 3,
		api: query(engine.QueryInput{TableName: music, IndexName: ptr("ByGenre"), KeyConditionExpression: ptr("#g = :g"), ExpressionAttributeNames: names{"#g": "Genre"}, ExpressionAttributeValues: values{":g": s("Rock")}})},
	{name: "GSI range", stmt: `SELECT Artist, Year FROM "Music"."ByGenre" WHERE Genre = 'Jazz' AND Year >= 1995`, minItems: 1,
		api: query(engine.QueryInput{TableName: music, IndexName: ptr("ByGenre"), KeyConditionExpression: ptr("#g = :g AND #y >= :y"), ProjectionExpression: ptr("#a, #y"), ExpressionAttributeNames: names{"#g": "Genre", "#y": "Year", "#a": "Artist"}, ExpressionAttributeValues: values{":g": s("Jazz"), ":y": n("1995")}})},
	{name: "GSI scan", stmt: `SELECT * FROM "Music"."ByGenre"`, minItems: 16,
		api: scan(engine.ScanInput{TableName: music, IndexName: ptr("ByGenre")})},
	{name: "LSI keyed consistent", stmt: `SELECT * FROM "Music"."ByYear" WHERE Artist = 'Artist1' AND Year < 2000`, consistent: true, minItems: 2,
		api: query(engine.QueryInput{TableName: music, IndexName: ptr("ByYear"), ConsistentRead: ptr(true), KeyConditionExpression: ptr("#a = :a AND #y < :y"), ExpressionAttributeNames: names{"#a": "Artist", "#y": "Year"}, ExpressionAttributeValues: values{":a": s("Artist1"), ":y": n("2000")}})},

	// ---- errors the two paths share ----
	{name: "unknown table", stmt: `SELECT * FROM Nope WHERE id = 'x'`, wantCode: engine.CodeResourceNotFound,
		api: query(engine.QueryInput{TableName: ptr("Nope"), KeyConditionExpression: ptr("#i = :i"), ExpressionAttributeNames: names{"#i": "id"}, ExpressionAttributeValues: values{":i": s("x")}})},

	// ---- INSERT is a PutItem that must not replace ----
	{name: "insert", stmt: `INSERT INTO Users VALUE {'id': 'u9', 'name': ?, 'age': 41, 'tags': <<'a', 'b'>>, 'p': {'x': [1, 'two', null, true]}}`, params: []attr.Value{s("Nine")},
		api: put(engine.PutItemInput{TableName: users, ConditionExpression: ptr("attribute_not_exists(#i)"), ExpressionAttributeNames: names{"#i": "id"}, Item: attr.Item{
			"id": s("u9"), "name": s("Nine"), "age": n("41"), "tags": attr.StringSet{"a", "b"}, "p": attr.Map{"x": attr.List{n("1"), s("two"), attr.Null{}, attr.Bool(true)}}}})},
	{name: "insert duplicate", stmt: `INSERT INTO Users VALUE {'id': 'u1', 'name': 'again'}`, wantCode: engine.CodeDuplicateItem, insert: true,
		api: put(engine.PutItemInput{TableName: users, ConditionExpression: ptr("attribute_not_exists(#i)"), ExpressionAttributeNames: names{"#i": "id"}, Item: attr.Item{"id": s("u1"), "name": s("again")}})},
	{name: "insert into indexed table", stmt: `INSERT INTO Music VALUE {'Artist': 'New', 'SongTitle': 'One', 'Genre': 'Pop', 'Year': 2024}`,
		api: put(engine.PutItemInput{TableName: music, ConditionExpression: ptr("attribute_not_exists(#a)"), ExpressionAttributeNames: names{"#a": "Artist"}, Item: attr.Item{"Artist": s("New"), "SongTitle": s("One"), "Genre": s("Pop"), "Year": n("2024")}})},

	// ---- UPDATE is an UpdateItem that must find the item ----
	{name: "update set and remove", stmt: `UPDATE Users SET age = age + 1 SET name = 'Renamed' REMOVE emails WHERE id = 'u2'`,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": s("u2")}, UpdateExpression: ptr("SET #a = #a + :one, #n = :n REMOVE #e"), ConditionExpression: ptr("attribute_exists(#i)"),
			ExpressionAttributeNames: names{"#a": "age", "#n": "name", "#e": "emails", "#i": "id"}, ExpressionAttributeValues: values{":one": n("1"), ":n": s("Renamed")}})},
	{name: "update list_append nested", stmt: `UPDATE Music SET Credits = list_append(Credits, ['mixer']), Info.len = 200 WHERE Artist = 'Artist0' AND SongTitle = 'Song01' RETURNING ALL NEW *`,
		api: update(engine.UpdateItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist0"), "SongTitle": s("Song01")}, ReturnValues: "ALL_NEW",
			UpdateExpression: ptr("SET #c = list_append(#c, :m), #i.#l = :l"), ConditionExpression: ptr("attribute_exists(#a)"),
			ExpressionAttributeNames: names{"#c": "Credits", "#i": "Info", "#l": "len", "#a": "Artist"}, ExpressionAttributeValues: values{":m": attr.List{s("mixer")}, ":l": n("200")}})},
	{name: "update set_add", stmt: `UPDATE Music SET Tags = set_add(Tags, <<'encore'>>) WHERE Artist = 'Artist1' AND SongTitle = 'Song02' RETURNING MODIFIED NEW *`,
		api: update(engine.UpdateItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist1"), "SongTitle": s("Song02")}, ReturnValues: "UPDATED_NEW",
			UpdateExpression: ptr("ADD #t :a"), ConditionExpression: ptr("attribute_exists(#a)"),
			ExpressionAttributeNames: names{"#t": "Tags", "#a": "Artist"}, ExpressionAttributeValues: values{":a": attr.StringSet{"encore"}}})},
	{name: "update set_delete", stmt: `UPDATE Music SET Tags = SET_DELETE(Tags, <<'live'>>) WHERE Artist = 'Artist1' AND SongTitle = 'Song02' RETURNING MODIFIED OLD *`,
		api: update(engine.UpdateItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist1"), "SongTitle": s("Song02")}, ReturnValues: "UPDATED_OLD",
			UpdateExpression: ptr("DELETE #t :d"), ConditionExpression: ptr("attribute_exists(#a)"),
			ExpressionAttributeNames: names{"#t": "Tags", "#a": "Artist"}, ExpressionAttributeValues: values{":d": attr.StringSet{"live"}}})},
	{name: "update with a condition that holds", stmt: `UPDATE Music SET Plays = Plays - 2 WHERE Artist = 'Artist3' AND SongTitle = 'Song00' AND Plays > 1 RETURNING ALL OLD *`,
		api: update(engine.UpdateItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist3"), "SongTitle": s("Song00")}, ReturnValues: "ALL_OLD",
			UpdateExpression: ptr("SET #p = #p - :two"), ConditionExpression: ptr("attribute_exists(#a) AND (#p > :one)"),
			ExpressionAttributeNames: names{"#p": "Plays", "#a": "Artist"}, ExpressionAttributeValues: values{":two": n("2"), ":one": n("1")}})},
	{name: "update with a condition that fails", stmt: `UPDATE Music SET Plays = 0 WHERE Artist = 'Artist3' AND SongTitle = 'Song00' AND Plays > 1000`, wantCode: engine.CodeConditionalCheckFailed,
		api: update(engine.UpdateItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist3"), "SongTitle": s("Song00")},
			UpdateExpression: ptr("SET #p = :z"), ConditionExpression: ptr("attribute_exists(#a) AND (#p > :k)"),
			ExpressionAttributeNames: names{"#p": "Plays", "#a": "Artist"}, ExpressionAttributeValues: values{":z": n("0"), ":k": n("1000")}})},
	{name: "update of a missing item", stmt: `UPDATE Users SET age = 1 WHERE id = 'ghost'`, wantCode: engine.CodeConditionalCheckFailed,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": s("ghost")}, UpdateExpression: ptr("SET #a = :a"), ConditionExpression: ptr("attribute_exists(#i)"),
			ExpressionAttributeNames: names{"#a": "age", "#i": "id"}, ExpressionAttributeValues: values{":a": n("1")}})},
	{name: "update moves a GSI key", stmt: `UPDATE Music SET Genre = 'Jazz', Year = 2001 WHERE Artist = 'Artist2' AND SongTitle = 'Song02'`,
		api: update(engine.UpdateItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist2"), "SongTitle": s("Song02")}, UpdateExpression: ptr("SET #g = :g, #y = :y"), ConditionExpression: ptr("attribute_exists(#a)"),
			ExpressionAttributeNames: names{"#g": "Genre", "#y": "Year", "#a": "Artist"}, ExpressionAttributeValues: values{":g": s("Jazz"), ":y": n("2001")}})},
	{name: "update of a key attribute", stmt: `UPDATE Users SET id = 'other' WHERE id = 'u1'`, wantCode: engine.CodeValidation,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": s("u1")}, UpdateExpression: ptr("SET #i = :o"), ConditionExpression: ptr("attribute_exists(#i)"),
			ExpressionAttributeNames: names{"#i": "id"}, ExpressionAttributeValues: values{":o": s("other")}})},

	{name: "update with a key of the wrong type", stmt: `UPDATE Users SET age = 1 WHERE id = 7`, wantCode: engine.CodeValidation,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": n("7")}, UpdateExpression: ptr("SET #a = :a"), ConditionExpression: ptr("attribute_exists(#i)"),
			ExpressionAttributeNames: names{"#a": "age", "#i": "id"}, ExpressionAttributeValues: values{":a": n("1")}})},
	{name: "update arithmetic on a string", stmt: `UPDATE Users SET name = name + 1 WHERE id = 'u1'`, wantCode: engine.CodeValidation,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": s("u1")}, UpdateExpression: ptr("SET #n = #n + :one"), ConditionExpression: ptr("attribute_exists(#i)"),
			ExpressionAttributeNames: names{"#n": "name", "#i": "id"}, ExpressionAttributeValues: values{":one": n("1")}})},
	{name: "update a path through a missing map", stmt: `UPDATE Users SET profile.city = 'Oslo' WHERE id = 'u1'`, wantCode: engine.CodeValidation,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": s("u1")}, UpdateExpression: ptr("SET #p.#c = :c"), ConditionExpression: ptr("attribute_exists(#i)"),
			ExpressionAttributeNames: names{"#p": "profile", "#c": "city", "#i": "id"}, ExpressionAttributeValues: values{":c": s("Oslo")}})},
	{name: "update list index past the end appends", stmt: `UPDATE Users SET emails[9] = 'b@example.com' WHERE id = 'u1' RETURNING ALL NEW *`,
		api: update(engine.UpdateItemInput{TableName: users, Key: attr.Item{"id": s("u1")}, UpdateExpression: ptr("SET #e[9] = :e"), ConditionExpression: ptr("attribute_exists(#i)"), ReturnValues: "ALL_NEW",
			ExpressionAttributeNames: names{"#e": "emails", "#i": "id"}, ExpressionAttributeValues: values{":e": s("b@example.com")}})},
	{name: "insert without the key", stmt: `INSERT INTO Users VALUE {'name': 'nobody'}`, wantCode: engine.CodeValidation, insert: true,
		api: put(engine.PutItemInput{TableName: users, ConditionExpression: ptr("attribute_not_exists(#i)"), ExpressionAttributeNames: names{"#i": "id"}, Item: attr.Item{"name": s("nobody")}})},
	{name: "insert an empty key string", stmt: `INSERT INTO Users VALUE {'id': ''}`, wantCode: engine.CodeValidation, insert: true,
		api: put(engine.PutItemInput{TableName: users, ConditionExpression: ptr("attribute_not_exists(#i)"), ExpressionAttributeNames: names{"#i": "id"}, Item: attr.Item{"id": s("")}})},
	{name: "select a GSI key of the wrong type scans nothing", stmt: `SELECT * FROM "Music"."ByGenre" WHERE Genre > 1`,
		api: scan(engine.ScanInput{TableName: music, IndexName: ptr("ByGenre"), FilterExpression: ptr("#g > :g"), ExpressionAttributeNames: names{"#g": "Genre"}, ExpressionAttributeValues: values{":g": n("1")}})},

	// ---- DELETE is a DeleteItem whose condition applies to an existing item ----
	{name: "delete", stmt: `DELETE FROM Users WHERE id = 'u3' RETURNING ALL OLD *`,
		api: del(engine.DeleteItemInput{TableName: users, Key: attr.Item{"id": s("u3")}, ReturnValues: "ALL_OLD"})},
	{name: "delete missing with a condition", stmt: `DELETE FROM Users WHERE id = 'ghost' AND age > 5`,
		api: del(engine.DeleteItemInput{TableName: users, Key: attr.Item{"id": s("ghost")}, ConditionExpression: ptr("attribute_not_exists(#i) OR (#a > :a)"),
			ExpressionAttributeNames: names{"#i": "id", "#a": "age"}, ExpressionAttributeValues: values{":a": n("5")}})},
	{name: "delete with a false condition", stmt: `DELETE FROM Users WHERE id = 'u4' AND age < 5`, wantCode: engine.CodeConditionalCheckFailed,
		api: del(engine.DeleteItemInput{TableName: users, Key: attr.Item{"id": s("u4")}, ConditionExpression: ptr("attribute_not_exists(#i) OR (#a < :a)"),
			ExpressionAttributeNames: names{"#i": "id", "#a": "age"}, ExpressionAttributeValues: values{":a": n("5")}})},
	{name: "delete from an indexed table", stmt: `DELETE FROM Music WHERE SongTitle = 'Song00' AND Artist = 'Artist0'`,
		api: del(engine.DeleteItemInput{TableName: music, Key: attr.Item{"Artist": s("Artist0"), "SongTitle": s("Song00")}})},
}

func TestDifferentialCorpus(t *testing.T) {
	for _, rcc := range []string{"INDEXES", "TOTAL", "NONE"} {
		for _, c := range corpus {
			t.Run(rcc+"/"+c.name, func(t *testing.T) {
				pdb, adb := newFixture(t), newFixture(t)
				in := &ExecuteStatementInput{Statement: &c.stmt, ReturnConsumedCapacity: rcc}
				for _, p := range c.params {
					in.Parameters = append(in.Parameters, attr.AttributeValue{Value: p})
				}
				if c.consistent {
					in.ConsistentRead = ptr(true)
				}
				var got result
				out, err := ExecuteStatement(pdb, in)
				if err != nil {
					got.err = err
				} else {
					got = result{items: out.Items, cc: out.ConsumedCapacity}
				}
				want := c.api(adb, rcc)
				compareErrors(t, got.err, want.err, c)
				if got.err == nil {
					if len(got.items) < c.minItems {
						t.Errorf("got %d items, want at least %d", len(got.items), c.minItems)
					}
					if a, b := canon(got.items), canon(want.items); a != b {
						t.Errorf("items differ:\n partiql %s\n api     %s", a, b)
					}
					if a, b := canon(got.cc), canon(want.cc); a != b {
						t.Errorf("consumed capacity differs:\n partiql %s\n api     %s", a, b)
					}
					if rcc != "NONE" && got.cc == nil {
						t.Errorf("no consumed capacity reported for %s", rcc)
					}
				}
				if a, b := dump(t, pdb), dump(t, adb); a != b {
					t.Errorf("data differs afterwards:\n partiql %s\n api     %s", a, b)
				}
			})
		}
	}
}

func compareErrors(t *testing.T, got, want error, c diffCase) {
	t.Helper()
	var ge, we *engine.Error
	if got != nil && !errors.As(got, &ge) {
		t.Fatalf("partiql error is not an engine error: %v", got)
	}
	if want != nil && !errors.As(want, &we) {
		t.Fatalf("api error is not an engine error: %v", want)
	}
	gotCode := engine.Code("")
	if ge != nil {
		gotCode = ge.Code
	}
	if gotCode != c.wantCode {
		t.Fatalf("partiql: got %v, want code %q", got, c.wantCode)
	}
	if (ge == nil) != (we == nil) {
		t.Fatalf("partiql error %v, api error %v", got, want)
	}
	if ge == nil {
		return
	}
	wantCode, wantMsg := we.Code, we.Message
	if c.insert && wantCode == engine.CodeConditionalCheckFailed {
		wantCode, wantMsg = engine.CodeDuplicateItem, msgDuplicate
	}
	for _, p := range exprPrefixes {
		wantMsg = strings.TrimPrefix(wantMsg, p)
	}
	if ge.Code != wantCode || ge.Message != wantMsg {
		t.Errorf("errors differ:\n partiql %s: %s\n api     %s: %s", ge.Code, ge.Message, wantCode, wantMsg)
	}
}

// canon renders a value as canonical JSON (map keys sorted).
func canon(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "marshal error: " + err.Error()
	}
	return string(b)
}
