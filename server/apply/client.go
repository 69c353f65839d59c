package apply

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// DefaultRegion is the region of a client for an explicit endpoint when
// none is configured: emulators accept any region, and the SDK insists on
// one.
const DefaultRegion = "us-east-1"

// NewClient returns an SDK client for DynamoDB at endpoint (empty: AWS's
// endpoint for the region) in region (empty: the SDK's configuration, from
// AWS_REGION or the shared config file).
//
// Credentials come from the SDK's default chain (environment, shared files,
// SSO, container and instance roles), with one exception: a loopback
// endpoint is taken to be an emulator (this workbench, DynamoDB Local), and
// when neither AWS_ACCESS_KEY_ID nor AWS_PROFILE is set it gets fixed
// placeholder credentials, since emulators want some but check none. Set
// either variable to send real ones.
func NewClient(ctx context.Context, endpoint, region string) (*dynamodb.Client, error) {
	// Every client dials loopback names itself (loopbackDial), so that
	// "localhost." and "*.localhost" never reach the network's DNS server.
	loaders := []func(*config.LoadOptions) error{config.WithHTTPClient(awshttp.NewBuildableClient().
		WithTransportOptions(func(tr *http.Transport) { tr.DialContext = loopbackDial(tr.DialContext) }))}
	if region != "" {
		loaders = append(loaders, config.WithRegion(region))
	}
	if endpoint != "" {
		u, err := ParseEndpoint(endpoint)
		if err != nil {
			return nil, err
		}
		endpoint = u.String()
		if IsLoopback(u.Hostname()) && os.Getenv("AWS_ACCESS_KEY_ID") == "" && os.Getenv("AWS_PROFILE") == "" {
			loaders = append(loaders, config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
		}
	}
	cfg, err := config.LoadDefaultConfig(ctx, loaders...)
	if err != nil {
		return nil, fmt.Errorf("AWS configuration: %w", err)
	}
	if cfg.Region == "" {
		if endpoint == "" {
			return nil, errors.New("no AWS region: give one (-region, region=) or set AWS_REGION")
		}
		cfg.Region = DefaultRegion
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	}), nil
}

// ParseEndpoint checks an endpoint URL: http or https, a host, nothing
// after the path.
func ParseEndpoint(endpoint string) (*url.URL, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return nil, fmt.Errorf("endpoint %q: %v", endpoint, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("endpoint %q: the scheme must be http or https", endpoint)
	}
	if u.Host == "" || u.Hostname() == "" {
		return nil, fmt.Errorf("endpoint %q has no host", endpoint)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("endpoint %q: only scheme, host, port and path are allowed", endpoint)
	}
	return u, nil
}

// loopbackDial wraps dial so that a loopback name (IsLoopback: localhost,
// localhost., *.localhost) is dialled at 127.0.0.1, then ::1, without a
// lookup. RFC 6761 reserves these names for loopback, and the endpoint
// policy lets them through as loopback; the system resolver would ask the
// network's DNS server for "x.localhost" or "localhost." (neither is in
// /etc/hosts), and an answer from there could point anywhere.
func loopbackDial(dial func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil || net.ParseIP(host) != nil || !IsLoopback(host) {
			return dial(ctx, network, addr)
		}
		conn, err := dial(ctx, network, net.JoinHostPort("127.0.0.1", port))
		if err == nil {
			return conn, nil
		}
		if conn6, err6 := dial(ctx, network, net.JoinHostPort("::1", port)); err6 == nil {
			return conn6, nil
		}
		return nil, err
	}
}

// IsLoopback reports whether host (a name or an IP address, without port)
// is this machine's loopback: "localhost" or a loopback address. Names are
// not resolved, so that a name cannot be made to point elsewhere later.
func IsLoopback(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
