package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/apply"
)

// The apply command:
//
//	workbench apply -endpoint URL|aws [-region R] [-replace] [-skip-writes] [-retries N] [-json] model.json
//
// creates the model's tables at the endpoint, loads its dataset, runs its
// access patterns there and in the workbench's engine, and prints the
// comparison ("-" reads the model from standard input). -endpoint is
// required so that nothing reaches AWS by accident: "aws" means AWS's own
// endpoint for the region. The exit code is 0 when every access pattern
// matches, 1 on a mismatch or a failure, 2 on a usage error.

func init() {
	Commands["apply"] = func(args []string) int {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		return runApplyCommand(ctx, args, os.Stdin, os.Stdout, os.Stderr)
	}
}

// maxApplyFile bounds a model read from a file or standard input.
const maxApplyFile = 256 << 20

func runApplyCommand(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("workbench apply", flag.ContinueOnError)
	flags.SetOutput(stderr)
	endpoint := flags.String("endpoint", "", "DynamoDB endpoint `URL` (http://127.0.0.1:8000), or \"aws\" for AWS's own in the region")
	region := flags.String("region", "", "AWS `region` (default: AWS_REGION or the shared config; us-east-1 for an explicit endpoint)")
	replace := flags.Bool("replace", false, "delete tables that already exist at the endpoint and create them again")
	skipWrites := flags.Bool("skip-writes", false, "run only the read access patterns, leaving the loaded data unchanged")
	retries := flags.Int("retries", apply.DefaultReadRetries, "how many times a read that differs is run again, a second apart (global secondary indexes are eventually consistent)")
	asJSON := flags.Bool("json", false, "print the report as JSON")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: workbench apply -endpoint URL|aws [-region R] [-replace] [-skip-writes] [-retries N] [-json] model.json")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	usage := func(msg string) int {
		fmt.Fprintf(stderr, "workbench apply: %s\n", msg)
		flags.Usage()
		return 2
	}
	switch {
	case *endpoint == "":
		return usage("-endpoint is required (a URL, or \"aws\" for AWS itself)")
	case flags.NArg() != 1:
		return usage("give one model file (\"-\" for standard input)")
	case *retries < 0:
		return usage("-retries must be 0 or more")
	}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "workbench apply: %v\n", err)
		return 1
	}

	var doc []byte
	var err error
	if name := flags.Arg(0); name == "-" {
		doc, err = io.ReadAll(io.LimitReader(stdin, maxApplyFile+1))
	} else {
		doc, err = readLimited(name, maxApplyFile+1)
	}
	if err != nil {
		return fail(err)
	}
	if len(doc) > maxApplyFile {
		return fail(fmt.Errorf("%s: over %d bytes", flags.Arg(0), maxApplyFile))
	}
	m, err := model.Parse(doc)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", flags.Arg(0), err))
	}

	url := *endpoint
	if url == "aws" {
		url = ""
	}
	client, err := apply.NewClient(ctx, url, *region)
	if err != nil {
		return fail(err)
	}
	readRetries := *retries
	if readRetries == 0 {
		readRetries = -1 // Options takes 0 for its default
	}
	rep, err := apply.Run(ctx, m, client, apply.Options{
		Replace:     *replace,
		SkipWrites:  *skipWrites,
		Endpoint:    *endpoint,
		ReadRetries: readRetries,
	})
	if err != nil {
		if rep != nil && len(rep.Tables) > 0 {
			fmt.Fprintf(stderr, "workbench apply: created before the failure: %d table(s), %d item(s)\n", len(rep.Tables), rep.ItemsLoaded)
		}
		return fail(err)
	}
	if *asJSON {
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return fail(err)
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else if err := rep.WriteText(stdout); err != nil {
		return fail(err)
	}
	if !rep.Match {
		return 1
	}
	return 0
}

// readLimited reads at most n bytes of the named file.
func readLimited(name string, n int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, n))
}
