package snippet

import (
	"fmt"
	"go/format"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fanOutRequest is a write-sharded counter read back one shard a request.
func fanOutRequest(f FanOut) Request {
	return Request{Operation: "GetItem", Endpoint: "http://localhost:8080",
		Input: []byte(`{"TableName":"Votes","Key":{"PK":{"S":"CANDIDATE#alice#` + f.Marker() + `"}}}`)}
}

// TestRenderFanOut checks that every language renders the whole fan-out
// as a loop over the parameter's values, the marker replaced by the loop's
// variable; the Go is gofmt's, and where the tools are installed the shell
// loop runs every request and the Python and JavaScript parse.
func TestRenderFanOut(t *testing.T) {
	for _, f := range []FanOut{{Parameter: "shard", From: 0, To: 19}, {Parameter: "suffix", From: 1, To: 12, Width: 2}} {
		r := fanOutRequest(f)
		want := map[Language][]string{
			CLI:        {"for " + f.Parameter + " in $(seq", `'{"PK":{"S":"CANDIDATE#alice#'"$` + f.Parameter + `"'"}}'`, "done\n"},
			JavaScript: {"for (let i = ", `"CANDIDATE#alice#" + ` + f.Parameter + " }", "await client.send("},
			Python:     {"for i in range(", `"CANDIDATE#alice#" + ` + f.Parameter + "}", "    response = client.get_item("},
			Go:         {"for i := ", `"CANDIDATE#alice#" + ` + f.Parameter + "}", "\t\tout, err := client.GetItem("},
			Java:       {"for (int i = ", `.s("CANDIDATE#alice#" + ` + f.Parameter + ")", "            GetItemResponse response = client.getItem("},
			CSharp:     {"for (var i = ", `S = "CANDIDATE#alice#" + ` + f.Parameter + " }", "            var response = await client.GetItemAsync("},
			Rust:       {"for i in ", `AttributeValue::S(format!("CANDIDATE#alice#{` + f.Parameter + `}"))`, "        let output = client", "    }\n    Ok(())\n}\n"},
			JSON:       {"[\n", `"CANDIDATE#alice#` + f.values()[0] + `"`, `"CANDIDATE#alice#` + f.values()[len(f.values())-1] + `"`},
		}
		for _, lang := range Languages() {
			text, err := RenderFanOut(r, f, lang)
			if err != nil {
				t.Fatalf("%s %s: %v", f.Parameter, lang, err)
			}
			if strings.Contains(text, f.Marker()) {
				t.Errorf("%s %s: the marker is left:\n%s", f.Parameter, lang, text)
			}
			for _, w := range want[lang] {
				if !strings.Contains(text, w) {
					t.Errorf("%s %s lacks %q:\n%s", f.Parameter, lang, w, text)
				}
			}
			if lang == JSON && strings.Count(text, `"TableName"`) != len(f.values()) {
				t.Errorf("%s JSON: %d requests, want %d", f.Parameter, strings.Count(text, `"TableName"`), len(f.values()))
			}
			if lang == Go {
				src, err := format.Source([]byte(text))
				if err != nil {
					t.Errorf("%s Go does not parse: %v\n%s", f.Parameter, err, text)
				} else if string(src) != text {
					t.Errorf("%s Go is not gofmt's:\n%s\nwant\n%s", f.Parameter, text, src)
				}
			}
		}
		// The shell loop makes one call per value, with that value in the key.
		if bash := lookPathOr("bash"); bash != "" {
			text, _ := RenderFanOut(r, f, CLI)
			out, err := run(t, 30*time.Second, "", nil, bash, "-c", "aws() { for a; do case $a in *CANDIDATE*) echo \"$a\";; esac; done; }\n"+text)
			if err != nil {
				t.Fatalf("bash: %v\n%s", err, out)
			}
			lines := strings.Split(strings.TrimSpace(string(out)), "\n")
			if len(lines) != len(f.values()) {
				t.Fatalf("the shell loop made %d calls, want %d:\n%s", len(lines), len(f.values()), out)
			}
			for i, v := range f.values() {
				if want := `{"PK":{"S":"CANDIDATE#alice#` + v + `"}}`; lines[i] != want {
					t.Errorf("call %d: %s, want %s", i, lines[i], want)
				}
			}
		}
		if python := lookPathOr("python3"); python != "" {
			text, _ := RenderFanOut(r, f, Python)
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, "boto3.py"), "class C:\n    def get_item(self, **kw):\n        print(kw['Key']['PK']['S'])\n        return {}\ndef client(*a, **kw):\n    return C()\n")
			writeFile(t, filepath.Join(dir, "s.py"), text)
			out, err := run(t, 30*time.Second, dir, nil, python, "s.py")
			if err != nil {
				t.Fatalf("python: %v\n%s", err, out)
			}
			if got := strings.Count(string(out), "CANDIDATE#alice#"); got != len(f.values()) || !strings.Contains(string(out), "CANDIDATE#alice#"+f.values()[len(f.values())-1]+"\n") {
				t.Errorf("python made %d calls, want %d:\n%s", got, len(f.values()), out)
			}
		}
		if node := lookPathOr("node"); node != "" {
			text, _ := RenderFanOut(r, f, JavaScript)
			file := filepath.Join(t.TempDir(), "s.mjs")
			writeFile(t, file, text)
			if out, err := run(t, 30*time.Second, "", nil, node, "--check", file); err != nil {
				t.Errorf("node --check: %v\n%s", err, out)
			}
		}
	}
	if _, err := RenderFanOut(Request{Operation: "GetItem", Input: []byte(`{"TableName":"T","Key":{"PK":{"S":"a"}}}`)}, FanOut{Parameter: "shard", To: 3}, CLI); err == nil {
		t.Error("a request without the marker rendered")
	}
	if _, err := RenderFanOut(fanOutRequest(FanOut{Parameter: "shard"}), FanOut{Parameter: "shard", From: 3, To: 1}, CLI); err == nil {
		t.Error("an empty range rendered")
	}
}

// values are the fan-out's values as the request gets them.
func (f FanOut) values() []string {
	var out []string
	for v := f.From; v <= f.To; v++ {
		out = append(out, fmt.Sprintf("%0*d", f.Width, v))
	}
	return out
}

func lookPathOr(tool string) string {
	p, _ := exec.LookPath(tool)
	return p
}
