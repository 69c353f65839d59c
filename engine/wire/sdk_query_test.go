//go:build !js

package wire_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// loadScores writes pk "a" sk 1..10 (red when even, blue when odd) and pk
// "b" sk 1..5 (green).
func loadScores(t testing.TB, c *dynamodb.Client) {
	t.Helper()
	for i := 1; i <= 10; i++ {
		color := "blue"
		if i%2 == 0 {
			color = "red"
		}
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("scores"),
			Item: Item{"pk": S("a"), "sk": N(strconv.Itoa(i)), "color": S(color)}})
		must(t, "PutItem", err)
	}
	for i := 1; i <= 5; i++ {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("scores"),
			Item: Item{"pk": S("b"), "sk": N(strconv.Itoa(i)), "color": S("green")}})
		must(t, "PutItem", err)
	}
}

func sks(items []Item) string {
	var s []string
	for _, it := range items {
		if n, ok := it["sk"].(*types.AttributeValueMemberN); ok {
			s = append(s, n.Value)
		} else {
			s = append(s, "?")
		}
	}
	return strings.Join(s, ",")
}

func TestSDKQuery(t *testing.T) {
	c, _ := newClient(t)
	createScores(t, c)
	loadScores(t, c)
	tbl := aws.String("scores")
	pkA := Item{":p": S("a")}

	q, err := c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: pkA})
	must(t, "Query", err)
	if sks(q.Items) != "1,2,3,4,5,6,7,8,9,10" || q.Count != 10 || q.ScannedCount != 10 || q.LastEvaluatedKey != nil {
		t.Errorf("Query: %s count %d/%d last %s", sks(q.Items), q.Count, q.ScannedCount, renderItem(q.LastEvaluatedKey))
	}
	q, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p AND sk BETWEEN :lo AND :hi"),
		ExpressionAttributeValues: Item{":p": S("a"), ":lo": N("3"), ":hi": N("6")}, ScanIndexForward: aws.Bool(false)})
	must(t, "Query range", err)
	if sks(q.Items) != "6,5,4,3" {
		t.Errorf("Query BETWEEN descending: %s", sks(q.Items))
	}

	// Pagination.
	var all []Item
	var start Item
	for page := 0; ; page++ {
		q, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"),
			ExpressionAttributeValues: pkA, Limit: aws.Int32(3), ExclusiveStartKey: start})
		must(t, "Query page", err)
		if page == 0 {
			sameItem(t, "first LastEvaluatedKey", q.LastEvaluatedKey, Item{"pk": S("a"), "sk": N("3")})
		}
		all = append(all, q.Items...)
		if q.LastEvaluatedKey == nil || page > 10 {
			break
		}
		start = q.LastEvaluatedKey
	}
	if sks(all) != "1,2,3,4,5,6,7,8,9,10" {
		t.Errorf("Query pages: %s", sks(all))
	}

	q, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: pkA,
		Select: types.SelectCount})
	must(t, "Query COUNT", err)
	if q.Count != 10 || q.Items != nil {
		t.Errorf("Query COUNT: count %d, items %v", q.Count, q.Items)
	}
	q, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"),
		ExpressionAttributeValues: Item{":p": S("nobody")}})
	must(t, "Query no match", err)
	if q.Items == nil || len(q.Items) != 0 || q.Count != 0 || q.ScannedCount != 0 {
		t.Errorf(`Query with no match: items %v (want present and empty, "Items":[]), count %d/%d`, q.Items, q.Count, q.ScannedCount)
	}
	q, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"), FilterExpression: aws.String("color = :c"),
		ExpressionAttributeValues: Item{":p": S("a"), ":c": S("red")}})
	must(t, "Query filter", err)
	if sks(q.Items) != "2,4,6,8,10" || q.Count != 5 || q.ScannedCount != 10 {
		t.Errorf("Query filter: %s count %d/%d", sks(q.Items), q.Count, q.ScannedCount)
	}

	// The GSI.
	q, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, IndexName: aws.String("byColor"), KeyConditionExpression: aws.String("color = :c"),
		ExpressionAttributeValues: Item{":c": S("red")}, Limit: aws.Int32(2)})
	must(t, "Query GSI", err)
	if sks(q.Items) != "2,4" {
		t.Errorf("Query GSI: %s", sks(q.Items))
	}
	sameItem(t, "GSI LastEvaluatedKey", q.LastEvaluatedKey, Item{"pk": S("a"), "sk": N("4"), "color": S("red")})

	// Errors.
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl})
	wantError(t, "Query without key condition", err, "ValidationException",
		"Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, IndexName: aws.String("nope"), KeyConditionExpression: aws.String("color = :c"),
		ExpressionAttributeValues: Item{":c": S("red")}})
	wantError(t, "Query unknown index", err, "ValidationException", "The table does not have the specified index: nope")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, IndexName: aws.String("byColor"), KeyConditionExpression: aws.String("color = :c"),
		ExpressionAttributeValues: Item{":c": S("red")}, ConsistentRead: aws.Bool(true)})
	wantError(t, "Query consistent GSI", err, "ValidationException", "Consistent reads are not supported on global secondary indexes")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("color = :c"),
		ExpressionAttributeValues: Item{":c": S("red")}})
	wantError(t, "Query on a non-key attribute", err, "ValidationException", "Query condition missed key schema element: pk")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: pkA,
		Limit: aws.Int32(0)})
	wantError(t, "Query Limit 0", err, "ValidationException",
		"1 validation error detected: Value at 'Limit' failed to satisfy constraint: Member must have value greater than or equal to 1")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: tbl, KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: pkA,
		Select: types.Select("X")})
	wantError(t, "Query bad Select", err, "ValidationException",
		"1 validation error detected: Value 'X' at 'select' failed to satisfy constraint: Member must satisfy enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]")
	_, err = c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("nope"), KeyConditionExpression: aws.String("pk = :p"), ExpressionAttributeValues: pkA})
	wantError(t, "Query missing table", err, "ResourceNotFoundException", "Requested resource not found")
}

func TestSDKScan(t *testing.T) {
	c, _ := newClient(t)
	createScores(t, c)
	loadScores(t, c)
	tbl := aws.String("scores")

	s, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl})
	must(t, "Scan", err)
	if s.Count != 15 || len(s.Items) != 15 || s.LastEvaluatedKey != nil {
		t.Errorf("Scan: count %d items %d last %s", s.Count, len(s.Items), renderItem(s.LastEvaluatedKey))
	}
	keyOf := func(it Item) string { return render(it["pk"]) + "/" + render(it["sk"]) }
	seen := map[string]bool{}
	var start Item
	for page := 0; page < 20; page++ {
		s, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, Limit: aws.Int32(4), ExclusiveStartKey: start})
		must(t, "Scan page", err)
		for _, it := range s.Items {
			if seen[keyOf(it)] {
				t.Errorf("Scan pages repeat %s", keyOf(it))
			}
			seen[keyOf(it)] = true
		}
		if s.LastEvaluatedKey == nil {
			break
		}
		start = s.LastEvaluatedKey
	}
	if len(seen) != 15 {
		t.Errorf("Scan pages saw %d items, want 15", len(seen))
	}

	seen = map[string]bool{}
	for seg := int32(0); seg < 3; seg++ {
		s, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, Segment: aws.Int32(seg), TotalSegments: aws.Int32(3)})
		must(t, "parallel Scan", err)
		for _, it := range s.Items {
			if seen[keyOf(it)] {
				t.Errorf("segments overlap at %s", keyOf(it))
			}
			seen[keyOf(it)] = true
		}
	}
	if len(seen) != 15 {
		t.Errorf("parallel Scan saw %d items, want 15", len(seen))
	}

	s, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, FilterExpression: aws.String("pk = :b"), ExpressionAttributeValues: Item{":b": S("b")}})
	must(t, "Scan filter on key", err)
	if s.Count != 5 || s.ScannedCount != 15 {
		t.Errorf("Scan filter: count %d/%d", s.Count, s.ScannedCount)
	}
	s, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, Select: types.SelectCount})
	must(t, "Scan COUNT", err)
	if s.Count != 15 || s.Items != nil {
		t.Errorf("Scan COUNT: %d %v", s.Count, s.Items)
	}
	s, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, IndexName: aws.String("byColor")})
	must(t, "Scan GSI", err)
	if s.Count != 15 {
		t.Errorf("Scan GSI: count %d", s.Count)
	}

	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, Segment: aws.Int32(0)})
	wantError(t, "Scan Segment alone", err, "ValidationException",
		"The TotalSegments parameter is required but was not present in the request when Segment parameter is present")
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, TotalSegments: aws.Int32(2)})
	wantError(t, "Scan TotalSegments alone", err, "ValidationException",
		"The Segment parameter is required but was not present in the request when parameter TotalSegments is present")
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: tbl, Segment: aws.Int32(5), TotalSegments: aws.Int32(5)})
	wantError(t, "Scan Segment out of range", err, "ValidationException",
		"The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 5 is not less than TotalSegments: 5")
	_, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("nope")})
	wantError(t, "Scan missing table", err, "ResourceNotFoundException", "Requested resource not found")
}
