package main

// The security suite: each refusal of httpguard and the server's limits,
// tested against a running server on a loopback port (issue 14).

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server"
	"github.com/dynamodb-workbench/workbench/server/api"
	"github.com/dynamodb-workbench/workbench/server/httpguard"
	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// liveServer runs the workbench on a loopback port until the test ends and
// returns its base URL.
func liveServer(t *testing.T, opts server.Options) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	web := testWeb(t, fakeWasm, nil)
	go func() { done <- runWorkbench(ctx, ln, opts, web, servertest.LogWriter(t)) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// send makes a request with the given Host and headers and returns the
// status and body.
func send(t *testing.T, method, url, host string, header map[string]string, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body == "" {
		req.Body, req.ContentLength = nil, 0
	}
	if host != "" {
		req.Host = host
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// goAppPaths are every path go-app v10.1.11's handler serves itself
// (pkg/app/http.go: its generated files, the icons it is given, the wasm
// aliases, and the files it proxies over HTTP), and the page.
var goAppPaths = []string{
	"/", "/app.js", "/goapp.js", "/wasm_exec.js", "/app-worker.js", "/manifest.webmanifest", "/manifest.json",
	"/app.css", "/app.wasm", "/goapp.wasm", "/web/app.wasm", "/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png",
	"/web/workbench.css", "/robots.txt", "/sitemap.xml", "/ads.txt", "/web/robots.txt", "/web/sitemap.xml", "/web/ads.txt",
	"/no-such-page", "/web/no-such-file",
}

// TestSecuritySSRF checks that no path go-app serves, with or without its
// /<version>/ prefix, makes the server fetch anything: the Host header names
// a canary server that must never be contacted. The canary's name is even
// an allowed host, so the Host check is not what stops it.
func TestSecuritySSRF(t *testing.T) {
	var contacted atomic.Int32
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		contacted.Add(1)
		io.WriteString(w, "CANARY "+r.URL.Path)
	}))
	defer canary.Close()
	canaryHost := strings.TrimPrefix(canary.URL, "http://")

	const version = "v-ssrf"
	base := liveServer(t, server.Options{Version: version, AllowedHosts: []string{"127.0.0.1"}})
	for _, prefix := range []string{"", "/" + version} {
		for _, p := range goAppPaths {
			for _, method := range []string{"GET", "HEAD"} {
				code, _, body := send(t, method, base+prefix+p, canaryHost, nil, "")
				if code >= 500 {
					t.Errorf("%s %s%s: %d", method, prefix, p, code)
				}
				if strings.Contains(body, "CANARY") {
					t.Errorf("%s %s%s: answered with the canary's body", method, prefix, p)
				}
			}
		}
	}
	if n := contacted.Load(); n != 0 {
		t.Errorf("the server contacted the Host header's server %d times", n)
	}
	// The files the page needs still come from the embedded copy.
	for _, p := range []string{"/robots.txt", "/" + version + "/robots.txt", "/" + version + "/web/icon.svg", "/" + version + "/app.wasm"} {
		if code, _, _ := send(t, "GET", base+p, "", nil, ""); code != http.StatusOK {
			t.Errorf("GET %s: %d, want 200 from the embedded files", p, code)
		}
	}
}

// TestSecurityRebinding checks that a request naming another host (a page
// on a DNS-rebinding name) reaches no handler, while loopback names,
// -allowed-hosts and -public-url's host are answered.
func TestSecurityRebinding(t *testing.T) {
	base := liveServer(t, server.Options{AllowedHosts: []string{"team.example"}, PublicURL: "https://workbench.example.org"})
	port := base[strings.LastIndex(base, ":"):]
	listTables := map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables", "Content-Type": "application/x-amz-json-1.0"}
	for _, host := range []string{"rebind.attacker.example" + port, "rebind.attacker.example", "127.0.0.1.attacker.example" + port, "localhost.attacker.example"} {
		for _, c := range []struct {
			method, path string
			header       map[string]string
			body         string
		}{
			{"GET", "/", nil, ""},
			{"GET", "/api/patterns", nil, ""},
			{"POST", "/api/apply?endpoint=http://127.0.0.1:1", map[string]string{"Content-Type": "application/json"}, "{}"},
			{"POST", "/", listTables, "{}"},
		} {
			code, _, body := send(t, c.method, base+c.path, host, c.header, c.body)
			if code != http.StatusMisdirectedRequest || !strings.Contains(body, "does not answer for host") {
				t.Errorf("Host %s, %s %s: %d %.100s, want 421", host, c.method, c.path, code, body)
			}
		}
	}
	for _, host := range []string{"", "localhost" + port, "team.example" + port, "TEAM.example", "workbench.example.org", "[::1]" + port} {
		code, _, body := send(t, "POST", base+"/", host, listTables, "{}")
		if code != http.StatusOK || !strings.Contains(body, "TableNames") {
			t.Errorf("Host %q: ListTables %d %.100s", host, code, body)
		}
	}
}

// TestSecurityCrossOrigin checks that a page on another origin can neither
// call the DynamoDB endpoint (no CORS by default) nor write through /api,
// that text/plain and form posts are refused, and that clients without an
// Origin (the SDKs, the CLI) and the page itself still work.
func TestSecurityCrossOrigin(t *testing.T) {
	base := liveServer(t, server.Options{})
	evil := "https://evil.example"
	preflight := map[string]string{"Origin": evil, "Access-Control-Request-Method": "POST",
		"Access-Control-Request-Headers": "content-type,x-amz-target"}
	code, h, _ := send(t, "OPTIONS", base+"/", "", preflight, "")
	if code == http.StatusOK || h.Get("Access-Control-Allow-Origin") != "" || h.Get("Access-Control-Allow-Methods") != "" {
		t.Errorf("preflight from %s: %d, Allow-Origin %q, Allow-Methods %q", evil, code, h.Get("Access-Control-Allow-Origin"), h.Get("Access-Control-Allow-Methods"))
	}
	for _, op := range []string{"ListTables", "DeleteTable", "Scan"} {
		code, h, body := send(t, "POST", base+"/", "", map[string]string{"Origin": evil, "X-Amz-Target": "DynamoDB_20120810." + op,
			"Content-Type": "application/x-amz-json-1.0"}, `{"TableName":"t"}`)
		if code != http.StatusForbidden || h.Get("Access-Control-Allow-Origin") != "" || !strings.Contains(body, "AccessDeniedException") {
			t.Errorf("%s from %s: %d %q %.100s", op, evil, code, h.Get("Access-Control-Allow-Origin"), body)
		}
	}

	share := servertest.PatternJSON(t, "write-sharding", nil)
	for _, c := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"text/plain, no Origin", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"text/plain, cross-site", map[string]string{"Content-Type": "text/plain;charset=UTF-8", "Origin": evil, "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType},
		{"multipart", map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, http.StatusUnsupportedMediaType},
		{"no type", nil, http.StatusUnsupportedMediaType},
		{"JSON from another origin", map[string]string{"Content-Type": "application/json", "Origin": evil}, http.StatusForbidden},
		{"JSON, Origin null", map[string]string{"Content-Type": "application/json", "Origin": "null"}, http.StatusForbidden},
		{"JSON, cross-site fetch without Origin", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"JSON, same-site other origin", map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}, http.StatusForbidden},
	} {
		for _, path := range []string{"/api/share", "/api/simulate", "/api/analyze", "/api/snippet", "/api/export?format=cloudformation-json", "/api/import?format=endpoint", "/api/import?format=csv&key=PK:S", "/api/apply?endpoint=http://127.0.0.1:1"} {
			code, _, body := send(t, "POST", base+path, "", c.header, `{"model":`+share+`}`)
			if code != c.want {
				t.Errorf("%s: POST %s: %d %.120s, want %d", c.name, path, code, body, c.want)
			}
		}
	}
	// The page's own requests and a client without Origin pass.
	port := base[strings.LastIndex(base, ":"):]
	for _, header := range []map[string]string{
		{"Content-Type": "application/json"},
		{"Content-Type": "application/json", "Origin": base, "Sec-Fetch-Site": "same-origin"},
		{"Content-Type": "application/json", "Origin": "http://localhost" + port},
	} {
		host := ""
		if strings.Contains(header["Origin"], "localhost") {
			host = "localhost" + port
		}
		if code, _, body := send(t, "POST", base+"/api/simulate", host, header, `{"model":`+share+`,"seconds":60}`); code != http.StatusOK {
			t.Errorf("simulate with %v: %d %.200s", header, code, body)
		}
	}
}

// TestSecurityCORSOrigins checks -cors-origins: a named origin gets its
// preflight answered and the CORS headers, others still do not.
func TestSecurityCORSOrigins(t *testing.T) {
	app := "http://app.localhost:3000"
	base := liveServer(t, server.Options{CORSOrigins: []string{app}})
	pre := map[string]string{"Origin": app, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-amz-target"}
	code, h, _ := send(t, "OPTIONS", base+"/", "", pre, "")
	if code != http.StatusOK || h.Get("Access-Control-Allow-Origin") != app || !strings.Contains(h.Get("Access-Control-Allow-Headers"), "x-amz-target") {
		t.Errorf("preflight from %s: %d %v", app, code, h)
	}
	code, h, body := send(t, "POST", base+"/", "", map[string]string{"Origin": app, "X-Amz-Target": "DynamoDB_20120810.ListTables",
		"Content-Type": "application/x-amz-json-1.0"}, "{}")
	if code != http.StatusOK || h.Get("Access-Control-Allow-Origin") != app || !strings.Contains(body, "TableNames") {
		t.Errorf("ListTables from %s: %d %q %s", app, code, h.Get("Access-Control-Allow-Origin"), body)
	}
	pre["Origin"] = "http://other.localhost:3000"
	if code, h, _ := send(t, "OPTIONS", base+"/", "", pre, ""); code != http.StatusForbidden || h.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight from another origin: %d %q", code, h.Get("Access-Control-Allow-Origin"))
	}
}

// TestSecurityBoundedSimulate checks that a simulation whose writes would
// multiply the partitions is refused with a 400 naming the budget, and
// that expensive requests beyond -max-expensive are refused at once.
func TestSecurityBoundedSimulate(t *testing.T) {
	base := liveServer(t, server.Options{MaxExpensive: 1})
	huge := servertest.PatternJSON(t, "write-sharding", func(m *model.Model) {
		for i := range m.Workload.Requests {
			m.Workload.Requests[i].Rate = 1e15
		}
	})
	for _, path := range []string{"/api/simulate", "/api/analyze"} {
		code, _, body := send(t, "POST", base+path, "", map[string]string{"Content-Type": "application/json"}, `{"model":`+huge+`}`)
		if code != http.StatusBadRequest || !strings.Contains(body, "budget") {
			t.Fatalf("%s, huge workload: %d %.300s, want 400 naming the budget", path, code, body)
		}
	}

	// A client that asks for a million generated items and reads none of
	// them holds the one slot while its socket buffers are full.
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "GET /api/patterns/write-sharding?items=1000000&format=ndjson HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	// Wait until the server streams the answer, so that the slot is the
	// stream's before the first simulation asks for it (on a loaded
	// machine the simulation could otherwise come first and the stream be
	// the one refused). Reading the status line leaves the rest unread.
	conn.SetReadDeadline(time.Now().Add(time.Minute))
	status, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.Contains(status, " 200 ") {
		t.Fatalf("the stream of a million items: %q %v", status, err)
	}
	refused := false
	for range 600 { // until the slot is taken; bounded
		code, h, body := send(t, "POST", base+"/api/simulate", "", map[string]string{"Content-Type": "application/json"},
			`{"model":`+servertest.PatternJSON(t, "write-sharding", nil)+`,"seconds":60}`)
		if code == http.StatusServiceUnavailable {
			if h.Get("Retry-After") == "" || !strings.Contains(body, "try again") {
				t.Errorf("503 without Retry-After or reason: %v %s", h, body)
			}
			refused = true
			break
		}
		if code != http.StatusOK {
			t.Fatalf("simulate: %d %s", code, body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !refused {
		t.Errorf("a second expensive request was never refused while the first held the only slot")
	}
	conn.Close()
	// The slot comes back once the client has gone.
	for range 600 {
		code, _, _ := send(t, "POST", base+"/api/simulate", "", map[string]string{"Content-Type": "application/json"},
			`{"model":`+servertest.PatternJSON(t, "write-sharding", nil)+`,"seconds":60}`)
		if code == http.StatusOK {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Errorf("the expensive slot never came back after its client left")
}

// TestSecuritySlowClients checks that connections announcing large bodies
// and trickling them are cut off by the read timeout, and that the server
// answers others afterwards.
func TestSecuritySlowClients(t *testing.T) {
	base := liveServer(t, server.Options{ReadTimeout: 500 * time.Millisecond, MaxConnections: 8})
	addr := strings.TrimPrefix(base, "http://")
	const slow = 100 // as in the report; more than MaxConnections: the rest wait in the backlog
	conns := make([]net.Conn, slow)
	for i := range conns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/share HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{", 16<<20)
		conns[i] = c
	}
	for i, c := range conns {
		// Keep trickling; the server must close the connection.
		c.SetDeadline(time.Now().Add(2 * time.Minute))
		closed := false
		r := bufio.NewReader(c)
		for range 2400 {
			if _, err := c.Write([]byte(" ")); err != nil {
				closed = true
				break
			}
			c.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
			if _, err := r.ReadByte(); err != nil && !isTimeout(err) {
				closed = true
				break
			}
		}
		if !closed {
			t.Fatalf("slow connection %d was never closed", i)
		}
	}
	if code, _, _ := send(t, "GET", base+"/api/patterns", "", nil, ""); code != http.StatusOK {
		t.Errorf("after the slow clients: %d", code)
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// TestSecurityHeaders checks the headers of the page and of the API.
func TestSecurityHeaders(t *testing.T) {
	base := liveServer(t, server.Options{})
	for _, p := range []string{"/", "/api/patterns", "/app.js", "/web/icon.svg"} {
		_, h, _ := send(t, "GET", base+p, "", nil, "")
		for k, want := range map[string]string{
			"Content-Security-Policy": httpguard.ContentSecurityPolicy,
			"X-Frame-Options":         "DENY",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
		} {
			if got := h.Get(k); got != want {
				t.Errorf("GET %s: %s = %q, want %q", p, k, got, want)
			}
		}
	}
	for _, want := range []string{"'wasm-unsafe-eval'", "frame-ancestors 'none'", "script-src 'self'"} {
		if !strings.Contains(httpguard.ContentSecurityPolicy, want) {
			t.Errorf("CSP lacks %s", want)
		}
	}
	if strings.Contains(httpguard.ContentSecurityPolicy, "'unsafe-eval'") {
		t.Errorf("CSP allows eval")
	}
}

// TestSecurityBinding checks that listening beyond loopback needs a named
// host, and that the message says which flag to add.
func TestSecurityBinding(t *testing.T) {
	for _, c := range []struct {
		addr string
		opts server.Options
		ok   bool
	}{
		{"127.0.0.1:8080", server.Options{}, true},
		{"localhost:8080", server.Options{}, true},
		{"[::1]:8080", server.Options{}, true},
		{"0.0.0.0:8080", server.Options{}, false},
		{":8080", server.Options{}, false},
		{"[::]:8080", server.Options{}, false},
		{"192.168.1.5:8080", server.Options{}, false},
		{"0.0.0.0:8080", server.Options{AllowedHosts: []string{"team.example"}}, true},
		{"0.0.0.0:8080", server.Options{PublicURL: "https://workbench.example.org"}, true},
		{"0.0.0.0:8080", server.Options{PublicURL: "workbench.example.org"}, false},
	} {
		err := server.CheckExposure(c.addr, c.opts)
		if (err == nil) != c.ok {
			t.Errorf("%s %+v: %v, want ok=%v", c.addr, c.opts, err, c.ok)
		}
		if err != nil && !c.ok && c.opts.PublicURL == "" && (!strings.Contains(err.Error(), "-public-url") || !strings.Contains(err.Error(), "-allowed-hosts")) {
			t.Errorf("%s: %q does not name the flags to add", c.addr, err)
		}
	}
}

// TestSecurityFileImport: through the whole server, a design file passes
// the guard under the type it really has (YAML's, HCL's, JavaScript's,
// text, octet-stream, curl --data-binary's form type) from a client that is
// no browser and from the page itself, and is refused from a page of
// another site whatever its type (the origin check), and as multipart or
// without a type. The endpoint import keeps asking for JSON.
func TestSecurityFileImport(t *testing.T) {
	base := liveServer(t, server.Options{})
	yaml := "Resources:\n  Orders:\n    Type: AWS::DynamoDB::Table\n    Properties:\n      TableName: Orders\n" +
		"      BillingMode: PAY_PER_REQUEST\n      AttributeDefinitions:\n        - {AttributeName: pk, AttributeType: S}\n" +
		"      KeySchema:\n        - {AttributeName: pk, KeyType: HASH}\n"
	hcl := "resource \"aws_dynamodb_table\" \"orders\" {\n  name = \"Orders\"\n  billing_mode = \"PAY_PER_REQUEST\"\n" +
		"  hash_key = \"pk\"\n  attribute {\n    name = \"pk\"\n    type = \"S\"\n  }\n}\n"
	yamlTypes := []string{"application/yaml", "text/yaml", "application/x-yaml", "text/x-yaml; charset=utf-8", "text/plain",
		"application/octet-stream", "application/x-www-form-urlencoded", "application/json"}
	hclTypes := []string{"application/hcl", "text/plain; charset=utf-8", "application/octet-stream", "application/x-www-form-urlencoded"}
	try := func(name, path, body string, header map[string]string, want int) {
		t.Helper()
		code, _, answer := send(t, "POST", base+path, "", header, body)
		if code != want {
			t.Errorf("%s: POST %s: %d %.200s, want %d", name, path, code, answer, want)
		}
		if want == 200 && !strings.Contains(answer, `"Orders"`) {
			t.Errorf("%s: the import does not name the table Orders: %.300s", name, answer)
		}
	}
	for _, ct := range yamlTypes {
		try("curl, "+ct, "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": ct}, 200)
		try("the page, "+ct, "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": ct, "Origin": base, "Sec-Fetch-Site": "same-origin"}, 200)
		try("another origin, "+ct, "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": ct, "Origin": "https://evil.example"}, 403)
		try("cross-site without Origin, "+ct, "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": ct, "Sec-Fetch-Site": "cross-site"}, 403)
		try("Origin null, "+ct, "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": ct, "Origin": "null"}, 403)
	}
	for _, ct := range hclTypes {
		try("curl, "+ct, "/api/import?format=terraform", hcl, map[string]string{"Content-Type": ct}, 200)
		try("curl without a format, "+ct, "/api/import?name=main.tf", hcl, map[string]string{"Content-Type": ct}, 200)
		try("another origin, "+ct, "/api/import?format=terraform", hcl, map[string]string{"Content-Type": ct, "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403)
	}
	try("multipart", "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, 415)
	try("no type", "/api/import?format=cloudformation", yaml, nil, 415)
	try("an image", "/api/import?format=cloudformation", yaml, map[string]string{"Content-Type": "image/png"}, 415)
	for _, ct := range []string{"text/plain", "application/yaml", "application/x-www-form-urlencoded"} {
		try("endpoint import as "+ct, "/api/import?format=endpoint", `{"endpoint":"http://127.0.0.1:1"}`, map[string]string{"Content-Type": ct}, 415)
		try("CSV import as "+ct, "/api/import?format=csv&table=T&key=PK:S", "PK\na\n", map[string]string{"Content-Type": ct}, 415)
	}
}

// TestSecurityCSVImport: through the whole server, a CSV body passes the
// guard from the page's own origin and from curl, and is refused from
// another origin or as a type a cross-site form can send; the import is
// one of the bounded expensive requests.
func TestSecurityCSVImport(t *testing.T) {
	base := liveServer(t, server.Options{})
	url := base + "/api/import?format=csv&table=Things&key=PK:S"
	csv := "PK,n\na,1\n"
	for _, c := range []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"curl", map[string]string{"Content-Type": "text/csv"}, 200},
		{"the page", map[string]string{"Content-Type": "text/csv", "Origin": base, "Sec-Fetch-Site": "same-origin"}, 200},
		{"another origin", map[string]string{"Content-Type": "text/csv", "Origin": "https://evil.example"}, 403},
		{"cross-site without Origin", map[string]string{"Content-Type": "text/csv", "Sec-Fetch-Site": "cross-site"}, 403},
		{"text/plain", map[string]string{"Content-Type": "text/plain"}, 415},
		{"form", map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415},
	} {
		code, _, body := send(t, "POST", url, "", c.header, csv)
		if code != c.want {
			t.Errorf("%s: %d %.200s, want %d", c.name, code, body, c.want)
		}
		if c.want == 200 && !strings.Contains(body, `{"PK":{"S":"a"},"n":{"N":"1"}}`) {
			t.Errorf("%s: %s", c.name, body)
		}
	}
	for _, f := range []string{"csv", "terraform", "cloudformation", "endpoint", ""} {
		if !api.IsExpensive(httptest.NewRequest("POST", "/api/import?format="+f, nil)) {
			t.Errorf("an import (format %q) is not counted among the expensive requests", f)
		}
	}
}
