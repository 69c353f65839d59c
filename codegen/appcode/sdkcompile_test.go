package appcode

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/codegen/internal/sdkstub"
)

// The Java, C# and Rust checks compile every checked model's data-access
// module, all in one compiler run per language, against the stand-ins of
// the AWS SDK for Java v2, the AWS SDK for .NET and aws-sdk-dynamodb that
// snippet's checks use too (codegen/internal/sdkstub: the real jars,
// assemblies and crates cannot be fetched here), built first as the SDKs
// are. They prove the generated code is Java, C# and Rust that uses the
// SDKs' names with the SDKs' types as the stand-ins have them, no more.

// exportWrapped exports format for every checked model and writes model
// i's file, put in a package, namespace or module of its own by wrap, to
// dir/name(i); it returns the paths written.
func exportWrapped(t *testing.T, dir, format string, name func(i int) string, wrap func(i int, src string) string) []string {
	t.Helper()
	paths := exportAll(t, filepath.Join(dir, "export"), format)
	if len(paths) == 0 {
		t.Fatalf("no %s exported", format)
	}
	var out []string
	for i, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name(i))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		mustWrite(t, path, wrap(i, string(b)))
		out = append(out, path)
	}
	return out
}

func TestJavaCompiles(t *testing.T) {
	javac, err := exec.LookPath("javac")
	if err != nil {
		skipOrFail(t, "javac is not on PATH")
	}
	work := t.TempDir()
	classes, err := sdkstub.BuildJava(javac, filepath.Join(work, "sdk"))
	if err != nil {
		t.Fatal(err)
	}
	// Every model's class is named Access: each goes in a package of its
	// own (the one line added here) so that one javac run compiles them all.
	sources := exportWrapped(t, work, Java, func(i int) string { return filepath.Join("m"+strconv.Itoa(i), "Access.java") },
		func(i int, src string) string {
			if strings.Contains(src, "Request request = QueryRequest") && !strings.Contains(src, "exclusiveStartKey(response.lastEvaluatedKey())") {
				t.Errorf("model %d: a Query does not page", i)
			}
			return "package m" + strconv.Itoa(i) + ";\n" + src
		})
	if b, err := exec.Command(javac, append([]string{"-Xlint:all", "-Werror", "-encoding", "US-ASCII", "-cp", classes, "-d", filepath.Join(work, "out")}, sources...)...).CombinedOutput(); err != nil {
		t.Fatalf("javac over the Java exports and the stand-in: %v\n%s", err, b)
	}
}

func TestCSharpCompiles(t *testing.T) {
	mcs, err := exec.LookPath("mcs")
	if err != nil {
		skipOrFail(t, "mcs is not on PATH")
	}
	work := t.TempDir()
	sdk, err := sdkstub.BuildCSharp(mcs, filepath.Join(work, "sdk"))
	if err != nil {
		t.Fatal(err)
	}
	// Every model's class is named Access: each goes in a namespace of its
	// own (added here) so that one mcs run compiles them all.
	sources := exportWrapped(t, work, CSharp, func(i int) string { return "m" + strconv.Itoa(i) + ".cs" },
		func(i int, src string) string { return "namespace M" + strconv.Itoa(i) + "\n{\n" + src + "}\n" })
	if b, err := exec.Command(mcs, append([]string{"-target:library", "-codepage:utf8", "-warnaserror+", "-nowarn:414", "-r:" + sdk, "-out:" + filepath.Join(work, "access.dll")}, sources...)...).CombinedOutput(); err != nil {
		t.Fatalf("mcs over the C# exports and the stand-in: %v\n%s", err, b)
	}
}

func TestRustCompiles(t *testing.T) {
	rustc, err := exec.LookPath("rustc")
	if err != nil {
		skipOrFail(t, "rustc is not on PATH")
	}
	work := t.TempDir()
	sdk, err := sdkstub.BuildRust(rustc, filepath.Join(work, "sdk"))
	if err != nil {
		t.Fatal(err)
	}
	// Each model's module is a module of one crate, so that one rustc run
	// compiles them all.
	paths := exportWrapped(t, work, Rust, func(i int) string { return "m" + strconv.Itoa(i) + ".rs" },
		func(_ int, src string) string { return src })
	var lib strings.Builder
	for i := range paths {
		lib.WriteString("pub mod m" + strconv.Itoa(i) + ";\n")
	}
	mustWrite(t, filepath.Join(work, "lib.rs"), lib.String())
	args := append([]string{"--edition", "2021", "--crate-type", "lib", "-D", "warnings",
		"-o", filepath.Join(work, "libaccess.rlib"), filepath.Join(work, "lib.rs")}, sdk...)
	if b, err := exec.Command(rustc, args...).CombinedOutput(); err != nil {
		t.Fatalf("rustc over the Rust exports and the stand-in: %v\n%s", err, b)
	}
}
