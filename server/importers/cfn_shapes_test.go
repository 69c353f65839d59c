package importers

import (
	"errors"
	"strings"
	"testing"
)

// The CloudFormation shapes of issue 27, each file written for the test in
// the shape real projects write (testdata/cfn-shapes): parameters without
// a default, Fn::ForEach (flat, nested, over a list parameter), SAM's
// SimpleTable, CDK's TableV2 with and without an environment. Each is
// imported and compared, table by table, with what the file says.

func importShape(t *testing.T, name string, params map[string]string) (string, []string, []string) {
	t.Helper()
	m, warnings, err := ImportWith(CloudFormation, readTestdata(t, "cfn-shapes/"+name), Options{Params: params})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var got []string
	for _, tb := range m.Tables {
		got = append(got, summary(tb))
	}
	return strings.Join(got, "\n"), got, warnings
}

func TestCloudFormationParametersWithoutDefault(t *testing.T) {
	data := readTestdata(t, "cfn-shapes/params-no-default.yaml")
	_, _, err := Import(CloudFormation, data)
	if err == nil || !strings.Contains(err.Error(), "parameter ServiceName has no Default") && !strings.Contains(err.Error(), "parameter Stage has no Default") ||
		!strings.Contains(err.Error(), "param=") || !strings.Contains(err.Error(), "-param") {
		t.Errorf("without values: %v, want an error naming the parameter and how to give it", err)
	}
	_, _, err = ImportWith(CloudFormation, data, Options{Params: map[string]string{"Stage": "prod"}})
	if err == nil || !strings.Contains(err.Error(), "parameter ServiceName has no Default") {
		t.Errorf("without ServiceName: %v", err)
	}

	m, warnings, err := ImportWith(CloudFormation, data, Options{Params: map[string]string{"Stage": "prod", "ServiceName": "orders", "ReadUnits": "12"}})
	if err != nil {
		t.Fatal(err)
	}
	checkTables(t, "prod", m, "orders-prod-orders key=customerId:S,orderId:S PROVISIONED 12/5 pitr tags=stage=prod,service=orders")
	hasWarning(t, warnings, "parameter Stage takes the value given", `"prod"`)
	hasWarning(t, warnings, "ArchiveTable", "condition HasArchive")

	m, _, err = ImportWith(CloudFormation, data, Options{Params: map[string]string{"Stage": "dev", "ServiceName": "orders", "ArchiveTableName": "orders-archive"}})
	if err != nil {
		t.Fatal(err)
	}
	checkTables(t, "dev", m,
		"orders-dev-orders key=customerId:S,orderId:S PAY_PER_REQUEST tags=stage=dev,service=orders",
		"orders-archive key=orderId:S PAY_PER_REQUEST")

	for _, c := range []struct {
		params map[string]string
		want   string
	}{
		{map[string]string{"Stage": "qa", "ServiceName": "o"}, `parameter Stage: "qa" is not one of its AllowedValues (dev, staging, prod)`},
		{map[string]string{"Stage": "dev", "ServiceName": "o", "ReadUnits": "many"}, `parameter ReadUnits is a Number, not "many"`},
		{map[string]string{"Stage": "dev", "ServiceName": "o", "Stagee": "x"}, "parameter Stagee is not declared by the template (its parameters: Stage, ServiceName, ReadUnits, ArchiveTableName)"},
	} {
		if _, _, err := ImportWith(CloudFormation, data, Options{Params: c.params}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.params, err, c.want)
		}
	}
}

func TestParseParams(t *testing.T) {
	p, err := ParseParams([]string{"Stage=prod", "Url=https://x.example/?a=b", "Empty="})
	if err != nil || p["Stage"] != "prod" || p["Url"] != "https://x.example/?a=b" || p["Empty"] != "" || len(p) != 3 {
		t.Errorf("%v %v", p, err)
	}
	for _, bad := range [][]string{{"Stage"}, {"=x"}, {"A=1", "A=2"}} {
		if _, err := ParseParams(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestCloudFormationForEach(t *testing.T) {
	_, got, warnings := importShape(t, "foreach-tables.yaml", nil)
	want := []string{
		"dev-billing key=PK:S,SK:S PAY_PER_REQUEST tags=context=billing",
		"dev-shipping key=PK:S,SK:S PAY_PER_REQUEST tags=context=shipping",
		"dev-catalog-items key=PK:S,SK:S PAY_PER_REQUEST tags=context=catalog-items",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("foreach-tables:\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	hasWarning(t, warnings, "resources of other types are not imported: AWS::S3::Bucket")

	// Nested loops, the outer over a list parameter's default, the inner
	// over one given.
	all, got, _ := importShape(t, "foreach-nested.json", map[string]string{"Kinds": "orders, invoices"})
	if len(got) != 4 {
		t.Fatalf("foreach-nested: %d tables:\n%s", len(got), all)
	}
	i := 0
	for _, tenant := range []string{"acme", "globex"} {
		for _, kind := range []string{"orders", "invoices"} {
			w := tenant + "-" + kind + " key=id:S PROVISIONED 2/1 gsi:" + kind + "-by-time(updatedAt:N KEYS_ONLY 1/1) tags=tenant=" + tenant + ",kind=" + kind
			if got[i] != w {
				t.Errorf("foreach-nested table %d:\n got %s\nwant %s", i, got[i], w)
			}
			i++
		}
	}
	if _, _, err := ImportWith(CloudFormation, readTestdata(t, "cfn-shapes/foreach-nested.json"), Options{}); err == nil || !strings.Contains(err.Error(), "parameter Kinds has no Default") {
		t.Errorf("without Kinds: %v", err)
	}
}

// TestCloudFormationForEachBounded: a loop's size is paid before it is
// copied, so nested loops that would multiply a template past the budget
// are refused with a LimitError, not built; a loop whose keys collide and
// a malformed loop are errors naming the loop.
func TestCloudFormationForEachBounded(t *testing.T) {
	var ids []string
	for i := range 100 {
		ids = append(ids, "v"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	list := "[" + strings.Join(ids, ",") + "]"
	tpl := "Transform: AWS::LanguageExtensions\nResources:\n" +
		"  Fn::ForEach::A:\n    - A\n    - " + list + "\n    - ${A}:\n" +
		"        Fn::ForEach::B:\n          - B\n          - " + list + "\n          - ${A}${B}:\n" +
		"              Fn::ForEach::C:\n                - C\n                - " + list + "\n                - ${A}${B}${C}:\n" +
		"                    Type: AWS::DynamoDB::Table\n                    Properties: {TableName: x}\n"
	_, _, err := Import(CloudFormation, []byte(tpl))
	var limit *LimitError
	if !errors.As(err, &limit) || !strings.Contains(err.Error(), "Fn::ForEach would make more than") {
		t.Errorf("a loop of 100^3 tables: %v, want a LimitError", err)
	}
	for _, c := range []struct{ tpl, want string }{
		{"Resources:\n  Fn::ForEach::T:\n    - N\n    - [a, b]\n    - Fixed:\n        Type: AWS::DynamoDB::Table\n", "the loop makes key Fixed twice"},
		{"Resources:\n  Fn::ForEach::T:\n    - N\n    - [a, b]\n", "Fn::ForEach takes [identifier, [values], {key: fragment}]"},
		{"Resources:\n  Fn::ForEach::T:\n    - N\n    - notalist\n    - ${N}:\n        Type: AWS::S3::Bucket\n", "the loop's collection is a list"},
	} {
		if _, _, err := Import(CloudFormation, []byte(c.tpl)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.tpl, err, c.want)
		}
	}
}

func TestCloudFormationSimpleTable(t *testing.T) {
	_, got, warnings := importShape(t, "sam-simpletable.yaml", nil)
	want := []string{
		"todos key=todoId:S PROVISIONED 3/2 tags=app=todo-api,owner=platform",
		"CountersTable key=counter:N PAY_PER_REQUEST",
		"SessionsTable key=id:S PAY_PER_REQUEST",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sam-simpletable:\n got %s\nwant %s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	hasWarning(t, warnings, "SSESpecification", "does not model encryption")
	hasWarning(t, warnings, "SessionsTable", "no PrimaryKey", "id (String)")
	hasWarning(t, warnings, "AWS::Serverless::Function")
	if _, _, err := Import(CloudFormation, []byte("Resources:\n  T:\n    Type: AWS::Serverless::SimpleTable\n    Properties:\n      PrimaryKey: {Name: k, Type: Boolean}\n")); err == nil ||
		!strings.Contains(err.Error(), `Type is String, Number or Binary, not "Boolean"`) {
		t.Errorf("a Boolean key: %v", err)
	}
}

func TestCloudFormationTableV2Region(t *testing.T) {
	// Environment-agnostic: the one replica is the stack's (Ref AWS::Region),
	// its tags, PITR and table class are the table's.
	_, got, warnings := importShape(t, "cdk-tablev2-agnostic.template.json", nil)
	want := "users key=pk:S PAY_PER_REQUEST gsi:byEmail(email:S ALL) stream=NEW_AND_OLD_IMAGES ttl=expiresAt pitr class=STANDARD_INFREQUENT_ACCESS tags=team=identity,cost-center=cc-42"
	if len(got) != 1 || got[0] != want {
		t.Errorf("agnostic:\n got %q\nwant %q", got, want)
	}
	hasWarning(t, warnings, "ContributorInsightsSpecification is not kept")

	// With replicas: the region given is the one kept, and the others'
	// settings are named as dropped.
	_, got, warnings = importShape(t, "cdk-tablev2-replicas.template.json", map[string]string{"AWS::Region": "us-west-2"})
	want = "events key=pk:S,sk:S PAY_PER_REQUEST stream=NEW_AND_OLD_IMAGES pitr protected tags=app=events,primary=yes"
	if len(got) != 1 || got[0] != want {
		t.Errorf("us-west-2:\n got %q\nwant %q", got, want)
	}
	hasWarning(t, warnings, "Replicas[0]", "replica in us-east-2 is not kept", "in us-west-2", "its Tags are dropped")
	hasWarning(t, warnings, "Replicas[1]", "replica in eu-west-1 is not kept", "its DeletionProtectionEnabled, Tags are dropped")

	// Without a region: the first replica, with a warning saying how to choose.
	_, got, warnings = importShape(t, "cdk-tablev2-replicas.template.json", nil)
	if want := "events key=pk:S,sk:S PAY_PER_REQUEST stream=NEW_AND_OLD_IMAGES tags=replica=dr"; len(got) != 1 || got[0] != want {
		t.Errorf("no region:\n got %q\nwant %q", got, want)
	}
	hasWarning(t, warnings, "does not say which replica is in the stack's region", "us-east-2", "AWS::Region=")
	hasWarning(t, warnings, "replica in us-west-2 is not kept", "its DeletionProtectionEnabled, PointInTimeRecoverySpecification, Tags are dropped")
}
