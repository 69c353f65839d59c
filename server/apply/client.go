package apply

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
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
	var loaders []func(*config.LoadOptions) error
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
