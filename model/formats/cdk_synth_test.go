package formats

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/model"
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
//	WORKBENCH_CDK_NODE_MODULES=/tmp/cdk/node_modules go test -run CDKSynth ./model/formats/
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
	models := map[string]*model.Model{}
	profiles := map[string]string{}
	for name, m := range testModels() {
		models[name], profiles[name] = m, ProfileDefault
		models[name+"-production"], profiles[name+"-production"] = m, ProfileProduction
	}
	var order []string
	for name := range models {
		order = append(order, name)
	}
	sort.Strings(order)
	apps := map[string]cdkNames{}
	for _, name := range order {
		r, err := RenderWith(models[name], CDKTypeScript, Options{Profile: profiles[name]})
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
		r, err := RenderWith(models[name], CloudFormationJSON, Options{Profile: profiles[name]})
		if err != nil {
			t.Fatal(err)
		}
		var ours map[string]any
		if err := json.Unmarshal([]byte(r.Files[0].Content), &ours); err != nil {
			t.Fatal(err)
		}
		compareSynth(t, name, ours, synth)
		if cfnLint != "" {
			p := filepath.Join(dir, "synth.template.json")
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			lintFiles = append(lintFiles, p)
		}
	}
	if cfnLint != "" && len(lintFiles) > 0 {
		if out, err := exec.Command(cfnLint, lintFiles...).CombinedOutput(); err != nil {
			t.Errorf("cfn-lint on the synthesized templates: %v\n%s", err, out)
		}
	}
}

// compareSynth compares the CloudFormation export with the template CDK
// synthesized: every resource of the export under the same logical id and
// type (a table must stay an AWS::DynamoDB::Table, whatever its billing);
// for tables their keys, attribute definitions, indexes and projections,
// time to live, billing and capacity, streams, PITR, deletion protection,
// encryption and tags; every other resource (auto scaling, alarms) and the
// parameters and conditions exactly.
func compareSynth(t *testing.T, name string, ours, synth map[string]any) {
	t.Helper()
	got := synth["Resources"].(map[string]any)
	for id, r := range ours["Resources"].(map[string]any) {
		want := r.(map[string]any)
		where := name + " " + id
		g, ok := got[id].(map[string]any)
		if !ok {
			t.Errorf("%s: CDK synthesized no resource %s", name, id)
			continue
		}
		if g["Type"] != want["Type"] {
			t.Errorf("%s: CDK synthesized a %v, the export a %v", where, g["Type"], want["Type"])
			continue
		}
		same := func(what string, w, g any) {
			t.Helper()
			if !reflect.DeepEqual(normalize(w), normalize(g)) {
				wj, _ := json.Marshal(w)
				gj, _ := json.Marshal(g)
				t.Errorf("%s: %s: export %s, CDK %s", where, what, wj, gj)
			}
		}
		wp, _ := want["Properties"].(map[string]any)
		gp, _ := g["Properties"].(map[string]any)
		if want["Type"] != "AWS::DynamoDB::Table" {
			same("Properties", wp, gp)
			continue
		}
		same("DeletionPolicy", want["DeletionPolicy"], g["DeletionPolicy"])
		same("UpdateReplacePolicy", want["UpdateReplacePolicy"], g["UpdateReplacePolicy"])
		same("TableName", wp["TableName"], gp["TableName"])
		same("KeySchema", wp["KeySchema"], gp["KeySchema"])
		same("AttributeDefinitions", sortedBy(wp["AttributeDefinitions"], "AttributeName"), sortedBy(gp["AttributeDefinitions"], "AttributeName"))
		// CDK leaves out BillingMode for PROVISIONED, CloudFormation's default.
		same("BillingMode", wp["BillingMode"], orDefault(gp["BillingMode"], "PROVISIONED"))
		same("ProvisionedThroughput", wp["ProvisionedThroughput"], gp["ProvisionedThroughput"])
		same("OnDemandThroughput", wp["OnDemandThroughput"], gp["OnDemandThroughput"])
		same("StreamSpecification", wp["StreamSpecification"], gp["StreamSpecification"])
		same("TimeToLiveSpecification", wp["TimeToLiveSpecification"], gp["TimeToLiveSpecification"])
		same("LocalSecondaryIndexes", sortedBy(wp["LocalSecondaryIndexes"], "IndexName"), sortedBy(gp["LocalSecondaryIndexes"], "IndexName"))
		gsis := func(v any) any {
			var out []any
			for _, g := range asList(v) {
				gm := g.(map[string]any)
				// CDK's contributor insights default is compared apart.
				out = append(out, map[string]any{"IndexName": gm["IndexName"], "KeySchema": gm["KeySchema"], "Projection": gm["Projection"],
					"ProvisionedThroughput": gm["ProvisionedThroughput"], "OnDemandThroughput": gm["OnDemandThroughput"]})
			}
			return sortedBy(out, "IndexName")
		}
		same("GlobalSecondaryIndexes", gsis(wp["GlobalSecondaryIndexes"]), gsis(gp["GlobalSecondaryIndexes"]))
		same("TableClass", orDefault(wp["TableClass"], "STANDARD"), gp["TableClass"])
		same("PointInTimeRecoverySpecification", orFalse(wp["PointInTimeRecoverySpecification"], "PointInTimeRecoveryEnabled"), gp["PointInTimeRecoverySpecification"])
		same("DeletionProtectionEnabled", orDefaultBool(wp["DeletionProtectionEnabled"]), gp["DeletionProtectionEnabled"])
		if wp["SSESpecification"] != nil {
			same("SSESpecification", wp["SSESpecification"], gp["SSESpecification"])
		}
		same("Tags", sortedBy(wp["Tags"], "Key"), sortedBy(gp["Tags"], "Key"))
	}
	for _, section := range []string{"Parameters", "Conditions"} {
		w, _ := ours[section].(map[string]any)
		g, _ := synth[section].(map[string]any)
		for k, v := range w {
			if !reflect.DeepEqual(v, g[k]) {
				t.Errorf("%s: %s.%s: export %v, CDK %v", name, section, k, v, g[k])
			}
		}
	}
}

// cfnLint is the cfn-lint the synth test also runs, when installed.
var cfnLint, _ = exec.LookPath("cfn-lint")

var lintFiles []string

func orFalse(v any, key string) any {
	if v == nil {
		return map[string]any{key: false}
	}
	return v
}

func orDefaultBool(v any) any {
	if v == nil {
		return false
	}
	return v
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
