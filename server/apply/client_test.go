package apply

import (
	"context"
	"errors"
	"net"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// TestLoopbackNamesWithoutDNS: an endpoint named localhost., x.localhost
// or x.localhost. (loopback by RFC 6761, and let through as loopback by
// the endpoint policy) is dialled at the loopback address: the client
// never asks a DNS server, whose answer could point anywhere.
func TestLoopbackNamesWithoutDNS(t *testing.T) {
	srv := httptest.NewServer(wire.NewHandler(engine.New()))
	t.Cleanup(srv.Close)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))

	// The system resolver, replaced by one whose every DNS query is
	// counted and fails.
	var queries atomic.Int64
	saved := net.DefaultResolver
	net.DefaultResolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
		queries.Add(1)
		return nil, errors.New("no DNS in this test")
	}}
	t.Cleanup(func() { net.DefaultResolver = saved })

	for _, host := range []string{"localhost.", "app.localhost", "app.localhost.", "A.B.LOCALHOST"} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		c, err := NewClient(ctx, "http://"+net.JoinHostPort(host, port), "")
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.ListTables(ctx, &dynamodb.ListTablesInput{})
		cancel()
		if err != nil {
			t.Errorf("%s: ListTables: %v", host, err)
		}
	}
	if n := queries.Load(); n != 0 {
		t.Errorf("%d DNS queries for loopback names, want none", n)
	}
}
