package server

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/dynamodb-workbench/workbench/server/httpguard"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// shutdownTimeout bounds how long a graceful shutdown waits for requests in
// flight.
const shutdownTimeout = 10 * time.Second

// Serve serves h on ln until ctx is cancelled, then shuts down gracefully,
// with the connection limits and timeouts of opts. It closes ln.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, opts Options) error {
	logger := opts.Logger
	if logger == nil {
		logger = log.Default()
	}
	srv := newHTTPServer(h, opts, logger)
	if opts.MaxConnections == 0 {
		opts.MaxConnections = DefaultMaxConnections
	}
	limited := httpguard.LimitListener(ln, opts.MaxConnections)
	srv.ConnState = limited.ConnState // idle connections give up their slots
	ln = limited
	var fast *fastPath
	if w, ok := h.(*workbench); ok {
		fast = newFastPath(w, limited, srv, logger)
		ln = newFastListener(limited, fast)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	logger.Printf("serving the workbench and the DynamoDB endpoint on http://%s", ln.Addr())

	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}

	logger.Print("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
	defer cancel()
	fastDone := make(chan error, 1)
	if fast != nil {
		go func() { fastDone <- fast.shutdown(shutdownCtx) }()
	} else {
		fastDone <- nil
	}
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-fastDone; err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Connection limits of the server (see newHTTPServer).
const (
	// DefaultMaxConnections caps the connections open at once
	// (-max-connections): slow clients holding connections cannot exhaust
	// the process's file descriptors or memory.
	DefaultMaxConnections = 256
	// headerTimeout bounds reading a request's header, bodyTimeout the
	// whole request with its body (a client that trickles a large body is
	// cut off), writeTimeout writing the answer to a slow reader.
	headerTimeout = 10 * time.Second
	bodyTimeout   = 30 * time.Second
	writeTimeout  = 5 * time.Minute
	// maxHeaderBytes bounds a request's header (Go answers 431 beyond it).
	// The DynamoDB endpoint refuses more than 16 KB itself, with
	// DynamoDB's 400 (wire.MaxHeaderBytes); the page and /api/* take more.
	maxHeaderBytes = 64 << 10
)

// newHTTPServer is the http.Server for h with the read and write timeouts
// (opts.ReadTimeout replaces the header and body ones when set, for tests).
func newHTTPServer(h http.Handler, opts Options, logger *log.Logger) *http.Server {
	header, body := headerTimeout, bodyTimeout
	if opts.ReadTimeout > 0 {
		header, body = opts.ReadTimeout, opts.ReadTimeout
	}
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: header,
		ReadTimeout:       body,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          logger,
	}
}

// CheckExposure refuses to listen beyond loopback unless the operator
// named the host people will use: without it every request would be
// refused by the Host check, and a server on a shared network should be
// put there on purpose.
func CheckExposure(addr string, opts Options) error {
	if opts.PublicURL != "" {
		u, err := url.Parse(opts.PublicURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("-public-url %q: want http://HOST or https://HOST, the address people open", opts.PublicURL)
		}
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %v", addr, err)
	}
	if host != "" && httpguard.IsLoopback(host) {
		return nil
	}
	if len(opts.AllowedHosts) > 0 || opts.PublicURL != "" {
		return nil
	}
	where := host
	if where == "" || where == "0.0.0.0" || where == "::" {
		where = "every network interface"
	}
	return fmt.Errorf("-addr %s listens on %s, beyond this machine: add -public-url https://NAME (the address people open) or -allowed-hosts NAME (the host names they use), or listen on 127.0.0.1", addr, where)
}

// OpenShareStore opens the store opts describe (opts.StoreSpec, else the
// embedded one in opts.DataDir) unless opts.Store is set or neither is
// given, and returns the function that closes what it opened. When the
// folder is the implicit default and another workbench holds it, the
// server runs without a store and says so rather than failing to start.
func OpenShareStore(opts *Options) (func(), error) {
	none := func() {}
	if opts.Logger == nil {
		opts.Logger = log.Default()
	}
	if opts.Store != nil || opts.StoreSpec == "" && opts.DataDir == "" {
		return none, nil
	}
	s, err := sharestore.Open(opts.StoreSpec, opts.DataDir)
	if err != nil {
		if opts.DataDirImplicit && opts.StoreSpec == "" && errors.Is(err, sharestore.ErrInUse) {
			opts.Logger.Printf("%v: serving without a share store (give this server its own -data DIR)", err)
			return none, nil
		}
		return nil, err
	}
	if b, ok := s.(*sharestore.Bolt); ok {
		opts.Logger.Printf("shared models are stored in %s", b.Path())
	} else {
		opts.Logger.Printf("shared models are stored in %s", opts.StoreSpec)
	}
	opts.Store = s
	return func() {
		if err := s.Close(); err != nil {
			opts.Logger.Printf("closing the share store: %v", err)
		}
	}, nil
}

// DefaultDataDir is where the server keeps its data when neither -data nor
// -store is given: the per-user data folder ($XDG_DATA_HOME or
// ~/.local/share on Unix, ~/Library/Application Support on macOS,
// %LocalAppData% on Windows) under "dynamodb-workbench", so that shares
// outlive the checkout and do not depend on the working directory; "data"
// in the working directory when the home folder is unknown.
func DefaultDataDir() string {
	const name = "dynamodb-workbench"
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, name)
	}
	switch runtime.GOOS {
	case "windows":
		if d := os.Getenv("LocalAppData"); d != "" {
			return filepath.Join(d, name)
		}
	case "darwin", "ios":
		if d, err := os.UserConfigDir(); err == nil { // ~/Library/Application Support
			return filepath.Join(d, name)
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		return filepath.Join(home, ".local", "share", name)
	}
	return "data"
}
