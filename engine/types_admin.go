package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/json"
	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// The shapes of the control-plane operations beyond tables: tags, backups,
// point-in-time recovery, limits, endpoints, contributor insights and
// resource policies. Field names and JSON tags are DynamoDB's.

// ---- tags ----

// TagResourceInput is the TagResource request.
type TagResourceInput struct {
	ResourceArn *string      `json:"ResourceArn"`
	Tags        []schema.Tag `json:"Tags"`

	// tagNulls records the Tags members the request left out (the JSON
	// decoder fills it; a Go caller leaves it nil).
	tagNulls []schema.TagNull
}

// UnmarshalJSON decodes the request and notes each Tag's absent Key or
// Value, which schema.Tag's strings cannot show.
func (in *TagResourceInput) UnmarshalJSON(b []byte) error {
	var raw struct {
		ResourceArn *string `json:"ResourceArn"`
		Tags        []struct {
			Key   *string `json:"Key"`
			Value *string `json:"Value"`
		} `json:"Tags"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*in = TagResourceInput{ResourceArn: raw.ResourceArn}
	if raw.Tags != nil {
		in.Tags = make([]schema.Tag, len(raw.Tags))
	}
	for i, t := range raw.Tags {
		n := schema.TagNull{Key: t.Key == nil, Value: t.Value == nil}
		if n.Key || n.Value {
			if in.tagNulls == nil {
				in.tagNulls = make([]schema.TagNull, len(raw.Tags))
			}
			in.tagNulls[i] = n
		}
		in.Tags[i] = schema.Tag{Key: deref(t.Key), Value: deref(t.Value)}
	}
	return nil
}

// TagResourceOutput is the TagResource response (empty).
type TagResourceOutput struct{}

// UntagResourceInput is the UntagResource request.
type UntagResourceInput struct {
	ResourceArn *string  `json:"ResourceArn"`
	TagKeys     []string `json:"TagKeys"`
}

// UntagResourceOutput is the UntagResource response (empty).
type UntagResourceOutput struct{}

// ListTagsOfResourceInput is the ListTagsOfResource request.
type ListTagsOfResourceInput struct {
	ResourceArn *string `json:"ResourceArn"`
	NextToken   *string `json:"NextToken,omitempty"`
}

// ListTagsOfResourceOutput is the ListTagsOfResource response.
type ListTagsOfResourceOutput struct {
	Tags      []schema.Tag `json:"Tags"`
	NextToken string       `json:"NextToken,omitempty"`
}

// ---- on-demand backups ----

// BackupDetails describes one backup.
type BackupDetails struct {
	BackupArn              string   `json:"BackupArn"`
	BackupName             string   `json:"BackupName"`
	BackupSizeBytes        int64    `json:"BackupSizeBytes"`
	BackupStatus           string   `json:"BackupStatus"`
	BackupType             string   `json:"BackupType"`
	BackupCreationDateTime float64  `json:"BackupCreationDateTime"`
	BackupExpiryDateTime   *float64 `json:"BackupExpiryDateTime,omitempty"`
}

// ThroughputSettings is SourceTableDetails' provisioned throughput.
type ThroughputSettings struct {
	ReadCapacityUnits  int64 `json:"ReadCapacityUnits"`
	WriteCapacityUnits int64 `json:"WriteCapacityUnits"`
}

// SourceTableDetails is the table a backup was taken of, as it was.
type SourceTableDetails struct {
	TableName             string                     `json:"TableName"`
	TableId               string                     `json:"TableId"`
	TableArn              string                     `json:"TableArn"`
	TableSizeBytes        int64                      `json:"TableSizeBytes"`
	KeySchema             []schema.KeySchemaElement  `json:"KeySchema"`
	TableCreationDateTime float64                    `json:"TableCreationDateTime"`
	ProvisionedThroughput ThroughputSettings         `json:"ProvisionedThroughput"`
	OnDemandThroughput    *schema.OnDemandThroughput `json:"OnDemandThroughput,omitempty"`
	ItemCount             int64                      `json:"ItemCount"`
	BillingMode           schema.BillingMode         `json:"BillingMode,omitempty"`
}

// IndexInfo is one secondary index in SourceTableFeatureDetails.
type IndexInfo struct {
	IndexName             string                    `json:"IndexName"`
	KeySchema             []schema.KeySchemaElement `json:"KeySchema"`
	Projection            schema.Projection         `json:"Projection"`
	ProvisionedThroughput *ThroughputSettings       `json:"ProvisionedThroughput,omitempty"`
}

// SourceTableFeatureDetails is the indexes and settings a backup carries.
type SourceTableFeatureDetails struct {
	LocalSecondaryIndexes  []IndexInfo                 `json:"LocalSecondaryIndexes,omitempty"`
	GlobalSecondaryIndexes []IndexInfo                 `json:"GlobalSecondaryIndexes,omitempty"`
	StreamDescription      *schema.StreamSpecification `json:"StreamDescription,omitempty"`
	TimeToLiveDescription  *TimeToLiveDescription      `json:"TimeToLiveDescription,omitempty"`
}

// BackupDescription is DescribeBackup's and DeleteBackup's answer.
type BackupDescription struct {
	BackupDetails             *BackupDetails             `json:"BackupDetails"`
	SourceTableDetails        *SourceTableDetails        `json:"SourceTableDetails"`
	SourceTableFeatureDetails *SourceTableFeatureDetails `json:"SourceTableFeatureDetails"`
}

// CreateBackupInput is the CreateBackup request.
type CreateBackupInput struct {
	TableName  *string `json:"TableName"`
	BackupName *string `json:"BackupName"`
}

// CreateBackupOutput is the CreateBackup response.
type CreateBackupOutput struct {
	BackupDetails *BackupDetails `json:"BackupDetails"`
}

// DescribeBackupInput is the DescribeBackup request.
type DescribeBackupInput struct {
	BackupArn *string `json:"BackupArn"`
}

// DescribeBackupOutput is the DescribeBackup response.
type DescribeBackupOutput struct {
	BackupDescription *BackupDescription `json:"BackupDescription"`
}

// DeleteBackupInput is the DeleteBackup request.
type DeleteBackupInput struct {
	BackupArn *string `json:"BackupArn"`
}

// DeleteBackupOutput is the DeleteBackup response.
type DeleteBackupOutput struct {
	BackupDescription *BackupDescription `json:"BackupDescription"`
}

// ListBackupsInput is the ListBackups request.
type ListBackupsInput struct {
	TableName               *string  `json:"TableName,omitempty"`
	Limit                   *int64   `json:"Limit,omitempty"`
	TimeRangeLowerBound     *float64 `json:"TimeRangeLowerBound,omitempty"`
	TimeRangeUpperBound     *float64 `json:"TimeRangeUpperBound,omitempty"`
	ExclusiveStartBackupArn *string  `json:"ExclusiveStartBackupArn,omitempty"`
	BackupType              string   `json:"BackupType,omitempty"`
}

// BackupSummary is one entry of ListBackups.
type BackupSummary struct {
	TableName              string   `json:"TableName"`
	TableId                string   `json:"TableId"`
	TableArn               string   `json:"TableArn"`
	BackupArn              string   `json:"BackupArn"`
	BackupName             string   `json:"BackupName"`
	BackupCreationDateTime float64  `json:"BackupCreationDateTime"`
	BackupExpiryDateTime   *float64 `json:"BackupExpiryDateTime,omitempty"`
	BackupStatus           string   `json:"BackupStatus"`
	BackupType             string   `json:"BackupType"`
	BackupSizeBytes        int64    `json:"BackupSizeBytes"`
}

// ListBackupsOutput is the ListBackups response.
type ListBackupsOutput struct {
	BackupSummaries        []BackupSummary `json:"BackupSummaries"`
	LastEvaluatedBackupArn string          `json:"LastEvaluatedBackupArn,omitempty"`
}

// RestoreSummary tells where a restored table came from.
type RestoreSummary struct {
	SourceBackupArn   string  `json:"SourceBackupArn,omitempty"`
	SourceTableArn    string  `json:"SourceTableArn,omitempty"`
	RestoreDateTime   float64 `json:"RestoreDateTime"`
	RestoreInProgress bool    `json:"RestoreInProgress"`
}

// restoreOverrides are the settings a restore may change, shared by
// RestoreTableFromBackup and RestoreTableToPointInTime.
type restoreOverrides struct {
	BillingModeOverride           schema.BillingMode            `json:"BillingModeOverride,omitempty"`
	GlobalSecondaryIndexOverride  []schema.GlobalSecondaryIndex `json:"GlobalSecondaryIndexOverride,omitempty"`
	LocalSecondaryIndexOverride   []schema.LocalSecondaryIndex  `json:"LocalSecondaryIndexOverride,omitempty"`
	ProvisionedThroughputOverride *schema.ProvisionedThroughput `json:"ProvisionedThroughputOverride,omitempty"`
	OnDemandThroughputOverride    *schema.OnDemandThroughput    `json:"OnDemandThroughputOverride,omitempty"`
}

// RestoreTableFromBackupInput is the RestoreTableFromBackup request.
type RestoreTableFromBackupInput struct {
	TargetTableName *string `json:"TargetTableName"`
	BackupArn       *string `json:"BackupArn"`
	restoreOverrides
}

// RestoreTableFromBackupOutput is the RestoreTableFromBackup response.
type RestoreTableFromBackupOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// RestoreTableToPointInTimeInput is the RestoreTableToPointInTime request.
type RestoreTableToPointInTimeInput struct {
	SourceTableArn          *string  `json:"SourceTableArn,omitempty"`
	SourceTableName         *string  `json:"SourceTableName,omitempty"`
	TargetTableName         *string  `json:"TargetTableName"`
	UseLatestRestorableTime *bool    `json:"UseLatestRestorableTime,omitempty"`
	RestoreDateTime         *float64 `json:"RestoreDateTime,omitempty"`
	restoreOverrides
}

// RestoreTableToPointInTimeOutput is the RestoreTableToPointInTime response.
type RestoreTableToPointInTimeOutput struct {
	TableDescription *TableDescription `json:"TableDescription"`
}

// ---- continuous backups (point-in-time recovery) ----

// PointInTimeRecoveryDescription is a table's PITR state.
type PointInTimeRecoveryDescription struct {
	PointInTimeRecoveryStatus  string   `json:"PointInTimeRecoveryStatus"`
	RecoveryPeriodInDays       *int64   `json:"RecoveryPeriodInDays,omitempty"`
	EarliestRestorableDateTime *float64 `json:"EarliestRestorableDateTime,omitempty"`
	LatestRestorableDateTime   *float64 `json:"LatestRestorableDateTime,omitempty"`
}

// ContinuousBackupsDescription is DescribeContinuousBackups' answer.
type ContinuousBackupsDescription struct {
	ContinuousBackupsStatus        string                          `json:"ContinuousBackupsStatus"`
	PointInTimeRecoveryDescription *PointInTimeRecoveryDescription `json:"PointInTimeRecoveryDescription"`
}

// DescribeContinuousBackupsInput is the DescribeContinuousBackups request.
type DescribeContinuousBackupsInput struct {
	TableName *string `json:"TableName"`
}

// DescribeContinuousBackupsOutput is the DescribeContinuousBackups response.
type DescribeContinuousBackupsOutput struct {
	ContinuousBackupsDescription *ContinuousBackupsDescription `json:"ContinuousBackupsDescription"`
}

// UpdateContinuousBackupsInput is the UpdateContinuousBackups request.
type UpdateContinuousBackupsInput struct {
	TableName                        *string                                  `json:"TableName"`
	PointInTimeRecoverySpecification *schema.PointInTimeRecoverySpecification `json:"PointInTimeRecoverySpecification"`
}

// UpdateContinuousBackupsOutput is the UpdateContinuousBackups response.
type UpdateContinuousBackupsOutput struct {
	ContinuousBackupsDescription *ContinuousBackupsDescription `json:"ContinuousBackupsDescription"`
}

// ---- limits, endpoints, contributor insights ----

// DescribeLimitsInput is the DescribeLimits request (no members).
type DescribeLimitsInput struct{}

// DescribeLimitsOutput is the DescribeLimits response.
type DescribeLimitsOutput struct {
	AccountMaxReadCapacityUnits  int64 `json:"AccountMaxReadCapacityUnits"`
	AccountMaxWriteCapacityUnits int64 `json:"AccountMaxWriteCapacityUnits"`
	TableMaxReadCapacityUnits    int64 `json:"TableMaxReadCapacityUnits"`
	TableMaxWriteCapacityUnits   int64 `json:"TableMaxWriteCapacityUnits"`
}

// DescribeEndpointsInput is the DescribeEndpoints request (no members).
type DescribeEndpointsInput struct{}

// Endpoint is one endpoint of DescribeEndpoints.
type Endpoint struct {
	Address              string `json:"Address"`
	CachePeriodInMinutes int64  `json:"CachePeriodInMinutes"`
}

// DescribeEndpointsOutput is the DescribeEndpoints response.
type DescribeEndpointsOutput struct {
	Endpoints []Endpoint `json:"Endpoints"`
}

// DescribeContributorInsightsInput is the DescribeContributorInsights request.
type DescribeContributorInsightsInput struct {
	TableName *string `json:"TableName"`
	IndexName *string `json:"IndexName,omitempty"`
}

// DescribeContributorInsightsOutput is the DescribeContributorInsights response.
type DescribeContributorInsightsOutput struct {
	TableName                 string `json:"TableName"`
	IndexName                 string `json:"IndexName,omitempty"`
	ContributorInsightsStatus string `json:"ContributorInsightsStatus"`
}

// ---- resource-based policies ----

// GetResourcePolicyInput is the GetResourcePolicy request.
type GetResourcePolicyInput struct {
	ResourceArn *string `json:"ResourceArn"`
}

// GetResourcePolicyOutput is the GetResourcePolicy response.
type GetResourcePolicyOutput struct {
	Policy     string `json:"Policy"`
	RevisionId string `json:"RevisionId"`
}

// PutResourcePolicyInput is the PutResourcePolicy request.
type PutResourcePolicyInput struct {
	ResourceArn                     *string `json:"ResourceArn"`
	Policy                          *string `json:"Policy"`
	ExpectedRevisionId              *string `json:"ExpectedRevisionId,omitempty"`
	ConfirmRemoveSelfResourceAccess bool    `json:"ConfirmRemoveSelfResourceAccess,omitempty"`
}

// PutResourcePolicyOutput is the PutResourcePolicy response.
type PutResourcePolicyOutput struct {
	RevisionId string `json:"RevisionId"`
}

// DeleteResourcePolicyInput is the DeleteResourcePolicy request.
type DeleteResourcePolicyInput struct {
	ResourceArn        *string `json:"ResourceArn"`
	ExpectedRevisionId *string `json:"ExpectedRevisionId,omitempty"`
}

// DeleteResourcePolicyOutput is the DeleteResourcePolicy response.
type DeleteResourcePolicyOutput struct {
	RevisionId string `json:"RevisionId,omitempty"`
}

// UpdateContributorInsightsInput is the UpdateContributorInsights request.
type UpdateContributorInsightsInput struct {
	TableName                 *string `json:"TableName"`
	IndexName                 *string `json:"IndexName,omitempty"`
	ContributorInsightsAction string  `json:"ContributorInsightsAction"`
	ContributorInsightsMode   string  `json:"ContributorInsightsMode,omitempty"`
}

// UpdateContributorInsightsOutput is the UpdateContributorInsights response.
type UpdateContributorInsightsOutput struct {
	TableName                 string `json:"TableName"`
	IndexName                 string `json:"IndexName,omitempty"`
	ContributorInsightsStatus string `json:"ContributorInsightsStatus"`
}

// ListContributorInsightsInput is the ListContributorInsights request.
type ListContributorInsightsInput struct {
	TableName  *string `json:"TableName,omitempty"`
	NextToken  *string `json:"NextToken,omitempty"`
	MaxResults *int64  `json:"MaxResults,omitempty"`
}

// ContributorInsightsSummary is one entry of ListContributorInsights.
type ContributorInsightsSummary struct {
	TableName                 string `json:"TableName"`
	IndexName                 string `json:"IndexName,omitempty"`
	ContributorInsightsStatus string `json:"ContributorInsightsStatus"`
}

// ListContributorInsightsOutput is the ListContributorInsights response.
type ListContributorInsightsOutput struct {
	ContributorInsightsSummaries []ContributorInsightsSummary `json:"ContributorInsightsSummaries"`
	NextToken                    string                       `json:"NextToken,omitempty"`
}

// ---- the read side of what the engine does not host ----
//
// Global tables, S3 exports and imports and Kinesis destinations need
// services beyond one Region's DynamoDB; the engine has none of them, and
// answers the calls that read them as DynamoDB does for an account that
// has none.

// ListGlobalTablesInput is the ListGlobalTables request.
type ListGlobalTablesInput struct {
	ExclusiveStartGlobalTableName *string `json:"ExclusiveStartGlobalTableName,omitempty"`
	Limit                         *int64  `json:"Limit,omitempty"`
	RegionName                    *string `json:"RegionName,omitempty"`
}

// ListGlobalTablesOutput is the ListGlobalTables response.
type ListGlobalTablesOutput struct {
	GlobalTables []struct{} `json:"GlobalTables"`
}

// DescribeGlobalTableInput is the DescribeGlobalTable request.
type DescribeGlobalTableInput struct {
	GlobalTableName *string `json:"GlobalTableName"`
}

// DescribeGlobalTableOutput is the DescribeGlobalTable response (never
// returned: there are no global tables).
type DescribeGlobalTableOutput struct{}

// DescribeGlobalTableSettingsInput is the DescribeGlobalTableSettings request.
type DescribeGlobalTableSettingsInput struct {
	GlobalTableName *string `json:"GlobalTableName"`
}

// DescribeGlobalTableSettingsOutput is the DescribeGlobalTableSettings
// response (never returned).
type DescribeGlobalTableSettingsOutput struct{}

// DescribeTableReplicaAutoScalingInput is the DescribeTableReplicaAutoScaling request.
type DescribeTableReplicaAutoScalingInput struct {
	TableName *string `json:"TableName"`
}

// TableAutoScalingDescription is a table's replica auto scaling.
type TableAutoScalingDescription struct {
	TableName   string     `json:"TableName"`
	TableStatus string     `json:"TableStatus"`
	Replicas    []struct{} `json:"Replicas"`
}

// DescribeTableReplicaAutoScalingOutput is the DescribeTableReplicaAutoScaling response.
type DescribeTableReplicaAutoScalingOutput struct {
	TableAutoScalingDescription *TableAutoScalingDescription `json:"TableAutoScalingDescription"`
}

// DescribeKinesisStreamingDestinationInput is the DescribeKinesisStreamingDestination request.
type DescribeKinesisStreamingDestinationInput struct {
	TableName *string `json:"TableName"`
}

// DescribeKinesisStreamingDestinationOutput is the DescribeKinesisStreamingDestination response.
type DescribeKinesisStreamingDestinationOutput struct {
	TableName                     string     `json:"TableName"`
	KinesisDataStreamDestinations []struct{} `json:"KinesisDataStreamDestinations"`
}

// ListExportsInput is the ListExports request.
type ListExportsInput struct {
	TableArn   *string `json:"TableArn,omitempty"`
	MaxResults *int64  `json:"MaxResults,omitempty"`
	NextToken  *string `json:"NextToken,omitempty"`
}

// ListExportsOutput is the ListExports response.
type ListExportsOutput struct {
	ExportSummaries []struct{} `json:"ExportSummaries"`
}

// DescribeExportInput is the DescribeExport request.
type DescribeExportInput struct {
	ExportArn *string `json:"ExportArn"`
}

// DescribeExportOutput is the DescribeExport response (never returned).
type DescribeExportOutput struct{}

// ListImportsInput is the ListImports request.
type ListImportsInput struct {
	TableArn  *string `json:"TableArn,omitempty"`
	PageSize  *int64  `json:"PageSize,omitempty"`
	NextToken *string `json:"NextToken,omitempty"`
}

// ListImportsOutput is the ListImports response.
type ListImportsOutput struct {
	ImportSummaryList []struct{} `json:"ImportSummaryList"`
}

// DescribeImportInput is the DescribeImport request.
type DescribeImportInput struct {
	ImportArn *string `json:"ImportArn"`
}

// DescribeImportOutput is the DescribeImport response (never returned).
type DescribeImportOutput struct{}
