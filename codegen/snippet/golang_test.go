package snippet

import (
	"bufio"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// configStub stands in for github.com/aws/aws-sdk-go-v2/config when the
// module cache lacks it (it is not one of this module's requirements). Its
// two functions have the real ones' signatures; it reads the region and the
// environment's static credentials, which is all a run here needs.
const configStub = `// Package config stands in for the SDK's config module in the snippet tests.
package config

import (
	"context"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

type LoadOptions struct{ Region string }

type LoadOptionsFunc func(*LoadOptions) error

func WithRegion(v string) LoadOptionsFunc {
	return func(o *LoadOptions) error { o.Region = v; return nil }
}

func LoadDefaultConfig(ctx context.Context, optFns ...func(*LoadOptions) error) (cfg aws.Config, err error) {
	var o LoadOptions
	for _, fn := range optFns {
		if err := fn(&o); err != nil {
			return aws.Config{}, err
		}
	}
	cfg.Region = o.Region
	cfg.Credentials = credentials.NewStaticCredentialsProvider(os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY"), "")
	return cfg, nil
}
`

const configModule = "github.com/aws/aws-sdk-go-v2/config"

// writeGoModule writes a module in dir that requires the AWS SDK modules at
// this module's versions (its require lines and go.sum, copied), so that
// the snippets build offline from the module cache. It reports whether the
// real config module is used, or the stub.
func writeGoModule(t *testing.T, dir string) (realConfig bool) {
	t.Helper()
	gomod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	goLine := "go 1.26"
	var requires []string
	configVersion := ""
	sc := bufio.NewScanner(strings.NewReader(string(gomod)))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "go ") {
			goLine = line
		}
		line = strings.TrimSpace(strings.TrimPrefix(line, "require "))
		if !strings.HasPrefix(line, "github.com/aws/") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		requires = append(requires, fields[0]+" "+fields[1])
		if fields[0] == configModule {
			configVersion = fields[1]
		}
	}
	if len(requires) == 0 {
		t.Fatal("no github.com/aws/ requirements in ../go.mod")
	}
	if configVersion != "" {
		out, err := run(t, time.Minute, "", nil, "go", "env", "GOMODCACHE")
		if err != nil {
			t.Fatalf("go env GOMODCACHE: %v\n%s", err, out)
		}
		_, err = os.Stat(filepath.Join(strings.TrimSpace(string(out)), configModule+"@"+configVersion))
		realConfig = err == nil
	}
	var mod strings.Builder
	fmt.Fprintf(&mod, "module snippetcheck\n\n%s\n\nrequire (\n", goLine)
	for _, r := range requires {
		fmt.Fprintf(&mod, "\t%s\n", r)
	}
	if !realConfig {
		if configVersion == "" {
			fmt.Fprintf(&mod, "\t%s v1.0.0\n", configModule)
		}
		fmt.Fprintf(&mod, ")\n\nreplace %s => ./configstub\n", configModule)
		stubMod := fmt.Sprintf("module %s\n\n%s\n\nrequire (\n\t%s\n)\n", configModule, goLine, strings.Join(requires, "\n\t"))
		writeFile(t, filepath.Join(dir, "configstub", "go.mod"), stubMod)
		writeFile(t, filepath.Join(dir, "configstub", "config.go"), configStub)
	} else {
		mod.WriteString(")\n")
	}
	writeFile(t, filepath.Join(dir, "go.mod"), mod.String())
	sum, err := os.ReadFile("../../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.sum"), string(sum))
	return realConfig
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// goEnv builds offline from the module cache.
var goEnv = []string{"GOFLAGS=-mod=mod -buildvcs=false", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local", "GOSUMDB=off"}

// TestGoSnippets type-checks every golden Go program (go vet, which also
// runs vet's checks) and a file that uses every enum constant the renderer
// can write, then builds the programs again, rendered for a local server,
// into one binary and runs each: the request the AWS SDK for Go sends must
// be the input.
func TestGoSnippets(t *testing.T) {
	lookPath(t, "go")
	dir := t.TempDir()
	if writeGoModule(t, dir) {
		t.Log("using the real " + configModule)
	} else {
		t.Log("using a stand-in for " + configModule + ", which the module cache lacks")
	}
	cases := loadCases(t)
	srv := newCaptureServer(t)

	var enums strings.Builder
	enums.WriteString("package enums\n\nimport \"github.com/aws/aws-sdk-go-v2/service/dynamodb/types\"\n\nvar All = []any{\n")
	for _, s := range allEnums() {
		for _, v := range s.Values {
			fmt.Fprintf(&enums, "\ttypes.%s,\n", enumConstant(s, v))
		}
	}
	enums.WriteString("}\n")
	writeFile(t, filepath.Join(dir, "enums", "enums.go"), enums.String())

	var driver strings.Builder
	driver.WriteString("package main\n\nimport (\n\t\"os\"\n\n")
	var dispatch strings.Builder
	for i, c := range cases {
		writeFile(t, filepath.Join(dir, "golden", c.name, "main.go"), readGolden(t, c.name, Go))

		// The same program for the capture server, as a package with a
		// Main the driver calls.
		src := renderAt(t, c, Go, srv.URL)
		pkg := fmt.Sprintf("s%d", i)
		if strings.Count(src, "package main\n") != 1 || strings.Count(src, "\nfunc main() {\n") != 1 {
			t.Fatalf("%s: not one package main with one func main:\n%s", c.name, src)
		}
		src = strings.Replace(src, "package main\n", "package "+pkg+"\n", 1)
		src = strings.Replace(src, "\nfunc main() {\n", "\nfunc Main() {\n", 1)
		writeFile(t, filepath.Join(dir, "run", pkg, "snippet.go"), src)
		fmt.Fprintf(&driver, "\t%q\n", "snippetcheck/run/"+pkg)
		fmt.Fprintf(&dispatch, "\tcase %q:\n\t\t%s.Main()\n", c.name, pkg)
	}
	fmt.Fprintf(&driver, ")\n\nfunc main() {\n\tswitch os.Args[1] {\n%s\tdefault:\n\t\tpanic(os.Args[1])\n\t}\n}\n", dispatch.String())
	writeFile(t, filepath.Join(dir, "run", "main.go"), driver.String())

	if out, err := run(t, 10*time.Minute, dir, goEnv, "go", "vet", "./golden/...", "./enums"); err != nil {
		t.Fatalf("go vet of the golden Go snippets: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "snippets")
	if out, err := run(t, 10*time.Minute, dir, goEnv, "go", "build", "-o", bin, "./run"); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range cases {
		if out, err := run(t, time.Minute, dir, awsEnv(dir), bin, c.name); err != nil {
			t.Errorf("%s: %v\n%s", c.name, err, out)
			srv.take()
			continue
		}
		srv.expectOne(t, c, "the AWS SDK for Go")
	}
}

// allEnums lists every enum shape reachable from an operation.
func allEnums() []*shape {
	seen := map[*shape]bool{}
	var out []*shape
	var walk func(s *shape)
	walk = func(s *shape) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		if s.Kind == kEnum {
			out = append(out, s)
		}
		walk(s.Elem)
		for _, f := range s.Fields {
			walk(f.Shape)
		}
	}
	for _, op := range Operations() {
		walk(operations[op].Input)
	}
	return out
}

// TestGoIsGofmt: the Go snippets are laid out as gofmt lays them out,
// alignment of keys included, without go/format in the package.
func TestGoIsGofmt(t *testing.T) {
	long := func(n int) string { return strings.Repeat("k", n) }
	var item strings.Builder
	item.WriteString(`{"TableName":"T","Item":{`)
	for i, key := range []string{"a", "bb", long(39), long(41), long(45), long(120), long(50), long(51), "c", "名前",
		"ключ", long(41), long(16), long(17), long(100), long(40), long(101), "x"} {
		fmt.Fprintf(&item, `"%s%d":{"S":"v"},`, key, i)
	}
	item.WriteString(`"m":{"M":{"a":{"S":"` + long(90) + `"},"b":{"N":"1"}}},"z":{"S":"z"}},`)
	item.WriteString(`"ExpressionAttributeNames":{"#a":"a","#` + long(60) + `":"b","#c":"c"}}`)
	inputs := []Request{{Operation: "PutItem", Input: []byte(item.String())}}
	for _, c := range loadCases(t) {
		inputs = append(inputs, c.req)
	}
	for _, r := range inputs {
		out, err := Render(r, Go)
		if err != nil {
			t.Fatal(err)
		}
		formatted, err := format.Source([]byte(out))
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if string(formatted) != out {
			t.Errorf("not gofmt's:\n%s\ngofmt:\n%s", out, formatted)
		}
	}
}
