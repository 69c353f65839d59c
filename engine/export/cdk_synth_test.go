package export

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestCDKSynthMatchesCloudFormation type-checks the CDK app of every test
// model with the TypeScript compiler, synthesizes it with aws-cdk-lib, and
// compares each synthesized table with the CloudFormation export: keys,
// attribute definitions, indexes and projections, time to live, billing
// and capacity, streams.
//
// It needs the npm packages the app pins, installed once (the registry is
// not reached from here):
//
//	mkdir -p /tmp/cdk && cd /tmp/cdk && npm install aws-cdk-lib@2.276.0 \
//	    constructs@10.8.1 typescript@5.9.3 ts-node@10.9.2 @types/node@22.20.5
//	WORKBENCH_CDK_NODE_MODULES=/tmp/cdk/node_modules go test -run CDKSynth ./engine/export/
//
// Without WORKBENCH_CDK_NODE_MODULES it is skipped. It takes a minute or
// two: the compiler and each synthesis load all of aws-cdk-lib.
func TestCDKSynthMatchesCloudFormation(t *testing.T) {
	nm := os.Getenv("WORKBENCH_CDK_NODE_MODULES")
	if nm == "" {
		t.Skip("set WORKBENCH_CDK_NODE_MODULES to a node_modules holding aws-cdk-lib, constructs, typescript, ts-node and @types/node")
	}
	nm, err := filepath.Abs(nm)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	root := t.TempDir()
	if err := os.Symlink(nm, filepath.Join(root, "node_modules")); err != nil {
		t.Fatal(err)
	}
	models := testModels()
	var order []string
	for name := range models {
		order = append(order, name)
	}
	sort.Strings(order)
	apps := map[string]cdkNames{}
	for _, name := range order {
		r, err := Render(models[name], CDKTypeScript)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Files {
			p := filepath.Join(root, name, f.Path)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(f.Content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		apps[name] = cdkNamesOf(models[name])
	}

	// One compiler run over every app, with the apps' own settings.
	var cfg map[string]any
	if err := json.Unmarshal([]byte(tsconfigJSON()), &cfg); err != nil {
		t.Fatal(err)
	}
	cfg["compilerOptions"].(map[string]any)["noEmit"] = true
	cfg["include"] = []string{"*/bin/*.ts", "*/lib/*.ts"}
	b, _ := json.Marshal(cfg)
	if err := os.WriteFile(filepath.Join(root, "tsconfig.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	tsc := exec.Command(filepath.Join(nm, ".bin", "tsc"), "-p", root)
	if out, err := tsc.CombinedOutput(); err != nil {
		t.Fatalf("tsc: %v\n%s", err, out)
	}

	for _, name := range order {
		n := apps[name]
		dir := filepath.Join(root, name)
		outdir := filepath.Join(dir, "cdk.out")
		// What cdk.json's "app" runs; the compiler has already checked types.
		cmd := exec.Command(filepath.Join(nm, ".bin", "ts-node"), "--transpile-only", "--prefer-ts-exts", "bin/"+n.app+".ts")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "CDK_OUTDIR="+outdir)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: synth: %v\n%s", name, err, out)
			continue
		}
		data, err := os.ReadFile(filepath.Join(outdir, n.stack+".template.json"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var synth map[string]any
		if err := json.Unmarshal(data, &synth); err != nil {
			t.Fatal(err)
		}
		compareSynth(t, name, renderTemplate(t, models[name]), synth)
	}
}

// compareSynth compares the tables of the CloudFormation export with
// those CDK synthesized (AWS::DynamoDB::Table from Table,
// AWS::DynamoDB::GlobalTable from TableV2), matched by TableName.
func compareSynth(t *testing.T, name string, ours, synth map[string]any) {
	t.Helper()
	byName := map[string]map[string]any{}
	kinds := map[string]string{}
	for _, r := range synth["Resources"].(map[string]any) {
		rm := r.(map[string]any)
		typ := rm["Type"].(string)
		if typ != "AWS::DynamoDB::Table" && typ != "AWS::DynamoDB::GlobalTable" {
			continue
		}
		p := rm["Properties"].(map[string]any)
		byName[p["TableName"].(string)] = p
		kinds[p["TableName"].(string)] = typ
		if rm["DeletionPolicy"] != "Retain" {
			t.Errorf("%s %s: DeletionPolicy %v", name, p["TableName"], rm["DeletionPolicy"])
		}
	}
	for _, r := range ours["Resources"].(map[string]any) {
		want := r.(map[string]any)["Properties"].(map[string]any)
		tn := want["TableName"].(string)
		got, ok := byName[tn]
		if !ok {
			t.Errorf("%s: CDK synthesized no table %s", name, tn)
			continue
		}
		where := name + " " + tn
		same := func(what string, w, g any) {
			t.Helper()
			if !reflect.DeepEqual(normalize(w), normalize(g)) {
				t.Errorf("%s: %s: export %v, CDK %v", where, what, w, g)
			}
		}
		same("KeySchema", want["KeySchema"], got["KeySchema"])
		same("AttributeDefinitions", sortedBy(want["AttributeDefinitions"], "AttributeName"), sortedBy(got["AttributeDefinitions"], "AttributeName"))
		// CDK leaves out BillingMode for PROVISIONED, CloudFormation's default.
		same("BillingMode", want["BillingMode"], orDefault(got["BillingMode"], "PROVISIONED"))
		same("StreamSpecification", want["StreamSpecification"], got["StreamSpecification"])
		same("TimeToLiveSpecification", want["TimeToLiveSpecification"], got["TimeToLiveSpecification"])
		same("LocalSecondaryIndexes", sortedBy(want["LocalSecondaryIndexes"], "IndexName"), sortedBy(got["LocalSecondaryIndexes"], "IndexName"))
		gsis := func(v any) any {
			var out []any
			for _, g := range asList(v) {
				gm := g.(map[string]any)
				// Compared apart: capacity (below) and CDK's contributor
				// insights default.
				out = append(out, map[string]any{"IndexName": gm["IndexName"], "KeySchema": gm["KeySchema"], "Projection": gm["Projection"]})
			}
			return sortedBy(out, "IndexName")
		}
		same("GlobalSecondaryIndexes", gsis(want["GlobalSecondaryIndexes"]), gsis(got["GlobalSecondaryIndexes"]))
		switch kinds[tn] {
		case "AWS::DynamoDB::Table":
			same("ProvisionedThroughput", want["ProvisionedThroughput"], got["ProvisionedThroughput"])
			for i, g := range asList(want["GlobalSecondaryIndexes"]) {
				if i < len(asList(got["GlobalSecondaryIndexes"])) {
					same("GSI ProvisionedThroughput", g.(map[string]any)["ProvisionedThroughput"], asList(got["GlobalSecondaryIndexes"])[i].(map[string]any)["ProvisionedThroughput"])
				}
			}
			same("TableClass", orDefault(want["TableClass"], "STANDARD"), got["TableClass"])
		case "AWS::DynamoDB::GlobalTable":
			if want["BillingMode"] != "PAY_PER_REQUEST" {
				t.Errorf("%s: a provisioned table became a TableV2", where)
			}
			replica := asList(got["Replicas"])[0].(map[string]any)
			same("TableClass", orDefault(want["TableClass"], "STANDARD"), replica["TableClass"])
		}
	}
}

func orDefault(v any, def string) any {
	if v == nil {
		return def
	}
	return v
}

// normalize makes JSON values comparable: nil and empty lists alike.
func normalize(v any) any {
	if l, ok := v.([]any); ok && len(l) == 0 {
		return nil
	}
	return v
}

func sortedBy(v any, key string) any {
	l := append([]any(nil), asList(v)...)
	if len(l) == 0 {
		return nil
	}
	sort.Slice(l, func(i, j int) bool {
		return strings.Compare(l[i].(map[string]any)[key].(string), l[j].(map[string]any)[key].(string)) < 0
	})
	return l
}
