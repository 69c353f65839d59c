package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/sharelink"
	"github.com/dynamodb-workbench/workbench/patterns"
	"github.com/dynamodb-workbench/workbench/server/ops"
)

// The diff command:
//
//	workbench diff [-size-gb N] [-json] A.json B.json
//
// compares design A (the one deployed) with design B (the next version)
// and prints the migration plan (ops.Diff, as POST /api/diff answers it):
// each change online or a new table and a copy, what CloudFormation does,
// the estimates with their arithmetic, the access patterns that break. A
// file may be "-" for standard input, pattern:NAME for a pattern of the
// catalogue, or a share link whose fragment carries the design
// (https://…/#m=2.…). -json prints the plan as /api/diff answers it.

func init() { Commands["diff"] = runDiffCommand }

func runDiffCommand(args []string) int {
	flags := flag.NewFlagSet("workbench diff", flag.ContinueOnError)
	flags.SetOutput(exportStderr)
	size := flags.Float64("size-gb", 0, "the data's size in production, in `GB` (0: measured on A's dataset)")
	asJSON := flags.Bool("json", false, "print the plan as JSON")
	flags.Usage = func() {
		fmt.Fprintln(exportStderr, "usage: workbench diff [-size-gb N] [-json] A.json B.json   (a file may be -, pattern:NAME or a …/#m= share link)")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	return exportExit("diff", flags, diffCommand(*size, *asJSON, flags.Args()))
}

func diffCommand(sizeGB float64, asJSON bool, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("%w: give two model files, the deployed design and the next one", errExportUsage)
	}
	var ms [2]*model.Model
	for i, name := range args {
		m, err := diffReadModel(name)
		if err != nil {
			return err
		}
		ms[i] = m
	}
	plan, err := ops.Diff(context.Background(), ms[0], ms[1], sizeGB)
	if err != nil {
		return err
	}
	if asJSON {
		b, err := json.MarshalIndent(plan, "", "  ")
		if err != nil {
			return err
		}
		_, err = exportStdout.Write(append(b, '\n'))
		return err
	}
	return plan.WriteText(exportStdout)
}

// diffReadModel reads a model file, standard input, pattern:NAME, or a
// share link that carries the design in its fragment (…/#m=2.…; read
// here, nothing is fetched).
func diffReadModel(name string) (*model.Model, error) {
	if _, frag, ok := strings.Cut(name, "#m="); ok {
		m, err := sharelink.Decode(frag)
		if err != nil {
			return nil, fmt.Errorf("the share link: %w", err)
		}
		return m, nil
	}
	if p, ok := strings.CutPrefix(name, "pattern:"); ok {
		pat, found := patterns.Get(p)
		if !found {
			return nil, fmt.Errorf("%s: no such pattern (see GET /api/patterns)", name)
		}
		return pat.Model(), nil
	}
	data, err := exportReadInput(name)
	if err != nil {
		return nil, err
	}
	m, err := ops.ParseDesign(name, data)
	if err != nil {
		return nil, err
	}
	return m, nil
}
