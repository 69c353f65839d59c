package engine

import (
	"fmt"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// UntagResource implements DynamoDB's UntagResource. Removing a key the
// table does not carry is not an error.
func (d *Database) UntagResource(in *UntagResourceInput) (*UntagResourceOutput, error) {
	var c constraints
	for i, k := range in.TagKeys {
		if l := len([]rune(k)); l < 1 || l > schema.MaxTagKeyLength {
			rule := schema.MinLength(1)
			if l > 0 {
				rule = schema.MaxLength(schema.MaxTagKeyLength)
			}
			c.bad(k, fmt.Sprintf("tagKeys.%d.member", i+1), rule)
		}
	}
	if err := c.err(); err != nil {
		return nil, err
	}
	if _, err := d.resourceName("UntagResource", in.ResourceArn); err != nil {
		return nil, err
	}
	if len(in.TagKeys) == 0 {
		// dynalite's wording, recorded against DynamoDB (sic).
		return nil, validationf("Atleast one Tag Key needs to be provided as Input.")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.resourceTable("UntagResource", in.ResourceArn)
	if err != nil {
		return nil, err
	}
	var kept []schema.Tag
	for _, tg := range t.def.Tags {
		if !slices.Contains(in.TagKeys, tg.Key) {
			kept = append(kept, tg)
		}
	}
	t.def.Tags = kept
	return &UntagResourceOutput{}, nil
}
