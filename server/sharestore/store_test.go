package sharestore

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	bolt "go.etcd.io/bbolt"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/apply"
)

var ctx = context.Background()

func patternDoc(t testing.TB, name string) []byte {
	t.Helper()
	p, ok := patterns.Get(name)
	if !ok {
		t.Fatalf("no pattern %s", name)
	}
	doc, err := model.MarshalIndent(p.Model())
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// bigDoc returns a valid model of about size bytes whose items hold random
// text, which compresses poorly: it needs several parts in DynamoDB.
func bigDoc(t testing.TB, size int) []byte {
	t.Helper()
	p, _ := patterns.Get("composite-sort-key")
	m := p.Model()
	tbl := m.Tables[0]
	r := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	var items []attr.Item
	for n := 0; n*10_000 < size; n++ {
		it := attr.Item{}
		for _, k := range tbl.KeySchema {
			it[k.AttributeName] = attr.String(fmt.Sprintf("%s#%d", k.AttributeName, n))
		}
		b := make([]byte, 10_000)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		it["noise"] = attr.String(b)
		items = append(items, it)
	}
	m.Dataset.Items = map[string][]attr.Item{tbl.TableName: items}
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func TestCanonicalAndID(t *testing.T) {
	indented := patternDoc(t, "sparse-index")
	canon, id, err := Canonical(indented)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(canon, indented) {
		t.Error("the canonical form kept the indentation")
	}
	canon2, id2, err := Canonical(canon)
	if err != nil || id2 != id || !bytes.Equal(canon2, canon) {
		t.Errorf("canonical form is not stable: %v", err)
	}
	if !ValidID(id) || len(id) != IDLength {
		t.Errorf("id %q is not valid", id)
	}
	_, other, _ := Canonical(patternDoc(t, "multi-tenancy"))
	if other == id {
		t.Error("two models have the same id")
	}
	for _, bad := range []string{"", "short", strings.Repeat("a", IDLength-1), strings.Repeat("a", IDLength+1),
		strings.Repeat("a", IDLength-1) + "/", strings.Repeat("a", IDLength-1) + "=", strings.Repeat("a", IDLength-1) + "."} {
		if ValidID(bad) {
			t.Errorf("ValidID(%q) = true", bad)
		}
	}
}

func TestCanonicalRefuses(t *testing.T) {
	var invalid *InvalidError
	var tooLarge *TooLargeError
	p, _ := patterns.Get("sparse-index")
	m := p.Model()
	m.Tables[0].KeySchema = nil
	noKey, _ := model.Marshal(m)
	for _, tc := range []struct {
		name string
		doc  []byte
		want any
	}{
		{"empty", nil, &invalid},
		{"not JSON", []byte("<html>"), &invalid},
		{"not a model", []byte(`{"version":1,"tabels":[]}`), &invalid},
		{"invalid model", noKey, &invalid},
		{"newer version", []byte(`{"version":99}`), &invalid},
		{"too large", bigDoc(t, MaxDocument+50_000), &tooLarge},
		{"too large padding", append(bytes.Repeat([]byte(" "), MaxDocument), patternDoc(t, "sparse-index")...), &tooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := Canonical(tc.doc)
			if err == nil || !errors.As(err, tc.want) {
				t.Fatalf("error %v, want %T", err, tc.want)
			}
		})
	}
}

// storeContract runs the behaviour every Store must have.
func storeContract(t *testing.T, s Store) {
	doc := patternDoc(t, "sparse-index")
	id, err := s.Put(ctx, doc)
	if err != nil {
		t.Fatalf("Put: %v", err)
	}
	canon, wantID, _ := Canonical(doc)
	if id != wantID {
		t.Errorf("Put returned %q, want the content id %q", id, wantID)
	}
	got, err := s.Get(ctx, id)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	if !bytes.Equal(got, canon) {
		t.Error("Get returned another document")
	}
	if _, err := model.Parse(got); err != nil {
		t.Errorf("the stored document does not parse: %v", err)
	}
	again, err := s.Put(ctx, canon)
	if err != nil || again != id {
		t.Errorf("second Put: %q, %v", again, err)
	}

	big := bigDoc(t, 900_000)
	bigID, err := s.Put(ctx, big)
	if err != nil {
		t.Fatalf("Put of %d bytes: %v", len(big), err)
	}
	if got, err := s.Get(ctx, bigID); err != nil || !bytes.Equal(got, big) {
		t.Errorf("Get of the large document: %d bytes, %v", len(got), err)
	}

	for _, missing := range []string{strings.Repeat("A", IDLength), "nonsense", "", "../../etc/passwd", id + "x", id[:IDLength-1] + "."} {
		if _, err := s.Get(ctx, missing); !errors.Is(err, ErrNotFound) {
			t.Errorf("Get(%q): %v, want ErrNotFound", missing, err)
		}
	}
	var invalid *InvalidError
	if _, err := s.Put(ctx, []byte(`{"version":1,"name":"x","tables":[]}`)); !errors.As(err, &invalid) {
		t.Errorf("Put of an invalid model: %v", err)
	}
	var tooLarge *TooLargeError
	if _, err := s.Put(ctx, bigDoc(t, MaxDocument+10_000)); !errors.As(err, &tooLarge) {
		t.Errorf("Put of an oversized model: %v", err)
	}
}

func TestBolt(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new", "data")
	s, err := Open("", dir)
	if err != nil {
		t.Fatal(err)
	}
	storeContract(t, s)
	id, _ := s.Put(ctx, patternDoc(t, "time-series"))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Join(dir, BoltFile)); err != nil || fi.Mode().Perm()&0o077 != 0 {
		t.Errorf("database file: %v, mode %v", err, fi.Mode())
	}

	// Reopened, it still has the share; a second opener is refused while
	// the first holds the file.
	s, err = Open("bolt", dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Get(ctx, id); err != nil {
		t.Errorf("after reopening: %v", err)
	}
	if _, err := OpenBolt(filepath.Join(dir, BoltFile)); !errors.Is(err, ErrInUse) {
		t.Errorf("second open: %v, want ErrInUse", err)
	}
}

// TestBoltDamaged: a document altered on disk is reported, not served.
func TestBoltDamaged(t *testing.T) {
	s, err := OpenBolt(filepath.Join(t.TempDir(), BoltFile))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id, err := s.Put(ctx, patternDoc(t, "sparse-index"))
	if err != nil {
		t.Fatal(err)
	}
	other, _, _ := Canonical(patternDoc(t, "multi-tenancy"))
	s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(sharesBucket).Put([]byte(id), other) })
	if _, err := s.Get(ctx, id); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("Get of a damaged share: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	for _, spec := range []string{
		"redis://x",
		"dynamodb://",
		"dynamodb://ab",
		"dynamodb://shares/extra",
		"dynamodb://shares?endpoint=http://x&colour=red",
		"dynamodb://sh@res",
	} {
		if _, err := Open(spec, t.TempDir()); err == nil {
			t.Errorf("Open(%q): no error", spec)
		}
	}
	if _, err := Open("", ""); err == nil {
		t.Error("Open without a data folder: no error")
	}
	table, endpoint, region, err := ParseDynamoDBSpec("dynamodb://team.shares_1?endpoint=http://127.0.0.1:8000&region=eu-west-1")
	if err != nil || table != "team.shares_1" || endpoint != "http://127.0.0.1:8000" || region != "eu-west-1" {
		t.Errorf("ParseDynamoDBSpec: %q %q %q %v", table, endpoint, region, err)
	}
}

// dynamoEndpoint serves a fresh engine's wire API.
func dynamoEndpoint(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(wire.NewHandler(engine.New()))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestDynamoDB(t *testing.T) {
	url := dynamoEndpoint(t)
	s, err := Open("dynamodb://shares?endpoint="+url, "")
	if err != nil {
		t.Fatal(err)
	}
	storeContract(t, s)

	// A second store on the same table (another server) sees the shares,
	// and opening it leaves the existing table alone.
	s2, err := OpenDynamoDB(ctx, "shares", url, "")
	if err != nil {
		t.Fatal(err)
	}
	id, _ := s.Put(ctx, patternDoc(t, "write-sharding"))
	if _, err := s2.Get(ctx, id); err != nil {
		t.Errorf("the second store: %v", err)
	}

	// The large document went into parts.
	client, err := apply.NewClient(ctx, url, "")
	if err != nil {
		t.Fatal(err)
	}
	out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("shares")})
	if err != nil {
		t.Fatal(err)
	}
	parts := 0
	for _, it := range out.Items {
		if strings.Contains(it["id"].(*types.AttributeValueMemberS).Value, ".") {
			parts++
		}
	}
	if parts < 2 {
		t.Errorf("%d part items, want the large document in 2 or more", parts)
	}
}

func TestDynamoDBWrongTable(t *testing.T) {
	url := dynamoEndpoint(t)
	client, err := apply.NewClient(ctx, url, "")
	if err != nil {
		t.Fatal(err)
	}
	_, err = client.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String("shares"),
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("pk"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("pk"), KeyType: types.KeyTypeHash}},
		BillingMode:          types.BillingModePayPerRequest,
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewDynamoDB(ctx, client, "shares"); err == nil || !strings.Contains(err.Error(), "key schema") {
		t.Errorf("a table with another key: %v", err)
	}
}
