package engine

import (
	"time"
)

// RestoreTableToPointInTime implements DynamoDB's RestoreTableToPointInTime
// on the engine's clock: a new table holding the source's items as they
// were at RestoreDateTime (or the latest restorable time), with the
// source's current definition and the overrides.
func (d *Database) RestoreTableToPointInTime(in *RestoreTableToPointInTimeInput) (*RestoreTableToPointInTimeOutput, error) {
	var c constraints
	if in.SourceTableName != nil {
		c.v.TableName(in.SourceTableName, "sourceTableName")
	}
	c.v.TableName(in.TargetTableName, "targetTableName")
	if err := c.err(); err != nil {
		return nil, err
	}
	var source string
	switch {
	case in.SourceTableArn != nil && in.SourceTableName != nil:
		// Unverified wording.
		return nil, validationf("Only one of SourceTableArn or SourceTableName can be specified")
	case in.SourceTableArn != nil:
		source = *in.SourceTableArn
	case in.SourceTableName != nil:
		source = *in.SourceTableName
	default:
		return nil, validationf("Either SourceTableArn or SourceTableName must be specified")
	}
	latest := in.UseLatestRestorableTime != nil && *in.UseLatestRestorableTime
	if latest && in.RestoreDateTime != nil {
		return nil, validationf("Only one of RestoreDateTime or UseLatestRestorableTime can be specified")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.pitrTable(source)
	if err != nil {
		return nil, err
	}
	if t.pitr == nil {
		return nil, Errorf(CodePointInTimeRecoveryUnavailable, "Point in time recovery is not enabled for table '%s'", t.def.TableName)
	}
	if err := d.checkRestoreTarget(in.TargetTableName); err != nil {
		return nil, err
	}
	now := d.clock.Now()
	earliest, at := t.pitr.window(now)
	if !latest {
		if in.RestoreDateTime == nil {
			return nil, validationf("RestoreDateTime must be specified when UseLatestRestorableTime is not true")
		}
		at = fromEpoch(*in.RestoreDateTime)
		if at.Before(earliest.Truncate(time.Millisecond)) || at.After(now) {
			return nil, Errorf(CodeInvalidRestoreTime, "Invalid RestoreDateTime. The time must be between the earliest restorable date time %s and the latest restorable date time %s",
				earliest.UTC().Format(time.RFC3339), now.UTC().Format(time.RFC3339))
		}
	}
	def, err := restoreDefinition(&t.def, *in.TargetTableName, &in.restoreOverrides)
	if err != nil {
		return nil, err
	}
	def.PointInTimeRecoverySpecification = nil
	desc, err := d.restoreInto(def, t.pitr.itemsAt(at), RestoreSummary{SourceTableArn: t.arn})
	if err != nil {
		return nil, err
	}
	desc.RestoreSummary.RestoreDateTime = epoch(at)
	return &RestoreTableToPointInTimeOutput{TableDescription: desc}, nil
}
