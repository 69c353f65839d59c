package wire

import (
	"sync"

	"github.com/dynamodb-workbench/workbench/engine"
)

// adminOperations extends the registry with the control-plane operations
// beyond tables and items: tags, backups and point-in-time recovery,
// account limits and endpoints, contributor insights, resource policies,
// and the read side of the services the engine does not host (global
// tables, S3 exports and imports, Kinesis destinations). Written out like
// the registry itself, in its own block so the two lists change apart.
//
// Only Dispatch and the HTTP handler look here (through lookupAll), and the
// map is built on first use rather than at init: the page, which runs item
// and table operations through DispatchCore, then compiles none of these
// into its WebAssembly (TestWasmSize).
func adminOperations() map[string]operation {
	adminOnce.Do(func() {
		adminOnce.m = map[string]operation{
			TargetPrefix + "TagResource":                         op((*engine.Database).TagResource, emptyBody[engine.TagResourceInput, engine.TagResourceOutput]),
			TargetPrefix + "UntagResource":                       op((*engine.Database).UntagResource, emptyBody[engine.UntagResourceInput, engine.UntagResourceOutput]),
			TargetPrefix + "ListTagsOfResource":                  op((*engine.Database).ListTagsOfResource, nil),
			TargetPrefix + "CreateBackup":                        op((*engine.Database).CreateBackup, nil),
			TargetPrefix + "DescribeBackup":                      op((*engine.Database).DescribeBackup, nil),
			TargetPrefix + "DeleteBackup":                        op((*engine.Database).DeleteBackup, nil),
			TargetPrefix + "ListBackups":                         op((*engine.Database).ListBackups, nil),
			TargetPrefix + "RestoreTableFromBackup":              op((*engine.Database).RestoreTableFromBackup, nil),
			TargetPrefix + "DescribeContinuousBackups":           op((*engine.Database).DescribeContinuousBackups, nil),
			TargetPrefix + "UpdateContinuousBackups":             op((*engine.Database).UpdateContinuousBackups, nil),
			TargetPrefix + "RestoreTableToPointInTime":           op((*engine.Database).RestoreTableToPointInTime, nil),
			TargetPrefix + "DescribeLimits":                      op((*engine.Database).DescribeLimits, nil),
			TargetPrefix + "DescribeEndpoints":                   op((*engine.Database).DescribeEndpoints, nil),
			TargetPrefix + "DescribeContributorInsights":         op((*engine.Database).DescribeContributorInsights, nil),
			TargetPrefix + "UpdateContributorInsights":           op((*engine.Database).UpdateContributorInsights, nil),
			TargetPrefix + "ListContributorInsights":             op((*engine.Database).ListContributorInsights, nil),
			TargetPrefix + "GetResourcePolicy":                   op((*engine.Database).GetResourcePolicy, nil),
			TargetPrefix + "PutResourcePolicy":                   op((*engine.Database).PutResourcePolicy, nil),
			TargetPrefix + "DeleteResourcePolicy":                op((*engine.Database).DeleteResourcePolicy, nil),
			TargetPrefix + "ListGlobalTables":                    op((*engine.Database).ListGlobalTables, nil),
			TargetPrefix + "DescribeGlobalTable":                 op((*engine.Database).DescribeGlobalTable, nil),
			TargetPrefix + "DescribeGlobalTableSettings":         op((*engine.Database).DescribeGlobalTableSettings, nil),
			TargetPrefix + "DescribeTableReplicaAutoScaling":     op((*engine.Database).DescribeTableReplicaAutoScaling, nil),
			TargetPrefix + "DescribeKinesisStreamingDestination": op((*engine.Database).DescribeKinesisStreamingDestination, nil),
			TargetPrefix + "ListExports":                         op((*engine.Database).ListExports, nil),
			TargetPrefix + "DescribeExport":                      op((*engine.Database).DescribeExport, nil),
			TargetPrefix + "ListImports":                         op((*engine.Database).ListImports, nil),
			TargetPrefix + "DescribeImport":                      op((*engine.Database).DescribeImport, nil),
		}
	})
	return adminOnce.m
}

// adminOnce holds adminOperations's map, made on first use.
var adminOnce struct {
	sync.Once
	m map[string]operation
}

// emptyBody answers an operation whose output has no members as DynamoDB
// answers TagResource and UntagResource: 200 with no body at all, not {}
// (issue 29, quoting DynamoDB).
func emptyBody[In, Out any](dst []byte, _ *In, _ *Out) []byte { return dst }
