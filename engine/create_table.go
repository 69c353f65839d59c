package engine

import (
	"fmt"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/schema"
)

// MissingTableName is CreateTable's answer to a request without a TableName
// member at all: DynamoDB words it apart from the constraint violations it
// reports for an empty name (issue 29; data-types-and-limits.md §names,
// "CreateTable instead says ..."). The definition cannot tell a missing
// name from an empty one, so the wire layer, which sees the body, asks for
// it.
func MissingTableName() *Error {
	return validationf("The parameter 'TableName' is required but was not present in the request")
}

// CreateTable implements DynamoDB's CreateTable. The table is ACTIVE at once.
func (d *Database) CreateTable(in *CreateTableInput) (*CreateTableOutput, error) {
	if in.TableName == "" {
		// "TableName": "" given: DynamoDB's request validator reports it
		// against 'tableName' like any other bad name. A request without
		// the member is MissingTableName, which the wire layer answers
		// before it calls here; the model's own validation keeps the
		// "required" wording for a blank name.
		if err := schema.ValidateNewTableName("", "tableName"); err != nil {
			return nil, schemaError(err)
		}
	}
	if err := in.Validate(); err != nil {
		return nil, schemaError(err)
	}
	if err := schema.CheckTagCharacters(in.Tags); err != nil {
		return nil, schemaError(err)
	}
	def := in.Clone()
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, exists := d.tables[def.TableName]; exists {
		return nil, Errorf(CodeResourceInUse, "Table already exists: %s", def.TableName)
	}
	now := d.clock.Now()
	t := d.newTable(def, now)
	d.tables[def.TableName] = t
	d.createStream(t, now)
	if p := def.PointInTimeRecoverySpecification; p != nil {
		d.setPITR(t, p, now)
	}
	return &CreateTableOutput{TableDescription: d.describeWithStream(t)}, nil
}

// newTable builds an empty table for def, ACTIVE, with its indexes. The
// caller holds the writer lock and registers it.
func (d *Database) newTable(def *schema.TableDefinition, now time.Time) *table {
	d.seq++
	t := &table{
		def:     *def,
		key:     keySchemaOf(def.KeySchema, def.AttributeDefinitions),
		status:  statusActive,
		created: now,
		id:      tableID(d.seq, def.TableName),
		arn:     d.tableArn(def.TableName),
		points:  newPointMap(),
		version: tableVersions.Add(1),

		compactMin: d.compactMin,

		collections:     map[string]int64{},
		collectionLimit: d.collectionLimit,
	}
	t.codec = newCodec(newNameDict(), t.key.all)
	t.items = newTree(t.codec)
	if def.BillingMode == schema.BillingPayPerRequest {
		t.payPerRequestSince = now
	}
	for _, g := range def.GlobalSecondaryIndexes {
		t.addIndex(newGSI(t, g))
	}
	for _, l := range def.LocalSecondaryIndexes {
		t.addIndex(newLSI(t, l))
	}
	return t
}

// tableID makes a stable UUID-shaped id from a sequence number and the name,
// so that repeated runs describe tables identically.
func tableID(seq uint64, name string) string {
	h := hashKey64([]byte(name))
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", uint32(h>>32), uint16(h>>16), uint16(h)&0xfff, uint16(seq)&0xfff, seq)
}
