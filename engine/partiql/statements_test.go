package partiql

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

func exec(t *testing.T, db *engine.Database, stmt string, params ...attr.Value) (*ExecuteStatementOutput, error) {
	t.Helper()
	in := &ExecuteStatementInput{Statement: &stmt, ReturnConsumedCapacity: "TOTAL"}
	for _, p := range params {
		in.Parameters = append(in.Parameters, attr.AttributeValue{Value: p})
	}
	return ExecuteStatement(db, in)
}

func wantErr(t *testing.T, err error, code engine.Code, msg string) {
	t.Helper()
	var e *engine.Error
	if !errors.As(err, &e) {
		t.Fatalf("got %v, want %s: %s", err, code, msg)
	}
	if e.Code != code || e.Message != msg {
		t.Errorf("got %s: %q\nwant %s: %q", e.Code, e.Message, code, msg)
	}
}

// TestStatementErrors pins DynamoDB's own PartiQL messages (reference §11),
// and that a rejected statement changes nothing.
func TestStatementErrors(t *testing.T) {
	v := engine.CodeValidation
	cases := []struct {
		stmt   string
		params []attr.Value
		code   engine.Code
		msg    string
	}{
		{`SLECT * FROM Music`, nil, v, "Statement wasn't well formed, can't be processed: Expected data manipulation"},
		{`SELECT * FROM Music WHERE Artist = 'a' garbage`, nil, v, "Statement wasn't well formed, can't be processed: Unexpected token after expression"},
		{`SELECT * FROM Music;`, nil, "", ""},
		{`SELECT * FROM Music -- comment` + "\n" + `/* block */ WHERE Artist = 'Artist1'`, nil, "", ""},
		{`SELECT * FROM Music /* open`, nil, v, "Statement wasn't well formed, can't be processed: Unterminated block comment"},
		{`SELECT * FROM Music WHERE Artist = 'a`, nil, v, "Statement wasn't well formed, can't be processed"},
		{`SELECT COUNT(*) FROM Music`, nil, v, "Unexpected path component at 1:8:5"},
		{`SELECT * FROM Music WHERE payload.value = 1`, nil, v, "Statement wasn't well formed, can't be processed: Invalid path dot component"},
		{`SELECT * FROM Nope`, nil, engine.CodeResourceNotFound, "Requested resource not found"},
		{`SELECT * FROM "Music"."Nope"`, nil, v, "The table does not have the specified index"},
		{`SELECT * FROM "Music"."ByGenre"."x"`, nil, v, "A path may contain at most 2 components in the FROM clause"},
		{`SELECT * FROM "Music".""`, nil, v, "Path component cannot be an empty string"},
		{`SELECT * FROM Music WHERE Artist = 1`, nil, v, "Key attribute's data type should match its data type in table's schema: Key Artist"},
		{`SELECT * FROM Music WHERE Artist IN ['a', 'a']`, nil, v, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Music WHERE Artist = 'a' OR Artist = 'a'`, nil, v, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Music WHERE Artist = 'a' AND (SongTitle > '0' OR SongTitle < '5')`, nil, v, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Music WHERE (Artist = 'a' AND Plays = 1) OR (Artist = 'a' AND Plays = 2)`, nil, v, "Overlapping conditions with range keys are not supported in where clause"},
		{`SELECT * FROM Music WHERE Plays < true`, nil, v, "Incorrect operand type for operator or function; operator or function: <, operand type: BOOL"},
		{`SELECT * FROM Music WHERE Plays BETWEEN 1 AND [2]`, nil, v, "Incorrect operand type for operator or function; operator or function: BETWEEN, operand type: L"},
		{`SELECT * FROM Music WHERE attribute_type(Plays, 1)`, nil, v, "Incorrect operand type for operator or function; operator or function: attribute_type, operand type: N"},
		{`SELECT * FROM Music WHERE Artist = ?`, nil, v, "Number of parameters in request and statement don't match."},
		{`SELECT * FROM Music WHERE Plays = MISSING`, nil, v, "MISSING must be compared using IS operator"},
		{`SELECT * FROM Music LIMIT 5`, nil, v, "Unsupported clause: LIMIT"},
		{`SELECT *, Plays FROM Music`, nil, v, "Other attributes should not be present in the projection when '*' is used."},
		{`SELECT a.z, b.z FROM Music`, nil, v, "Duplicate identifiers in select clause: z"},
		{`SELECT Artist, Plays FROM "Music"."ByGenre"`, nil, v, "One or more parameter values were invalid: Global secondary index ByGenre does not project [Plays]"},
		{`SELECT * FROM "Music"."ByGenre" WHERE Genre = 'Rock' AND Plays > 1`, nil, v, "One or more parameter values were invalid: Secondary index ByGenre does not project one or more filter attributes: [Plays]"},
		{`SELECT * FROM Music WHERE l[-1] = 1`, nil, v, "List index is not within the allowable range; index: [-1] at 1:30:1"},
		{`SELECT * FROM Music ORDER BY SongTitle`, nil, v, "Must have WHERE clause in the statement when using ORDER BY clause."},
		{`SELECT * FROM Music WHERE Artist = 'a' ORDER BY Plays`, nil, v, "Variable reference Plays in ORDER BY clause must be part of the primary key"},
		{`SELECT * FROM Music WHERE Artist IN ['a', 'b'] ORDER BY SongTitle`, nil, v, "Must have hash key in ORDER BY clause when more than one hash key condition specified in WHERE clause."},
		{`SELECT * FROM Music WHERE Plays IN [` + strings.Repeat("1,", 100) + `1]`, nil, v, "The IN operator is provided with too many operands; number of operands: 101"},
		{`SELECT * FROM Music WHERE Artist IN [` + quotedList(51) + `]`, nil, v, "Too many decomposed read operations for a given query."},
		{`SELECT * FROM Music WHERE Artist IN [` + quotedList(26) + `] AND SongTitle IN ['x', 'y']`, nil, v, "Too many decomposed read operations for a given query."},
		{`INSERT INTO Users VALUE {'id': 'u1'}`, nil, engine.CodeDuplicateItem, "Duplicate primary key exists in table"},
		{`INSERT INTO "Music"."ByGenre" VALUE {'id': 'x'}`, nil, v, "FROM clause may only contain a single table name in data manipulation statements at 1:13:17"},
		{`INSERT INTO Users VALUES {'id': 'x'}`, nil, v, `Unsupported operation: Inserting multiple items in a single statement is not supported, use "INSERT INTO tableName VALUE item" instead`},
		{`INSERT INTO Users VALUE ['x']`, nil, v, "Unsupported format in item expression. Please use struct format {...} to express item values for insert statement."},
		{`INSERT INTO Users VALUE {'id': 'x', 'l': [?]}`, []attr.Value{s("a")}, v, "Unsupported data type: Parameter under key root[0] at 1:43:1"},
		{`INSERT INTO Users VALUE {'id': 'x', 's': <<'b', 'b'>>}`, nil, v, "One or more parameter values were invalid: Input collection [b, b] contains duplicates."},
		{`INSERT INTO Users VALUE {'id': 'x', 's': <<>>}`, nil, v, "Empty bags are not supported"},
		{`INSERT INTO Users VALUE {'id': 'x', 's': <<'a', 1>>}`, nil, v, "Unsupported data type in Bag. DynamoDB only supports either numbers or strings in bags"},
		{`INSERT INTO Users VALUE {'id': 'x', 'id': 'y'}`, nil, v, "Duplicate keys in tuple. Key: id under root"},
		{`UPDATE Users SET age = 1`, nil, v, "Where clause does not contain a mandatory equality on all key attributes"},
		{`UPDATE Users SET age = 1 WHERE id = 'u1' OR id = 'u2'`, nil, v, "Where clause does not contain a mandatory equality on all key attributes"},
		{`UPDATE Users SET age = 1 WHERE id = 'u1' AND id = 'u2'`, nil, v, "Multiple conditions on same key id. Only single item Update/Insert/Delete are supported"},
		{`UPDATE Users SET age = age + 'x' WHERE id = 'u1'`, nil, v, "Incorrect operand type for operator or function; operator or function: +, operand type: S"},
		{`UPDATE Users SET age = set_add(age, 5) WHERE id = 'u1'`, nil, v, "The second argument to SET_ADD must be a value with type SET at 1:37:1"},
		{`UPDATE Users SET age = set_add(name, <<5>>) WHERE id = 'u1'`, nil, v, "The first argument to SET_ADD must equal the assignment value"},
		{`UPDATE "Music"."ByGenre" SET age = 1 WHERE id = 'u1'`, nil, v, "This operation is not supported on an index"},
		{`UPDATE Users SET newlist[0] = 'x' WHERE id = 'u1'`, nil, v, "The document path provided in the update expression is invalid for update"},
		{`DELETE FROM Users WHERE age = 1`, nil, v, "Where clause does not contain a mandatory equality on all key attributes"},
		{`DELETE FROM Users WHERE id = 'u1' RETURNING MODIFIED OLD *`, nil, v, "Invalid returning clause: RETURNING MODIFIED OLD *. Only RETURNING ALL OLD * is allowed in DELETE statements."},
		{`EXISTS(SELECT * FROM Users WHERE id = 'u1' AND age = 20)`, nil, v, "EXISTS can only be used in ExecuteTransaction write requests."},
	}
	for _, c := range cases {
		t.Run(c.stmt, func(t *testing.T) {
			db := newFixture(t)
			before := dump(t, db)
			_, err := exec(t, db, c.stmt, c.params...)
			if c.code == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			wantErr(t, err, c.code, c.msg)
			if after := dump(t, db); after != before {
				t.Errorf("a rejected statement changed the data")
			}
		})
	}
}

func quotedList(n int) string {
	var parts []string
	for i := range n {
		parts = append(parts, fmt.Sprintf("'a%d'", i))
	}
	return strings.Join(parts, ", ")
}

func TestRequestValidation(t *testing.T) {
	db := newFixture(t)
	stmt := `SELECT * FROM Users`
	for _, c := range []struct {
		name string
		in   ExecuteStatementInput
		msg  string
	}{
		{"no statement", ExecuteStatementInput{}, "1 validation error detected: Value null at 'statement' failed to satisfy constraint: Member must not be null"},
		{"empty parameters", ExecuteStatementInput{Statement: &stmt, Parameters: []attr.AttributeValue{}}, "1 validation error detected: Value '[]' at 'parameters' failed to satisfy constraint: Member must have length greater than or equal to 1"},
		{"limit 0", ExecuteStatementInput{Statement: &stmt, Limit: ptr(int64(0))}, "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value greater than or equal to 1"},
		{"bad capacity", ExecuteStatementInput{Statement: &stmt, ReturnConsumedCapacity: "X"}, "1 validation error detected: Value 'X' at 'returnConsumedCapacity' failed to satisfy constraint: Member must satisfy enum value set: [INDEXES, TOTAL, NONE]"},
		{"long statement", ExecuteStatementInput{Statement: ptr(strings.Repeat("x", 8193))}, "1 validation error detected: Value '" + strings.Repeat("x", 8193) + "' at 'statement' failed to satisfy constraint: Member must have length less than or equal to 8192"},
		{"bad token", ExecuteStatementInput{Statement: &stmt, NextToken: ptr("!!!")}, "Invalid NextToken"},
		{"gsi consistent", ExecuteStatementInput{Statement: ptr(`SELECT * FROM "Music"."ByGenre"`), ConsistentRead: ptr(true)}, "Strongly consistent read is not supported on Global Secondary Indexes"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ExecuteStatement(db, &c.in)
			wantErr(t, err, engine.CodeValidation, c.msg)
		})
	}
}

// TestProjectionNames checks that projected paths come back under their
// last name (with trailing indexes), not nested.
func TestProjectionNames(t *testing.T) {
	db := newFixture(t)
	out, err := exec(t, db, `SELECT Info.label, Credits[1], "Info"."len", Nope.x FROM Music WHERE Artist = 'Artist1' AND SongTitle = 'Song02'`)
	if err != nil {
		t.Fatal(err)
	}
	want := attr.Item{"label": s("L1"), "Credits[1]": s("p2"), "len": n("182")}
	if len(out.Items) != 1 || !out.Items[0].Equal(want) {
		t.Fatalf("got %v, want %v", out.Items, want)
	}
}

// TestSortKeyFilters covers sort-key conditions a Query's key condition
// cannot hold (<>, NOT, a second range): they filter the keyed read, and
// cost what the Query walks.
func TestSortKeyFilters(t *testing.T) {
	db := newFixture(t)
	for _, c := range []struct {
		stmt string
		want []string
	}{
		{`SELECT SongTitle FROM Music WHERE Artist = 'Artist0' AND SongTitle <> 'Song01'`, []string{"Song00", "Song02", "Song03", "Song04", "Song05"}},
		{`SELECT SongTitle FROM Music WHERE Artist = 'Artist0' AND NOT SongTitle = 'Song01' AND SongTitle > 'Song00' AND SongTitle < 'Song04'`, []string{"Song02", "Song03"}},
		{`SELECT SongTitle FROM Music WHERE Artist = 'Artist0' AND (SongTitle = 'Song05' OR SongTitle = 'Song01')`, []string{"Song05", "Song01"}},
		{`SELECT SongTitle FROM Music WHERE Artist = 'Artist0' AND SongTitle IN ['Song03']`, []string{"Song03"}},
		{`SELECT SongTitle FROM Music WHERE Artist IN ['Artist1', 'Artist0'] AND SongTitle = 'Song03' ORDER BY Artist`, []string{"Song03", "Song03"}},
	} {
		out, err := exec(t, db, c.stmt)
		if err != nil {
			t.Fatalf("%s: %v", c.stmt, err)
		}
		var got []string
		for _, it := range out.Items {
			got = append(got, string(it["SongTitle"].(attr.String)))
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s: got %v, want %v", c.stmt, got, c.want)
		}
	}
}

// TestPagination pages through scans and decomposed reads with Limit and
// NextToken and checks that the pages add up to the unlimited answer.
func TestPagination(t *testing.T) {
	db := newFixture(t)
	for _, stmt := range []string{
		`SELECT * FROM Music`,
		`SELECT * FROM Music WHERE Plays > 10`,
		`SELECT * FROM Music WHERE Artist IN ['Artist2', 'Artist0', 'Artist3'] AND Plays > 5`,
		`SELECT SongTitle FROM "Music"."ByYear" WHERE Artist = 'Artist1'`,
	} {
		full, err := ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt})
		if err != nil {
			t.Fatal(err)
		}
		if full.NextToken != "" || len(full.Items) == 0 {
			t.Fatalf("%s: the unlimited read paged or found nothing", stmt)
		}
		for _, limit := range []int64{1, 4, 7} {
			var all []attr.Item
			var tok *string
			pages := 0
			for {
				out, err := ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt, Limit: &limit, NextToken: tok})
				if err != nil {
					t.Fatal(err)
				}
				pages++
				all = append(all, out.Items...)
				if out.NextToken == "" {
					break
				}
				tok = &out.NextToken
				if pages > 100 {
					t.Fatal("paging does not end")
				}
			}
			if canon(all) != canon(full.Items) {
				t.Errorf("%s Limit %d: pages give %d items, the full read %d", stmt, limit, len(all), len(full.Items))
			}
			if pages < 2 && int(limit) < len(full.Items) {
				t.Errorf("%s Limit %d: one page only", stmt, limit)
			}
		}
	}
	// A token belongs to its statement and parameters.
	stmt := `SELECT * FROM Music WHERE Artist = ?`
	out, err := ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt, Limit: ptr(int64(2)), Parameters: []attr.AttributeValue{{Value: s("Artist1")}}})
	if err != nil || out.NextToken == "" {
		t.Fatalf("no token: %v", err)
	}
	_, err = ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt, NextToken: &out.NextToken, Parameters: []attr.AttributeValue{{Value: s("Artist2")}}})
	wantErr(t, err, engine.CodeValidation, "NextToken does not match request")
}

// TestScanCost checks that a SELECT without a key condition is a full
// scan and costs one: what the whole table's bytes cost, not one item's.
func TestScanCost(t *testing.T) {
	db := newFixture(t)
	keyed, err := exec(t, db, `SELECT * FROM Music WHERE Artist = 'Artist1' AND SongTitle = 'Song01'`)
	if err != nil {
		t.Fatal(err)
	}
	full, err := exec(t, db, `SELECT * FROM Music WHERE SongTitle = 'Song01'`)
	if err != nil {
		t.Fatal(err)
	}
	if len(keyed.Items) != 1 || len(full.Items) != 4 {
		t.Fatalf("got %d and %d items", len(keyed.Items), len(full.Items))
	}
	if keyed.ConsumedCapacity.CapacityUnits != 0.5 || full.ConsumedCapacity.CapacityUnits <= keyed.ConsumedCapacity.CapacityUnits {
		t.Errorf("keyed read cost %v, full scan %v", keyed.ConsumedCapacity.CapacityUnits, full.ConsumedCapacity.CapacityUnits)
	}
}

func TestExplain(t *testing.T) {
	db := newFixture(t)
	for _, c := range []struct {
		stmt string
		want Plan
	}{
		{`SELECT * FROM Music WHERE Artist = 'a'`, Plan{Operation: "Query", Table: "Music", Reads: 1}},
		{`SELECT * FROM Music WHERE Artist IN ['a', 'b'] AND SongTitle IN ['x', 'y', 'z']`, Plan{Operation: "Query", Table: "Music", Reads: 6}},
		{`SELECT * FROM Music WHERE SongTitle = 'x'`, Plan{Operation: "Scan", Table: "Music"}},
		{`SELECT * FROM "Music"."ByGenre" WHERE Genre = 'Rock'`, Plan{Operation: "Query", Table: "Music", Index: "ByGenre", Reads: 1}},
		{`SELECT * FROM Music WHERE Artist = 'a' OR Plays = 1`, Plan{Operation: "Scan", Table: "Music"}},
		{`INSERT INTO Users VALUE {'id': 'z'}`, Plan{Operation: "PutItem", Table: "Users"}},
		{`DELETE FROM Users WHERE id = 'z'`, Plan{Operation: "DeleteItem", Table: "Users"}},
	} {
		got, err := Explain(db, c.stmt, nil)
		if err != nil || *got != c.want {
			t.Errorf("%s: got %+v, %v; want %+v", c.stmt, got, err, c.want)
		}
	}
	if _, err := Explain(db, `SELECT * FROM Nope`, nil); err == nil {
		t.Error("Explain of a missing table: no error")
	}
}

// TestBooleanComparisons: conditions compared with TRUE, FALSE, each other
// or another type, as PartiQL evaluates them (reference §5).
func TestBooleanComparisons(t *testing.T) {
	db := newFixture(t)
	count := func(stmt string) int {
		t.Helper()
		out, err := exec(t, db, stmt)
		if err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
		return len(out.Items)
	}
	withBlob := count(`SELECT * FROM Music WHERE attribute_exists(Blob)`)
	if withBlob != 4 {
		t.Fatalf("%d items with Blob", withBlob)
	}
	for stmt, want := range map[string]int{
		`SELECT * FROM Music WHERE attribute_exists(Blob) = true`:                    4,
		`SELECT * FROM Music WHERE attribute_exists(Blob) = FALSE`:                   20,
		`SELECT * FROM Music WHERE attribute_exists(Blob) <> false`:                  4,
		`SELECT * FROM Music WHERE (Plays BETWEEN 0 AND 1000) = true`:                24,
		`SELECT * FROM Music WHERE attribute_exists(Blob) = attribute_exists(Note)`:  16,
		`SELECT * FROM Music WHERE attribute_exists(Blob) <> attribute_exists(Note)`: 8,
		`SELECT * FROM Music WHERE attribute_exists(Blob) = 1`:                       0,
		`SELECT * FROM Music WHERE attribute_exists(Blob) <> 1`:                      24,
	} {
		if got := count(stmt); got != want {
			t.Errorf("%s: %d items, want %d", stmt, got, want)
		}
	}
	_, err := exec(t, db, `SELECT * FROM Music WHERE attribute_exists(Plays) > false`)
	wantErr(t, err, engine.CodeValidation, "Incorrect operand type for operator or function; operator or function: >, operand type: BOOL")
}

// TestForgedToken: a token bound to the request but pointing outside the
// plan is refused, not followed.
func TestForgedToken(t *testing.T) {
	db := newFixture(t)
	stmt := `SELECT * FROM Music WHERE Artist IN ['Artist1', 'Artist2']`
	fp := fingerprint(stmt, nil)
	for _, st := range []pageState{{Read: -1}, {Read: 2}, {Read: 1 << 30}} {
		tok := writeToken(fp, st)
		_, err := ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt, NextToken: &tok})
		wantErr(t, err, engine.CodeValidation, "Invalid NextToken")
	}
	tok := writeToken(fp, pageState{Read: 1})
	out, err := ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt, NextToken: &tok})
	if err != nil || len(out.Items) != 6 {
		t.Errorf("resuming at the second read: %v, %d items", err, len(out.Items))
	}
}

// TestIndexReadFilteringTableKeys: a keyed GSI read may filter on the
// table's own key attributes, which the index projects.
func TestIndexReadFilteringTableKeys(t *testing.T) {
	db := newFixture(t)
	all, err := exec(t, db, `SELECT * FROM "Music"."ByGenre" WHERE Genre = 'Rock'`)
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec(t, db, `SELECT * FROM "Music"."ByGenre" WHERE Genre = 'Rock' AND Artist = 'Artist0'`)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, it := range all.Items {
		if it["Artist"] == s("Artist0") {
			want++
		}
	}
	if want == 0 || len(out.Items) != want || out.ConsumedCapacity.CapacityUnits != all.ConsumedCapacity.CapacityUnits {
		t.Errorf("%d of %d items, cost %v against %v", len(out.Items), want, out.ConsumedCapacity.CapacityUnits, all.ConsumedCapacity.CapacityUnits)
	}
}

// TestReturnValuesOnConditionCheckFailure: ALL_OLD puts the current item
// on a failed UPDATE's or DELETE's ConditionalCheckFailedException.
func TestReturnValuesOnConditionCheckFailure(t *testing.T) {
	db := newFixture(t)
	for _, stmt := range []string{`UPDATE Users SET age = 1 WHERE id = 'u1' AND age > 1000`, `DELETE FROM Users WHERE id = 'u1' AND age > 1000`} {
		_, err := ExecuteStatement(db, &ExecuteStatementInput{Statement: &stmt, ReturnValuesOnConditionCheckFailure: "ALL_OLD"})
		wantErr(t, err, engine.CodeConditionalCheckFailed, "The conditional request failed")
		if e, _ := err.(*engine.Error); e == nil || e.Item["name"] != s("User 1") {
			t.Errorf("%s: no old item on the error", stmt)
		}
	}
}
