package main

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/server/servertest"
)

// These tests check the DynamoDB endpoint's answers and the apply
// targets' errors against the running binary (issue 24).

// do sends one request to the running server and returns its answer.
func do(t *testing.T, method, url string, header map[string]string, body []byte) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Timeout: 3 * time.Minute}).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// TestEndpointAnswersAsDynamoDB: another method than POST with
// X-Amz-Target gets DynamoDB's 404 UnknownOperationException (not the
// page's plain-text 405); a call on another path than / is a call, as
// DynamoDB ignores the path; a browser request without Origin but with
// Sec-Fetch-Site: cross-site is refused like one with a foreign Origin;
// -cors-origins '*' answers Access-Control-Allow-Origin: *.
func TestEndpointAnswersAsDynamoDB(t *testing.T) {
	bin := servertest.Build(t)
	p := servertest.Start(t, bin, "-addr", "127.0.0.1:0")
	list := map[string]string{"X-Amz-Target": "DynamoDB_20120810.ListTables", "Content-Type": "application/x-amz-json-1.0"}

	for _, method := range []string{"PUT", "DELETE", "PATCH", "GET"} {
		code, h, body := do(t, method, p.URL+"/", list, nil)
		if code != http.StatusNotFound || h.Get("Content-Type") != "application/x-amz-json-1.0" ||
			!strings.Contains(body, "UnknownOperationException") || h.Get("X-Amzn-Requestid") == "" {
			t.Errorf("%s / with X-Amz-Target: %d %q %q, want DynamoDB's 404 UnknownOperationException", method, code, h.Get("Content-Type"), body)
		}
	}
	for _, path := range []string{"/dynamodb", "/a/b/"} {
		code, _, body := do(t, "POST", p.URL+path, list, []byte("{}"))
		if code != http.StatusOK || !strings.Contains(body, `"TableNames"`) {
			t.Errorf("ListTables on %s: %d %q, want 200 and TableNames", path, code, body)
		}
	}
	for _, site := range []string{"cross-site", "same-site"} {
		hdr := map[string]string{"Sec-Fetch-Site": site}
		for k, v := range list {
			hdr[k] = v
		}
		code, _, body := do(t, "POST", p.URL+"/", hdr, []byte("{}"))
		if code != http.StatusForbidden || !strings.Contains(body, "AccessDeniedException") {
			t.Errorf("Sec-Fetch-Site %s without Origin: %d %q, want 403 AccessDeniedException", site, code, body)
		}
	}

	any := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-cors-origins", "*")
	hdr := map[string]string{"Origin": "https://app.example"}
	for k, v := range list {
		hdr[k] = v
	}
	code, h, body := do(t, "POST", any.URL+"/", hdr, []byte("{}"))
	if code != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("-cors-origins '*': %d, Access-Control-Allow-Origin %q (%q), want 200 and *", code, h.Get("Access-Control-Allow-Origin"), body)
	}
	code, h, _ = do(t, "OPTIONS", any.URL+"/", map[string]string{"Origin": "https://app.example",
		"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-amz-target,content-type"}, nil)
	if code != http.StatusOK || h.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("-cors-origins '*' preflight: %d, Access-Control-Allow-Origin %q, want 200 and *", code, h.Get("Access-Control-Allow-Origin"))
	}
}

// TestApplyTargetsLookAlike: /api/apply and the live import answer a
// closed loopback port, a port where another HTTP service answers and one
// whose service closes at once with the same status and text, so that
// they cannot scan the server machine's ports.
func TestApplyTargetsLookAlike(t *testing.T) {
	bin := servertest.Build(t)
	p := servertest.Start(t, bin, "-addr", "127.0.0.1:0")

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	ln.Close()
	web := httptest.NewServer(http.NotFoundHandler())
	t.Cleanup(web.Close)
	hangup, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hangup.Close() })
	go func() {
		for {
			c, err := hangup.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	targets := map[string]string{"closed": "http://" + closed, "web server": web.URL, "hang-up": "http://" + hangup.Addr().String()}

	doc := servertest.SmallModel(t, "write-sharding", 10)
	json := map[string]string{"Content-Type": "application/json"}
	type answer struct {
		code int
		body string
	}
	for _, route := range []string{"apply", "import"} {
		answers := map[string]answer{}
		for name, target := range targets {
			var code int
			var body string
			if route == "apply" {
				code, _, body = do(t, "POST", p.URL+"/api/apply?endpoint="+target, json, doc)
			} else {
				code, _, body = do(t, "POST", p.URL+"/api/import?format=endpoint", json, []byte(`{"endpoint":"`+target+`"}`))
			}
			answers[name] = answer{code, body}
			if strings.Contains(body, strings.TrimPrefix(target, "http://127.0.0.1")) {
				t.Errorf("%s to the %s port: the answer names the port: %q", route, name, body)
			}
		}
		want := answers["closed"]
		if want.code != http.StatusBadGateway {
			t.Errorf("%s to a closed port: %d %q, want 502", route, want.code, want.body)
		}
		for name, got := range answers {
			if got != want {
				t.Errorf("%s to the %s port: %d %q; to a closed one: %d %q", route, name, got.code, got.body, want.code, want.body)
			}
		}
	}
}
