package engine

import (
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
func (c *Condition) UnmarshalJSON(b []byte) error {
	var w struct {
		ComparisonOperator *string               `json:"ComparisonOperator"`
		AttributeValueList []attr.AttributeValue `json:"AttributeValueList"`
	}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Condition{AttributeValueList: w.AttributeValueList, opSent: w.ComparisonOperator != nil}
	if w.ComparisonOperator != nil {
		c.ComparisonOperator = *w.ComparisonOperator
	}
	return nil
}

// operatorMissing reports whether the condition has no ComparisonOperator:
// none was decoded, or (a Go caller) it was left empty.
func (c Condition) operatorMissing() bool { return c.ComparisonOperator == "" && !c.opSent }
