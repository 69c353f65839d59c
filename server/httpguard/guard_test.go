package httpguard

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{
		"localhost": true, "LOCALHOST:8080": true, "app.localhost": true, "localhost.": true,
		"127.0.0.1": true, "127.1.2.3:80": true, "[::1]:8080": true, "::1": true,
		"": false, "localhost.example": false, "127.0.0.1.nip.io": false, "0.0.0.0": false,
		"10.0.0.1": false, "example.com": false, "[::]:80": false, "localhostx": false,
	} {
		if got := IsLoopback(host); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}

// guarded returns a guard in front of a handler that counts its calls.
func guarded(cfg Config) (*Guard, *atomic.Int32) {
	var n atomic.Int32
	return New(cfg, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(http.StatusNoContent)
	})), &n
}

func TestHostCheck(t *testing.T) {
	g, calls := guarded(Config{Hosts: []string{"Team.Example", "10.1.2.3"}})
	for host, want := range map[string]int{
		"127.0.0.1:8080": http.StatusNoContent, "team.example": http.StatusNoContent, "TEAM.EXAMPLE:443": http.StatusNoContent,
		"10.1.2.3:8080": http.StatusNoContent, "evil.example": http.StatusMisdirectedRequest,
		"team.example.evil.example": http.StatusMisdirectedRequest, "": http.StatusMisdirectedRequest,
	} {
		calls.Store(0)
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		g.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
		if reached := calls.Load() == 1; reached != (want == http.StatusNoContent) {
			t.Errorf("Host %q: handler reached %v", host, reached)
		}
		if w.Header().Get("Content-Security-Policy") != ContentSecurityPolicy || w.Header().Get("X-Frame-Options") != "DENY" {
			t.Errorf("Host %q: security headers missing: %v", host, w.Header())
		}
	}
}

func TestWrites(t *testing.T) {
	g, _ := guarded(Config{PublicOrigins: []string{"https://workbench.example.com"}, Hosts: []string{"workbench.example.com"},
		FileBody: func(r *http.Request) bool { return r.URL.Path == "/api/file" }})
	for _, c := range []struct {
		name, method, path, host, ct string
		header                       map[string]string
		body                         string
		want                         int
	}{
		{"JSON, no Origin", "POST", "/api/x", "localhost", "application/json", nil, "{}", 204},
		{"+json", "PUT", "/api/x", "localhost", "application/merge-patch+json; charset=utf-8", nil, "{}", 204},
		{"text/plain", "POST", "/api/x", "localhost", "text/plain", nil, "{}", 415},
		{"text/csv", "POST", "/api/x", "localhost", "text/csv; charset=utf-8", nil, "a\n1\n", 204},
		{"text/csv cross-site", "POST", "/api/x", "localhost", "text/csv", map[string]string{"Origin": "https://evil.example"}, "a\n1\n", 403},
		{"form", "POST", "/api/x", "localhost", "multipart/form-data; boundary=x", nil, "--x--", 415},
		{"no type", "POST", "/api/x", "localhost", "", nil, "{}", 415},
		{"bad type", "POST", "/api/x", "localhost", "application/json; ==", nil, "{}", 415},
		{"no body, no type", "POST", "/api/x", "localhost", "", nil, "", 204},
		{"GET ignores type", "GET", "/api/x", "localhost", "text/plain", nil, "", 204},
		{"outside /api", "POST", "/other", "localhost", "text/plain", nil, "x", 204},
		{"own origin", "POST", "/api/x", "localhost:8080", "application/json", map[string]string{"Origin": "http://localhost:8080"}, "{}", 204},
		{"other port", "POST", "/api/x", "localhost:8080", "application/json", map[string]string{"Origin": "http://localhost:9090"}, "{}", 403},
		{"public origin via proxy", "POST", "/api/x", "127.0.0.1:8080", "application/json", map[string]string{"Origin": "https://workbench.example.com"}, "{}", 204},
		{"foreign", "DELETE", "/api/x", "localhost", "application/json", map[string]string{"Origin": "https://evil.example"}, "{}", 403},
		{"null", "POST", "/api/x", "localhost", "application/json", map[string]string{"Origin": "null"}, "{}", 403},
		{"rebound origin", "POST", "/api/x", "evil.example", "application/json", map[string]string{"Origin": "http://evil.example"}, "{}", 421},
		{"same-origin fetch", "POST", "/api/x", "localhost", "application/json", map[string]string{"Sec-Fetch-Site": "same-origin"}, "{}", 204},
		{"cross-site fetch", "POST", "/api/x", "localhost", "application/json", map[string]string{"Sec-Fetch-Site": "cross-site"}, "{}", 403},
		{"file as YAML", "POST", "/api/file", "localhost", "application/yaml", nil, "a: 1", 204},
		{"file as text", "POST", "/api/file", "localhost", "text/plain; charset=utf-8", nil, "a: 1", 204},
		{"file as curl's form type", "POST", "/api/file", "localhost", "application/x-www-form-urlencoded", nil, "a: 1", 204},
		{"file as octets", "POST", "/api/file", "localhost", "application/octet-stream", nil, "a = 1", 204},
		{"file as JavaScript", "POST", "/api/file", "localhost", "text/javascript", nil, "export default {}", 204},
		{"file as JSON", "POST", "/api/file", "localhost", "application/json", nil, "{}", 204},
		{"file from the page", "POST", "/api/file", "localhost:8080", "text/plain", map[string]string{"Origin": "http://localhost:8080", "Sec-Fetch-Site": "same-origin"}, "a: 1", 204},
		{"file from another site", "POST", "/api/file", "localhost", "text/plain", map[string]string{"Origin": "https://evil.example"}, "a: 1", 403},
		{"file, cross-site fetch", "POST", "/api/file", "localhost", "text/plain", map[string]string{"Sec-Fetch-Site": "cross-site"}, "a: 1", 403},
		{"file as multipart", "POST", "/api/file", "localhost", "multipart/form-data; boundary=x", nil, "--x--", 415},
		{"file without a type", "POST", "/api/file", "localhost", "", nil, "a: 1", 415},
		{"YAML elsewhere", "POST", "/api/x", "localhost", "application/yaml", nil, "a: 1", 415},
	} {
		r := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		if c.body == "" {
			r.ContentLength = 0
		}
		r.Host = c.host
		if c.ct != "" {
			r.Header.Set("Content-Type", c.ct)
		}
		for k, v := range c.header {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		g.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("%s: %d %s, want %d", c.name, w.Code, w.Body.String(), c.want)
		}
	}
}

func TestDynamoDBCORS(t *testing.T) {
	isDynamo := func(r *http.Request) bool { return r.URL.Path == "/" && r.Method == http.MethodPost }
	for _, c := range []struct {
		name    string
		allowed []string
		method  string
		origin  string
		site    string // Sec-Fetch-Site
		want    int
		acao    string
	}{
		{"SDK", nil, "POST", "", "", 204, ""},
		{"no Origin, cross-site", nil, "POST", "", "cross-site", 403, ""},
		{"no Origin, same-site", nil, "POST", "", "same-site", 403, ""},
		{"no Origin, same-origin", nil, "POST", "", "same-origin", 204, ""},
		{"no Origin, typed", nil, "POST", "", "none", 204, ""},
		{"no Origin, cross-site, any allowed", []string{"*"}, "POST", "", "cross-site", 204, ""},
		{"any, call", []string{"*"}, "POST", "https://x.example", "", 204, "*"},
		{"foreign call", nil, "POST", "https://evil.example", "", 403, ""},
		{"foreign preflight", nil, "OPTIONS", "https://evil.example", "", 403, ""},
		{"own page", nil, "POST", "http://localhost", "", 204, ""},
		{"named call", []string{"http://app.localhost:3000"}, "POST", "http://app.localhost:3000", "", 204, "http://app.localhost:3000"},
		{"named preflight", []string{"http://app.localhost:3000"}, "OPTIONS", "http://app.localhost:3000", "", 200, "http://app.localhost:3000"},
		{"any", []string{"*"}, "OPTIONS", "https://x.example", "", 200, "*"},
		{"unnamed", []string{"http://app.localhost:3000"}, "OPTIONS", "http://other.localhost", "", 403, ""},
	} {
		g, calls := guarded(Config{CORSOrigins: c.allowed, IsDynamoDB: isDynamo})
		r := httptest.NewRequest(c.method, "/", strings.NewReader("{}"))
		r.Host = "localhost"
		if c.origin != "" {
			r.Header.Set("Origin", c.origin)
		}
		if c.site != "" {
			r.Header.Set("Sec-Fetch-Site", c.site)
		}
		if c.method == "OPTIONS" {
			r.Header.Set("Access-Control-Request-Method", "POST")
			r.Header.Set("Access-Control-Request-Headers", "x-amz-target")
		}
		w := httptest.NewRecorder()
		g.ServeHTTP(w, r)
		if w.Code != c.want || w.Header().Get("Access-Control-Allow-Origin") != c.acao {
			t.Errorf("%s: %d, Allow-Origin %q; want %d, %q", c.name, w.Code, w.Header().Get("Access-Control-Allow-Origin"), c.want, c.acao)
		}
		if c.want == 403 && !strings.Contains(w.Body.String(), "AccessDeniedException") {
			t.Errorf("%s: refusal %q is not DynamoDB-shaped", c.name, w.Body.String())
		}
		if c.method == "OPTIONS" && calls.Load() != 0 {
			t.Errorf("%s: a preflight reached the handler", c.name)
		}
	}
}

func TestExpensiveCap(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{})
	g := New(Config{MaxExpensive: 1, Expensive: func(r *http.Request) bool { return r.URL.Path == "/slow" }},
		http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/slow" {
				entered <- struct{}{}
				<-release
			}
		}))
	do := func(path string) int {
		r := httptest.NewRequest("GET", path, nil)
		r.Host = "localhost"
		w := httptest.NewRecorder()
		g.ServeHTTP(w, r)
		return w.Code
	}
	done := make(chan int)
	go func() { done <- do("/slow") }()
	<-entered
	if code := do("/slow"); code != http.StatusServiceUnavailable {
		t.Errorf("second expensive request: %d, want 503", code)
	}
	if code := do("/cheap"); code != http.StatusOK {
		t.Errorf("cheap request while the slot is taken: %d", code)
	}
	close(release)
	<-done
	go func() { <-entered }()
	if code := do("/slow"); code != http.StatusOK {
		t.Errorf("expensive request after the first ended: %d", code)
	}
}

func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := LimitListener(inner, 2)
	defer l.Close()
	accepted := make(chan net.Conn, 3)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	for range 3 {
		c, err := net.Dial("tcp", inner.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		clients = append(clients, c)
	}
	first, second := <-accepted, <-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	default:
	}
	// Closing one lets the third in (the Accept waiting on the semaphore).
	first.Close()
	third := <-accepted
	if third == nil {
		t.Fatal("no third connection after one closed")
	}
	second.Close()
	third.Close()
	l.Close()
	for range accepted {
	}
}
