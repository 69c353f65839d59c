package httpguard

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// LimitListener returns a listener that holds at most n connections open
// at once, so slow clients cannot make the server take on more than n
// (the read timeouts of the http.Server then free the slow ones).
//
// Idle keep-alive connections cannot hold the slots: 256 idle
// connections from one client held every slot for the 2-minute idle
// timeout (issue 24). When a new connection arrives and every slot is
// taken, the connection idle the longest is closed to make room, as a
// server's idle timeout would close it; a client reopens one when it
// needs it (HTTP clients retry a request on a kept-alive connection the
// server closed). The listener learns which connections are idle from
// http.Server's ConnState, which must be set to its ConnState method.
func LimitListener(l net.Listener, n int) *Limited {
	return &Limited{Listener: l, sem: make(chan struct{}, n), done: make(chan struct{}),
		idle: map[*limitConn]time.Time{}, idleNow: make(chan struct{}, 1)}
}

// Limited is LimitListener's listener.
type Limited struct {
	net.Listener
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once

	mu      sync.Mutex
	idle    map[*limitConn]time.Time // since when each idle connection is
	idleNow chan struct{}            // a connection became idle
}

// Accept takes the next connection, then a slot for it: a free one, else
// an idle connection's, else the first one freed.
func (l *Limited) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	for {
		select {
		case l.sem <- struct{}{}:
			lc := &limitConn{Conn: c, l: l}
			return lc, nil
		default:
		}
		if l.closeOldestIdle() {
			continue
		}
		select {
		case l.sem <- struct{}{}:
			return &limitConn{Conn: c, l: l}, nil
		case <-l.idleNow:
		case <-l.done:
			c.Close()
			return nil, net.ErrClosed
		}
	}
}

// closeOldestIdle closes the connection idle the longest, which frees its
// slot; false when none is idle.
func (l *Limited) closeOldestIdle() bool {
	l.mu.Lock()
	var oldest *limitConn
	var since time.Time
	for c, t := range l.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	if oldest != nil {
		delete(l.idle, oldest)
	}
	l.mu.Unlock()
	if oldest == nil {
		return false
	}
	oldest.Close()
	return true
}

// ConnState is http.Server's ConnState hook: it records which connections
// wait idle between requests.
//
// A connection that wraps one of this listener's (it has a NetConn method
// returning it, as crypto/tls's does) counts as the one it wraps.
func (l *Limited) ConnState(c net.Conn, s http.ConnState) {
	lc, ok := c.(*limitConn)
	if w, wraps := c.(interface{ NetConn() net.Conn }); !ok && wraps {
		lc, ok = w.NetConn().(*limitConn)
	}
	if !ok {
		return
	}
	l.mu.Lock()
	if s == http.StateIdle {
		l.idle[lc] = time.Now()
	} else {
		delete(l.idle, lc)
	}
	l.mu.Unlock()
	if s == http.StateIdle {
		select {
		case l.idleNow <- struct{}{}:
		default:
		}
	}
}

// Idle returns how many connections are idle (for tests).
func (l *Limited) Idle() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.idle)
}

func (l *Limited) Close() error {
	err := l.Listener.Close()
	l.closeOnce.Do(func() { close(l.done) })
	return err
}

type limitConn struct {
	net.Conn
	l    *Limited
	once sync.Once
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.mu.Lock()
		delete(c.l.idle, c)
		c.l.mu.Unlock()
		<-c.l.sem
	})
	return err
}
