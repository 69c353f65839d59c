package sharestore

import (
	"bytes"
	"compress/flate"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/server/apply"
)

// The DynamoDB store's item layout. The head item of a share has the share
// id as its key; it holds the compressed document in "doc", or, when that
// is larger than one item can hold, the number of parts in "parts", each
// part an item keyed "<id>.<n>" (n from 1). A dot never occurs in an id, so
// parts cannot collide with shares.
const (
	attrID      = "id"
	attrDoc     = "doc"
	attrParts   = "parts"
	attrSize    = "size"
	attrCreated = "created"

	// partSize keeps a part's item under DynamoDB's 400 KB with room for
	// its key and attribute names.
	partSize = 350_000
)

// DynamoDB stores shares in a DynamoDB table.
type DynamoDB struct {
	client *dynamodb.Client
	table  string
	size   struct { // Size's figures
		sync.Mutex
		asked        time.Time
		known        bool
		table, since int64 // TableSizeBytes; bytes put since it changed
	}
}

var _ Store = (*DynamoDB)(nil)

// OpenDynamoDB returns the store in table at endpoint (empty: AWS) in
// region (empty: the SDK's configuration), creating the table (on demand,
// key "id" of type S) when it does not exist. See apply.NewClient for the
// credentials it uses.
func OpenDynamoDB(ctx context.Context, table, endpoint, region string) (*DynamoDB, error) {
	client, err := apply.NewClient(ctx, endpoint, region)
	if err != nil {
		return nil, fmt.Errorf("share store: %w", err)
	}
	return NewDynamoDB(ctx, client, table)
}

// NewDynamoDB returns the store in table through client, creating the
// table when it does not exist and checking its key when it does.
func NewDynamoDB(ctx context.Context, client *dynamodb.Client, table string) (*DynamoDB, error) {
	s := &DynamoDB{client: client, table: table}
	if err := s.ensureTable(ctx); err != nil {
		return nil, fmt.Errorf("share store: DynamoDB table %s: %w", table, err)
	}
	return s, nil
}

func (s *DynamoDB) ensureTable(ctx context.Context) error {
	out, err := s.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(s.table)})
	var notFound *types.ResourceNotFoundException
	switch {
	case errors.As(err, &notFound):
		_, err = s.client.CreateTable(ctx, &dynamodb.CreateTableInput{
			TableName:            aws.String(s.table),
			AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String(attrID), AttributeType: types.ScalarAttributeTypeS}},
			KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String(attrID), KeyType: types.KeyTypeHash}},
			BillingMode:          types.BillingModePayPerRequest,
		})
		var inUse *types.ResourceInUseException
		if err != nil && !errors.As(err, &inUse) { // in use: another server created it first
			return err
		}
		return apply.WaitActive(ctx, s.client, s.table)
	case err != nil:
		return err
	}
	ks := out.Table.KeySchema
	if len(ks) != 1 || aws.ToString(ks[0].AttributeName) != attrID {
		return fmt.Errorf("exists with another key schema; the share store needs a table keyed by %q alone", attrID)
	}
	for _, d := range out.Table.AttributeDefinitions {
		if aws.ToString(d.AttributeName) == attrID && d.AttributeType != types.ScalarAttributeTypeS {
			return fmt.Errorf("its key %q is of type %s, not S", attrID, d.AttributeType)
		}
	}
	if out.Table.TableStatus != types.TableStatusActive {
		return apply.WaitActive(ctx, s.client, s.table)
	}
	return nil
}

// Put stores doc's canonical form: the parts first, then the head item
// with a condition that it does not exist yet, so that the share appears
// whole or not at all, and storing it twice is harmless. DynamoDB
// acknowledges a write once it is durable.
func (s *DynamoDB) Put(ctx context.Context, doc []byte) (string, error) {
	canon, id, err := Canonical(doc)
	if err != nil {
		return "", err
	}
	exists, err := s.exists(ctx, id)
	if err != nil || exists {
		return id, err
	}
	packed, err := compress(canon)
	if err != nil {
		return "", err
	}
	head := map[string]types.AttributeValue{
		attrID:      &types.AttributeValueMemberS{Value: id},
		attrSize:    &types.AttributeValueMemberN{Value: strconv.Itoa(len(canon))},
		attrCreated: &types.AttributeValueMemberS{Value: time.Now().UTC().Format(time.RFC3339)},
	}
	if len(packed) <= partSize {
		head[attrDoc] = &types.AttributeValueMemberB{Value: packed}
	} else {
		n := 0
		for off := 0; off < len(packed); off += partSize {
			n++
			part := packed[off:min(off+partSize, len(packed))]
			_, err := s.client.PutItem(ctx, &dynamodb.PutItemInput{
				TableName: aws.String(s.table),
				Item: map[string]types.AttributeValue{
					attrID:  &types.AttributeValueMemberS{Value: partID(id, n)},
					attrDoc: &types.AttributeValueMemberB{Value: part},
				},
			})
			if err != nil {
				return "", fmt.Errorf("share store: writing part %d: %w", n, err)
			}
		}
		head[attrParts] = &types.AttributeValueMemberN{Value: strconv.Itoa(n)}
	}
	_, err = s.client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(s.table),
		Item:                head,
		ConditionExpression: aws.String("attribute_not_exists(#id)"),
		ExpressionAttributeNames: map[string]string{
			"#id": attrID,
		},
	})
	var failed *types.ConditionalCheckFailedException
	if err != nil && !errors.As(err, &failed) { // failed: stored meanwhile by another server
		return "", fmt.Errorf("share store: %w", err)
	}
	s.wrote(len(packed) + len(id))
	return id, nil
}

func (s *DynamoDB) exists(ctx context.Context, id string) (bool, error) {
	out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:            aws.String(s.table),
		Key:                  key(id),
		ConsistentRead:       aws.Bool(true),
		ProjectionExpression: aws.String("#id"),
		ExpressionAttributeNames: map[string]string{
			"#id": attrID,
		},
	})
	if err != nil {
		return false, fmt.Errorf("share store: %w", err)
	}
	return out.Item != nil, nil
}

// Get reads the head item and, for a large document, its parts.
func (s *DynamoDB) Get(ctx context.Context, id string) ([]byte, error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	head, err := s.getItem(ctx, id)
	if err != nil {
		return nil, err
	}
	if head == nil {
		return nil, ErrNotFound
	}
	var packed []byte
	if p, ok := head[attrParts].(*types.AttributeValueMemberN); ok {
		n, err := strconv.Atoi(p.Value)
		if err != nil || n < 1 || n > MaxCanonical/partSize+2 {
			return nil, fmt.Errorf("shared model %s is damaged in the store (parts %q)", id, p.Value)
		}
		for i := 1; i <= n; i++ {
			part, err := s.getItem(ctx, partID(id, i))
			if err != nil {
				return nil, err
			}
			b, ok := part[attrDoc].(*types.AttributeValueMemberB)
			if !ok {
				return nil, fmt.Errorf("shared model %s is damaged in the store (part %d of %d missing)", id, i, n)
			}
			packed = append(packed, b.Value...)
		}
	} else if b, ok := head[attrDoc].(*types.AttributeValueMemberB); ok {
		packed = b.Value
	} else {
		return nil, fmt.Errorf("shared model %s is damaged in the store (no document)", id)
	}
	doc, err := decompress(packed)
	if err != nil {
		return nil, fmt.Errorf("shared model %s is damaged in the store: %v", id, err)
	}
	if err := verify(id, doc); err != nil {
		return nil, err
	}
	return doc, nil
}

func (s *DynamoDB) getItem(ctx context.Context, id string) (map[string]types.AttributeValue, error) {
	out, err := s.client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(s.table),
		Key:            key(id),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("share store: %w", err)
	}
	return out.Item, nil
}

// Close does nothing: the SDK client holds no resources that need it.
func (s *DynamoDB) Close() error { return nil }

func key(id string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{attrID: &types.AttributeValueMemberS{Value: id}}
}

func partID(id string, n int) string { return id + "." + strconv.Itoa(n) }

func compress(doc []byte) ([]byte, error) {
	var b bytes.Buffer
	zw, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(doc); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func decompress(packed []byte) ([]byte, error) {
	zr := flate.NewReader(bytes.NewReader(packed))
	defer zr.Close()
	doc, err := io.ReadAll(io.LimitReader(zr, MaxCanonical+1))
	if err != nil {
		return nil, err
	}
	if len(doc) > MaxCanonical {
		return nil, fmt.Errorf("over %d bytes", MaxCanonical)
	}
	return doc, nil
}
