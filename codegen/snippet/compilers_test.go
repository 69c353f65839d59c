package snippet

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dynamodb-workbench/workbench/codegen/internal/sdkstub"
)

// The Java, C# and Rust snippets are compiled by their compilers against
// stand-ins of the SDKs (codegen/internal/sdkstub, which appcode's checks
// share), since neither Maven Central, nor
// NuGet, nor crates.io is reachable from CI: every error fails the test.
//
//   - javac compiles every Java snippet with the stand-in of the AWS SDK
//     for Java v2: the syntax, every java.* call (List.of, Map.of and its
//     ten-entry limit, URI.create), and every SDK call's types (an int
//     where a setter takes a Long does not compile; nor does an ambiguous
//     overload). The source must be ASCII.
//   - mcs (Mono's C# compiler) compiles every C# snippet with the stand-in
//     of the AWS SDK for .NET: the syntax, the System types (List,
//     Dictionary, MemoryStream, Encoding, Task), and the SDK's property
//     types (int, long, bool, the constant classes, List<T>,
//     Dictionary<string, T>).
//   - rustc compiles every Rust snippet, as a module of one crate, with
//     stand-in crates aws_config, aws_sdk_dynamodb and tokio: the syntax
//     (inside vec! too), std's types, the builders' argument types, and
//     build()? exactly where the SDK's build returns a Result.
//
// What the stand-ins cannot show is that the real SDKs have the names they
// were written with. Each tool runs once over every snippet; each test
// first shows that its check catches broken snippets.

// javaError is one javac diagnostic: "File.java:12: error: message".
var javaError = regexp.MustCompile(`(?m)^(.+\.java):(\d+): error: (.*)$`)

// javacProblems compiles the snippets (class name to source) with the
// stand-in SDK (sdkstub) in one javac run and returns javac's
// errors by snippet.
func javacProblems(t *testing.T, javac string, files map[string]string) map[string][]string {
	t.Helper()
	dir := t.TempDir()
	classes, err := sdkstub.BuildJava(javac, filepath.Join(dir, "stub"))
	if err != nil {
		t.Fatal(err)
	}
	// A short-lived compiler: C1 alone and the serial collector start faster.
	args := []string{"-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-proc:none", "-Xmaxerrs", "100000", "-encoding", "US-ASCII", "-cp", classes, "-d", filepath.Join(dir, "out")}
	for name, src := range files {
		path := filepath.Join(dir, name+".java")
		writeFile(t, path, src)
		args = append(args, path)
	}
	out, err := run(t, 5*time.Minute, dir, []string{"LC_ALL=C"}, javac, args...)
	problems := map[string][]string{}
	if err == nil {
		return problems
	}
	text := string(out)
	locs := javaError.FindAllStringSubmatchIndex(text, -1)
	if len(locs) == 0 {
		t.Fatalf("javac failed without an error it reports per file: %v\n%s", err, text)
	}
	for i, loc := range locs {
		end := len(text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		path, line := text[loc[2]:loc[3]], text[loc[4]:loc[5]]
		name := strings.TrimSuffix(filepath.Base(path), ".java")
		problems[name] = append(problems[name], "line "+line+": "+strings.TrimSpace(text[loc[6]:end]))
	}
	return problems
}

// javaClass renames a snippet's class Main, so that many compile together.
func javaClass(t *testing.T, src, class string) string {
	t.Helper()
	if strings.Count(src, "\npublic class Main {\n") != 1 {
		t.Fatalf("not one public class Main:\n%s", src)
	}
	return strings.Replace(src, "\npublic class Main {\n", "\npublic class "+class+" {\n", 1)
}

func TestJavaSnippets(t *testing.T) {
	javac := lookPath(t, "javac")
	cases := checkCorpus(t)
	files := map[string]string{}
	names := map[string]string{}
	for i, c := range cases {
		class := fmt.Sprintf("S%d", i)
		files[class] = javaClass(t, renderAt(t, c, Java, c.req.Endpoint), class)
		names[class] = c.name
	}
	// The check catches what it should: a syntax error, a wrong type in a
	// java.* call, an SDK class the snippet does not import, an int where
	// the SDK takes a Long, a setter the SDK does not have.
	good := renderAt(t, testCase{req: Request{Operation: "CreateTable", Input: []byte(tableRequest)}}, Java, "")
	// A syntax error stops javac before it checks any types, so it is
	// tried on its own.
	if p := javacProblems(t, javac, map[string]string{"BadSyntax": javaClass(t, strings.Replace(good, ".build();", ".build()", 1), "BadSyntax")}); len(p["BadSyntax"]) == 0 {
		t.Error("javac found nothing wrong with a syntax error: the check is broken")
	}
	bad := map[string][2]string{
		"BadJava":   {"System.out.println(response);", "java.util.List<String> x = java.util.List.of(1);"},
		"BadImport": {"DynamoDbClient client", "DynamoDbAsyncClient client"},
		"BadLong":   {".readCapacityUnits(5L)", ".readCapacityUnits(5)"},
		"BadSetter": {".tableName(", ".table("},
	}
	for name, r := range bad {
		src := strings.Replace(good, r[0], r[1], 1)
		if src == good {
			t.Fatalf("%s: no %q in\n%s", name, r[0], good)
		}
		files[name] = javaClass(t, src, name)
	}
	problems := javacProblems(t, javac, files)
	for name := range bad {
		if len(problems[name]) == 0 {
			t.Errorf("javac found nothing wrong with %s: the check is broken", name)
		}
		delete(problems, name)
	}
	for class, p := range problems {
		t.Errorf("%s (%s.java): javac: %s\n%s", names[class], class, strings.Join(p, "\n"), files[class])
	}
	t.Logf("javac checked %d Java snippets against the stand-in SDK", len(cases))
}

// csError is one mcs diagnostic: "file.cs(line,col): error CSnnnn: ...".
var csError = regexp.MustCompile(`(?m)^(.+\.cs)\((\d+),\d+\): error (CS\d+: .*)$`)

// mcsProblems compiles the snippets (class name to source), each with its
// class Program renamed, with the stand-in SDK (sdkstub) in one mcs
// run, and returns mcs's errors by snippet.
func mcsProblems(t *testing.T, mcs string, files map[string]string) map[string][]string {
	t.Helper()
	dir := t.TempDir()
	sdk, err := sdkstub.BuildCSharp(mcs, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-target:library", "-codepage:utf8", "-r:System.dll", "-r:" + sdk, "-out:" + filepath.Join(dir, "snippets.dll")}
	for name, src := range files {
		if strings.Count(src, "\nclass Program\n") != 1 {
			t.Fatalf("not one class Program:\n%s", src)
		}
		path := filepath.Join(dir, name+".cs")
		writeFile(t, path, strings.Replace(src, "\nclass Program\n", "\nclass "+name+"\n", 1))
		args = append(args, path)
	}
	out, err := run(t, 5*time.Minute, dir, nil, mcs, args...)
	problems := map[string][]string{}
	if err == nil {
		return problems
	}
	text := string(out)
	found := false
	for _, m := range csError.FindAllStringSubmatch(text, -1) {
		found = true
		name := strings.TrimSuffix(filepath.Base(m[1]), ".cs")
		problems[name] = append(problems[name], "line "+m[2]+": "+m[3])
	}
	if !found {
		t.Fatalf("mcs failed without an error it reports per file: %v\n%s", err, text)
	}
	return problems
}

func TestCSharpSnippets(t *testing.T) {
	mcs := lookPath(t, "mcs")
	cases := checkCorpus(t)
	files := map[string]string{}
	names := map[string]string{}
	for i, c := range cases {
		name := fmt.Sprintf("S%d", i)
		files[name] = renderAt(t, c, CSharp, c.req.Endpoint)
		names[name] = c.name
	}
	// The check catches what it should: a syntax error (on its own: it
	// stops mcs before types), a string for a long, a property the SDK does
	// not have, an enum constant it does not have, a wrong element type.
	good := renderAt(t, testCase{req: Request{Operation: "CreateTable", Input: []byte(tableRequest)}}, CSharp, "")
	if p := mcsProblems(t, mcs, map[string]string{"BadSyntax": strings.Replace(good, "},", "}", 1)}); len(p["BadSyntax"]) == 0 {
		t.Error("mcs found nothing wrong with a syntax error: the check is broken")
	}
	bad := map[string][2]string{
		"BadLong":     {"ReadCapacityUnits = 5", `ReadCapacityUnits = "5"`},
		"BadProperty": {"TableName = ", "Table = "},
		"BadEnum":     {"KeyType.HASH", "KeyType.HASHED"},
		"BadList":     {"new List<Tag>", "new List<string>"},
	}
	for name, r := range bad {
		src := strings.Replace(good, r[0], r[1], 1)
		if src == good {
			t.Fatalf("%s: no %q in\n%s", name, r[0], good)
		}
		files[name] = src
	}
	problems := mcsProblems(t, mcs, files)
	for name := range bad {
		if len(problems[name]) == 0 {
			t.Errorf("mcs found nothing wrong with %s: the check is broken", name)
		}
		delete(problems, name)
	}
	for name, p := range problems {
		t.Errorf("%s (%s.cs): mcs: %s\n%s", names[name], name, strings.Join(p, "\n"), files[name])
	}
	t.Logf("mcs compiled %d C# snippets against the stand-in SDK", len(cases))
}

// rustError is one rustc diagnostic's head and location.
var rustError = regexp.MustCompile(`(?m)^error(\[E\d+\])?: (.*)\n\s*--> [^:]+:(\d+):`)

// rustStubs builds the stand-in crates (sdkstub) in dir and returns
// rustc's arguments to use them.
func rustStubs(t *testing.T, rustc, dir string) []string {
	t.Helper()
	args, err := sdkstub.BuildRust(rustc, dir)
	if err != nil {
		t.Fatal(err)
	}
	return args
}

// rustcProblems compiles the snippets as modules of one crate, against
// the stand-ins, and returns rustc's errors by snippet.
func rustcProblems(t *testing.T, rustc string, stubs []string, srcs []string) map[int][]string {
	t.Helper()
	dir := t.TempDir()
	var crate strings.Builder
	crate.WriteString("#![allow(dead_code, unused_imports)]\nfn main() {}\n")
	line := 3
	var starts []int // first line of each module
	for i, src := range srcs {
		starts = append(starts, line)
		fmt.Fprintf(&crate, "mod s%d {\n%s}\n", i, src)
		line += strings.Count(src, "\n") + 2
	}
	path := filepath.Join(dir, "snippets.rs")
	writeFile(t, path, crate.String())
	args := append([]string{"--edition", "2021", "--crate-type", "bin", "--emit=metadata",
		"-o", filepath.Join(dir, "snippets.rmeta"), path}, stubs...)
	out, err := run(t, 5*time.Minute, dir, nil, rustc, args...)
	problems := map[int][]string{}
	if err == nil {
		return problems
	}
	text := string(out)
	found := false
	for _, m := range rustError.FindAllStringSubmatch(text, -1) {
		found = true
		n, _ := strconv.Atoi(m[3])
		snippet := -1
		for i, s := range starts {
			if n >= s {
				snippet = i
			}
		}
		problems[snippet] = append(problems[snippet], fmt.Sprintf("line %d: error%s: %s", n-starts[max(snippet, 0)], m[1], m[2]))
	}
	if !found {
		t.Fatalf("rustc failed without an error it reports by line: %v\n%s", err, text)
	}
	return problems
}

func TestRustSnippets(t *testing.T) {
	rustc := lookPath(t, "rustc")
	stubs := rustStubs(t, rustc, t.TempDir())
	cases := checkCorpus(t)
	var srcs []string
	for _, c := range cases {
		srcs = append(srcs, renderAt(t, c, Rust, c.req.Endpoint))
	}
	// The check catches what it should: a syntax error, one inside vec!, a
	// std path that does not exist, a wrong type, a Result not unwrapped
	// where the SDK builds one, a setter the SDK does not have.
	good := renderAt(t, testCase{req: Request{Operation: "CreateTable", Input: []byte(tableRequest)}}, Rust, "")
	for i, bad := range []struct{ old, new string }{
		{"Client::new(&config);", "Client::new(&config)"},
		{"let client", "let _ = vec![1, ; 2];\n    let client"},
		{"let client", "let _ = std::collections::HashMapp::<String, String>::new();\n    let client"},
		{".read_capacity_units(5)", ".read_capacity_units(\"5\")"},
		{".build()?", ".build()"},
		{".table_name(", ".table(("},
	} {
		src := strings.Replace(good, bad.old, bad.new, 1)
		if src == good {
			t.Fatalf("broken snippet %d: no %q in\n%s", i, bad.old, good)
		}
		if p := rustcProblems(t, rustc, stubs, []string{src}); len(p) == 0 {
			t.Errorf("rustc found nothing wrong with broken snippet %d: the check is broken\n%s", i, src)
		}
	}
	for i, p := range rustcProblems(t, rustc, stubs, srcs) {
		if i < 0 {
			t.Errorf("rustc: %s", strings.Join(p, "\n"))
			continue
		}
		t.Errorf("%s: rustc: %s\n%s", cases[i].name, strings.Join(p, "\n"), srcs[i])
	}
	t.Logf("rustc checked %d Rust snippets against the stand-in crates", len(cases))
}
