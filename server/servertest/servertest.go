package servertest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/engine/wire"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// Build builds the workbench's binary (the module's root package) into a
// temporary folder, once per test binary, and returns its path. It skips
// under -short.
func Build(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	built.once.Do(func() {
		root, err := moduleRoot()
		if err != nil {
			built.err = err
			return
		}
		dir, err := os.MkdirTemp("", "workbench-bin-")
		if err != nil {
			built.err = err
			return
		}
		bin := filepath.Join(dir, "workbench")
		cmd := exec.Command("go", "build", "-buildvcs=false", "-o", bin, ".")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		built.path = bin
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.path
}

// built is the binary Build made for this test binary's tests.
var built struct {
	once sync.Once
	path string
	err  error
}

// moduleRoot is the folder of the module's go.mod, found from the test's
// working directory (its package's folder) upwards.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Process is a running server binary.
type Process struct {
	t   testing.TB
	cmd *exec.Cmd
	// URL is http://ADDR, learnt from the server's "serving ... on" line.
	URL string

	mu     sync.Mutex
	stderr bytes.Buffer
	exited chan struct{}
}

// Start starts bin with args (which should include -addr
// 127.0.0.1:0) and waits for it to say where it serves. The process is
// killed when the test ends.
func Start(t testing.TB, bin string, args ...string) *Process {
	t.Helper()
	p := &Process{t: t, cmd: exec.Command(bin, args...), exited: make(chan struct{})}
	// Keep the developer's AWS settings out of the child.
	p.cmd.Env = append(os.Environ(), "AWS_ACCESS_KEY_ID=", "AWS_PROFILE=", "AWS_CONFIG_FILE=/dev/null", "AWS_SHARED_CREDENTIALS_FILE=/dev/null")
	pipe, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Kill)
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
		t.Fatalf("%s %s exited before serving:\n%s", filepath.Base(bin), strings.Join(args, " "), p.Log())
	}
	return p
}

func (p *Process) Log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// Kill sends SIGKILL and reaps the process: no graceful shutdown, no
// deferred Close, exactly a crash.
func (p *Process) Kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	_ = p.cmd.Process.Kill()
	<-p.exited
	_ = p.cmd.Wait()
}

// WireEndpoint serves a fresh engine's DynamoDB API on loopback until the
// test ends and returns its URL.
func WireEndpoint(t testing.TB, opts ...engine.Option) string {
	t.Helper()
	srv := httptest.NewServer(wire.NewHandler(engine.New(opts...)))
	t.Cleanup(srv.Close)
	return srv.URL
}

// PatternDocument returns a pattern's model document after edit (nil: none).
func PatternDocument(t testing.TB, name string, edit func(m *model.Model)) []byte {
	t.Helper()
	p, ok := patterns.Get(name)
	if !ok {
		t.Fatalf("no pattern %s", name)
	}
	m := p.Model()
	if edit != nil {
		edit(m)
	}
	doc, err := model.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// SmallModel returns a pattern's model document with a dataset of n items.
func SmallModel(t testing.TB, name string, n int) []byte {
	t.Helper()
	return PatternDocument(t, name, func(m *model.Model) { m.Dataset.Generator.Size = n })
}

// AddOrderIndex adds a KEYS_ONLY index on OrderId to the write-sharding
// pattern's Orders table: a change a comparison reports as add-gsi.
func AddOrderIndex(m *model.Model) {
	t := m.Table("Orders")
	t.GlobalSecondaryIndexes = append(t.GlobalSecondaryIndexes, schema.GlobalSecondaryIndex{IndexName: "ByOrderId",
		KeySchema:  []schema.KeySchemaElement{{AttributeName: "OrderId", KeyType: schema.KeyTypeHash}},
		Projection: schema.Projection{ProjectionType: schema.ProjectKeysOnly}})
}

// DecodeImport reads an answer of POST /api/import: the model and the
// warnings. Any status but 200 fails the test.
func DecodeImport(t testing.TB, rec *httptest.ResponseRecorder) (*model.Model, []string) {
	t.Helper()
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
	}
	var ans struct {
		Model    json.RawMessage `json:"model"`
		Warnings []string        `json:"warnings"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &ans); err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(ans.Model)
	if err != nil {
		t.Fatal(err)
	}
	return m, ans.Warnings
}

// ShareDocs returns model documents to share: every pattern's model, one
// with explicit items.
func ShareDocs(t testing.TB, n int) [][]byte {
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

// PatternJSON is PatternDocument as a string, for a request body.
func PatternJSON(t testing.TB, name string, edit func(m *model.Model)) string {
	t.Helper()
	return string(PatternDocument(t, name, edit))
}

// LogWriter sends what is written to it to t.Log, a line at a time.
func LogWriter(t testing.TB) io.Writer { return logWriter{t} }

type logWriter struct{ t testing.TB }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// Serve answers r with h and returns the recorded answer.
func Serve(h http.Handler, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// PID is the process id (its memory is read from /proc/PID/status).
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Alive reports whether the process still runs.
func (p *Process) Alive() bool {
	select {
	case <-p.exited:
		return false
	default:
		return true
	}
}
