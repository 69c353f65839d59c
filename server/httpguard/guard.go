package httpguard

import (
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// Config says what the guard lets through. The zero value answers only
// loopback host names, allows no cross-origin call and limits nothing else.
type Config struct {
	// Hosts are the host names (or IP addresses) the server answers to
	// besides the loopback ones, without ports: -allowed-hosts and the host
	// of -public-url.
	Hosts []string
	// PublicOrigins are origins ("https://team.example.com") the page is
	// served under behind a reverse proxy that rewrites Host: writes from
	// them are same-origin too.
	PublicOrigins []string
	// CORSOrigins are the origins whose pages may call the DynamoDB
	// endpoint ("*": any), as DynamoDB Local's -cors. Empty: none.
	CORSOrigins []string
	// IsDynamoDB reports whether a request is for the DynamoDB endpoint
	// (its CORS rules and DynamoDB-shaped refusals apply). Nil: none is.
	IsDynamoDB func(*http.Request) bool
	// Expensive reports whether a request is one of the expensive ones
	// (simulation, analysis, dataset generation), of which at most
	// MaxExpensive run at once; the rest are refused with 503 at once.
	Expensive    func(*http.Request) bool
	MaxExpensive int
	// FileBody reports whether a request's body is a file as the user has
	// it (a design file's import): besides JSON it may then be labelled
	// with the type the file really has (IsFileType). Nil: none is.
	FileBody func(*http.Request) bool
}

// ContentSecurityPolicy is the policy of every response. go-app's page
// loads its scripts and styles from this origin ('self'), compiles the
// WebAssembly program ('wasm-unsafe-eval'; no 'unsafe-eval' is needed) and
// sets inline style attributes from the program ('unsafe-inline' for styles
// only; no inline script runs). frame-ancestors 'none' forbids framing.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
	"connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// SecurityHeaders are the headers the guard sets on every response, in
// canonical form, sorted by name.
var SecurityHeaders = [...]struct{ Name, Value string }{
	{"Content-Security-Policy", ContentSecurityPolicy},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Referrer-Policy", "no-referrer"},
	{"X-Content-Type-Options", "nosniff"},
	{"X-Frame-Options", "DENY"},
}

// securityValues holds SecurityHeaders' values as header values, shared by
// every response: net/http copies a header's values when it sends them
// and never writes into them, and a handler that adds to one appends to a
// full slice, which copies it.
var securityValues = func() (v [len(SecurityHeaders)][]string) {
	for i, h := range SecurityHeaders {
		v[i] = []string{h.Value}
	}
	return v
}()

var varyOrigin = []string{"Origin"}

// Guard is the middleware; New makes one.
type Guard struct {
	next      http.Handler
	cfg       Config
	hosts     map[string]bool
	origins   map[string]bool // public origins, lower case
	cors      map[string]bool
	corsAll   bool
	expensive chan struct{}
}

// New returns the guard in front of next.
func New(cfg Config, next http.Handler) *Guard {
	g := &Guard{next: next, cfg: cfg, hosts: map[string]bool{}, origins: map[string]bool{}, cors: map[string]bool{}}
	for _, h := range cfg.Hosts {
		g.hosts[normalHost(h)] = true
	}
	for _, o := range cfg.PublicOrigins {
		g.origins[strings.ToLower(strings.TrimSuffix(o, "/"))] = true
	}
	for _, o := range cfg.CORSOrigins {
		if o == "*" {
			g.corsAll = true
		}
		g.cors[strings.ToLower(strings.TrimSuffix(o, "/"))] = true
	}
	if cfg.MaxExpensive > 0 {
		g.expensive = make(chan struct{}, cfg.MaxExpensive)
	}
	return g
}

// normalHost lower-cases a host name and strips a port and IPv6 brackets.
func normalHost(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	return strings.TrimSuffix(strings.ToLower(h), ".")
}

// IsLoopback reports whether host (a name or address, with or without a
// port) names this machine: localhost, a name under .localhost (RFC 6761
// keeps both on the loopback interface), 127.0.0.0/8 or ::1.
func IsLoopback(host string) bool {
	h := normalHost(host)
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// AllowsHost reports whether the guard answers requests for host.
func (g *Guard) AllowsHost(host string) bool {
	if host == "" {
		return false
	}
	return IsLoopback(host) || g.hosts[normalHost(host)]
}

func (g *Guard) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for i := range SecurityHeaders {
		h[SecurityHeaders[i].Name] = securityValues[i][:1:1]
	}

	dynamo := g.cfg.IsDynamoDB != nil && g.cfg.IsDynamoDB(r)
	if !g.AllowsHost(r.Host) {
		g.refuse(w, dynamo, http.StatusMisdirectedRequest,
			fmt.Sprintf("this server does not answer for host %q (start it with -allowed-hosts or -public-url naming the host)", truncate(r.Host)))
		return
	}
	origin := r.Header.Get("Origin")
	if dynamo || r.URL.Path == "/" && r.Method == http.MethodOptions {
		if !g.dynamoCORS(w, r, origin) {
			return
		}
	} else if stateChanging(r.Method) && isAPI(r.URL.Path) {
		if !g.sameOrigin(r, origin) {
			g.refuse(w, false, http.StatusForbidden, "cross-origin request refused: the workbench's API accepts writes from its own pages only")
			return
		}
		ct := r.Header.Get("Content-Type")
		file := g.cfg.FileBody != nil && g.cfg.FileBody(r)
		if file && hasBody(r) && !isJSON(ct) && !IsFileType(ct) {
			g.refuse(w, false, http.StatusUnsupportedMediaType, "send the file with the type it has: application/json, application/yaml, text/yaml, text/plain, application/octet-stream, application/hcl or application/javascript")
			return
		}
		if !file && hasBody(r) && !isJSON(ct) {
			g.refuse(w, false, http.StatusUnsupportedMediaType, "the body must be JSON: send it with Content-Type: application/json (a CSV import: text/csv)")
			return
		}
	}
	if g.expensive != nil && g.cfg.Expensive != nil && g.cfg.Expensive(r) {
		select {
		case g.expensive <- struct{}{}:
			defer func() { <-g.expensive }()
		default:
			w.Header().Set("Retry-After", "1")
			g.refuse(w, false, http.StatusServiceUnavailable,
				fmt.Sprintf("the server is running %d simulations, analyses or dataset generations already: try again shortly", cap(g.expensive)))
			return
		}
	}
	g.next.ServeHTTP(w, r)
}

// dynamoCORS applies the DynamoDB endpoint's cross-origin rules. A request
// without Origin (an SDK, the CLI) or from the server's own origin passes.
// Another origin passes only when named in CORSOrigins, and then gets the
// CORS headers; a preflight is answered here. It reports whether the
// request goes on to the handler.
func (g *Guard) dynamoCORS(w http.ResponseWriter, r *http.Request, origin string) bool {
	h := w.Header()
	if len(h["Vary"]) == 0 {
		h["Vary"] = varyOrigin[:1:1]
	} else {
		h.Add("Vary", "Origin")
	}
	preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
	if origin == "" {
		// No Origin: an SDK or the CLI, unless a browser says through
		// Sec-Fetch-Site that another site's page sent it (a browser may
		// leave Origin out, of a no-cors request for one): the same rule
		// as the API's writes, unless every origin is allowed.
		if g.corsAll || g.sameOrigin(r, origin) {
			return true
		}
		g.refuse(w, true, http.StatusForbidden, fmt.Sprintf("cross-site request (Sec-Fetch-Site: %s) refused: start the server with -cors-origins to allow pages of other sites", truncate(r.Header.Get("Sec-Fetch-Site"))))
		return false
	}
	if !preflight && g.sameOrigin(r, origin) {
		return true
	}
	if !g.corsAll && !g.cors[strings.ToLower(origin)] {
		g.refuse(w, true, http.StatusForbidden, fmt.Sprintf("cross-origin request from %s refused: start the server with -cors-origins naming it to allow it", truncate(origin)))
		return false
	}
	// "*" answers "*", as DynamoDB Local's -cors '*' and DynamoDB itself
	// do; a list answers the origin it matched.
	if g.corsAll {
		h.Set("Access-Control-Allow-Origin", "*")
	} else {
		h.Set("Access-Control-Allow-Origin", origin)
	}
	h.Set("Access-Control-Expose-Headers", "x-amzn-RequestId,x-amz-crc32")
	if !preflight {
		return true
	}
	h.Set("Access-Control-Allow-Methods", "POST")
	if v := r.Header.Values("Access-Control-Request-Headers"); len(v) > 0 {
		h.Set("Access-Control-Allow-Headers", strings.Join(v, ", "))
	}
	h.Set("Access-Control-Max-Age", "172800")
	h.Set("Content-Length", "0")
	w.WriteHeader(http.StatusOK)
	return false
}

// stateChanging reports whether a method may change state.
// isAPI reports whether path is the workbench's API: /api/... and the MCP
// endpoint /mcp, whose tool calls are POSTs like the API's.
func isAPI(path string) bool {
	return strings.HasPrefix(path, "/api/") || path == "/api" || path == "/mcp"
}

func stateChanging(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// sameOrigin reports whether a request comes from the server's own pages,
// or from no page at all: Origin, when sent, must name the request's own
// host or a public origin; without Origin, Sec-Fetch-Site must be absent
// (not a browser), same-origin or none (typed by the user).
func (g *Guard) sameOrigin(r *http.Request, origin string) bool {
	if origin == "" {
		switch r.Header.Get("Sec-Fetch-Site") {
		case "", "same-origin", "none":
			return true
		}
		return false
	}
	if origin == "null" {
		return false
	}
	o := strings.ToLower(strings.TrimSuffix(origin, "/"))
	if g.origins[o] {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	return strings.EqualFold(u.Host, r.Host) && g.AllowsHost(u.Host)
}

// hasBody reports whether a request carries a body (a bodiless write can
// only be cross-site through a form or fetch, which the origin check
// refuses).
func hasBody(r *http.Request) bool {
	return r.ContentLength != 0 || len(r.TransferEncoding) > 0
}

// isJSON reports whether a Content-Type is JSON: application/json or a
// +json type, or text/csv (a CSV import's body: like JSON, not one of the
// CORS-safelisted types, so a page on another site needs a preflight to
// send it). The types a page on another site can send without a preflight
// (text/plain, form encodings) and a missing type are not.
func isJSON(ct string) bool {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return false
	}
	return mt == "application/json" || mt == "text/csv" || strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json") ||
		slices.Contains([]string{"application/x-amz-json-1.0", "application/x-amz-json-1.1"}, mt)
}

// fileTypes are the types a design file is sent with: YAML's (registered
// and the older ones), HCL's (none is registered), JavaScript's and
// TypeScript's, and the generic ones a client picks for a file it cannot
// name: text/plain, application/octet-stream and curl --data-binary's
// default application/x-www-form-urlencoded. Some of these a page on
// another site can send without a preflight: what refuses such a page is
// the origin check before (Origin, else Sec-Fetch-Site), which every
// browser of this decade answers for a cross-site POST; and the import
// only reads the file and answers, which such a page cannot read.
var fileTypes = []string{
	"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml",
	"application/hcl", "application/x-hcl", "text/hcl", "text/x-hcl", "application/x-terraform", "text/x-terraform",
	"application/javascript", "text/javascript", "application/x-javascript", "application/ecmascript",
	"application/typescript", "text/typescript", "application/x-typescript",
	"video/mp2t", // what the system's MIME table (Go's, Python's) calls a .ts file
	"text/plain", "application/octet-stream", "application/x-www-form-urlencoded",
}

// IsFileType reports whether a Content-Type is one a design file is sent
// with (fileTypes), a JSON type or text/csv.
func IsFileType(ct string) bool {
	if isJSON(ct) {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && slices.Contains(fileTypes, mt)
}

// refuse answers a refused request: DynamoDB's error shape on its endpoint
// (so an SDK shows the message), {"error": msg} elsewhere.
func (g *Guard) refuse(w http.ResponseWriter, dynamo bool, status int, msg string) {
	h := w.Header()
	var body []byte
	if dynamo {
		h.Set("Content-Type", "application/x-amz-json-1.0")
		body, _ = json.Marshal(map[string]string{"__type": "com.amazon.coral.service#AccessDeniedException", "message": msg})
	} else {
		h.Set("Content-Type", "application/json; charset=utf-8")
		body, _ = json.Marshal(map[string]string{"error": msg})
	}
	h.Set("Connection", "close")
	w.WriteHeader(status)
	_, _ = w.Write(append(body, '\n'))
}

// truncate keeps a client-supplied value short in a message.
func truncate(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}
