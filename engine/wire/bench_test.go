//go:build !js

package wire_test

// Wire API throughput with the AWS SDK for Go v2 over loopback: PutItem and
// GetItem of a ~200-byte item, in parallel, reporting ops/s.
//
// By default the benchmarks start an in-process server around NewHandler.
// WIRE_BENCH_ENDPOINT=http://host:port points the same client and load at
// another server instead (bin/workbench, or another emulator such as
// dynoxide): scripts/bench-compare.sh runs both side by side.
// WIRE_BENCH_ENDPOINT=null answers from an in-process server that does no
// work at all: the client's ceiling on this machine.
// WIRE_BENCH_PARALLELISM sets b.SetParallelism (default 4: 4×GOMAXPROCS
// client goroutines).

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

const (
	benchTable = "wire_bench"
	benchKeys  = 10000
)

var (
	benchOnce   sync.Once
	benchClient *dynamodb.Client
	benchErr    error
)

// benchSetup returns the shared client, with the table created and every
// key written once (so GetItem always finds its item).
func benchSetup(b *testing.B) *dynamodb.Client {
	b.Helper()
	benchOnce.Do(func() {
		endpoint := os.Getenv("WIRE_BENCH_ENDPOINT")
		switch endpoint {
		case "":
			srv := httptest.NewServer(wire.NewHandler(engine.New()))
			endpoint = srv.URL // lives for the whole test binary
		case "null":
			srv := httptest.NewServer(nullServer())
			endpoint = srv.URL
		}
		httpClient := awshttp.NewBuildableClient().WithTransportOptions(func(tr *http.Transport) {
			tr.MaxIdleConns = 512
			tr.MaxIdleConnsPerHost = 512
		})
		benchClient = clientFor(endpoint, func(o *dynamodb.Options) { o.HTTPClient = httpClient })
		benchErr = benchPrepare(benchClient)
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	return benchClient
}

// nullServer answers every request at once with a canned response (the
// GetItem answer is benchItem(42)): WIRE_BENCH_ENDPOINT=null measures the
// client's own ceiling, what any server could at best reach with this client
// on this machine.
func nullServer() http.Handler {
	canned := func(body string) (string, []byte) {
		return strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(body))), 10), []byte(body)
	}
	getCRC, getBody := canned(`{"Item":` + benchItemJSON[len(`{"Item":`):strings.Index(benchItemJSON, `,"TableName"`)] + `}`)
	descCRC, descBody := canned(`{"Table":{"TableName":"` + benchTable + `","TableStatus":"ACTIVE"}}`)
	item := benchItemJSON[len(`{"Item":`):strings.Index(benchItemJSON, `,"TableName"`)]
	queryCRC, queryBody := canned(`{"Count":1,"Items":[` + item + `],"ScannedCount":1}`)
	emptyCRC, emptyBody := canned(`{}`)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		h := w.Header()
		h["Content-Type"] = []string{"application/x-amz-json-1.0"}
		h["X-Amzn-Requestid"] = []string{"NULLSERVER0000000000000000000000000000000000000000000"[:52]}
		crc, body := emptyCRC, emptyBody
		switch r.Header.Get("X-Amz-Target") {
		case wire.TargetPrefix + "GetItem":
			crc, body = getCRC, getBody
		case wire.TargetPrefix + "Query":
			crc, body = queryCRC, queryBody
		case wire.TargetPrefix + "DescribeTable":
			crc, body = descCRC, descBody
		}
		h["X-Amz-Crc32"] = []string{crc}
		_, _ = w.Write(body)
	})
}

func benchPrepare(c *dynamodb.Client) error {
	_, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(benchTable),
		AttributeDefinitions: attrDefs("pk", "S"),
		KeySchema:            keySchema("pk", ""),
		BillingMode:          types.BillingModePayPerRequest,
	})
	var ae smithy.APIError
	if err != nil && !(errors.As(err, &ae) && ae.ErrorCode() == "ResourceInUseException") {
		return fmt.Errorf("CreateTable: %w", err)
	}
	for range 500 { // wait for ACTIVE
		out, err := c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(benchTable)})
		if err == nil && out.Table.TableStatus == types.TableStatusActive {
			break
		}
	}
	// Load every key once, unless an earlier run against the same server did.
	last := Item{"pk": S(fmt.Sprintf("user#%06d", benchKeys-1))}
	if out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(benchTable), Key: last}); err == nil && len(out.Item) > 0 {
		return nil
	}
	for i := range benchKeys {
		if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(benchTable), Item: benchItem(i)}); err != nil {
			return fmt.Errorf("PutItem: %w", err)
		}
	}
	return nil
}

// benchItem is a ~200-byte item (DynamoDB item size) of mixed types.
func benchItem(i int) Item {
	id := fmt.Sprintf("user#%06d", i)
	return Item{
		"pk":     S(id),
		"name":   S("Ada Lovelace the " + strconv.Itoa(i) + "th"),
		"email":  S("ada." + strconv.Itoa(i) + "@example.com"),
		"age":    N(strconv.Itoa(20 + i%60)),
		"score":  N("1234.5678"),
		"active": &types.AttributeValueMemberBOOL{Value: i%2 == 0},
		"tags":   &types.AttributeValueMemberSS{Value: []string{"alpha", "beta", "gamma"}},
		"address": &types.AttributeValueMemberM{Value: Item{
			"street": S("12 Analytical Engine Way"),
			"city":   S("London"),
			"zip":    S("NW1 6XE"),
		}},
		"history": &types.AttributeValueMemberL{Value: []types.AttributeValue{N("1"), N("2"), N("3")}},
	}
}

func benchParallelism() int {
	if v, err := strconv.Atoi(os.Getenv("WIRE_BENCH_PARALLELISM")); err == nil && v > 0 {
		return v
	}
	return 4
}

func reportOps(b *testing.B) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(b.N)/s, "ops/s")
	}
}

func BenchmarkWirePutItem(b *testing.B) {
	c := benchSetup(b)
	items := make([]Item, benchKeys)
	for i := range items {
		items[i] = benchItem(i)
	}
	var next atomic.Int64
	b.SetParallelism(benchParallelism())
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1) % benchKeys)
			if _, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(benchTable), Item: items[i]}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	reportOps(b)
}

func BenchmarkWireGetItem(b *testing.B) {
	c := benchSetup(b)
	keys := make([]Item, benchKeys)
	for i := range keys {
		keys[i] = Item{"pk": S(fmt.Sprintf("user#%06d", i))}
	}
	var next atomic.Int64
	b.SetParallelism(benchParallelism())
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1) % benchKeys)
			out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(benchTable), Key: keys[i]})
			if err != nil {
				b.Error(err)
				return
			}
			if len(out.Item) == 0 {
				b.Error("GetItem: no item")
				return
			}
		}
	})
	reportOps(b)
}

// BenchmarkWireQuery queries one partition by its key (pk = :pk, one item:
// the table has no sort key), a key condition expression to parse and an
// Items list to encode where GetItem has neither.
func BenchmarkWireQuery(b *testing.B) {
	c := benchSetup(b)
	values := make([]map[string]types.AttributeValue, benchKeys)
	for i := range values {
		values[i] = Item{":pk": S(fmt.Sprintf("user#%06d", i))}
	}
	var next atomic.Int64
	b.SetParallelism(benchParallelism())
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			i := int(next.Add(1) % benchKeys)
			out, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(benchTable),
				KeyConditionExpression: aws.String("pk = :pk"), ExpressionAttributeValues: values[i]})
			if err != nil {
				b.Error(err)
				return
			}
			if len(out.Items) != 1 {
				b.Errorf("Query: %d items", len(out.Items))
				return
			}
		}
	})
	reportOps(b)
}

// BenchmarkDispatchPutItem and BenchmarkDispatchGetItem measure the wire
// layer without HTTP or the SDK: decode, engine call, encode.
func BenchmarkDispatchPutItem(b *testing.B) {
	db := engine.New()
	wire.Dispatch(db, wire.TargetPrefix+"CreateTable", []byte(`{"TableName":"bench","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`))
	body := []byte(benchItemJSON)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if status, resp := wire.Dispatch(db, wire.TargetPrefix+"PutItem", body); status != 200 {
			b.Fatalf("%d %s", status, resp)
		}
	}
}

func BenchmarkDispatchGetItem(b *testing.B) {
	db := engine.New()
	wire.Dispatch(db, wire.TargetPrefix+"CreateTable", []byte(`{"TableName":"bench","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`))
	wire.Dispatch(db, wire.TargetPrefix+"PutItem", []byte(benchItemJSON))
	body := []byte(`{"TableName":"bench","Key":{"pk":{"S":"user#000042"}}}`)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if status, resp := wire.Dispatch(db, wire.TargetPrefix+"GetItem", body); status != 200 || len(resp) < 100 {
			b.Fatalf("%d %s", status, resp)
		}
	}
}

// benchItemJSON is benchItem(42) as the SDK sends it.
const benchItemJSON = `{"Item":{"active":{"BOOL":true},"address":{"M":{"city":{"S":"London"},"street":{"S":"12 Analytical Engine Way"},"zip":{"S":"NW1 6XE"}}},"age":{"N":"62"},"email":{"S":"ada.42@example.com"},"history":{"L":[{"N":"1"},{"N":"2"},{"N":"3"}]},"name":{"S":"Ada Lovelace the 42th"},"pk":{"S":"user#000042"},"score":{"N":"1234.5678"},"tags":{"SS":["alpha","beta","gamma"]}},"TableName":"bench"}`

// The Raw benchmarks run the same load through a thin HTTP client: the
// request bodies are prepared in advance and sent with the headers an SDK
// sends (a SigV4 Authorization the server does not check). An SDK spends far
// more CPU per request than either server on this 2-core machine, which
// caps every server near the client's own ceiling; the thin client makes the
// servers' difference visible. Both servers get byte-identical requests.

var rawClient = &http.Client{Transport: &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 512}}

// rawBodyPut is the PutItem request body for benchItem(i), as the SDK sends it.
func rawBodyPut(i int) string {
	id := fmt.Sprintf("user#%06d", i)
	active := "false"
	if i%2 == 0 {
		active = "true"
	}
	return `{"Item":{"active":{"BOOL":` + active + `},"address":{"M":{"city":{"S":"London"},"street":{"S":"12 Analytical Engine Way"},"zip":{"S":"NW1 6XE"}}},` +
		`"age":{"N":"` + strconv.Itoa(20+i%60) + `"},"email":{"S":"ada.` + strconv.Itoa(i) + `@example.com"},"history":{"L":[{"N":"1"},{"N":"2"},{"N":"3"}]},` +
		`"name":{"S":"Ada Lovelace the ` + strconv.Itoa(i) + `th"},"pk":{"S":"` + id + `"},"score":{"N":"1234.5678"},"tags":{"SS":["alpha","beta","gamma"]}},"TableName":"` + benchTable + `"}`
}

func rawBodyGet(i int) string {
	return `{"Key":{"pk":{"S":"user#` + fmt.Sprintf("%06d", i) + `"}},"TableName":"` + benchTable + `"}`
}

// rawBodyQuery is BenchmarkWireQuery's request for key i, as the SDK sends it.
func rawBodyQuery(i int) string {
	return `{"ExpressionAttributeValues":{":pk":{"S":"user#` + fmt.Sprintf("%06d", i) + `"}},"KeyConditionExpression":"pk = :pk","TableName":"` + benchTable + `"}`
}

// rawEndpoint returns the URL the Raw benchmarks post to, after the SDK
// setup has created and loaded the table there.
func rawEndpoint(b *testing.B) string {
	return *benchSetup(b).Options().BaseEndpoint
}

func rawLoop(b *testing.B, target string, body func(int) string) {
	url := rawEndpoint(b) + "/"
	bodies := make([]string, benchKeys)
	for i := range bodies {
		bodies[i] = body(i)
	}
	var next atomic.Int64
	b.SetParallelism(benchParallelism())
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		buf := make([]byte, 4096)
		for pb.Next() {
			i := int(next.Add(1) % benchKeys)
			req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(bodies[i]))
			req.Header["Content-Type"] = []string{"application/x-amz-json-1.0"}
			req.Header["X-Amz-Target"] = []string{wire.TargetPrefix + target}
			req.Header["X-Amz-Date"] = []string{"20260101T000000Z"}
			req.Header["Authorization"] = []string{"AWS4-HMAC-SHA256 Credential=AKID/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000000000000000000000000000000000000000000000000000000000000000"}
			resp, err := rawClient.Do(req)
			if err != nil {
				b.Error(err)
				return
			}
			n, _ := io.ReadFull(resp.Body, buf)
			resp.Body.Close()
			if resp.StatusCode != 200 || n < 2 {
				b.Errorf("%s: status %d: %s", target, resp.StatusCode, buf[:n])
				return
			}
		}
	})
	reportOps(b)
}

func BenchmarkWireRawPutItem(b *testing.B) { rawLoop(b, "PutItem", rawBodyPut) }
func BenchmarkWireRawGetItem(b *testing.B) { rawLoop(b, "GetItem", rawBodyGet) }
func BenchmarkWireRawQuery(b *testing.B)   { rawLoop(b, "Query", rawBodyQuery) }
