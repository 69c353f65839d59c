package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/sharestore"
)

// These tests run the real server binary as separate processes: a crash is
// a SIGKILL, which no in-process test can imitate.

// buildWorkbench builds the server into a temporary folder.
func buildWorkbench(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	bin := filepath.Join(t.TempDir(), "workbench")
	cmd := exec.Command("go", "build", "-buildvcs=false", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// workbenchProcess is a running server binary.
type workbenchProcess struct {
	t   *testing.T
	cmd *exec.Cmd
	// URL is http://ADDR, learnt from the server's "serving ... on" line.
	URL string

	mu     sync.Mutex
	stderr bytes.Buffer
	exited chan struct{}
}

// startWorkbench starts bin with args (which should include -addr
// 127.0.0.1:0) and waits for it to say where it serves. The process is
// killed when the test ends.
func startWorkbench(t *testing.T, bin string, args ...string) *workbenchProcess {
	t.Helper()
	p := &workbenchProcess{t: t, cmd: exec.Command(bin, args...), exited: make(chan struct{})}
	// Keep the developer's AWS settings out of the child.
	p.cmd.Env = append(os.Environ(), "AWS_ACCESS_KEY_ID=", "AWS_PROFILE=", "AWS_CONFIG_FILE=/dev/null", "AWS_SHARED_CREDENTIALS_FILE=/dev/null")
	pipe, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.kill)
	addr := make(chan string, 1)
	go func() {
		defer close(p.exited)
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.stderr.WriteString(line + "\n")
			p.mu.Unlock()
			if _, rest, ok := strings.Cut(line, "DynamoDB endpoint on http://"); ok {
				select {
				case addr <- rest:
				default:
				}
			}
		}
		_, _ = io.Copy(io.Discard, pipe)
	}()
	select {
	case a := <-addr:
		p.URL = "http://" + a
	case <-p.exited:
		p.cmd.Wait()
		t.Fatalf("%s %s exited before serving:\n%s", filepath.Base(bin), strings.Join(args, " "), p.log())
	}
	return p
}

func (p *workbenchProcess) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// kill sends SIGKILL and reaps the process: no graceful shutdown, no
// deferred Close, exactly a crash.
func (p *workbenchProcess) kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Kill()
	<-p.exited
	_ = p.cmd.Wait()
}

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

// shareDocs returns model documents to share: every pattern's model, one
// with explicit items.
func shareDocs(t *testing.T, n int) [][]byte {
	t.Helper()
	var docs [][]byte
	for i, p := range patterns.Catalog() {
		if i == n {
			break
		}
		doc, err := model.MarshalIndent(p.Model())
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	return docs
}

// TestShareSurvivesKill: each share is acknowledged, the server is killed
// at once, and a new server on the same -data returns every share so far,
// byte for byte.
func TestShareSurvivesKill(t *testing.T) {
	bin := buildWorkbench(t)
	data := filepath.Join(t.TempDir(), "fresh", "data") // created on first run
	docs := shareDocs(t, 5)
	var ids []string
	var want [][]byte
	for i, doc := range docs {
		p := startWorkbench(t, bin, "-addr", "127.0.0.1:0", "-data", data)
		status, id := postShare(t, p.URL, doc)
		p.kill() // straight after the answer
		if status != http.StatusCreated {
			t.Fatalf("share %d: status %d\n%s", i, status, p.log())
		}
		canon, wantID, err := sharestore.Canonical(doc)
		if err != nil || id != wantID {
			t.Fatalf("share %d: id %q, want %q (%v)", i, id, wantID, err)
		}
		ids, want = append(ids, id), append(want, canon)

		p = startWorkbench(t, bin, "-addr", "127.0.0.1:0", "-data", data)
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
		p.kill()
	}
	if _, err := os.Stat(filepath.Join(data, sharestore.BoltFile)); err != nil {
		t.Errorf("the store file: %v", err)
	}
}
