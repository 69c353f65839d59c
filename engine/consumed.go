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

// usage is the capacity one request consumed on one table, split by where it
// was charged (DynamoDB charges LSI work to the table's capacity but reports
// it per index).
type usage struct {
	tableName string // as the request named it (name or ARN)
	table     float64
	gsi       map[string]float64
	lsi       map[string]float64
}

func (u *usage) total() float64 {
	t := u.table
	for _, v := range u.gsi {
		t += v
	}
	for _, v := range u.lsi {
		t += v
	}
	return t
}

// report turns a usage into ReturnConsumedCapacity's shape: nil for NONE,
// the total for TOTAL, and the breakdown for INDEXES. reportTable says
// whether the base table appears in the INDEXES breakdown (a Query on an
// index reports only the index).
func (u *usage) report(mode string, reportTable bool) *ConsumedCapacity {
	switch mode {
	case "TOTAL":
		return &ConsumedCapacity{TableName: u.tableName, CapacityUnits: u.total()}
	case "INDEXES":
		c := &ConsumedCapacity{TableName: u.tableName, CapacityUnits: u.total()}
		if reportTable {
			c.Table = &Capacity{CapacityUnits: u.table}
		}
		if len(u.gsi) > 0 {
			c.GlobalSecondaryIndexes = map[string]Capacity{}
			for k, v := range u.gsi {
				c.GlobalSecondaryIndexes[k] = Capacity{CapacityUnits: v}
			}
		}
		if len(u.lsi) > 0 {
			c.LocalSecondaryIndexes = map[string]Capacity{}
			for k, v := range u.lsi {
				c.LocalSecondaryIndexes[k] = Capacity{CapacityUnits: v}
			}
		}
		return c
	}
	return nil
}
