package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// These tests send, as one unauthenticated client of a shared server
// would, the requests that took the server down (issue 24) to the real
// binary, and check that each is refused with a 4xx, that nothing panics,
// that the process lives within its memory ceiling, and that a GET of the
// page is answered meanwhile.

// rssCeiling is the documented ceiling above the resting size (README's
// Security section: -max-memory's default).
const rssCeiling = 1 << 30

// attack is one hostile request.
type attack struct {
	name, method, path, contentType string
	header                          map[string]string
	body                            []byte
}

// rssBytes reads the resident set of pid from /proc (Linux).
func rssBytes(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// runAttacks sends each attack to p, one at a time, and checks the
// server through and after each.
func runAttacks(t *testing.T, p *servertest.Process, attacks []attack) {
	t.Helper()
	pid := p.PID()
	rest := rssBytes(t, pid)
	client := &http.Client{Timeout: 2 * time.Minute}
	for _, a := range attacks {
		t.Run(a.name, func(t *testing.T) {
			done := make(chan struct{})
			var wg sync.WaitGroup
			var peak int64
			var pageErr error
			wg.Add(1)
			go func() {
				// Meanwhile: the page answers, and the RSS peak is kept.
				defer wg.Done()
				page := &http.Client{Timeout: 10 * time.Second}
				for {
					if r := rssBytes(t, pid); r > peak {
						peak = r
					}
					resp, err := page.Get(p.URL + "/")
					if err != nil {
						pageErr = err
					} else {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
						if resp.StatusCode != http.StatusOK {
							pageErr = &statusError{resp.StatusCode}
						}
					}
					select {
					case <-done:
						return
					case <-time.After(50 * time.Millisecond):
					}
				}
			}()
			req, err := http.NewRequest(a.method, p.URL+a.path, bytes.NewReader(a.body))
			if err != nil {
				t.Fatal(err)
			}
			if a.contentType != "" {
				req.Header.Set("Content-Type", a.contentType)
			}
			for k, v := range a.header {
				req.Header.Set(k, v)
			}
			start := time.Now()
			resp, err := client.Do(req)
			close(done)
			wg.Wait()
			if err != nil {
				t.Fatalf("%s %s: %v (the server dropped the request)\n%s", a.method, a.path, err, tail(p.Log()))
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			t.Logf("%d bytes: %d in %v, RSS peak %d MB (rest %d MB): %.200s", len(a.body), resp.StatusCode, time.Since(start).Round(time.Millisecond), peak>>20, rest>>20, body)
			if resp.StatusCode < 400 || resp.StatusCode >= 500 {
				t.Errorf("status %d, want a 4xx", resp.StatusCode)
			}
			if peak-rest > rssCeiling {
				t.Errorf("RSS peak %d MB, over %d MB above the resting %d MB", peak>>20, rssCeiling>>20, rest>>20)
			}
			if pageErr != nil {
				t.Errorf("GET / meanwhile: %v", pageErr)
			}
			if strings.Contains(p.Log(), "panic") {
				t.Fatalf("a panic in the log:\n%s", tail(p.Log()))
			}
			if !p.Alive() {
				t.Fatalf("the server exited:\n%s", tail(p.Log()))
			}
		})
	}
}

type statusError struct{ code int }

func (e *statusError) Error() string { return "status " + strconv.Itoa(e.code) }

func tail(s string) string {
	if len(s) > 4000 {
		return "..." + s[len(s)-4000:]
	}
	return s
}

// TestAttacksDecoder: the decoder's crash input, on /api/share and on the
// DynamoDB endpoint.
func TestAttacksDecoder(t *testing.T) {
	bin := servertest.Build(t)
	p := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", t.TempDir())
	var attacks []attack
	for _, in := range []string{`{"\`, `{"a\`, `{"\u`, `{"model":{"\`} {
		attacks = append(attacks,
			attack{name: "share " + in, method: "POST", path: "/api/share", contentType: "application/json", body: []byte(in)},
			attack{name: "wire " + in, method: "POST", path: "/", contentType: "application/x-amz-json-1.0",
				header: map[string]string{"X-Amz-Target": "DynamoDB_20120810.PutItem"}, body: []byte(in)})
	}
	runAttacks(t, p, attacks)
}

const tfTable = `
resource "aws_dynamodb_table" "t" {
  name         = "orders"
  hash_key     = "pk"
  billing_mode = "PAY_PER_REQUEST"
  attribute {
    name = "pk"
    type = "S"
  }
}
`

// tenfoldLocals: each local joins ten copies of the one before (the
// issue's 1,282-byte body, 22.9 GB before the budget).
func tenfoldLocals(levels int) []byte {
	var b strings.Builder
	b.WriteString("locals {\n  l0 = \"xxxxxxxxxx\"\n")
	for i := 1; i < levels; i++ {
		b.WriteString("  l" + strconv.Itoa(i) + " = \"" + strings.Repeat("${local.l"+strconv.Itoa(i-1)+"}", 10) + "\"\n")
	}
	return []byte(b.String() + "}\n" + tfTable)
}

// concatDoubling: each local concatenates two copies of the one before.
func concatDoubling(levels int) []byte {
	var b strings.Builder
	b.WriteString("locals {\n  c0 = [\"xxxxxxxx\"]\n")
	for i := 1; i < levels; i++ {
		p := "local.c" + strconv.Itoa(i-1)
		b.WriteString("  c" + strconv.Itoa(i) + " = concat(" + p + ", " + p + ")\n")
	}
	return []byte(b.String() + "}\n" + tfTable)
}

// TestAttacksImport: the imports that took the server down, each a 4xx
// naming its limit.
func TestAttacksImport(t *testing.T) {
	bin := servertest.Build(t)
	p := servertest.Start(t, bin, "-addr", "127.0.0.1:0")
	json := "application/json"
	attacks := []attack{
		{name: "tenfold locals", method: "POST", path: "/api/import?format=terraform", contentType: json, body: tenfoldLocals(12)},
		{name: "concat doubling", method: "POST", path: "/api/import?format=terraform", contentType: json, body: concatDoubling(40)},
		{name: "100,000 parentheses", method: "POST", path: "/api/import?format=terraform", contentType: json,
			body: []byte("locals { a = " + strings.Repeat("(", 100_000) + "1" + strings.Repeat(")", 100_000) + "}")},
		{name: "60,000 parentheses", method: "POST", path: "/api/import?format=terraform", contentType: json,
			body: []byte("locals { a = " + strings.Repeat("(", 60_000) + "1" + strings.Repeat(")", 60_000) + "}")},
		{name: "100,000 flow sequences", method: "POST", path: "/api/import?format=cloudformation", contentType: json,
			body: []byte("Resources: " + strings.Repeat("[", 100_000))},
		{name: "30,000 flow sequences", method: "POST", path: "/api/import?format=cloudformation", contentType: json,
			body: []byte("Resources: " + strings.Repeat("[", 30_000))},
		{name: "100,000 JSON arrays", method: "POST", path: "/api/import?format=cloudformation", contentType: json,
			body: []byte(`{"Resources": ` + strings.Repeat("[", 100_000))},
		{name: "Fn::Sub of a long default", method: "POST", path: "/api/import?format=cloudformation", contentType: json,
			body: []byte("Parameters:\n  P:\n    Type: String\n    Default: " + strings.Repeat("x", 500_000) +
				"\nResources:\n  T:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: !Sub \"" + strings.Repeat("${P}", 20_000) + "\"\n")},
	}
	runAttacks(t, p, attacks)
}

// TestIdleConnectionsDoNotHoldSlots: twice -max-connections idle
// keep-alive connections from one client, then GETs from another, each
// answered at once.
func TestIdleConnectionsDoNotHoldSlots(t *testing.T) {
	const limit = 8
	bin := servertest.Build(t)
	p := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-max-connections", strconv.Itoa(limit))
	addr := strings.TrimPrefix(p.URL, "http://")
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for i := 0; i < 2*limit; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
		// One request, answered, then the connection stays open, idle.
		fmt.Fprintf(c, "GET /api/patterns HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("idle connection %d: %v", i, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	for i := 0; i < 23; i++ {
		client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		start := time.Now()
		resp, err := client.Get(p.URL + "/")
		if err != nil {
			t.Fatalf("GET %d from another client, with %d idle connections open: %v", i, 2*limit, err)
		}
		resp.Body.Close()
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("GET %d took %v", i, d)
		}
	}
}
