//go:build !js

package wire_test

// The control-plane operations beyond tables, through the AWS SDK for Go
// v2: tags, backups, point-in-time recovery, limits, endpoints,
// contributor insights and resource policies.

import (
	"fmt"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/wire"
)

func tagsOf(t *testing.T, c *dynamodb.Client, arn string) string {
	t.Helper()
	out, err := c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(arn)})
	must(t, "ListTagsOfResource", err)
	var kv []string
	for _, tg := range out.Tags {
		kv = append(kv, aws.ToString(tg.Key)+"="+aws.ToString(tg.Value))
	}
	sort.Strings(kv)
	return strings.Join(kv, ",")
}

func tag(k, v string) types.Tag { return types.Tag{Key: aws.String(k), Value: aws.String(v)} }

func TestSDKTags(t *testing.T) {
	c, _ := newClient(t)
	out, err := c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("tagged"), AttributeDefinitions: attrDefs("pk", "S"), KeySchema: keySchema("pk", ""),
		BillingMode: types.BillingModePayPerRequest, Tags: []types.Tag{tag("team", "data"), tag("env", "test")},
	})
	must(t, "CreateTable with tags", err)
	arn := aws.ToString(out.TableDescription.TableArn)
	if got := tagsOf(t, c, arn); got != "env=test,team=data" {
		t.Fatalf("tags from CreateTable: %q", got)
	}
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag("env", "prod"), tag("cost", "42")}})
	must(t, "TagResource", err)
	if got := tagsOf(t, c, arn); got != "cost=42,env=prod,team=data" {
		t.Fatalf("after TagResource (env replaced): %q", got)
	}
	_, err = c.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: aws.String(arn), TagKeys: []string{"team", "absent"}})
	must(t, "UntagResource", err)
	if got := tagsOf(t, c, arn); got != "cost=42,env=prod" {
		t.Fatalf("after UntagResource: %q", got)
	}

	// Limits: 50 tags in all (counted after the merge), key 128, value 256,
	// the aws: prefix reserved, the character set.
	var many []types.Tag
	for i := range 48 {
		many = append(many, tag(fmt.Sprint("k", i), "v"))
	}
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: many})
	must(t, "TagResource to 50", err)
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag("k0", "replaced")}})
	must(t, "TagResource replacing at 50", err)
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag("one-too-many", "x")}})
	wantError(t, "TagResource 51st", err, "ValidationException", "One or more parameter values were invalid: The number of tags on the resource exceeds the limit of 50")
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag(strings.Repeat("k", 129), "x")}})
	wantError(t, "TagResource long key", err, "ValidationException",
		"1 validation error detected: Value '"+strings.Repeat("k", 129)+"' at 'tags.1.member.key' failed to satisfy constraint: Member must have length less than or equal to 128")
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag("k", strings.Repeat("v", 257))}})
	wantError(t, "TagResource long value", err, "ValidationException", "")
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag("aws:owner", "me")}})
	wantError(t, "TagResource aws: prefix", err, "ValidationException", "")
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{tag("ok", "#!%^$&")}})
	wantError(t, "TagResource bad characters", err, "ValidationException", "")
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(arn), Tags: []types.Tag{}})
	wantError(t, "TagResource no tags", err, "ValidationException", "Atleast one Tag needs to be provided as Input.")
	_, err = c.UntagResource(ctx, &dynamodb.UntagResourceInput{ResourceArn: aws.String(arn), TagKeys: []string{}})
	wantError(t, "UntagResource no keys", err, "ValidationException", "Atleast one Tag Key needs to be provided as Input.")
	if n := strings.Count(tagsOf(t, c, arn), "="); n != 50 {
		t.Fatalf("refused tag requests changed the tags: %d tags", n)
	}

	// ARN validation.
	_, err = c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String("I_do_not_exist")})
	wantError(t, "ListTagsOfResource not an ARN", err, "AccessDeniedException", "")
	_, err = c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(arn + "/index/gsi")})
	wantError(t, "ListTagsOfResource index ARN", err, "ValidationException", "Invalid TableArn: Invalid ResourceArn provided as input "+arn+"/index/gsi")
	missing := strings.Replace(arn, "table/tagged", "table/missing", 1)
	_, err = c.TagResource(ctx, &dynamodb.TagResourceInput{ResourceArn: aws.String(missing), Tags: []types.Tag{tag("a", "b")}})
	wantError(t, "TagResource missing table", err, "ResourceNotFoundException", "Requested resource not found: ResourcArn: "+missing+" not found")
	_, err = c.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(strings.Replace(arn, "us-east-1", "eu-west-1", 1))})
	wantError(t, "ListTagsOfResource other region", err, "ValidationException", "")

	// CreateTable refuses bad tags and creates nothing.
	var hundred []types.Tag
	for i := range 100 {
		hundred = append(hundred, tag(fmt.Sprint(i), "v"))
	}
	_, err = c.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName: aws.String("overtagged"), AttributeDefinitions: attrDefs("pk", "S"), KeySchema: keySchema("pk", ""),
		BillingMode: types.BillingModePayPerRequest, Tags: hundred,
	})
	wantError(t, "CreateTable 100 tags", err, "ValidationException", "")
	_, err = c.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String("overtagged")})
	wantError(t, "DescribeTable after refused create", err, "ResourceNotFoundException", "")
}

func TestSDKBackups(t *testing.T) {
	clk := engine.NewManualClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
	srv := httptest.NewServer(wire.NewHandler(engine.New(engine.WithClock(clk))))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL)
	createScores(t, c)
	loadScores(t, c)
	before := scanCount(t, c, "scores")

	out, err := c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("scores"), BackupName: aws.String("nightly")})
	must(t, "CreateBackup", err)
	bd := out.BackupDetails
	if bd.BackupStatus != types.BackupStatusCreating || bd.BackupType != types.BackupTypeUser || aws.ToString(bd.BackupName) != "nightly" ||
		!strings.HasPrefix(aws.ToString(bd.BackupArn), "arn:aws:dynamodb:us-east-1:000000000000:table/scores/backup/") {
		t.Fatalf("CreateBackup details: %+v", bd)
	}
	arn := bd.BackupArn

	// Writes after the backup are not in it.
	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("scores"), Item: Item{"pk": S("late"), "sk": N("1"), "color": S("red")}})
	must(t, "PutItem after backup", err)

	desc, err := c.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: arn})
	must(t, "DescribeBackup", err)
	d := desc.BackupDescription
	if d.BackupDetails.BackupStatus != types.BackupStatusAvailable || aws.ToInt64(d.SourceTableDetails.ItemCount) != int64(before) ||
		len(d.SourceTableFeatureDetails.GlobalSecondaryIndexes) != 1 || aws.ToString(d.SourceTableDetails.TableName) != "scores" {
		t.Fatalf("DescribeBackup: %+v / %+v", d.BackupDetails, d.SourceTableDetails)
	}

	clk.Advance(time.Minute)
	_, err = c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("scores"), BackupName: aws.String("second")})
	must(t, "CreateBackup second", err)
	list, err := c.ListBackups(ctx, &dynamodb.ListBackupsInput{TableName: aws.String("scores"), Limit: aws.Int32(1)})
	must(t, "ListBackups", err)
	if len(list.BackupSummaries) != 1 || aws.ToString(list.BackupSummaries[0].BackupName) != "nightly" || list.LastEvaluatedBackupArn == nil {
		t.Fatalf("ListBackups page 1: %+v", list)
	}
	list, err = c.ListBackups(ctx, &dynamodb.ListBackupsInput{ExclusiveStartBackupArn: list.LastEvaluatedBackupArn})
	must(t, "ListBackups page 2", err)
	if len(list.BackupSummaries) != 1 || aws.ToString(list.BackupSummaries[0].BackupName) != "second" || list.LastEvaluatedBackupArn != nil {
		t.Fatalf("ListBackups page 2: %+v", list)
	}

	res, err := c.RestoreTableFromBackup(ctx, &dynamodb.RestoreTableFromBackupInput{TargetTableName: aws.String("scores-restored"), BackupArn: arn})
	must(t, "RestoreTableFromBackup", err)
	if rs := res.TableDescription.RestoreSummary; rs == nil || aws.ToString(rs.SourceBackupArn) != aws.ToString(arn) {
		t.Fatalf("RestoreSummary: %+v", rs)
	}
	waitActive(t, c, "scores-restored")
	if n := scanCount(t, c, "scores-restored"); n != before {
		t.Fatalf("restored table holds %d items, the backup %d", n, before)
	}
	q, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String("scores-restored"), IndexName: aws.String("byColor"),
		KeyConditionExpression: aws.String("color = :c"), ExpressionAttributeValues: Item{":c": S("red")}})
	must(t, "Query restored GSI", err)
	if q.Count == 0 {
		t.Fatalf("restored GSI is empty")
	}
	_, err = c.RestoreTableFromBackup(ctx, &dynamodb.RestoreTableFromBackupInput{TargetTableName: aws.String("scores"), BackupArn: arn})
	wantError(t, "RestoreTableFromBackup onto an existing table", err, "TableAlreadyExistsException", "Table already exists: scores")

	del, err := c.DeleteBackup(ctx, &dynamodb.DeleteBackupInput{BackupArn: arn})
	must(t, "DeleteBackup", err)
	if del.BackupDescription.BackupDetails.BackupStatus != types.BackupStatusDeleted {
		t.Fatalf("DeleteBackup status %s", del.BackupDescription.BackupDetails.BackupStatus)
	}
	_, err = c.DescribeBackup(ctx, &dynamodb.DescribeBackupInput{BackupArn: arn})
	wantError(t, "DescribeBackup deleted", err, "BackupNotFoundException", "")
	_, err = c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("nope"), BackupName: aws.String("x1x")})
	wantError(t, "CreateBackup missing table", err, "TableNotFoundException", "Table not found: nope")
	_, err = c.CreateBackup(ctx, &dynamodb.CreateBackupInput{TableName: aws.String("scores"), BackupName: aws.String("no")})
	wantError(t, "CreateBackup short name", err, "ValidationException",
		"1 validation error detected: Value 'no' at 'backupName' failed to satisfy constraint: Member must have length greater than or equal to 3")
}

func scanCount(t *testing.T, c *dynamodb.Client, table string) int32 {
	t.Helper()
	out, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(table), Select: types.SelectCount})
	must(t, "Scan "+table, err)
	return out.Count
}

func TestSDKPointInTimeRecovery(t *testing.T) {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clk := engine.NewManualClock(start)
	srv := httptest.NewServer(wire.NewHandler(engine.New(engine.WithClock(clk))))
	t.Cleanup(srv.Close)
	c := clientFor(srv.URL)
	createUsers(t, c)
	put := func(id, v string) {
		t.Helper()
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("users"), Item: Item{"id": S(id), "v": S(v)}})
		must(t, "PutItem", err)
	}
	put("a", "1")

	cb, err := c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String("users")})
	must(t, "DescribeContinuousBackups", err)
	if d := cb.ContinuousBackupsDescription; d.ContinuousBackupsStatus != types.ContinuousBackupsStatusEnabled ||
		d.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus != types.PointInTimeRecoveryStatusDisabled {
		t.Fatalf("initial continuous backups: %+v %+v", d, d.PointInTimeRecoveryDescription)
	}
	_, err = c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("users"),
		TargetTableName: aws.String("users-pitr"), UseLatestRestorableTime: aws.Bool(true)})
	wantError(t, "RestoreTableToPointInTime without PITR", err, "PointInTimeRecoveryUnavailableException", "Point in time recovery is not enabled for table 'users'")

	up, err := c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: aws.String("users"),
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true), RecoveryPeriodInDays: aws.Int32(7)}})
	must(t, "UpdateContinuousBackups", err)
	p := up.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	if p.PointInTimeRecoveryStatus != types.PointInTimeRecoveryStatusEnabled || aws.ToInt32(p.RecoveryPeriodInDays) != 7 || !p.EarliestRestorableDateTime.Equal(start) {
		t.Fatalf("after enabling: %+v", p)
	}

	clk.Advance(time.Hour)
	put("b", "1")
	clk.Advance(time.Hour)
	mid := clk.Now()
	put("a", "2")
	clk.Advance(time.Hour)
	_, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String("users"), Key: Item{"id": S("b")}})
	must(t, "DeleteItem", err)
	clk.Advance(time.Hour)

	// Just before mid (when a became 2): a=1, b=1.
	_, err = c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("users"),
		TargetTableName: aws.String("users-mid"), RestoreDateTime: aws.Time(mid.Add(-time.Second))})
	must(t, "RestoreTableToPointInTime mid", err)
	got := map[string]string{}
	sc, err := c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("users-mid")})
	must(t, "Scan users-mid", err)
	for _, it := range sc.Items {
		got[it["id"].(*types.AttributeValueMemberS).Value] = it["v"].(*types.AttributeValueMemberS).Value
	}
	if fmt.Sprint(got) != "map[a:1 b:1]" {
		t.Fatalf("restored at mid-1s: %v", got)
	}
	_, err = c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("users"),
		TargetTableName: aws.String("users-latest"), UseLatestRestorableTime: aws.Bool(true)})
	must(t, "RestoreTableToPointInTime latest", err)
	sc, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("users-latest")})
	must(t, "Scan users-latest", err)
	if len(sc.Items) != 1 || sc.Items[0]["v"].(*types.AttributeValueMemberS).Value != "2" {
		t.Fatalf("restored at latest: %v", sc.Items)
	}
	_, err = c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("users"),
		TargetTableName: aws.String("users-early"), RestoreDateTime: aws.Time(start.Add(-time.Minute))})
	wantError(t, "RestoreTableToPointInTime before the window", err, "InvalidRestoreTimeException", "")

	// The window slides: after the period, the earliest time moves on and
	// the folded history still restores correctly.
	clk.Advance(8 * 24 * time.Hour)
	put("c", "1")
	cb, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String("users")})
	must(t, "DescribeContinuousBackups later", err)
	p = cb.ContinuousBackupsDescription.PointInTimeRecoveryDescription
	if want := clk.Now().Add(-7 * 24 * time.Hour); !p.EarliestRestorableDateTime.Equal(want) {
		t.Fatalf("earliest %v, want %v", p.EarliestRestorableDateTime, want)
	}
	_, err = c.RestoreTableToPointInTime(ctx, &dynamodb.RestoreTableToPointInTimeInput{SourceTableName: aws.String("users"),
		TargetTableName: aws.String("users-late"), RestoreDateTime: p.EarliestRestorableDateTime})
	must(t, "RestoreTableToPointInTime at earliest", err)
	sc, err = c.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String("users-late")})
	must(t, "Scan users-late", err)
	if len(sc.Items) != 1 || sc.Items[0]["id"].(*types.AttributeValueMemberS).Value != "a" {
		t.Fatalf("restored at the slid earliest time: %v", sc.Items)
	}

	_, err = c.UpdateContinuousBackups(ctx, &dynamodb.UpdateContinuousBackupsInput{TableName: aws.String("users"),
		PointInTimeRecoverySpecification: &types.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: aws.Bool(true), RecoveryPeriodInDays: aws.Int32(36)}})
	wantError(t, "UpdateContinuousBackups 36 days", err, "ValidationException",
		"1 validation error detected: Value '36' at 'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: Member must have value less than or equal to 35")
	_, err = c.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String("nope")})
	wantError(t, "DescribeContinuousBackups missing table", err, "TableNotFoundException", "Table not found: nope")
}

func TestSDKAccountAndPolicyOperations(t *testing.T) {
	c, _ := newClient(t)
	createUsers(t, c)
	lim, err := c.DescribeLimits(ctx, &dynamodb.DescribeLimitsInput{})
	must(t, "DescribeLimits", err)
	if aws.ToInt64(lim.AccountMaxReadCapacityUnits) != 80000 || aws.ToInt64(lim.TableMaxWriteCapacityUnits) != 40000 {
		t.Fatalf("DescribeLimits: %+v", lim)
	}
	ep, err := c.DescribeEndpoints(ctx, &dynamodb.DescribeEndpointsInput{})
	must(t, "DescribeEndpoints", err)
	if len(ep.Endpoints) != 1 || aws.ToString(ep.Endpoints[0].Address) != "dynamodb.us-east-1.amazonaws.com" || ep.Endpoints[0].CachePeriodInMinutes != 1440 {
		t.Fatalf("DescribeEndpoints: %+v", ep.Endpoints)
	}

	ci, err := c.DescribeContributorInsights(ctx, &dynamodb.DescribeContributorInsightsInput{TableName: aws.String("users")})
	must(t, "DescribeContributorInsights", err)
	if ci.ContributorInsightsStatus != types.ContributorInsightsStatusDisabled || aws.ToString(ci.TableName) != "users" {
		t.Fatalf("DescribeContributorInsights: %+v", ci)
	}
	_, err = c.DescribeContributorInsights(ctx, &dynamodb.DescribeContributorInsightsInput{TableName: aws.String("nope")})
	wantError(t, "DescribeContributorInsights missing table", err, "ResourceNotFoundException", "Requested resource not found: Table: nope not found")
	uci, err := c.UpdateContributorInsights(ctx, &dynamodb.UpdateContributorInsightsInput{TableName: aws.String("users"), ContributorInsightsAction: types.ContributorInsightsActionEnable})
	must(t, "UpdateContributorInsights", err)
	if uci.ContributorInsightsStatus != types.ContributorInsightsStatusEnabled {
		t.Fatalf("UpdateContributorInsights: %s", uci.ContributorInsightsStatus)
	}
	lci, err := c.ListContributorInsights(ctx, &dynamodb.ListContributorInsightsInput{})
	must(t, "ListContributorInsights", err)
	if len(lci.ContributorInsightsSummaries) != 1 || lci.ContributorInsightsSummaries[0].ContributorInsightsStatus != types.ContributorInsightsStatusEnabled {
		t.Fatalf("ListContributorInsights: %+v", lci.ContributorInsightsSummaries)
	}

	desc := waitActive(t, c, "users")
	arn := desc.TableArn
	_, err = c.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: arn})
	wantError(t, "GetResourcePolicy none", err, "PolicyNotFoundException", "")
	policy := `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::000000000000:root"},"Action":"dynamodb:GetItem","Resource":"*"}]}`
	put, err := c.PutResourcePolicy(ctx, &dynamodb.PutResourcePolicyInput{ResourceArn: arn, Policy: aws.String(policy)})
	must(t, "PutResourcePolicy", err)
	got, err := c.GetResourcePolicy(ctx, &dynamodb.GetResourcePolicyInput{ResourceArn: arn})
	must(t, "GetResourcePolicy", err)
	if aws.ToString(got.Policy) != policy || aws.ToString(got.RevisionId) != aws.ToString(put.RevisionId) {
		t.Fatalf("GetResourcePolicy: %q rev %q (put %q)", aws.ToString(got.Policy), aws.ToString(got.RevisionId), aws.ToString(put.RevisionId))
	}
	_, err = c.PutResourcePolicy(ctx, &dynamodb.PutResourcePolicyInput{ResourceArn: arn, Policy: aws.String(policy), ExpectedRevisionId: aws.String("stale")})
	wantError(t, "PutResourcePolicy stale revision", err, "PolicyNotFoundException", "")
	_, err = c.PutResourcePolicy(ctx, &dynamodb.PutResourcePolicyInput{ResourceArn: arn, Policy: aws.String("not json")})
	wantError(t, "PutResourcePolicy not JSON", err, "ValidationException", "")
	_, err = c.DeleteResourcePolicy(ctx, &dynamodb.DeleteResourcePolicyInput{ResourceArn: arn})
	must(t, "DeleteResourcePolicy", err)
	_, err = c.DeleteResourcePolicy(ctx, &dynamodb.DeleteResourcePolicyInput{ResourceArn: arn})
	wantError(t, "DeleteResourcePolicy again", err, "PolicyNotFoundException", "")
}

// TestSDKReadSideOfUnhostedServices: global tables, S3 exports and imports
// and Kinesis destinations are not hosted; the calls that read them answer
// as DynamoDB does for an account that has none.
func TestSDKReadSideOfUnhostedServices(t *testing.T) {
	c, _ := newClient(t)
	createUsers(t, c)
	gt, err := c.ListGlobalTables(ctx, &dynamodb.ListGlobalTablesInput{})
	must(t, "ListGlobalTables", err)
	if gt.GlobalTables == nil || len(gt.GlobalTables) != 0 {
		t.Fatalf("ListGlobalTables: %+v", gt.GlobalTables)
	}
	_, err = c.DescribeGlobalTable(ctx, &dynamodb.DescribeGlobalTableInput{GlobalTableName: aws.String("users")})
	wantError(t, "DescribeGlobalTable", err, "GlobalTableNotFoundException", "")
	_, err = c.DescribeGlobalTableSettings(ctx, &dynamodb.DescribeGlobalTableSettingsInput{GlobalTableName: aws.String("users")})
	wantError(t, "DescribeGlobalTableSettings", err, "GlobalTableNotFoundException", "")
	ras, err := c.DescribeTableReplicaAutoScaling(ctx, &dynamodb.DescribeTableReplicaAutoScalingInput{TableName: aws.String("users")})
	must(t, "DescribeTableReplicaAutoScaling", err)
	if d := ras.TableAutoScalingDescription; aws.ToString(d.TableName) != "users" || d.TableStatus != types.TableStatusActive || len(d.Replicas) != 0 {
		t.Fatalf("DescribeTableReplicaAutoScaling: %+v", d)
	}
	k, err := c.DescribeKinesisStreamingDestination(ctx, &dynamodb.DescribeKinesisStreamingDestinationInput{TableName: aws.String("users")})
	must(t, "DescribeKinesisStreamingDestination", err)
	if aws.ToString(k.TableName) != "users" || len(k.KinesisDataStreamDestinations) != 0 {
		t.Fatalf("DescribeKinesisStreamingDestination: %+v", k)
	}
	_, err = c.DescribeKinesisStreamingDestination(ctx, &dynamodb.DescribeKinesisStreamingDestinationInput{TableName: aws.String("nope")})
	wantError(t, "DescribeKinesisStreamingDestination missing", err, "ResourceNotFoundException", "Requested resource not found: Table: nope not found")
	ex, err := c.ListExports(ctx, &dynamodb.ListExportsInput{})
	must(t, "ListExports", err)
	if len(ex.ExportSummaries) != 0 {
		t.Fatalf("ListExports: %+v", ex.ExportSummaries)
	}
	_, err = c.DescribeExport(ctx, &dynamodb.DescribeExportInput{ExportArn: aws.String("arn:aws:dynamodb:us-east-1:000000000000:table/users/export/01234567890123-abcdefgh")})
	wantError(t, "DescribeExport", err, "ExportNotFoundException", "")
	im, err := c.ListImports(ctx, &dynamodb.ListImportsInput{})
	must(t, "ListImports", err)
	if len(im.ImportSummaryList) != 0 {
		t.Fatalf("ListImports: %+v", im.ImportSummaryList)
	}
	_, err = c.DescribeImport(ctx, &dynamodb.DescribeImportInput{ImportArn: aws.String("arn:aws:dynamodb:us-east-1:000000000000:table/users/import/01234567890123-abcdefgh")})
	wantError(t, "DescribeImport", err, "ImportNotFoundException", "")
}
