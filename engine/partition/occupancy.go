package partition

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
			o.Largest = insertLargest(o.Largest, c, top)
		}
	}
	for i := range out {
		out[i].Fill = float64(out[i].Bytes) / PartitionBytes
	}
	return out
}

// insertLargest puts c in its place in largest, the top largest
// collections so far (by bytes, then key; in input order when both tie),
// keeping at most top: a table of a hundred thousand collections keeps a
// few per partition rather than sorting all of them.
func insertLargest(largest []Collection, c Collection, top int) []Collection {
	i := len(largest)
	for i > 0 && (c.Bytes > largest[i-1].Bytes || c.Bytes == largest[i-1].Bytes && c.Key < largest[i-1].Key) {
		i--
	}
	if i >= top {
		return largest
	}
	if largest == nil {
		largest = make([]Collection, 0, top)
	}
	if len(largest) < top {
		largest = append(largest, Collection{})
	}
	copy(largest[i+1:], largest[i:len(largest)-1])
	largest[i] = c
	return largest
}
