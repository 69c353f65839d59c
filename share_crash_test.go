package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/server/servertest"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// These tests run the real server binary as separate processes: a crash is
// a SIGKILL, which no in-process test can imitate.

// postShare POSTs doc to /api/share and returns the status and the id.
func postShare(t *testing.T, base string, doc []byte) (int, string) {
	t.Helper()
	resp, err := http.Post(base+"/api/share", "application/json", bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		ID, URL, Error string
	}
	if err := json.Unmarshal(body, &out); err != nil {
		t.Fatalf("POST /api/share: %d %s", resp.StatusCode, body)
	}
	if resp.StatusCode < 300 && out.URL != "/s/"+out.ID {
		t.Errorf("POST /api/share: url %q for id %q", out.URL, out.ID)
	}
	return resp.StatusCode, out.ID
}

// getShare GETs a share and returns the status and the body.
func getShare(t *testing.T, base, id string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(base + "/api/share/" + id)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// TestShareSurvivesKill: each share is acknowledged, the server is killed
// at once, and a new server on the same -data returns every share so far,
// byte for byte.
func TestShareSurvivesKill(t *testing.T) {
	bin := servertest.Build(t)
	data := filepath.Join(t.TempDir(), "fresh", "data") // created on first run
	docs := servertest.ShareDocs(t, 5)
	var ids []string
	var want [][]byte
	for i, doc := range docs {
		p := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data)
		status, id := postShare(t, p.URL, doc)
		p.Kill() // straight after the answer
		if status != http.StatusCreated {
			t.Fatalf("share %d: status %d\n%s", i, status, p.Log())
		}
		canon, wantID, err := sharestore.Canonical(doc)
		if err != nil || id != wantID {
			t.Fatalf("share %d: id %q, want %q (%v)", i, id, wantID, err)
		}
		ids, want = append(ids, id), append(want, canon)

		p = servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", data)
		for j, id := range ids {
			status, body := getShare(t, p.URL, id)
			if status != http.StatusOK || !bytes.Equal(body, want[j]) {
				t.Errorf("after kill %d: share %d: status %d, %d bytes, want %d bytes", i, j, status, len(body), len(want[j]))
			}
		}
		// Sharing an acknowledged model again finds it.
		if status, again := postShare(t, p.URL, docs[0]); status != http.StatusOK || again != ids[0] {
			t.Errorf("after kill %d: sharing the first model again: %d %q", i, status, again)
		}
		p.Kill()
	}
	if _, err := os.Stat(filepath.Join(data, sharestore.BoltFile)); err != nil {
		t.Errorf("the store file: %v", err)
	}
}

// TestShareStoreDynamoDBProcess: one workbench process keeps its shares in
// a DynamoDB table served by a second workbench process's wire API, through
// -store dynamodb://...; they survive the first one's crash, and the table
// holds them for any other server.
func TestShareStoreDynamoDBProcess(t *testing.T) {
	bin := servertest.Build(t)
	backend := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-data", t.TempDir())
	spec := "dynamodb://workbench-shares?endpoint=" + backend.URL
	front := servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-store", spec)
	if !strings.Contains(front.Log(), "stored in "+spec) {
		t.Errorf("the server does not say where shares go:\n%s", front.Log())
	}

	docs := servertest.ShareDocs(t, 3)
	var ids []string
	for i, doc := range docs {
		status, id := postShare(t, front.URL, doc)
		if status != http.StatusCreated {
			t.Fatalf("share %d: %d\n%s", i, status, front.Log())
		}
		ids = append(ids, id)
	}
	front.Kill()
	front = servertest.Start(t, bin, "-addr", "127.0.0.1:0", "-store", spec)
	for i, id := range ids {
		canon, _, _ := sharestore.Canonical(docs[i])
		if status, body := getShare(t, front.URL, id); status != http.StatusOK || !bytes.Equal(body, canon) {
			t.Errorf("share %d after the restart: %d, %d bytes", i, status, len(body))
		}
	}
	if status, _ := postShare(t, front.URL, docs[1]); status != http.StatusOK {
		t.Errorf("sharing again: %d, want 200", status)
	}

	// Any other server on the table sees them (here, the store directly).
	s, err := sharestore.Open(spec, "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i, id := range ids {
		if _, err := s.Get(context.Background(), id); err != nil {
			t.Errorf("share %d in the table: %v", i, err)
		}
	}
}
