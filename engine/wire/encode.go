package wire

import (
	"maps"
	"slices"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Hand-written encoders for the item operations' responses. They are the hot
// path (no reflection, one buffer), and they carry the presence rules that
// the engine's structs cannot express with omitempty:
//
//   - GetItem: Item is written when the engine returns a non-nil map, even an
//     empty one ("Item":{} = the item exists but the projection matched
//     nothing); a nil Item (no such item) is omitted.
//   - TransactGetItems: each entry is {"Item":{...}} under the same rule, and
//     {} for a missing item.
//   - Query and Scan: Items is always written ([] when nothing matched)
//     except for Select=COUNT.
//   - BatchGetItem and BatchWriteItem: UnprocessedKeys / UnprocessedItems
//     and Responses are always written ({} when empty).
//   - Put/Update/DeleteItem: Attributes only when non-empty (DynamoDB omits
//     it when there is no old item or nothing was updated).
//
// Doubles (capacity units, size estimates) are written as DynamoDB's Java
// serialiser writes them: 1.0, 0.5.

// fields writes the members of one JSON object, adding the commas.
type fields struct {
	b     []byte
	count int
}

func (f *fields) key(name string) {
	if f.count > 0 {
		f.b = append(f.b, ',')
	}
	f.count++
	f.b = appendKey(f.b, name)
}

func (f *fields) item(name string, it attr.Item) {
	f.key(name)
	f.b = appendItem(f.b, it)
}

func (f *fields) str(name, v string) {
	f.key(name)
	f.b = appendString(f.b, v)
}

func (f *fields) capacity(cc *engine.ConsumedCapacity) {
	if cc == nil {
		return
	}
	f.key("ConsumedCapacity")
	f.b = appendConsumedCapacity(f.b, cc)
}

func (f *fields) capacities(list []engine.ConsumedCapacity) {
	if len(list) == 0 {
		return
	}
	f.key("ConsumedCapacity")
	f.b = append(f.b, '[')
	for i := range list {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		f.b = appendConsumedCapacity(f.b, &list[i])
	}
	f.b = append(f.b, ']')
}

func (f *fields) metrics(m *engine.ItemCollectionMetrics) {
	if m == nil {
		return
	}
	f.key("ItemCollectionMetrics")
	f.b = appendItemCollectionMetrics(f.b, m)
}

func (f *fields) metricsByTable(m map[string][]engine.ItemCollectionMetrics) {
	if m == nil {
		return
	}
	f.key("ItemCollectionMetrics")
	f.b = append(f.b, '{')
	for i, table := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		f.b = appendString(f.b, table)
		f.b = append(f.b, ':', '[')
		for j := range m[table] {
			if j > 0 {
				f.b = append(f.b, ',')
			}
			f.b = appendItemCollectionMetrics(f.b, &m[table][j])
		}
		f.b = append(f.b, ']')
	}
	f.b = append(f.b, '}')
}

// appendItem appends an item; nil is written as {} (only present items reach
// here).
func appendItem(dst []byte, it attr.Item) []byte {
	if it == nil {
		return append(dst, '{', '}')
	}
	return attr.AppendItem(dst, it)
}

func appendItems(dst []byte, items []attr.Item) []byte {
	dst = append(dst, '[')
	for i, it := range items {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendItem(dst, it)
	}
	return append(dst, ']')
}

func appendCapacityUnits(f *fields, c *engine.Capacity) {
	f.key("CapacityUnits")
	f.b = appendJavaDouble(f.b, c.CapacityUnits)
	if c.ReadCapacityUnits != nil {
		f.key("ReadCapacityUnits")
		f.b = appendJavaDouble(f.b, *c.ReadCapacityUnits)
	}
	if c.WriteCapacityUnits != nil {
		f.key("WriteCapacityUnits")
		f.b = appendJavaDouble(f.b, *c.WriteCapacityUnits)
	}
}

func appendCapacityMap(dst []byte, m map[string]engine.Capacity) []byte {
	dst = append(dst, '{')
	for i, name := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, name)
		dst = append(dst, ':')
		c := m[name]
		f := fields{b: append(dst, '{')}
		appendCapacityUnits(&f, &c)
		dst = append(f.b, '}')
	}
	return append(dst, '}')
}

func appendConsumedCapacity(dst []byte, cc *engine.ConsumedCapacity) []byte {
	f := fields{b: append(dst, '{')}
	if cc.TableName != "" {
		f.str("TableName", cc.TableName)
	}
	appendCapacityUnits(&f, &engine.Capacity{
		CapacityUnits:      cc.CapacityUnits,
		ReadCapacityUnits:  cc.ReadCapacityUnits,
		WriteCapacityUnits: cc.WriteCapacityUnits,
	})
	if cc.Table != nil {
		f.key("Table")
		g := fields{b: append(f.b, '{')}
		appendCapacityUnits(&g, cc.Table)
		f.b = append(g.b, '}')
	}
	if len(cc.LocalSecondaryIndexes) > 0 {
		f.key("LocalSecondaryIndexes")
		f.b = appendCapacityMap(f.b, cc.LocalSecondaryIndexes)
	}
	if len(cc.GlobalSecondaryIndexes) > 0 {
		f.key("GlobalSecondaryIndexes")
		f.b = appendCapacityMap(f.b, cc.GlobalSecondaryIndexes)
	}
	return append(f.b, '}')
}

func appendItemCollectionMetrics(dst []byte, m *engine.ItemCollectionMetrics) []byte {
	f := fields{b: append(dst, '{')}
	f.item("ItemCollectionKey", m.ItemCollectionKey)
	f.key("SizeEstimateRangeGB")
	f.b = append(f.b, '[')
	for i, v := range m.SizeEstimateRangeGB {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		f.b = appendJavaDouble(f.b, v)
	}
	f.b = append(f.b, ']')
	return append(f.b, '}')
}

// ---- single items ----

func encodeWriteOutput(dst []byte, attributes attr.Item, cc *engine.ConsumedCapacity, m *engine.ItemCollectionMetrics) []byte {
	f := fields{b: append(dst, '{')}
	if len(attributes) > 0 {
		f.item("Attributes", attributes)
	}
	f.capacity(cc)
	f.metrics(m)
	return append(f.b, '}')
}

func encodePutItem(dst []byte, _ *engine.PutItemInput, out *engine.PutItemOutput) []byte {
	return encodeWriteOutput(dst, out.Attributes, out.ConsumedCapacity, out.ItemCollectionMetrics)
}

func encodeUpdateItem(dst []byte, _ *engine.UpdateItemInput, out *engine.UpdateItemOutput) []byte {
	return encodeWriteOutput(dst, out.Attributes, out.ConsumedCapacity, out.ItemCollectionMetrics)
}

func encodeDeleteItem(dst []byte, _ *engine.DeleteItemInput, out *engine.DeleteItemOutput) []byte {
	return encodeWriteOutput(dst, out.Attributes, out.ConsumedCapacity, out.ItemCollectionMetrics)
}

func encodeGetItem(dst []byte, _ *engine.GetItemInput, out *engine.GetItemOutput) []byte {
	f := fields{b: append(dst, '{')}
	if out.Item != nil {
		f.item("Item", out.Item)
	}
	f.capacity(out.ConsumedCapacity)
	return append(f.b, '}')
}

// ---- Query and Scan ----

func encodeReadPage(dst []byte, selectCount bool, out *engine.QueryOutput) []byte {
	f := fields{b: append(dst, '{')}
	if !selectCount {
		f.key("Items")
		f.b = appendItems(f.b, out.Items)
	}
	f.key("Count")
	f.b = appendInt(f.b, out.Count)
	f.key("ScannedCount")
	f.b = appendInt(f.b, out.ScannedCount)
	if len(out.LastEvaluatedKey) > 0 {
		f.item("LastEvaluatedKey", out.LastEvaluatedKey)
	}
	f.capacity(out.ConsumedCapacity)
	return append(f.b, '}')
}

func encodeQuery(dst []byte, in *engine.QueryInput, out *engine.QueryOutput) []byte {
	return encodeReadPage(dst, in.Select == "COUNT", out)
}

func encodeScan(dst []byte, in *engine.ScanInput, out *engine.ScanOutput) []byte {
	return encodeReadPage(dst, in.Select == "COUNT", out)
}

// ---- batches ----

func appendKeysAndAttributes(dst []byte, ka *engine.KeysAndAttributes) []byte {
	f := fields{b: append(dst, '{')}
	f.key("Keys")
	f.b = appendItems(f.b, ka.Keys)
	if ka.ProjectionExpression != nil {
		f.str("ProjectionExpression", *ka.ProjectionExpression)
	}
	if len(ka.ExpressionAttributeNames) > 0 {
		f.key("ExpressionAttributeNames")
		f.b = appendStringMap(f.b, ka.ExpressionAttributeNames)
	}
	if ka.ConsistentRead != nil {
		f.key("ConsistentRead")
		f.b = appendBool(f.b, *ka.ConsistentRead)
	}
	if len(ka.AttributesToGet) > 0 {
		f.key("AttributesToGet")
		f.b = appendStrings(f.b, ka.AttributesToGet)
	}
	return append(f.b, '}')
}

func encodeBatchGetItem(dst []byte, _ *engine.BatchGetItemInput, out *engine.BatchGetItemOutput) []byte {
	f := fields{b: append(dst, '{')}
	f.key("Responses")
	f.b = append(f.b, '{')
	for i, table := range slices.Sorted(maps.Keys(out.Responses)) {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		f.b = appendString(f.b, table)
		f.b = append(f.b, ':')
		f.b = appendItems(f.b, out.Responses[table])
	}
	f.b = append(f.b, '}')
	f.key("UnprocessedKeys")
	f.b = append(f.b, '{')
	for i, table := range slices.Sorted(maps.Keys(out.UnprocessedKeys)) {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		f.b = appendString(f.b, table)
		f.b = append(f.b, ':')
		ka := out.UnprocessedKeys[table]
		f.b = appendKeysAndAttributes(f.b, &ka)
	}
	f.b = append(f.b, '}')
	f.capacities(out.ConsumedCapacity)
	return append(f.b, '}')
}

func appendWriteRequest(dst []byte, wr *engine.WriteRequest) []byte {
	f := fields{b: append(dst, '{')}
	if wr.PutRequest != nil {
		f.key("PutRequest")
		g := fields{b: append(f.b, '{')}
		g.item("Item", wr.PutRequest.Item)
		f.b = append(g.b, '}')
	}
	if wr.DeleteRequest != nil {
		f.key("DeleteRequest")
		g := fields{b: append(f.b, '{')}
		g.item("Key", wr.DeleteRequest.Key)
		f.b = append(g.b, '}')
	}
	return append(f.b, '}')
}

func encodeBatchWriteItem(dst []byte, _ *engine.BatchWriteItemInput, out *engine.BatchWriteItemOutput) []byte {
	f := fields{b: append(dst, '{')}
	f.key("UnprocessedItems")
	f.b = append(f.b, '{')
	for i, table := range slices.Sorted(maps.Keys(out.UnprocessedItems)) {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		f.b = appendString(f.b, table)
		f.b = append(f.b, ':', '[')
		reqs := out.UnprocessedItems[table]
		for j := range reqs {
			if j > 0 {
				f.b = append(f.b, ',')
			}
			f.b = appendWriteRequest(f.b, &reqs[j])
		}
		f.b = append(f.b, ']')
	}
	f.b = append(f.b, '}')
	f.metricsByTable(out.ItemCollectionMetrics)
	f.capacities(out.ConsumedCapacity)
	return append(f.b, '}')
}

// ---- transactions ----

func encodeTransactWriteItems(dst []byte, _ *engine.TransactWriteItemsInput, out *engine.TransactWriteItemsOutput) []byte {
	f := fields{b: append(dst, '{')}
	f.capacities(out.ConsumedCapacity)
	f.metricsByTable(out.ItemCollectionMetrics)
	return append(f.b, '}')
}

func encodeTransactGetItems(dst []byte, _ *engine.TransactGetItemsInput, out *engine.TransactGetItemsOutput) []byte {
	f := fields{b: append(dst, '{')}
	f.key("Responses")
	f.b = append(f.b, '[')
	for i := range out.Responses {
		if i > 0 {
			f.b = append(f.b, ',')
		}
		g := fields{b: append(f.b, '{')}
		if it := out.Responses[i].Item; it != nil {
			g.item("Item", it)
		}
		f.b = append(g.b, '}')
	}
	f.b = append(f.b, ']')
	f.capacities(out.ConsumedCapacity)
	return append(f.b, '}')
}

// ---- tables ----

func encodeListTables(dst []byte, _ *engine.ListTablesInput, out *engine.ListTablesOutput) []byte {
	f := fields{b: append(dst, '{')}
	if out.LastEvaluatedTableName != "" {
		f.str("LastEvaluatedTableName", out.LastEvaluatedTableName)
	}
	f.key("TableNames")
	f.b = appendStrings(f.b, out.TableNames)
	return append(f.b, '}')
}
