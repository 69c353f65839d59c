package api

import (
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// ShareQuota bounds what POST /api/share may store (issue 24: four
// writers grew the store by 201 MB in 30 s). Bytes are the documents'
// sizes as sent, counted in one-minute windows; a share over a quota is
// refused with 429 and Retry-After, one over MaxStore with 507.
type ShareQuota struct {
	// PerClient is the bytes a minute one client address may share
	// (-share-client-quota). Behind a proxy every client has the proxy's
	// address: set it to the whole quota there.
	PerClient int64
	// Total is the bytes a minute all clients together may share
	// (-share-quota).
	Total int64
	// MaxStore is the size the store may reach (-share-store-max); 0:
	// none. StoreSize reports the store's size and whether it is known
	// (nil, or unknown: the bytes this process stored); Mount sets it from
	// a store that is a sharestore.Sizer.
	MaxStore  int64
	StoreSize func() (int64, bool)
}

// Default share quotas (the flags' defaults).
const (
	DefaultShareClientQuota = 8 << 20  // 8 MB a minute: eight of the largest shares
	DefaultShareQuota       = 64 << 20 // 64 MB a minute from everyone
	DefaultShareStoreMax    = 1 << 30  // 1 GB of store
	quotaWindow             = time.Minute
	maxTrackedClients       = 100_000 // addresses kept in one window
)

// quota is a ShareQuota's counters.
type quota struct {
	ShareQuota
	mu      sync.Mutex
	start   time.Time
	total   int64
	clients map[string]int64
	written int64 // bytes this process stored
	now     func() time.Time
}

func newQuota(q ShareQuota) *quota {
	return &quota{ShareQuota: q, clients: map[string]int64{}, now: time.Now}
}

// admit charges n bytes to r's client, or answers 429 (or 507) and
// returns false.
func (q *quota) admit(w http.ResponseWriter, r *http.Request, n int64) bool {
	if q == nil {
		return true
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	q.mu.Lock()
	now := q.now()
	if now.Sub(q.start) >= quotaWindow {
		q.start, q.total, q.clients = now, 0, map[string]int64{}
	}
	retry := int(q.start.Add(quotaWindow).Sub(now).Seconds()) + 1
	size := q.written
	if q.StoreSize != nil {
		if n, ok := q.StoreSize(); ok {
			size = n
		}
	}
	var msg string
	status := http.StatusTooManyRequests
	switch {
	case q.MaxStore > 0 && size+n > q.MaxStore:
		status, msg = http.StatusInsufficientStorage, fmt.Sprintf("the share store is full (%d bytes, -share-store-max)", q.MaxStore)
	case q.PerClient > 0 && q.clients[host]+n > q.PerClient:
		msg = fmt.Sprintf("over the %d bytes a minute one client may share (-share-client-quota)", q.PerClient)
	case q.Total > 0 && q.total+n > q.Total:
		msg = fmt.Sprintf("over the %d bytes a minute the server takes in shares (-share-quota)", q.Total)
	case len(q.clients) >= maxTrackedClients && q.clients[host] == 0:
		msg = "too many clients are sharing this minute"
	}
	if msg == "" {
		q.clients[host] += n
		q.total += n
	}
	q.mu.Unlock()
	if msg != "" {
		if status == http.StatusTooManyRequests {
			// The window ends then; a full store does not empty itself
			// in a minute, so a 507 promises no time.
			w.Header().Set("Retry-After", strconv.Itoa(retry))
		}
		apiError(w, status, msg)
		return false
	}
	return true
}

// stored counts n bytes written to the store.
func (q *quota) stored(n int64) {
	if q == nil {
		return
	}
	q.mu.Lock()
	q.written += n
	q.mu.Unlock()
}
