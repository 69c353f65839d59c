package apply

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// Policy says which endpoints the server may contact for an apply or a
// live import (POST /api/apply, POST /api/import?format=endpoint, the MCP
// apply_design and import_design tools): the server itself contacts them,
// with its own AWS credentials for endpoints that are not loopback. By
// default only loopback endpoints (this workbench, DynamoDB Local);
// -apply-endpoints adds others, or turns the feature off with "none".
type Policy struct {
	off     bool
	origins map[string]bool // "scheme://host:port" beyond loopback
}

// ParsePolicy reads the -apply-endpoints flag: empty (loopback only),
// "none", or a comma-separated list of endpoint URLs (compared by scheme,
// host and port).
func ParsePolicy(s string) (Policy, error) {
	p := Policy{origins: map[string]bool{}}
	s = strings.TrimSpace(s)
	if s == "none" {
		p.off = true
		return p, nil
	}
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		u, err := ParseEndpoint(e)
		if err != nil {
			return p, fmt.Errorf("-apply-endpoints: %w", err)
		}
		p.origins[origin(u)] = true
	}
	return p, nil
}

// origin is scheme://host:port, lower case, the port explicit.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// Allows reports whether the policy lets the server contact u.
func (p Policy) Allows(u *url.URL) error {
	switch {
	case p.off:
		return errors.New("this server does not apply models (-apply-endpoints none)")
	case IsLoopback(u.Hostname()), p.origins[origin(u)]:
		return nil
	}
	return fmt.Errorf("this server contacts only loopback endpoints and those listed with -apply-endpoints, not %s; "+
		"or run `workbench apply -endpoint %s model.json` yourself", origin(u), u)
}
