package engine

import "github.com/dynamodb-workbench/workbench/engine/schema"

// TagResource implements DynamoDB's TagResource: the tags join the table's
// (a key already present takes the new value). Tags are part of the table's
// definition, so the model and every export carry them.
func (d *Database) TagResource(in *TagResourceInput) (*TagResourceOutput, error) {
	var c constraints
	schema.TagsShapeNulls(&c.v, in.Tags, "tags", in.tagNulls)
	if err := c.err(); err != nil {
		return nil, err
	}
	if _, err := d.resourceName("TagResource", in.ResourceArn); err != nil {
		return nil, err
	}
	if len(in.Tags) == 0 {
		// dynalite's wording, recorded against DynamoDB (sic).
		return nil, validationf("Atleast one Tag needs to be provided as Input.")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	t, err := d.resourceTable("TagResource", in.ResourceArn)
	if err != nil {
		return nil, err
	}
	tags := schema.MergeTags(t.def.Tags, in.Tags)
	if err := schema.CheckTagCharacters(in.Tags); err != nil {
		return nil, schemaError(err)
	}
	if err := schema.CheckTags(tags); err != nil {
		return nil, schemaError(err)
	}
	t.def.Tags = tags
	return &TagResourceOutput{}, nil
}
