package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/servertest"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// TestShareSurvivesKillLoop: writers post shares concurrently while the
// server is killed with SIGKILL at a random moment, round after round on
// the same -data; every share the server acknowledged (201) before a kill
// is there, byte for byte, after the last restart. A write cut off by the
// kill (no answer, a reset) was never acknowledged and may or may not be
// there.
func TestShareSurvivesKillLoop(t *testing.T) {
	bin := servertest.Build(t)
	data := filepath.Join(t.TempDir(), "data")
	const rounds, writers = 10, 8
	base := servertest.PatternDocument(t, "write-sharding", nil)
	var m model.Model
	if err := json.Unmarshal(base, &m); err != nil {
		t.Fatal(err)
	}
	acked := map[string][]byte{} // id -> canonical document
	var mu sync.Mutex
	seq := 0
	refused := 0
	client := &http.Client{Timeout: 10 * time.Second}
	for round := range rounds {
		p := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data)
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					mu.Lock()
					seq++
					m.Description = fmt.Sprintf("kill loop share %d", seq)
					doc, err := model.Marshal(&m)
					mu.Unlock()
					if err != nil {
						t.Error(err)
						return
					}
					resp, err := client.Post(p.URL+"/api/share", "application/json", bytes.NewReader(doc))
					if err != nil {
						continue // cut off by the kill: not acknowledged
					}
					body, err := io.ReadAll(resp.Body)
					resp.Body.Close()
					if err != nil || resp.StatusCode != http.StatusCreated {
						if resp.StatusCode == http.StatusTooManyRequests {
							mu.Lock()
							refused++
							mu.Unlock()
						}
						continue
					}
					var out struct{ ID string }
					if json.Unmarshal(body, &out) != nil {
						t.Errorf("round %d: a 201 without an id: %s", round, body)
						continue
					}
					canon, id, err := sharestore.Canonical(doc)
					if err != nil || id != out.ID {
						t.Errorf("round %d: id %q, want %q (%v)", round, out.ID, id, err)
						continue
					}
					mu.Lock()
					acked[id] = canon
					mu.Unlock()
				}
			}()
		}
		time.Sleep(time.Duration(100+rand.IntN(400)) * time.Millisecond)
		p.Kill() // SIGKILL while the writers are mid-request
		close(stop)
		wg.Wait()
	}

	p := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data)
	lost := 0
	for id, want := range acked {
		status, body := getShare(t, p.URL, id)
		if status != http.StatusOK || !bytes.Equal(body, want) {
			lost++
			t.Errorf("acknowledged share %s: status %d, %d bytes, want %d bytes", id, status, len(body), len(want))
		}
	}
	t.Logf("%d rounds of %d writers killed mid-write: %d shares acknowledged, %d lost, %d refused by the quota (429)", rounds, writers, len(acked), lost, refused)
	if len(acked) == 0 {
		t.Fatal("no share was acknowledged")
	}
}
