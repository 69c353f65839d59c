package sdkstub

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
)

// The stand-ins are built apart from the code they check, as the SDKs'
// jars, assembly and crates are: the check then compiles that code alone,
// with the warnings it wants, and whatever fails is that code's.

// BuildJava compiles the Java stand-in into dir with javac and returns
// the class path to compile against.
func BuildJava(javac, dir string) (string, error) {
	src, classes := filepath.Join(dir, "src"), filepath.Join(dir, "classes")
	var paths []string
	for path, text := range javaSources() {
		path = filepath.Join(src, filepath.FromSlash(path))
		if err := write(path, text); err != nil {
			return "", err
		}
		paths = append(paths, path)
	}
	slices.Sort(paths)
	// A short-lived compiler: C1 alone and the serial collector start faster.
	args := append([]string{"-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-proc:none", "-encoding", "US-ASCII", "-d", classes}, paths...)
	if out, err := exec.Command(javac, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("javac over the stand-in of the AWS SDK for Java: %v\n%s", err, out)
	}
	return classes, nil
}

// BuildCSharp compiles the C# stand-in into dir with mcs and returns the
// assembly to reference.
func BuildCSharp(mcs, dir string) (string, error) {
	src, dll := filepath.Join(dir, "AWSSDK.DynamoDBv2.cs"), filepath.Join(dir, "AWSSDK.DynamoDBv2.dll")
	if err := write(src, csharpSource()); err != nil {
		return "", err
	}
	if out, err := exec.Command(mcs, "-target:library", "-out:"+dll, src).CombinedOutput(); err != nil {
		return "", fmt.Errorf("mcs over the stand-in of the AWS SDK for .NET: %v\n%s", err, out)
	}
	return dll, nil
}

// BuildRust compiles the Rust stand-in crates into dir with rustc and
// returns the arguments that give rustc them (-L, --extern).
func BuildRust(rustc, dir string) ([]string, error) {
	args := []string{"-L", dir}
	built := map[string]string{}
	for _, c := range rustCrates() {
		src := filepath.Join(dir, c.Name+".rs")
		if err := write(src, c.Source); err != nil {
			return nil, err
		}
		cmd := []string{"--edition", "2021", "--crate-name", c.Name, "--crate-type", c.Type, "-L", dir, "--out-dir", dir, "-A", "warnings", src}
		for _, u := range c.Uses {
			cmd = append(cmd, "--extern", u+"="+built[u])
		}
		if out, err := exec.Command(rustc, cmd...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("rustc over the stand-in crate %s: %v\n%s", c.Name, err, out)
		}
		built[c.Name] = filepath.Join(dir, "lib"+c.Name+".rlib")
		if c.Type == "proc-macro" {
			built[c.Name] = filepath.Join(dir, "lib"+c.Name+".so")
		}
		args = append(args, "--extern", c.Name+"="+built[c.Name])
	}
	return args, nil
}

func write(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
