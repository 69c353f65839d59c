package partition

import (
	"cmp"
	"slices"
)

// Collection is an item collection loaded in the engine: the items that
// share one partition-key value.
type Collection struct {
	// Key is the partition-key value as the UI shows it.
	Key string `json:"key"`
	// Hash is HashKey of the value: where the engine stores it.
	Hash  uint64 `json:"hash"`
	Items int    `json:"items"`
	Bytes int64  `json:"bytes"`
}

// Occupancy is what one partition holds of the loaded data.
type Occupancy struct {
	Index       int   `json:"index"`
	ID          int   `json:"id"`
	Collections int   `json:"collections"`
	Items       int   `json:"items"`
	Bytes       int64 `json:"bytes"`
	// Fill is Bytes / 10 GB.
	Fill float64 `json:"fill"`
	// Largest are its largest collections, by bytes then key.
	Largest []Collection `json:"largest"`
}

// Occupancy maps loaded item collections onto the partitions (by their
// hashes, as the engine stores them) and reports, per partition in hash
// order, the collections, items and bytes it holds and its top largest
// collections. It does not change the layout.
func (l *Layout) Occupancy(cols []Collection, top int) []Occupancy {
	out := make([]Occupancy, len(l.parts))
	for i, p := range l.parts {
		out[i] = Occupancy{Index: i, ID: p.ID}
	}
	for _, c := range cols {
		o := &out[l.Locate(c.Hash)]
		o.Collections++
		o.Items += c.Items
		o.Bytes += c.Bytes
		if top > 0 {
			o.Largest = append(o.Largest, c)
		}
	}
	for i := range out {
		o := &out[i]
		o.Fill = float64(o.Bytes) / PartitionBytes
		slices.SortStableFunc(o.Largest, func(a, b Collection) int {
			if n := cmp.Compare(b.Bytes, a.Bytes); n != 0 {
				return n
			}
			return cmp.Compare(a.Key, b.Key)
		})
		if len(o.Largest) > top {
			o.Largest = slices.Clip(o.Largest[:top])
		}
	}
	return out
}
