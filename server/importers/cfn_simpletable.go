package importers

import (
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// simpleTable reads an AWS::Serverless::SimpleTable (SAM): a table of one
// key attribute, PrimaryKey (Name and Type String, Number or Binary; id,
// String when left out), on demand unless it gives ProvisionedThroughput,
// and Tags as a mapping of key to value.
func (im *cfnImporter) simpleTable(id, where string, m *omap) (*model.Table, error) {
	p := newProps(m, where)
	t := &model.Table{}
	d := &t.TableDefinition
	d.TableName = p.str("TableName")
	if d.TableName == "" {
		d.TableName = id
		im.warn("%s: the template leaves TableName to CloudFormation; the table is named %s after its logical id", p.where, id)
	}
	name, typ := "id", schema.TypeS
	if k := p.sub("PrimaryKey"); k != nil {
		if n := k.str("Name"); n != "" {
			name = n
		}
		switch s := k.str("Type"); s {
		case "", "String":
		case "Number":
			typ = schema.TypeN
		case "Binary":
			typ = schema.TypeB
		default:
			k.fail("Type is String, Number or Binary, not %q", s)
		}
		im.done(k, p)
	} else {
		im.warn("%s: no PrimaryKey; the table's key is SAM's default, id (String)", p.where)
	}
	d.AttributeDefinitions = []schema.AttributeDefinition{{AttributeName: name, AttributeType: typ}}
	d.KeySchema = []schema.KeySchemaElement{{AttributeName: name, KeyType: schema.KeyTypeHash}}
	if pt := im.throughput(p, "ProvisionedThroughput"); pt != nil {
		d.BillingMode, d.ProvisionedThroughput = schema.BillingProvisioned, pt
	} else {
		d.BillingMode = schema.BillingPayPerRequest
	}
	if tags := p.sub("Tags"); tags != nil {
		for _, k := range tags.m.keys {
			d.Tags = append(d.Tags, schema.Tag{Key: k, Value: tags.str(k)})
		}
		im.done(tags, p)
	}
	if s := p.sub("SSESpecification"); s != nil {
		if on := s.boolean("SSEEnabled"); on != nil && *on {
			im.warn("%s.SSESpecification: the table is encrypted with a KMS key; the workbench does not model encryption (DynamoDB encrypts every table at rest)", p.where)
		}
		im.done(s, p)
	}
	im.done(p, nil)
	return t, p.err
}
