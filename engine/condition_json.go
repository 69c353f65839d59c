package engine

import (
	"errors"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/json"
)

// UnmarshalJSON decodes a legacy condition, remembering whether its
// ComparisonOperator was sent: dynalite's suite, run against DynamoDB
// (test/scan.js "should return ValidationException for incorrect
// attributes"), records {"ComparisonOperator": ""} as an enum violation
// (the value quoted empty, at 'scanFilter.b.member.comparisonOperator')
// and {} as "Value null at ... Member must not be null". A JSON null
// reads as missing.
//
// An invalid member of AttributeValueList ({}, {"N":"b"}) is kept as
// valueErr rather than failing the decode: DynamoDB reports it after the
// request-level errors (mixed parameters, duplicate AttributesToGet) and
// before the condition's operand count (dynalite's test/scan.js and
// query.js). A body DynamoDB cannot read ({"N":1}) still fails here.
func (c *Condition) UnmarshalJSON(b []byte) error {
	var w struct {
		ComparisonOperator *string           `json:"ComparisonOperator"`
		AttributeValueList []json.RawMessage `json:"AttributeValueList"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Condition{opSent: w.ComparisonOperator != nil}
	if w.ComparisonOperator != nil {
		c.ComparisonOperator = *w.ComparisonOperator
	}
	if w.AttributeValueList != nil {
		c.AttributeValueList = make([]attr.AttributeValue, len(w.AttributeValueList))
	}
	for i, raw := range w.AttributeValueList {
		err := c.AttributeValueList[i].UnmarshalJSON(raw)
		var ve *attr.ValidationError
		switch {
		case err == nil:
		case errors.As(err, &ve):
			if c.valueErr == nil {
				c.valueErr = validationf("%s", ve.Message)
			}
		default:
			return err
		}
	}
	return nil
}

// UnmarshalJSON decodes an Expected entry, remembering whether it carried
// ComparisonOperator: an empty one is outside the enum, as it is in a
// ScanFilter (Condition.UnmarshalJSON), while a missing one is the
// Value/Exists form of the entry.
func (e *ExpectedAttributeValue) UnmarshalJSON(b []byte) error {
	type plain ExpectedAttributeValue
	var w struct {
		plain
		ComparisonOperator *string `json:"ComparisonOperator"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*e = ExpectedAttributeValue(w.plain)
	if w.ComparisonOperator != nil {
		e.ComparisonOperator, e.opSent = *w.ComparisonOperator, true
	}
	return nil
}

// operatorMissing reports whether the condition has no ComparisonOperator:
// none was decoded, or (a Go caller) it was left empty.
func (c Condition) operatorMissing() bool { return c.ComparisonOperator == "" && !c.opSent }
