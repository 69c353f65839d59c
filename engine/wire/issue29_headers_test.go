//go:build !js

package wire_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	smithymw "github.com/aws/smithy-go/middleware"
	smithyhttp "github.com/aws/smithy-go/transport/http"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// Request headers over 16 KB: DynamoDB answers 400 Bad Request before it
// reads the body or the signature (scylladb issue 23438 and the tests of
// pull request 23442, passing against DynamoDB, with 17,000 bytes of URL
// or headers). Issue 29.

func rawPost(t *testing.T, url string, pad int) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Amz-Target", wire.TargetPrefix+"ListTables")
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Pad", strings.Repeat("p", pad))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

func TestIssue29HeadersOver16KB(t *testing.T) {
	srv := httptest.NewServer(wire.NewHandler(engine.New()))
	defer srv.Close()
	if status, body := rawPost(t, srv.URL, 15000); status != 200 || !strings.Contains(body, "TableNames") {
		t.Fatalf("15,000 bytes of padding: %d %s, want a ListTables answer", status, body)
	}
	if status, body := rawPost(t, srv.URL, 17000); status != 400 || strings.Contains(body, "InvalidSignatureException") {
		t.Fatalf("17,000 bytes of headers: %d %q, want DynamoDB's 400", status, body)
	}
	// A URL that long counts too.
	status, _ := rawPost(t, srv.URL+"/"+strings.Repeat("x", 17000), 0)
	if status != 400 {
		t.Fatalf("17,000 bytes of URL: %d, want 400", status)
	}
}

func TestSDKIssue29HeadersOver16KB(t *testing.T) {
	pad := func(n int) func(*dynamodb.Options) {
		return func(o *dynamodb.Options) {
			o.APIOptions = append(o.APIOptions, func(s *smithymw.Stack) error {
				return s.Build.Add(smithymw.BuildMiddlewareFunc("pad", func(ctx context.Context, in smithymw.BuildInput, next smithymw.BuildHandler) (smithymw.BuildOutput, smithymw.Metadata, error) {
					if req, ok := in.Request.(*smithyhttp.Request); ok {
						req.Header.Set("X-Pad", strings.Repeat("p", n))
					}
					return next.HandleBuild(ctx, in)
				}), smithymw.After)
			})
		}
	}
	small, _ := newClient(t, pad(15000))
	if _, err := small.ListTables(ctx, &dynamodb.ListTablesInput{}); err != nil {
		t.Fatalf("15,000 bytes of padding: %v", err)
	}
	big, _ := newClient(t, pad(17000))
	_, err := big.ListTables(ctx, &dynamodb.ListTablesInput{Limit: aws.Int32(1)})
	var re *smithyhttp.ResponseError
	if !errors.As(err, &re) || re.HTTPStatusCode() != 400 {
		t.Fatalf("17,000 bytes of headers: %v, want an HTTP 400", err)
	}
}
