package engine

import (
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// UpdateContinuousBackups implements DynamoDB's UpdateContinuousBackups:
// point-in-time recovery on (with a recovery period of 1 to 35 days,
// default 35) or off. Turning it on starts the window at the engine's
// clock; turning it off forgets the history. The setting is part of the
// table's definition, so the model and its exports carry it.
func (d *Database) UpdateContinuousBackups(in *UpdateContinuousBackupsInput) (*UpdateContinuousBackupsOutput, error) {
	var c constraints
	c.tableName(in.TableName)
	spec := in.PointInTimeRecoverySpecification
	if spec == nil {
		c.null("pointInTimeRecoverySpecification")
	} else {
		c.limit(spec.RecoveryPeriodInDays, "pointInTimeRecoverySpecification.recoveryPeriodInDays", minRecoveryDays, maxRecoveryDays)
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if !spec.PointInTimeRecoveryEnabled && spec.RecoveryPeriodInDays != nil {
		// Unverified wording: DynamoDB refuses a period without recovery.
		return nil, validationf("One or more parameter values were invalid: RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.pitrTable(*in.TableName)
	if err != nil {
		return nil, err
	}
	now := d.clock.Now()
	d.setPITR(t, spec, now)
	return &UpdateContinuousBackupsOutput{ContinuousBackupsDescription: t.continuousBackups(now)}, nil
}

// setPITR applies a recovery specification to t and records it in the
// definition. The caller holds the writer lock.
func (d *Database) setPITR(t *table, spec *schema.PointInTimeRecoverySpecification, now time.Time) {
	if !spec.PointInTimeRecoveryEnabled {
		t.pitr, t.def.PointInTimeRecoverySpecification = nil, nil
		return
	}
	days := int64(defaultRecoveryDays)
	if spec.RecoveryPeriodInDays != nil {
		days = *spec.RecoveryPeriodInDays
	}
	if t.pitr == nil {
		t.pitr = newPITR(t, now, days)
	} else {
		t.pitr.days = days
	}
	t.def.PointInTimeRecoverySpecification = &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: &days}
}
