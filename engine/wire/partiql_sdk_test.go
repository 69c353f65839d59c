//go:build !js

package wire_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/goccy/go-json"
)

// TestSDKPartiQL drives the three PartiQL operations through the AWS SDK
// for Go v2: results, paging, consumed capacity and the typed exceptions.
func TestSDKPartiQL(t *testing.T) {
	c, _ := newClient(t)
	createScores(t, c)
	loadScores(t, c)

	out, err := c.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{
		Statement:              aws.String(`SELECT * FROM scores WHERE pk = ? AND sk > ?`),
		Parameters:             []types.AttributeValue{S("a"), N("7")},
		ReturnConsumedCapacity: types.ReturnConsumedCapacityTotal,
	})
	must(t, "ExecuteStatement", err)
	if got := sks(out.Items); got != "8,9,10" {
		t.Errorf("keyed SELECT gave %s", got)
	}
	if out.ConsumedCapacity == nil || aws.ToFloat64(out.ConsumedCapacity.CapacityUnits) != 0.5 {
		t.Errorf("consumed capacity %+v", out.ConsumedCapacity)
	}

	// Paging: Limit and NextToken through the SDK's paginator-shaped loop.
	var all []Item
	var token *string
	for pages := 0; ; pages++ {
		page, err := c.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{
			Statement: aws.String(`SELECT * FROM "scores"."byColor" WHERE color = 'red'`), Limit: aws.Int32(2), NextToken: token})
		must(t, "ExecuteStatement page", err)
		all = append(all, page.Items...)
		if page.NextToken == nil {
			break
		}
		token = page.NextToken
		if pages > 10 {
			t.Fatal("paging does not end")
		}
	}
	if got := sks(all); got != "2,4,6,8,10" {
		t.Errorf("paged index read gave %s", got)
	}

	_, err = c.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: aws.String(`INSERT INTO scores VALUE {'pk': 'a', 'sk': 1}`)})
	var dup *types.DuplicateItemException
	if !errors.As(err, &dup) || aws.ToString(dup.Message) != "Duplicate primary key exists in table" {
		t.Errorf("duplicate INSERT: %v", err)
	}
	_, err = c.ExecuteStatement(ctx, &dynamodb.ExecuteStatementInput{Statement: aws.String(`SELEC * FROM scores`)})
	var ve smithy.APIError
	if !errors.As(err, &ve) || ve.ErrorCode() != "ValidationException" || !strings.Contains(ve.ErrorMessage(), "Expected data manipulation") {
		t.Errorf("syntax error: %v", err)
	}

	batch, err := c.BatchExecuteStatement(ctx, &dynamodb.BatchExecuteStatementInput{Statements: []types.BatchStatementRequest{
		{Statement: aws.String(`UPDATE scores SET color = 'gold' WHERE pk = 'b' AND sk = 1 RETURNING ALL NEW *`)},
		{Statement: aws.String(`UPDATE scores SET color = 'gold' WHERE pk = 'z' AND sk = 1`)},
	}})
	must(t, "BatchExecuteStatement", err)
	if len(batch.Responses) != 2 || batch.Responses[0].Item == nil || batch.Responses[1].Error == nil ||
		batch.Responses[1].Error.Code != types.BatchStatementErrorCodeEnumConditionalCheckFailed {
		t.Errorf("batch responses %+v", batch.Responses)
	}

	_, err = c.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: []types.ParameterizedStatement{
		{Statement: aws.String(`DELETE FROM scores WHERE pk = 'b' AND sk = 2`)},
		{Statement: aws.String(`EXISTS(SELECT * FROM scores WHERE pk = 'b' AND sk = 3 AND color = 'purple')`)},
	}})
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) || len(tce.CancellationReasons) != 2 || aws.ToString(tce.CancellationReasons[1].Code) != "ConditionalCheckFailed" {
		t.Fatalf("cancelled transaction: %v", err)
	}
	tx, err := c.ExecuteTransaction(ctx, &dynamodb.ExecuteTransactionInput{TransactStatements: []types.ParameterizedStatement{
		{Statement: aws.String(`SELECT color FROM scores WHERE pk = 'b' AND sk = 2`)},
	}})
	must(t, "ExecuteTransaction read", err)
	if len(tx.Responses) != 1 || tx.Responses[0].Item["color"].(*types.AttributeValueMemberS).Value != "green" {
		t.Errorf("read transaction %+v", tx.Responses)
	}
}

// TestCLIExecuteStatement runs the AWS CLI's execute-statement against the
// server. It skips only when the aws command is not installed.
func TestCLIExecuteStatement(t *testing.T) {
	aws, err := exec.LookPath("aws")
	if err != nil {
		t.Skipf("aws CLI not installed: %v", err)
	}
	c, srv := newClient(t)
	createScores(t, c)
	loadScores(t, c)
	dir := t.TempDir()
	run := func(args ...string) ([]byte, error) {
		cctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(cctx, aws, append([]string{"dynamodb", "--endpoint-url", srv.URL, "--region", "us-east-1", "--output", "json"}, args...)...)
		env := []string{}
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "AWS_") {
				env = append(env, kv)
			}
		}
		cmd.Env = append(env, "AWS_ACCESS_KEY_ID=cli", "AWS_SECRET_ACCESS_KEY=cli", "AWS_EC2_METADATA_DISABLED=true", "AWS_PAGER=",
			"AWS_CONFIG_FILE="+filepath.Join(dir, "none"), "AWS_SHARED_CREDENTIALS_FILE="+filepath.Join(dir, "none"),
			"NO_PROXY=127.0.0.1,localhost", "no_proxy=127.0.0.1,localhost")
		return cmd.CombinedOutput()
	}
	out, err := run("execute-statement", "--statement", `SELECT sk, color FROM scores WHERE pk = ? AND sk <= ?`,
		"--parameters", `[{"S": "b"}, {"N": "2"}]`, "--return-consumed-capacity", "TOTAL")
	if err != nil {
		t.Fatalf("aws execute-statement: %v\n%s", err, out)
	}
	var res struct {
		Items            []map[string]map[string]string
		ConsumedCapacity struct{ TableName string }
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(res.Items) != 2 || res.Items[0]["sk"]["N"] != "1" || res.Items[1]["color"]["S"] != "green" || res.ConsumedCapacity.TableName != "scores" {
		t.Errorf("CLI answer:\n%s", out)
	}
	out, err = run("execute-statement", "--statement", `INSERT INTO scores VALUE {'pk': 'b', 'sk': 1}`)
	if err == nil || !strings.Contains(string(out), "DuplicateItemException") || !strings.Contains(string(out), "Duplicate primary key exists in table") {
		t.Errorf("CLI duplicate INSERT: %v\n%s", err, out)
	}
}
