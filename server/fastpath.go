package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/server/httpguard"
)

// The fast path of the DynamoDB endpoint.
//
// Go's HTTP server costs more CPU per request than the item operation it
// runs: with the AWS SDK for Go's requests, a bare net/http server that
// answers canned bytes used 43-65 µs of CPU per request on the 2-core
// build machine, a plain read-parse-write loop 22-39 µs, and a GetItem's
// dispatch (decode, engine, encode) about 6 µs. So the connections of SDKs
// and tools are served by a loop of their own: fastListener, between the
// connection limit and http.Server, gives each new connection to
// fastPath.serve, which reads a request's header without consuming it
// (parseFast) and answers the request itself when it has the common shape
// (POST / HTTP/1.1, an allowed Host, an X-Amz-Target, a Content-Length
// within wire.MaxRequestBytes, a JSON content type or none, and nothing
// that the guard or the wire handler would read otherwise: no Origin,
// Sec-Fetch-Site, transfer or content coding, Expect, Upgrade, nor a
// Connection but keep-alive). It answers through wire.Respond with the
// headers httpguard and the wire handler set, written as net/http writes
// them (sorted by name, then Date): byte for byte the answer http.Server
// gave, but for the Date and the request id.
//
// At the first request of any other shape the connection goes to
// http.Server, with every byte read so far, for the rest of its life: the
// page, the API, a browser's requests and anything unusual are answered
// as before. A request the fast path takes keeps http.Server's limits:
// the idle, header, whole-request and write timeouts, the header's size
// (a header longer than the fast path's buffer goes to http.Server), the
// connection's slot in the limit (its idle periods are reported to the
// limit, which may close it), and a shutdown closes the idle connections
// and waits for the busy ones.

// fastBufSize is the read buffer of a connection, and so the longest
// header the fast path reads (an SDK's is under 1 KB); http.Server reads
// longer ones, up to its MaxHeaderBytes.
const fastBufSize = 4 << 10

// maxKeptBuffer keeps one large request from pinning its buffers.
const maxKeptBuffer = 1 << 20

// fastAnswered counts the requests the fast path answered (the tests
// check that it took the requests of its shape).
var fastAnswered atomic.Int64

// workbench is the handler New returns: the guarded routes, with what
// Serve's fast path needs.
type workbench struct {
	*httpguard.Guard
	db *engine.Database
}

type fastPath struct {
	db      *engine.Database
	guard   *httpguard.Guard
	limited *httpguard.Limited
	logger  *log.Logger
	// http.Server's timeouts.
	headerTimeout, bodyTimeout, idleTimeout, writeTimeout time.Duration

	mu       sync.Mutex
	conns    map[*fastConn]struct{} // connections served here, idle or not
	shutting bool
	wg       sync.WaitGroup
}

func newFastPath(w *workbench, limited *httpguard.Limited, srv *http.Server, logger *log.Logger) *fastPath {
	idle := srv.IdleTimeout
	if idle == 0 {
		idle = srv.ReadTimeout
	}
	return &fastPath{db: w.db, guard: w.Guard, limited: limited, logger: logger,
		headerTimeout: srv.ReadHeaderTimeout, bodyTimeout: srv.ReadTimeout, idleTimeout: idle, writeTimeout: srv.WriteTimeout,
		conns: map[*fastConn]struct{}{}}
}

type fastConn struct {
	net.Conn // the connection limit's
	br       *bufio.Reader
	idle     bool // between requests; guarded by fastPath.mu
	// The last Host and X-Amz-Target seen, so that a connection's
	// requests, which repeat them, check and convert them once.
	host, target string
	// The deadlines set (see serve).
	readBy, writeBy time.Time
	writeSet        bool
}

// handedConn is a connection given to http.Server: its reads start with
// the bytes the fast path read ahead. NetConn returns the connection
// limit's own, which the limit's ConnState recognises.
type handedConn struct {
	net.Conn
	br *bufio.Reader
}

func (c *handedConn) Read(p []byte) (int, error) { return c.br.Read(p) }
func (c *handedConn) NetConn() net.Conn          { return c.Conn }

// add registers a new connection; false once shutting down.
func (fp *fastPath) add(fc *fastConn) bool {
	fp.mu.Lock()
	defer fp.mu.Unlock()
	if fp.shutting {
		return false
	}
	fp.conns[fc] = struct{}{}
	fp.wg.Add(1)
	return true
}

func (fp *fastPath) remove(fc *fastConn) {
	fp.mu.Lock()
	delete(fp.conns, fc)
	fp.mu.Unlock()
	fp.wg.Done()
}

// setIdle records that fc waits between requests (or no longer does), for
// the shutdown and the connection limit; false when shutting down.
func (fp *fastPath) setIdle(fc *fastConn, idle bool) bool {
	fp.mu.Lock()
	fc.idle = idle
	shutting := fp.shutting
	fp.mu.Unlock()
	if fp.limited != nil {
		state := http.StateActive
		if idle {
			state = http.StateIdle
		}
		fp.limited.ConnState(fc.Conn, state)
	}
	return !shutting
}

// shutdown stops taking requests: it closes the idle connections, and
// waits until the busy ones have answered their request (each closes
// then) or ctx ends.
func (fp *fastPath) shutdown(ctx context.Context) error {
	fp.mu.Lock()
	fp.shutting = true
	for fc := range fp.conns {
		if fc.idle {
			fc.Close()
		}
	}
	fp.mu.Unlock()
	done := make(chan struct{})
	go func() { fp.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		fp.mu.Lock()
		for fc := range fp.conns {
			fc.Close()
		}
		fp.mu.Unlock()
		return ctx.Err()
	}
}

// fastBuffers are a connection's body and response buffers while it has a
// request, pooled between requests.
type fastBuffers struct{ body, resp, zip, out []byte }

var fastPool = sync.Pool{New: func() any {
	return &fastBuffers{body: make([]byte, 0, 1024), resp: make([]byte, 0, 1024), out: make([]byte, 0, 2048)}
}}

// serve answers c's requests while they have the fast path's shape, then
// hands c to http.Server (through l) or closes it.
//
// The deadlines are http.Server's: the first request's header within the
// header timeout of the connection's start; a later one's first byte
// within the idle timeout, its header within the header timeout after
// that; the whole request within the read timeout of its first byte; the
// answer within the write timeout. Setting a deadline costs a timer
// update, and most requests arrive whole in one read, so a request's
// header and body deadlines are set only when it has to be waited for,
// and the idle and write deadlines are moved on only when they are a
// twelfth and a fifth of their timeout old (an idle connection is closed
// after 110-120 s instead of 120, an answer given 4-5 minutes to be read
// instead of 5).
func (fp *fastPath) serve(fc *fastConn, l *fastListener) {
	handed := false
	defer func() {
		if p := recover(); p != nil {
			fp.logger.Printf("DynamoDB endpoint: panic serving a connection: %v\n%s", p, debug.Stack())
		}
		fp.remove(fc)
		if !handed {
			fc.Close()
		}
	}()
	now := time.Now()
	fc.setRead(now, fp.headerTimeout, 0)
	for first := true; ; first = false {
		if !first {
			if !fp.setIdle(fc, true) {
				return
			}
			fc.setRead(now, fp.idleTimeout, fp.idleTimeout/12)
		}
		if _, err := fc.br.Peek(1); err != nil {
			return
		}
		if !fp.setIdle(fc, false) {
			return
		}
		var start time.Time
		if !first && !headerBuffered(fc.br) {
			start = time.Now()
			fc.setRead(start, fp.headerTimeout, 0)
		}
		req, n, err := parseFast(fc, fp.guard)
		if err != nil {
			return // as http.Server: a header that does not arrive gets no answer
		}
		if n == 0 {
			handed = l.handOff(&handedConn{Conn: fc.Conn, br: fc.br})
			return
		}
		if fc.br.Buffered() < n+req.length {
			if start.IsZero() {
				start = time.Now()
			}
			fc.setRead(start, fp.bodyTimeout, 0)
		}
		if now = fp.answer(fc, req, n); now.IsZero() {
			return
		}
	}
}

// headerBuffered reports whether br holds a whole request header.
func headerBuffered(br *bufio.Reader) bool {
	b, _ := br.Peek(br.Buffered())
	return bytes.Contains(b, []byte("\r\n\r\n"))
}

// setRead sets the read deadline to d after now (none for d = 0), unless
// the one set is at most slack earlier than that.
func (fc *fastConn) setRead(now time.Time, d, slack time.Duration) {
	var t time.Time
	if d > 0 {
		t = now.Add(d)
	}
	if slack > 0 && !fc.readBy.IsZero() && !t.IsZero() && !fc.readBy.Before(t.Add(-slack)) && !fc.readBy.After(t) {
		return
	}
	if t.Equal(fc.readBy) && !t.IsZero() {
		return
	}
	fc.readBy = t
	_ = fc.Conn.SetReadDeadline(t)
}

// setWrite sets the write deadline to d after now (none for d = 0), unless
// the one set is at most a fifth of d earlier than that.
func (fc *fastConn) setWrite(now time.Time, d time.Duration) {
	if d <= 0 {
		if !fc.writeSet {
			fc.writeSet = true
			_ = fc.Conn.SetWriteDeadline(time.Time{})
		}
		return
	}
	t := now.Add(d)
	if fc.writeSet && !fc.writeBy.Before(t.Add(-d/5)) {
		return
	}
	fc.writeSet, fc.writeBy = true, t
	_ = fc.Conn.SetWriteDeadline(t)
}

// answer reads the body of the request whose header (n bytes) parseFast
// read and writes the response; it returns the time of the answer, zero
// when the connection failed.
func (fp *fastPath) answer(fc *fastConn, req fastRequest, n int) time.Time {
	if _, err := fc.br.Discard(n); err != nil {
		return time.Time{}
	}
	buf := fastPool.Get().(*fastBuffers)
	defer func() {
		for _, b := range []*[]byte{&buf.body, &buf.resp, &buf.zip, &buf.out} {
			if cap(*b) > maxKeptBuffer {
				*b = nil
			}
		}
		fastPool.Put(buf)
	}()
	if cap(buf.body) < req.length {
		buf.body = make([]byte, 0, req.length)
	}
	body := buf.body[:req.length]
	if _, err := io.ReadFull(fc.br, body); err != nil {
		return time.Time{}
	}
	status, resp, zipped := wire.Respond(fp.db, fc.target, body, req.gzip, buf.resp[:0], buf.zip[:0])
	buf.resp = resp[:0]
	if zipped != nil {
		buf.zip = zipped[:0]
		resp = zipped
	}
	now := time.Now()
	out := appendResponseHead(buf.out[:0], status, resp, zipped != nil, now)
	out = append(out, resp...)
	buf.out = out[:0]
	fc.setWrite(now, fp.writeTimeout)
	fastAnswered.Add(1) // before the write, which the client may see first
	if _, err := fc.Conn.Write(out); err != nil {
		return time.Time{}
	}
	return now
}

// fastListener is the listener http.Server serves: it accepts from the
// connection limit, gives each connection to the fast path, and returns
// from Accept the connections the fast path hands over.
type fastListener struct {
	net.Listener // the connection limit
	fp           *fastPath
	handoff      chan net.Conn
	errc         chan error
	done         chan struct{}
	once         sync.Once
}

func newFastListener(ln net.Listener, fp *fastPath) *fastListener {
	l := &fastListener{Listener: ln, fp: fp, handoff: make(chan net.Conn), errc: make(chan error), done: make(chan struct{})}
	go l.acceptLoop()
	return l
}

func (l *fastListener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			// http.Server decides: it retries a temporary error and
			// stops (closing this listener) on any other.
			select {
			case l.errc <- err:
			case <-l.done:
				return
			}
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		// idle until its first request arrives, as far as a shutdown goes
		fc := &fastConn{Conn: c, br: bufio.NewReaderSize(c, fastBufSize), idle: true}
		if !l.fp.add(fc) {
			c.Close()
			continue
		}
		go l.fp.serve(fc, l)
	}
}

func (l *fastListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.handoff:
		return c, nil
	case err := <-l.errc:
		return nil, err
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// handOff gives c to http.Server; false when the listener is closed (c is
// then the caller's to close).
func (l *fastListener) handOff(c net.Conn) bool {
	select {
	case l.handoff <- c:
		return true
	case <-l.done:
		return false
	}
}

func (l *fastListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}
