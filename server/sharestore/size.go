package sharestore

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	bolt "go.etcd.io/bbolt"
)

// Sizer is a store that knows how large it is: what -share-store-max
// bounds is the store's real size, with what other processes and earlier
// runs stored, not only what this process wrote.
type Sizer interface {
	// Size returns the store's size in bytes, and false when it is not
	// known (the caller then counts what it wrote).
	Size(ctx context.Context) (int64, bool)
}

var (
	_ Sizer = (*Bolt)(nil)
	_ Sizer = (*DynamoDB)(nil)
)

// Size is the database's size as its latest transaction sees it: the
// pages in use up to the high-water mark, which is what the file holds
// (bbolt grows the file ahead of it, and never shrinks it).
func (s *Bolt) Size(ctx context.Context) (int64, bool) {
	var n int64
	err := s.db.View(func(tx *bolt.Tx) error {
		n = tx.Size()
		return nil
	})
	return n, err == nil
}

// sizeRefresh is how often the DynamoDB store asks the table's size:
// DescribeTable is a control-plane call, throttled at a few a second.
const sizeRefresh = time.Minute

// Size is the table's TableSizeBytes plus what this process stored since
// that figure last changed (DynamoDB refreshes it about every six hours),
// known once DescribeTable has answered.
func (s *DynamoDB) Size(ctx context.Context) (int64, bool) {
	s.size.Lock()
	defer s.size.Unlock()
	if time.Since(s.size.asked) >= sizeRefresh {
		s.size.asked = time.Now()
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		out, err := s.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(s.table)})
		cancel()
		if err == nil && out.Table != nil && out.Table.TableSizeBytes != nil {
			if n := *out.Table.TableSizeBytes; !s.size.known || n != s.size.table {
				s.size.table, s.size.since, s.size.known = n, 0, true
			}
		}
	}
	return s.size.table + s.size.since, s.size.known
}

// wrote counts n bytes this process stored in the table.
func (s *DynamoDB) wrote(n int) {
	s.size.Lock()
	s.size.since += int64(n)
	s.size.Unlock()
}
