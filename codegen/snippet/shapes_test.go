package snippet

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// sdkInputs are the SDK for Go's input structs of the operations.
var sdkInputs = map[string]reflect.Type{
	"BatchGetItem":          reflect.TypeFor[dynamodb.BatchGetItemInput](),
	"BatchExecuteStatement": reflect.TypeFor[dynamodb.BatchExecuteStatementInput](),
	"ExecuteStatement":      reflect.TypeFor[dynamodb.ExecuteStatementInput](),
	"ExecuteTransaction":    reflect.TypeFor[dynamodb.ExecuteTransactionInput](),
	"BatchWriteItem":        reflect.TypeFor[dynamodb.BatchWriteItemInput](),
	"CreateTable":           reflect.TypeFor[dynamodb.CreateTableInput](),
	"DeleteItem":            reflect.TypeFor[dynamodb.DeleteItemInput](),
	"DeleteTable":           reflect.TypeFor[dynamodb.DeleteTableInput](),
	"DescribeTable":         reflect.TypeFor[dynamodb.DescribeTableInput](),
	"DescribeTimeToLive":    reflect.TypeFor[dynamodb.DescribeTimeToLiveInput](),
	"GetItem":               reflect.TypeFor[dynamodb.GetItemInput](),
	"ListTables":            reflect.TypeFor[dynamodb.ListTablesInput](),
	"PutItem":               reflect.TypeFor[dynamodb.PutItemInput](),
	"Query":                 reflect.TypeFor[dynamodb.QueryInput](),
	"Scan":                  reflect.TypeFor[dynamodb.ScanInput](),
	"TransactGetItems":      reflect.TypeFor[dynamodb.TransactGetItemsInput](),
	"TransactWriteItems":    reflect.TypeFor[dynamodb.TransactWriteItemsInput](),
	"UpdateItem":            reflect.TypeFor[dynamodb.UpdateItemInput](),
	"UpdateTable":           reflect.TypeFor[dynamodb.UpdateTableInput](),
	"UpdateTimeToLive":      reflect.TypeFor[dynamodb.UpdateTimeToLiveInput](),
}

// unsupported are the SDK's members the renderer leaves out on purpose:
// global tables, which the workbench does not model.
var unsupported = map[string]bool{
	"UpdateTableInput.MultiRegionConsistency": true,
	"UpdateTableInput.ReplicaUpdates":         true,
}

// TestShapesMatchSDK walks every shape beside the SDK for Go's type for
// it: each member must be a field of the Go type the renderer writes for
// it (*string for aws.String, *int32 for aws.Int32, types.Select for an
// enum, *types.Put for a nested structure, ...), and each field of the
// SDK's struct a member.
func TestShapesMatchSDK(t *testing.T) {
	if len(sdkInputs) != len(operations) {
		t.Errorf("%d SDK inputs for %d operations", len(sdkInputs), len(operations))
	}
	for name, op := range operations {
		typ, ok := sdkInputs[name]
		if !ok {
			t.Errorf("no SDK input for %s", name)
			continue
		}
		if typ.Name() != op.Input.Name {
			t.Errorf("%s: input %s, SDK %s", name, op.Input.Name, typ.Name())
		}
		compareStruct(t, op.Input, typ)
	}
}

var (
	typesPkg      = reflect.TypeFor[types.Select]().PkgPath()
	attributeType = reflect.TypeFor[types.AttributeValue]()
)

func compareStruct(t *testing.T, s *shape, typ reflect.Type) {
	t.Helper()
	if typ.Kind() != reflect.Struct {
		t.Errorf("%s: SDK type %s is not a struct", s.Name, typ)
		return
	}
	for _, f := range s.Fields {
		sf, ok := typ.FieldByName(f.Name)
		if !ok {
			t.Errorf("%s.%s: no such field in the SDK's %s", s.Name, f.Name, typ)
			continue
		}
		compare(t, s.Name+"."+f.Name, f.Shape, sf.Type, true)
	}
	for i := range typ.NumField() {
		sf := typ.Field(i)
		if sf.IsExported() && s.Member(sf.Name) == nil && !unsupported[typ.Name()+"."+sf.Name] {
			t.Errorf("%s: the SDK's field %s is not a member", s.Name, sf.Name)
		}
	}
}

// compare checks that typ is the Go type the renderer writes for s, in a
// struct field (member) or as an element.
func compare(t *testing.T, path string, s *shape, typ reflect.Type, member bool) {
	t.Helper()
	want := func(ok bool, what string) {
		if !ok {
			t.Errorf("%s: the SDK's type is %s, the renderer writes %s", path, typ, what)
		}
	}
	pointerTo := func(k reflect.Kind) bool {
		if member {
			return typ.Kind() == reflect.Pointer && typ.Elem().Kind() == k && typ.Elem().PkgPath() == ""
		}
		return typ.Kind() == k && typ.PkgPath() == ""
	}
	switch s.Kind {
	case kString:
		want(pointerTo(reflect.String), "a string")
	case kInt32:
		want(pointerTo(reflect.Int32), "an int32")
	case kInt64:
		want(pointerTo(reflect.Int64), "an int64")
	case kBool:
		want(pointerTo(reflect.Bool), "a bool")
	case kEnum:
		want(typ.Kind() == reflect.String && typ.PkgPath() == typesPkg && typ.Name() == s.Name, "types."+s.Name)
	case kAttr:
		want(typ == attributeType, "types.AttributeValue")
	case kList:
		want(typ.Kind() == reflect.Slice, "a slice")
		if typ.Kind() == reflect.Slice {
			compare(t, path+"[]", s.Elem, typ.Elem(), false)
		}
	case kMap:
		want(typ.Kind() == reflect.Map && typ.Key().Kind() == reflect.String, "a map[string]")
		if typ.Kind() == reflect.Map {
			compare(t, path+"[]", s.Elem, typ.Elem(), false)
		}
	case kStruct:
		if member {
			want(typ.Kind() == reflect.Pointer, "a pointer to types."+s.Name)
			if typ.Kind() != reflect.Pointer {
				return
			}
			typ = typ.Elem()
		}
		want(typ.PkgPath() == typesPkg && typ.Name() == s.Name, "types."+s.Name)
		compareStruct(t, s, typ)
	}
}

// cliOptions lists, for every operation, its AWS CLI command and each
// member's option, as the CLI snippets write them.
func cliOptions() string {
	var b strings.Builder
	for _, name := range Operations() {
		op := operations[name]
		command := joinWords(name, "-")
		fmt.Fprintf(&b, "%s\n", command)
		for _, f := range op.Input.Fields {
			opt := joinWords(f.Name, "-")
			if f.Shape.Kind == kBool {
				fmt.Fprintf(&b, "  --%s | --no-%s\n", opt, opt)
			} else {
				fmt.Fprintf(&b, "  --%s\n", opt)
			}
		}
	}
	return b.String()
}

// TestCLIOptionNames compares the options with testdata/cli-options.txt,
// a list checked by hand against the AWS CLI reference, and, when the AWS
// CLI v1 is importable here, with the CLI's own argument tables.
func TestCLIOptionNames(t *testing.T) {
	got := cliOptions()
	const path = "testdata/cli-options.txt"
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("the CLI options differ from %s (-update rewrites it):\n%s", path, got)
	}
	for name, command := range cliCommands {
		if joinWords(name, "-") != command {
			t.Errorf("%s: command %s, want %s", name, joinWords(name, "-"), command)
		}
	}

	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	// The argument table of each command, as the CLI builds it to parse
	// a command line.
	script := `import json, sys
from awscli.clidriver import create_clidriver
table = create_clidriver()._get_command_table()["dynamodb"]._get_command_table()
print(json.dumps({c: sorted(table[c].arg_table) for c in sys.argv[1:]}))
`
	args := []string{"-c", script}
	for _, name := range Operations() {
		args = append(args, joinWords(name, "-"))
	}
	out, err := run(t, time.Minute, "", nil, python, args...)
	if err != nil {
		t.Skipf("the AWS CLI v1 is not importable here: %v\n%s", err, out)
	}
	var tables map[string][]string
	if err := json.Unmarshal(out, &tables); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	generic := []string{"cli-input-json", "cli-input-yaml", "generate-cli-skeleton", "starting-token", "page-size", "max-items"}
	for _, name := range Operations() {
		command := joinWords(name, "-")
		table := tables[command]
		var mine []string
		for _, f := range operations[name].Input.Fields {
			opt := joinWords(f.Name, "-")
			mine = append(mine, opt)
			if f.Shape.Kind == kBool {
				mine = append(mine, "no-"+opt)
			}
		}
		for _, opt := range mine {
			if !slices.Contains(table, opt) {
				t.Errorf("aws dynamodb %s has no option --%s", command, opt)
			}
		}
		for _, opt := range table {
			if !slices.Contains(mine, opt) && !slices.Contains(generic, opt) {
				// Members of global tables, and any the installed CLI
				// knows and this renderer does not yet.
				t.Logf("aws dynamodb %s --%s is not supported", command, opt)
			}
		}
	}
}
