package engine

import (
	"github.com/dynamodb-workbench/workbench/engine/capacity"
)

// readMode maps ConsistentRead to the capacity arithmetic's read mode.
func readMode(consistent bool) capacity.ReadMode {
	if consistent {
		return capacity.Strong
	}
	return capacity.Eventual
}

// usage is the capacity one request consumed on one table: a
// capacity.Tally (table, each GSI, each LSI) and the table's name as the
// request gave it (a name or an ARN), which ConsumedCapacity echoes.
type usage struct {
	tableName string
	capacity.Tally
}

// report turns a usage into ReturnConsumedCapacity's shape: nil for NONE,
// the total for TOTAL, and the breakdown for INDEXES. reportTable says
// whether the base table appears in the INDEXES breakdown; every operation
// reports it, a read of an index too (with its zero units, as DynamoDB
// answers "Table":{"CapacityUnits":0.0} beside the index).
func (u *usage) report(mode string, reportTable bool) *ConsumedCapacity {
	switch mode {
	case "TOTAL":
		return &ConsumedCapacity{TableName: u.tableName, CapacityUnits: u.Total()}
	case "INDEXES":
		c := &ConsumedCapacity{TableName: u.tableName, CapacityUnits: u.Total()}
		if reportTable {
			c.Table = &Capacity{CapacityUnits: u.Table}
		}
		c.GlobalSecondaryIndexes = capacities(u.GSI)
		c.LocalSecondaryIndexes = capacities(u.LSI)
		return c
	}
	return nil
}

func capacities(m map[string]float64) map[string]Capacity {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]Capacity, len(m))
	for k, v := range m {
		out[k] = Capacity{CapacityUnits: v}
	}
	return out
}
