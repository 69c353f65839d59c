//go:build !js

package wire_test

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/goccy/go-json"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

// awsCLI runs the AWS CLI against url with dummy credentials and returns
// its JSON output decoded. The test skips when the CLI is not installed.
func awsCLI(t *testing.T, url string, args ...string) map[string]any {
	t.Helper()
	bin, err := exec.LookPath("aws")
	if err != nil {
		t.Skip("the AWS CLI is not installed")
	}
	cmd := exec.Command(bin, append([]string{"dynamodb"}, append(args, "--endpoint-url", url, "--output", "json")...)...)
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "AWS_") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env,
		"AWS_ACCESS_KEY_ID=dummy", "AWS_SECRET_ACCESS_KEY=dummy", "AWS_DEFAULT_REGION=us-east-1",
		"AWS_CONFIG_FILE=/dev/null", "AWS_SHARED_CREDENTIALS_FILE=/dev/null",
		"AWS_PAGER=", "AWS_EC2_METADATA_DISABLED=true", "AWS_MAX_ATTEMPTS=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("aws dynamodb %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	var v map[string]any
	if len(strings.TrimSpace(string(out))) == 0 {
		return v
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("aws dynamodb %s: output is not JSON: %v\n%s", args[0], err, out)
	}
	return v
}

// TestAWSCLIControlPlane drives the AWS CLI (when installed) through the
// tagging, backup and continuous-backup commands.
func TestAWSCLIControlPlane(t *testing.T) {
	if _, err := exec.LookPath("aws"); err != nil {
		t.Skip("the AWS CLI is not installed")
	}
	srv := httptest.NewServer(wire.NewHandler(engine.New()))
	t.Cleanup(srv.Close)
	created := awsCLI(t, srv.URL, "create-table", "--table-name", "cli",
		"--attribute-definitions", "AttributeName=pk,AttributeType=S", "--key-schema", "AttributeName=pk,KeyType=HASH",
		"--billing-mode", "PAY_PER_REQUEST")
	arn, _ := created["TableDescription"].(map[string]any)["TableArn"].(string)
	if arn == "" {
		t.Fatalf("create-table: no TableArn in %v", created)
	}

	awsCLI(t, srv.URL, "tag-resource", "--resource-arn", arn, "--tags", "Key=team,Value=data", "Key=env,Value=dev")
	tags := awsCLI(t, srv.URL, "list-tags-of-resource", "--resource-arn", arn)
	list, _ := tags["Tags"].([]any)
	got := map[string]any{}
	for _, e := range list {
		m := e.(map[string]any)
		got[m["Key"].(string)] = m["Value"]
	}
	if len(got) != 2 || got["team"] != "data" || got["env"] != "dev" {
		t.Fatalf("list-tags-of-resource: %v", tags)
	}

	backup := awsCLI(t, srv.URL, "create-backup", "--table-name", "cli", "--backup-name", "cli-backup")
	details, _ := backup["BackupDetails"].(map[string]any)
	if details["BackupName"] != "cli-backup" || !strings.HasPrefix(details["BackupArn"].(string), arn+"/backup/") {
		t.Fatalf("create-backup: %v", backup)
	}

	cb := awsCLI(t, srv.URL, "describe-continuous-backups", "--table-name", "cli")
	desc, _ := cb["ContinuousBackupsDescription"].(map[string]any)
	pitr, _ := desc["PointInTimeRecoveryDescription"].(map[string]any)
	if desc["ContinuousBackupsStatus"] != "ENABLED" || pitr["PointInTimeRecoveryStatus"] != "DISABLED" {
		t.Fatalf("describe-continuous-backups: %v", cb)
	}
}
