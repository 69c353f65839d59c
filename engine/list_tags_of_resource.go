package engine

import "github.com/dynamodb-workbench/workbench/engine/schema"

// ListTagsOfResource implements DynamoDB's ListTagsOfResource. A table
// carries at most 50 tags, so one page always holds them all and no
// NextToken is ever returned.
func (d *Database) ListTagsOfResource(in *ListTagsOfResourceInput) (*ListTagsOfResourceOutput, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	t, err := d.resourceTable("ListTagsOfResource", in.ResourceArn)
	if err != nil {
		return nil, err
	}
	tags := append([]schema.Tag{}, t.def.Tags...)
	return &ListTagsOfResourceOutput{Tags: tags}, nil
}
