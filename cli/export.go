package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	// The application-code formats (ElectroDB, DynamoDB-Toolbox, typed
	// data access in seven languages) register themselves with
	// model/formats; the page asks the server for them.
	_ "github.com/dynamodb-workbench/workbench/codegen/appcode"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/formats"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/apply"
	"github.com/dynamodb-workbench/workbench/server/exporters"
	"github.com/dynamodb-workbench/workbench/server/importers"
	"github.com/dynamodb-workbench/workbench/server/liveimport"
)

// The export and import commands:
//
//	workbench export -format F [-o FILE|DIR] [-items N] model.json
//	workbench import [-format F] [-o model.json] FILE|DIR
//	workbench import -format endpoint -endpoint URL [-tables a,b] [-sample N]
//
// "-" for the input reads standard input. export writes a single-file
// format to standard output unless -o names a file, or a directory (an
// existing one, or a path ending in '/') to write it in under its
// suggested name; cdk-ts, a project of several files, needs -o DIR.
// import writes the model document to standard output unless -o names a
// file. Warnings go to standard error. The exit code is 0 on success, 1 on
// failure and 2 on a usage error.

func init() {
	Commands["export"] = runExportCommand
	Commands["import"] = runImportCommand
}

// The commands' streams, replaced by tests.
var (
	exportStdin  io.Reader = os.Stdin
	exportStdout io.Writer = os.Stdout
	exportStderr io.Writer = os.Stderr
)

// errExportUsage marks an error the command's usage explains.
var errExportUsage = errors.New("usage")

func exportReadInput(name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(io.LimitReader(exportStdin, maxInput+1))
	}
	return os.ReadFile(name)
}

// exportExit reports err (if any) and returns the exit code.
func exportExit(cmd string, flags *flag.FlagSet, err error) int {
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errExportUsage):
		fmt.Fprintf(exportStderr, "workbench %s: %v\n", cmd, strings.TrimPrefix(err.Error(), "usage: "))
		flags.Usage()
		return 2
	default:
		fmt.Fprintf(exportStderr, "workbench %s: %v\n", cmd, err)
		return 1
	}
}

func runExportCommand(args []string) int {
	flags := flag.NewFlagSet("workbench export", flag.ContinueOnError)
	flags.SetOutput(exportStderr)
	format := flags.String("format", "", "`format`: "+strings.Join(formats.FormatNames(), ", "))
	out := flags.String("o", "", "write to this `file or directory` (a directory for cdk-ts) instead of standard output")
	items := flags.Int("items", 0, "sample items per table in a NoSQL Workbench model (0: the default, 100; -1: none)")
	profile := flags.String("profile", formats.ProfileDefault, "`profile` of the cloudformation-json, cloudformation-yaml and cdk-ts formats: "+strings.Join(formats.Profiles(), ", "))
	flags.Usage = func() {
		fmt.Fprintln(exportStderr, "usage: workbench export -format FORMAT [-profile production] [-o FILE|DIR] [-items N] model.json")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	return exportExit("export", flags, exportCommand(*format, *profile, *out, *items, flags.Args()))
}

func exportCommand(format, profile, out string, items int, args []string) error {
	if format == "" {
		return fmt.Errorf("%w: give -format, one of %s", errExportUsage, strings.Join(formats.FormatNames(), ", "))
	}
	if len(args) != 1 {
		return fmt.Errorf("%w: give one model file (or - for standard input)", errExportUsage)
	}
	data, err := exportReadInput(args[0])
	if err != nil {
		return err
	}
	m, err := model.Parse(data)
	if err != nil {
		return fmt.Errorf("%s: %v", args[0], err)
	}
	res, err := exporters.RenderWith(m, format, formats.Options{Resolve: patterns.Generator, MaxItems: items, Profile: profile})
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(exportStderr, "workbench export: warning: %s\n", w)
	}
	multi := len(res.Files) > 1
	switch {
	case out == "" && multi:
		return fmt.Errorf("%w: %s writes %d files: give -o DIR", errExportUsage, format, len(res.Files))
	case out == "":
		_, err := io.WriteString(exportStdout, res.Files[0].Content)
		return err
	case multi:
		return writeExportFiles(out, res.Files)
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() || strings.HasSuffix(out, string(os.PathSeparator)) {
		return writeExportFiles(out, res.Files)
	}
	return exportWriteFile(out, []byte(res.Files[0].Content))
}

// writeExportFiles writes files under dir, creating it and their folders.
func writeExportFiles(dir string, files []formats.File) error {
	for _, f := range files {
		rel := filepath.FromSlash(f.Path)
		if !filepath.IsLocal(rel) {
			return fmt.Errorf("refusing to write %q outside %s", f.Path, dir)
		}
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := exportWriteFile(p, []byte(f.Content)); err != nil {
			return err
		}
		fmt.Fprintf(exportStderr, "workbench export: wrote %s\n", p)
	}
	return nil
}

// exportWriteFile writes data to path through a temporary file in the
// same directory, so that a failed write leaves no half file behind.
func exportWriteFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func runImportCommand(args []string) int {
	flags := flag.NewFlagSet("workbench import", flag.ContinueOnError)
	flags.SetOutput(exportStderr)
	format := flags.String("format", "", "`format` of the file: "+strings.Join(importers.Formats, ", ")+", or endpoint (a live DynamoDB endpoint); left out, the file's name and content tell")
	out := flags.String("o", "", "write the model to this `file` instead of standard output")
	endpoint := flags.String("endpoint", "", "with -format endpoint: the DynamoDB endpoint `URL` (AWS or any compatible one)")
	region := flags.String("region", "", "with -format endpoint: the AWS `region`")
	tables := flags.String("tables", "", "with -format endpoint: the `tables` to read, comma-separated (default: all)")
	sample := flags.Int("sample", 0, fmt.Sprintf("with -format endpoint: items to sample per table (default %d, at most %d)", liveimport.DefaultSample, liveimport.MaxSample))
	var params paramFlags
	flags.Var(&params, "param", "a CloudFormation template's parameter `NAME=VALUE` (repeatable; AWS::Region=REGION too); the others take their defaults")
	flags.Usage = func() {
		fmt.Fprintln(exportStderr, "usage: workbench import [-format FORMAT] [-param NAME=VALUE]... [-o model.json] FILE|DIR\n       workbench import -format endpoint -endpoint URL [-tables a,b] [-sample N] [-o model.json]")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *format == "endpoint" {
		return exportExit("import", flags, importEndpointCommand(*endpoint, *region, *tables, *sample, *out, flags.Args()))
	}
	return exportExit("import", flags, importCommand(*format, *out, params, flags.Args()))
}

// paramFlags collects the -param flags.
type paramFlags []string

func (p *paramFlags) String() string     { return strings.Join(*p, " ") }
func (p *paramFlags) Set(v string) error { *p = append(*p, v); return nil }

func importEndpointCommand(endpoint, region, tables string, sample int, out string, args []string) error {
	if endpoint == "" {
		return fmt.Errorf("%w: -format endpoint needs -endpoint URL", errExportUsage)
	}
	if len(args) != 0 {
		return fmt.Errorf("%w: -format endpoint reads no file", errExportUsage)
	}
	ctx, cancel := context.WithTimeout(context.Background(), liveimport.Timeout)
	defer cancel()
	client, err := apply.NewClient(ctx, endpoint, region)
	if err != nil {
		return err
	}
	var names []string
	for _, n := range strings.Split(tables, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	m, warnings, err := liveimport.Run(ctx, client, liveimport.Options{Tables: names, Sample: sample})
	if err != nil {
		return err
	}
	return writeImported(m, warnings, out)
}

// readImportFiles reads a file, or a directory's .tf files (a Terraform
// configuration is a directory).
func readImportFiles(name string) (map[string][]byte, error) {
	if name != "-" {
		if st, err := os.Stat(name); err == nil && st.IsDir() {
			matches, err := filepath.Glob(filepath.Join(name, "*.tf"))
			if err != nil {
				return nil, err
			}
			if len(matches) == 0 {
				return nil, fmt.Errorf("%s: a directory with no .tf file", name)
			}
			files := map[string][]byte{}
			for _, f := range matches {
				b, err := os.ReadFile(f)
				if err != nil {
					return nil, err
				}
				files[filepath.Base(f)] = b
			}
			return files, nil
		}
	}
	data, err := exportReadInput(name)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{filepath.Base(name): data}, nil
}

func importCommand(format, out string, paramList []string, args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: give one file to import (or - for standard input)", errExportUsage)
	}
	params, err := importers.ParseParams(paramList)
	if err != nil {
		return fmt.Errorf("%w: -param: %v", errExportUsage, err)
	}
	files, err := readImportFiles(args[0])
	if err != nil {
		return err
	}
	format = importers.FormatName(format)
	var m *model.Model
	var warnings []string
	if len(files) > 1 || format == importers.Terraform {
		if format != "" && format != importers.Terraform {
			return fmt.Errorf("%w: a directory holds a Terraform configuration (-format terraform)", errExportUsage)
		}
		if len(params) > 0 {
			return fmt.Errorf("%w: -param gives a CloudFormation template's parameters, not Terraform's", errExportUsage)
		}
		m, warnings, err = importers.ImportTerraform(files)
	} else {
		var name string
		var data []byte
		for n, d := range files { // the one file
			name, data = n, d
		}
		if format == "" {
			format = importers.Detect(name, data)
		}
		if format == "" {
			// As the server does: what tells nothing is read as NoSQL
			// Workbench's, the format the command always read.
			format = importers.NoSQLWorkbench
		}
		if len(params) > 0 && format != importers.CloudFormation {
			return fmt.Errorf("%w: -param gives a CloudFormation template's parameters, not a %s file's", errExportUsage, format)
		}
		m, warnings, err = importers.ImportWith(format, data, importers.Options{Params: params})
	}
	if err != nil {
		if errors.Is(err, importers.ErrUnknownFormat) {
			return fmt.Errorf("%w: -format: %v", errExportUsage, err)
		}
		return fmt.Errorf("%s: %v", args[0], err)
	}
	return writeImported(m, warnings, out)
}

// writeImported reports the warnings and writes the model document.
func writeImported(m *model.Model, warnings []string, out string) error {
	for _, w := range warnings {
		fmt.Fprintf(exportStderr, "workbench import: warning: %s\n", w)
	}
	doc, err := model.MarshalIndent(m)
	if err != nil {
		return err
	}
	doc = append(doc, '\n')
	if out == "" {
		_, err := exportStdout.Write(doc)
		return err
	}
	return exportWriteFile(out, doc)
}
