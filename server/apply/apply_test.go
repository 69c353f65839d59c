package apply

import (
	"context"
	"maps"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// endpoint serves a fresh engine's wire API over HTTP and returns an SDK
// client for it.
func endpoint(t *testing.T, opts ...engine.Option) (*dynamodb.Client, string) {
	t.Helper()
	srv := httptest.NewServer(wire.NewHandler(engine.New(opts...)))
	t.Cleanup(srv.Close)
	c, err := NewClient(context.Background(), srv.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	return c, srv.URL
}

// small returns the pattern's model with a dataset of n generated items.
func small(t *testing.T, name string, n int) *model.Model {
	t.Helper()
	p, ok := patterns.Get(name)
	if !ok {
		t.Fatalf("no pattern %s", name)
	}
	m := p.Model()
	m.Dataset.Generator.Size = n
	return m
}

// TestRunCatalog applies every pattern of the catalogue to the engine's
// wire API through the SDK: every access pattern must match.
func TestRunCatalog(t *testing.T) {
	ctx := context.Background()
	for _, p := range patterns.Catalog() {
		t.Run(p.Name, func(t *testing.T) {
			client, url := endpoint(t)
			m := small(t, p.Name, 60)
			rep, err := Run(ctx, m, client, Options{Endpoint: url, ReadRetries: -1})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			var text strings.Builder
			rep.WriteText(&text)
			t.Log("\n" + text.String())
			if !rep.Match || rep.Mismatches != 0 {
				t.Errorf("%d access patterns differ", rep.Mismatches)
			}
			if rep.ItemsLoaded != 60 {
				t.Errorf("ItemsLoaded %d, want 60", rep.ItemsLoaded)
			}
			if len(rep.Tables) != len(m.Tables) || len(rep.Patterns) != len(m.AccessPatterns) {
				t.Errorf("report has %d tables and %d patterns, want %d and %d", len(rep.Tables), len(rep.Patterns), len(m.Tables), len(m.AccessPatterns))
			}
			for _, tr := range rep.Tables {
				out, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(tr.Name)})
				if err != nil {
					t.Fatalf("DescribeTable %s: %v", tr.Name, err)
				}
				if out.Table.TableStatus != types.TableStatusActive {
					t.Errorf("table %s is %s", tr.Name, out.Table.TableStatus)
				}
				if tr.TTL != "" {
					ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(tr.Name)})
					if err != nil || aws.ToString(ttl.TimeToLiveDescription.AttributeName) != tr.TTL {
						t.Errorf("table %s: TTL not on %s: %v", tr.Name, tr.TTL, err)
					}
				}
			}
			ran := 0
			for _, pr := range rep.Patterns {
				if pr.Skipped == "" {
					ran++
					if pr.Remote.Requests == 0 {
						t.Errorf("%s: no request reached the endpoint", pr.Name)
					}
				}
			}
			if ran == 0 {
				t.Error("no access pattern ran")
			}
		})
	}
}

// TestRunExplicitItemsAndDuplicates: explicit items load in order, and two
// items with the same key in one batch end as the later one (DynamoDB
// refuses duplicates within a BatchWriteItem).
func TestRunExplicitItemsAndDuplicates(t *testing.T) {
	ctx := context.Background()
	client, _ := endpoint(t)
	m := small(t, "composite-sort-key", 10)
	src, err := patterns.Generator(*m.Dataset.Generator)
	if err != nil {
		t.Fatal(err)
	}
	items := map[string][]attr.Item{}
	src(func(table string, lent attr.Fields) error {
		it := lent.Item()                                   // lent by the source
		items[table] = append(items[table], maps.Clone(it)) // the source lends it
		return nil
	})
	table := m.Tables[0].TableName
	dup := attr.Item{}
	for k, v := range items[table][0] {
		dup[k] = v
	}
	dup["marker"] = attr.String("later")
	items[table] = append(items[table], dup)
	m.Dataset.Items = items

	rep, err := Run(ctx, m, client, Options{ReadRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Match {
		t.Errorf("patterns differ: %+v", rep.Patterns)
	}
	key := map[string]types.AttributeValue{}
	for _, k := range m.Tables[0].KeySchema {
		key[k.AttributeName] = toSDK(dup[k.AttributeName])
	}
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := out.Item["marker"].(*types.AttributeValueMemberS); !ok || s.Value != "later" {
		t.Errorf("the later duplicate did not win: %v", out.Item)
	}
}

// TestRunExistingTable: a table already at the endpoint stops Run before
// anything changes, unless Replace.
func TestRunExistingTable(t *testing.T) {
	ctx := context.Background()
	client, _ := endpoint(t)
	m := small(t, "sparse-index", 20)
	if _, err := Run(ctx, m, client, Options{ReadRetries: -1}); err != nil {
		t.Fatal(err)
	}
	table := m.Tables[0].TableName
	marker := map[string]types.AttributeValue{}
	for _, d := range m.Tables[0].AttributeDefinitions {
		for _, k := range m.Tables[0].KeySchema {
			if k.AttributeName == d.AttributeName {
				marker[k.AttributeName] = &types.AttributeValueMemberS{Value: "marker-" + k.AttributeName}
			}
		}
	}
	if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: marker}); err != nil {
		t.Fatal(err)
	}
	count := func() int32 {
		out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(table), Select: types.SelectCount})
		if err != nil {
			t.Fatal(err)
		}
		return out.Count
	}
	before := count()

	_, err := Run(ctx, m, client, Options{ReadRetries: -1})
	if err == nil || !strings.Contains(err.Error(), "already at the endpoint") || !strings.Contains(err.Error(), table) {
		t.Fatalf("Run on an existing table: %v", err)
	}
	if got := count(); got != before {
		t.Errorf("the refused Run changed the table: %d items, was %d", got, before)
	}

	rep, err := Run(ctx, m, client, Options{Replace: true, ReadRetries: -1})
	if err != nil {
		t.Fatalf("Run with Replace: %v", err)
	}
	if !rep.Tables[0].Replaced || !rep.Match {
		t.Errorf("Replace: %+v", rep)
	}
	got, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: marker})
	if err != nil {
		t.Fatal(err)
	}
	if got.Item != nil {
		t.Error("after Replace the marker item is still there")
	}
}

// TestRunDetectsMismatch: an endpoint whose global secondary indexes lag
// (as DynamoDB's may right after a load) answers index queries without the
// items; Run must say so, with the counts and the missing items.
func TestRunDetectsMismatch(t *testing.T) {
	ctx := context.Background()
	client, _ := endpoint(t, engine.WithGSIPropagationDelay(time.Hour))
	m := small(t, "sparse-index", 30)
	rep, err := Run(ctx, m, client, Options{ReadRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Match || rep.Mismatches == 0 {
		t.Fatal("a lagging index went unnoticed")
	}
	var text strings.Builder
	rep.WriteText(&text)
	t.Log("\n" + text.String())
	found := false
	for _, pr := range rep.Patterns {
		if !pr.Match {
			found = true
			if pr.Diff == "" || pr.Remote.Items >= pr.Local.Items {
				t.Errorf("%s: diff %q, remote %+v local %+v", pr.Name, pr.Diff, pr.Remote, pr.Local)
			}
			if !strings.Contains(pr.Diff, "only in the engine") && !strings.Contains(pr.Diff, "items: endpoint") {
				t.Errorf("%s: the diff does not name the missing items: %q", pr.Name, pr.Diff)
			}
		}
	}
	if !found || !strings.Contains(text.String(), "DIFF") {
		t.Error("the report does not show the difference")
	}
}

// TestRunRefusesBadInput: an invalid model, a dataset over MaxItems and a
// dataset that does not load change nothing at the endpoint.
func TestRunRefusesBadInput(t *testing.T) {
	ctx := context.Background()
	client, _ := endpoint(t)

	bad := small(t, "sparse-index", 20)
	bad.Tables[0].KeySchema = nil
	if _, err := Run(ctx, bad, client, Options{}); err == nil || !strings.Contains(err.Error(), "not valid") {
		t.Errorf("invalid model: %v", err)
	}
	if _, err := Run(ctx, small(t, "sparse-index", 200), client, Options{MaxItems: 100}); err == nil || !strings.Contains(err.Error(), "over the 100") {
		t.Errorf("MaxItems: %v", err)
	}
	huge := small(t, "composite-sort-key", 10)
	table := huge.Tables[0].TableName
	it := attr.Item{}
	for _, k := range huge.Tables[0].KeySchema {
		it[k.AttributeName] = attr.String("k")
	}
	it["blob"] = attr.String(strings.Repeat("x", 500_000))
	huge.Dataset.Items = map[string][]attr.Item{table: {it}}
	if _, err := Run(ctx, huge, client, Options{}); err == nil || !strings.Contains(err.Error(), "does not load") {
		t.Errorf("oversized item: %v", err)
	}
	if _, err := Run(ctx, nil, client, Options{}); err == nil {
		t.Error("nil model: no error")
	}
	out, err := client.ListTables(ctx, &dynamodb.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.TableNames) != 0 {
		t.Errorf("refused runs created tables: %v", out.TableNames)
	}
}

func TestSkipWrites(t *testing.T) {
	ctx := context.Background()
	client, _ := endpoint(t)
	m := small(t, "bulk-upload-hot-cold", 30)
	rep, err := Run(ctx, m, client, Options{SkipWrites: true, ReadRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range rep.Patterns {
		write := !strings.Contains("GetItem Query Scan BatchGetItem TransactGetItems", pr.Operation)
		if write && pr.Skipped == "" {
			t.Errorf("%s (%s) ran with SkipWrites", pr.Name, pr.Operation)
		}
	}
}

// TestRunTTL: a pattern's dataset is dated at the model's startTime, so by
// today's clock some of its items have expired. An endpoint that has not
// deleted them yet (DynamoDB takes up to days) matches exactly; one that
// has is a match explained by a note; and when the endpoint's clock says
// they have not expired, their absence is a mismatch.
func TestRunTTL(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"ttl-ephemeral", "time-series"} {
		t.Run(name+"/not deleted yet", func(t *testing.T) {
			client, _ := endpoint(t, engine.WithTTLDeletionDelay(1_000_000*time.Hour))
			rep, err := Run(ctx, small(t, name, 40), client, Options{ReadRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			for _, pr := range rep.Patterns {
				if !pr.Match || pr.Note != "" {
					t.Errorf("%s: match %v, note %q, diff %q", pr.Name, pr.Match, pr.Note, pr.Diff)
				}
			}
		})
		t.Run(name+"/deleted", func(t *testing.T) {
			client, _ := endpoint(t)
			rep, err := Run(ctx, small(t, name, 40), client, Options{ReadRetries: -1})
			if err != nil {
				t.Fatal(err)
			}
			notes := 0
			for _, pr := range rep.Patterns {
				if pr.Note != "" {
					notes++
				}
			}
			if !rep.Match || notes == 0 {
				t.Errorf("match %v with %d notes; want a match explained by notes", rep.Match, notes)
			}
			// The same answers judged at the model's own start time: the
			// items had not expired, so their absence is a mismatch.
			client2, _ := endpoint(t)
			start := small(t, name, 40).Settings.Start()
			rep, err = Run(ctx, small(t, name, 40), client2, Options{ReadRetries: -1, Now: func() time.Time { return start }})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Match {
				t.Error("missing unexpired items counted as a match")
			}
		})
	}
}

func TestDecodeInput(t *testing.T) {
	var in dynamodb.QueryInput
	err := decodeInput([]byte(`{"TableName":"T","IndexName":"I","Limit":5,"ScanIndexForward":false,"Select":"ALL_ATTRIBUTES",
		"KeyConditionExpression":"PK = :p","ExpressionAttributeNames":{"#a":"a"},
		"ExpressionAttributeValues":{":p":{"S":"x"},":n":{"N":"1.50"},":m":{"M":{"l":{"L":[{"NULL":true},{"BOOL":true},{"B":"AAE="}]}}},":s":{"SS":["b","a"]}},
		"KeyConditions":{"PK":{"AttributeValueList":[{"S":"x"}],"ComparisonOperator":"EQ"}},
		"returnConsumedCapacity":"TOTAL"}`), &in)
	if err != nil {
		t.Fatal(err)
	}
	if aws.ToString(in.TableName) != "T" || aws.ToString(in.IndexName) != "I" || aws.ToInt32(in.Limit) != 5 ||
		aws.ToBool(in.ScanIndexForward) || in.Select != types.SelectAllAttributes || in.ReturnConsumedCapacity != types.ReturnConsumedCapacityTotal {
		t.Errorf("scalars: %+v", in)
	}
	if s := in.ExpressionAttributeValues[":p"].(*types.AttributeValueMemberS); s.Value != "x" {
		t.Errorf(":p = %v", s)
	}
	if n := in.ExpressionAttributeValues[":n"].(*types.AttributeValueMemberN); n.Value != "1.5" {
		t.Errorf(":n = %q, want the engine's canonical 1.5", n.Value)
	}
	m := in.ExpressionAttributeValues[":m"].(*types.AttributeValueMemberM)
	l := m.Value["l"].(*types.AttributeValueMemberL).Value
	if b := l[2].(*types.AttributeValueMemberB); len(l) != 3 || string(b.Value) != "\x00\x01" {
		t.Errorf(":m = %#v", m)
	}
	if c := in.KeyConditions["PK"]; c.ComparisonOperator != types.ComparisonOperatorEq || len(c.AttributeValueList) != 1 {
		t.Errorf("KeyConditions: %+v", c)
	}
	// Back to the engine's values: equal to what the engine decodes.
	for k, v := range in.ExpressionAttributeValues {
		got, err := fromSDK(v)
		if err != nil {
			t.Fatal(err)
		}
		if !attr.Equal(got, mustValue(t, k, in.ExpressionAttributeValues)) {
			t.Errorf("%s does not round-trip", k)
		}
	}

	for _, bad := range []string{
		`{"TableName":"T","Tabel":"x"}`,
		`{"TableName":5}`,
		`{"ExpressionAttributeValues":{":p":{"X":"y"}}}`,
		`{"Limit":"many"}`,
		`[]`,
	} {
		if err := decodeInput([]byte(bad), new(dynamodb.QueryInput)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

func mustValue(t *testing.T, k string, m map[string]types.AttributeValue) attr.Value {
	t.Helper()
	v, err := fromSDK(m[k])
	if err != nil {
		t.Fatal(err)
	}
	return toEngineViaSDK(t, v)
}

// toEngineViaSDK sends a value through toSDK and back.
func toEngineViaSDK(t *testing.T, v attr.Value) attr.Value {
	t.Helper()
	back, err := fromSDK(toSDK(v))
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func TestDiff(t *testing.T) {
	a := attr.Item{"PK": attr.String("a")}
	b := attr.Item{"PK": attr.String("b")}
	one := func(items ...attr.Item) outcome {
		return outcome{items: items, counts: Counts{Items: len(items), Count: int64(len(items)), ScannedCount: int64(len(items))}}
	}
	if d := diff("Query", one(a, b), one(a, b)); d != "" {
		t.Errorf("equal: %q", d)
	}
	if d := diff("Query", one(a, b), one(b, a)); !strings.Contains(d, "item 1: endpoint") {
		t.Errorf("Query order: %q", d)
	}
	if d := diff("Scan", one(a, b), one(b, a)); d != "" {
		t.Errorf("Scan order matters: %q", d)
	}
	if d := diff("Scan", one(a, b), one(a)); !strings.Contains(d, `only in the engine: {"PK":{"S":"b"}}`) || !strings.Contains(d, "Count: endpoint 1, engine 2") {
		t.Errorf("Scan missing item: %q", d)
	}
	failed := outcome{counts: Counts{Error: "ConditionalCheckFailedException"}}
	if d := diff("PutItem", failed, failed); d != "" {
		t.Errorf("same error: %q", d)
	}
	if d := diff("PutItem", outcome{}, failed); !strings.Contains(d, "the endpoint failed: ConditionalCheckFailedException") {
		t.Errorf("endpoint error: %q", d)
	}
	many := make([]attr.Item, 20)
	for i := range many {
		many[i] = attr.Item{"PK": attr.NumberFromInt64(int64(i))}
	}
	if d := diff("Query", one(many...), one()); strings.Count(d, "\n") > maxDiffLines || !strings.Contains(d, "more differences") {
		t.Errorf("long diff not bounded:\n%s", d)
	}
}

func TestEndpoints(t *testing.T) {
	for _, h := range []string{"localhost", "LOCALHOST.", "127.0.0.1", "127.9.9.9", "::1", "[::1]", "app.localhost"} {
		if !IsLoopback(h) {
			t.Errorf("IsLoopback(%q) = false", h)
		}
	}
	for _, h := range []string{"", "10.0.0.1", "example.com", "localhost.example.com", "127.0.0.1.nip.io", "0.0.0.0"} {
		if IsLoopback(h) {
			t.Errorf("IsLoopback(%q) = true", h)
		}
	}
	for _, e := range []string{"ftp://x", "http://", "http://u:p@host", "http://host?x=1", "::"} {
		if _, err := ParseEndpoint(e); err == nil {
			t.Errorf("ParseEndpoint(%q): no error", e)
		}
	}
	if _, err := NewClient(context.Background(), "gopher://x", ""); err == nil {
		t.Error("NewClient with a bad endpoint: no error")
	}
}

// TestRunPartiQLPatterns applies a model whose access patterns are written
// as PartiQL: the SELECT runs on both sides and matches, the UPDATE is a
// write (skipped with SkipWrites).
func TestRunPartiQLPatterns(t *testing.T) {
	ctx := context.Background()
	m := small(t, "multi-tenancy", 60)
	m.AccessPatterns = append(m.AccessPatterns,
		model.AccessPattern{Name: "Photos (PartiQL)", Operation: "ExecuteStatement", Rate: 1,
			Parameters: []model.Parameter{{Name: "tenantId", Example: "acme"}},
			Request:    []byte(`{"Statement": "SELECT * FROM Photos WHERE PK = ? AND begins_with(SK, 'PHOTO#')", "Parameters": [{"S": "TENANT#{tenantId}"}]}`)},
		model.AccessPattern{Name: "Visit (PartiQL)", Operation: "ExecuteStatement", Rate: 1,
			Parameters: []model.Parameter{{Name: "tenantId", Example: "acme"}},
			Request:    []byte(`{"Statement": "UPDATE Photos SET visits = 1 WHERE PK = ? AND SK = 'PROFILE'", "Parameters": [{"S": "TENANT#{tenantId}"}]}`)})
	for _, skip := range []bool{false, true} {
		client, url := endpoint(t)
		rep, err := Run(ctx, m, client, Options{Endpoint: url, ReadRetries: -1, SkipWrites: skip})
		if err != nil {
			t.Fatal(err)
		}
		sel, upd := rep.Patterns[len(rep.Patterns)-2], rep.Patterns[len(rep.Patterns)-1]
		if !sel.Match || sel.Skipped != "" || sel.Remote.Items == 0 || sel.Remote.Items != sel.Local.Items {
			t.Errorf("SkipWrites %v: SELECT %+v", skip, sel)
		}
		if !upd.Match || (upd.Skipped != "") != skip {
			t.Errorf("SkipWrites %v: UPDATE %+v", skip, upd)
		}
	}
}
