package liveimport

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/server/apply"
)

// Limits of one import.
const (
	// MaxTables bounds the tables one import reads.
	MaxTables = 100
	// MaxSample bounds the items sampled per table.
	MaxSample = 10_000
	// Timeout bounds one import's time at the endpoint (the server's
	// POST /api/import?format=endpoint and the command line's import).
	Timeout = 2 * time.Minute
	// DefaultSample is the sample size when none is given.
	DefaultSample = 200
	// segments is the parallel Scan's number of segments.
	segments = 4
)

// Options say what to read.
type Options struct {
	// Tables names the tables; empty means every table (ListTables).
	Tables []string `json:"tables"`
	// Sample is the number of items to read per table (0: DefaultSample;
	// negative: none).
	Sample int `json:"sample"`
}

// ErrInput marks an error in the request rather than at the endpoint.
var ErrInput = errors.New("invalid import request")

// Run reads the tables at the client's endpoint into a model that passes
// Validate, with warnings for what it could not read or had to guess.
func Run(ctx context.Context, client *dynamodb.Client, opts Options) (*model.Model, []string, error) {
	if opts.Sample > MaxSample {
		return nil, nil, fmt.Errorf("%w: sample %d is over %d items per table", ErrInput, opts.Sample, MaxSample)
	}
	if len(opts.Tables) > MaxTables {
		return nil, nil, fmt.Errorf("%w: %d tables, at most %d", ErrInput, len(opts.Tables), MaxTables)
	}
	sample := opts.Sample
	if sample == 0 {
		sample = DefaultSample
	}
	r := &reader{client: client}
	names := opts.Tables
	if len(names) == 0 {
		var err error
		if names, err = r.listTables(ctx); err != nil {
			return nil, nil, err
		}
		if len(names) == 0 {
			return nil, nil, errors.New("the endpoint has no tables")
		}
	}
	m := &model.Model{Version: model.Version, Name: "Imported from a DynamoDB endpoint"}
	items := map[string][]attr.Item{}
	for _, name := range names {
		t, err := r.table(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		m.Tables = append(m.Tables, *t)
		if sample > 0 {
			its, err := r.scan(ctx, name, sample)
			if err != nil {
				return nil, nil, err
			}
			if len(its) > 0 {
				items[name] = its
				m.Entities = append(m.Entities, inferEntities(t, its, entityNames(m))...)
			}
		}
	}
	if len(items) > 0 {
		m.Dataset = &model.Dataset{Items: items}
	}
	if err := m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("the imported model does not validate: %v", err)
	}
	if r.warnings == nil {
		r.warnings = []string{}
	}
	return m, r.warnings, nil
}

func entityNames(m *model.Model) map[string]bool {
	out := map[string]bool{}
	for _, e := range m.Entities {
		out[e.Name] = true
	}
	return out
}

type reader struct {
	client   *dynamodb.Client
	warnings []string
}

func (r *reader) warn(format string, args ...any) {
	r.warnings = append(r.warnings, fmt.Sprintf(format, args...))
}

func (r *reader) listTables(ctx context.Context) ([]string, error) {
	var names []string
	var start *string
	for {
		out, err := r.client.ListTables(ctx, &dynamodb.ListTablesInput{ExclusiveStartTableName: start})
		if err != nil {
			return nil, fmt.Errorf("ListTables: %w", err)
		}
		names = append(names, out.TableNames...)
		if len(names) >= MaxTables {
			r.warn("the endpoint has more than %d tables; the first %d are imported", MaxTables, MaxTables)
			return names[:MaxTables], nil
		}
		if out.LastEvaluatedTableName == nil {
			return names, nil
		}
		start = out.LastEvaluatedTableName
	}
}

func keySchema(ks []types.KeySchemaElement) []schema.KeySchemaElement {
	out := make([]schema.KeySchemaElement, len(ks))
	for i, e := range ks {
		out[i] = schema.KeySchemaElement{AttributeName: aws.ToString(e.AttributeName), KeyType: schema.KeyType(e.KeyType)}
	}
	return out
}

func projection(p *types.Projection) schema.Projection {
	if p == nil {
		return schema.Projection{ProjectionType: schema.ProjectKeysOnly}
	}
	return schema.Projection{ProjectionType: schema.ProjectionType(p.ProjectionType), NonKeyAttributes: p.NonKeyAttributes}
}

func throughput(p *types.ProvisionedThroughputDescription) *schema.ProvisionedThroughput {
	if p == nil {
		return nil
	}
	return &schema.ProvisionedThroughput{ReadCapacityUnits: p.ReadCapacityUnits, WriteCapacityUnits: p.WriteCapacityUnits}
}

func onDemand(o *types.OnDemandThroughput) *schema.OnDemandThroughput {
	if o == nil || (o.MaxReadRequestUnits == nil && o.MaxWriteRequestUnits == nil) {
		return nil
	}
	// DescribeTable reports -1 for "no cap", which is what leaving it out
	// means.
	out := &schema.OnDemandThroughput{}
	if v := aws.ToInt64(o.MaxReadRequestUnits); v > 0 {
		out.MaxReadRequestUnits = &v
	}
	if v := aws.ToInt64(o.MaxWriteRequestUnits); v > 0 {
		out.MaxWriteRequestUnits = &v
	}
	if out.MaxReadRequestUnits == nil && out.MaxWriteRequestUnits == nil {
		return nil
	}
	return out
}

// table reads one table's definition and settings.
func (r *reader) table(ctx context.Context, name string) (*model.Table, error) {
	out, err := r.client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)})
	if err != nil {
		return nil, fmt.Errorf("DescribeTable %s: %w", name, err)
	}
	d := out.Table
	t := &model.Table{}
	def := &t.TableDefinition
	def.TableName = aws.ToString(d.TableName)
	for _, a := range d.AttributeDefinitions {
		def.AttributeDefinitions = append(def.AttributeDefinitions, schema.AttributeDefinition{AttributeName: aws.ToString(a.AttributeName), AttributeType: schema.ScalarType(a.AttributeType)})
	}
	def.KeySchema = keySchema(d.KeySchema)
	def.BillingMode = schema.BillingProvisioned
	if d.BillingModeSummary != nil && d.BillingModeSummary.BillingMode != "" {
		def.BillingMode = schema.BillingMode(d.BillingModeSummary.BillingMode)
	}
	provisioned := def.BillingMode == schema.BillingProvisioned
	if provisioned {
		def.ProvisionedThroughput = throughput(d.ProvisionedThroughput)
	} else {
		def.OnDemandThroughput = onDemand(d.OnDemandThroughput)
	}
	for _, g := range d.GlobalSecondaryIndexes {
		gsi := schema.GlobalSecondaryIndex{IndexName: aws.ToString(g.IndexName), KeySchema: keySchema(g.KeySchema), Projection: projection(g.Projection)}
		if provisioned {
			gsi.ProvisionedThroughput = throughput(g.ProvisionedThroughput)
		} else {
			gsi.OnDemandThroughput = onDemand(g.OnDemandThroughput)
		}
		def.GlobalSecondaryIndexes = append(def.GlobalSecondaryIndexes, gsi)
	}
	for _, l := range d.LocalSecondaryIndexes {
		def.LocalSecondaryIndexes = append(def.LocalSecondaryIndexes, schema.LocalSecondaryIndex{IndexName: aws.ToString(l.IndexName), KeySchema: keySchema(l.KeySchema), Projection: projection(l.Projection)})
	}
	if s := d.StreamSpecification; s != nil && aws.ToBool(s.StreamEnabled) {
		def.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: string(s.StreamViewType)}
	}
	if c := d.TableClassSummary; c != nil && c.TableClass != "" {
		def.TableClass = string(c.TableClass)
	}
	if d.DeletionProtectionEnabled != nil && *d.DeletionProtectionEnabled {
		def.DeletionProtectionEnabled = aws.Bool(true)
	}

	if ttl, err := r.client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(name)}); err != nil {
		r.warn("table %s: DescribeTimeToLive failed (%v); time to live is not imported", name, err)
	} else if d := ttl.TimeToLiveDescription; d != nil && (d.TimeToLiveStatus == types.TimeToLiveStatusEnabled || d.TimeToLiveStatus == types.TimeToLiveStatusEnabling) {
		t.TimeToLiveSpecification = &model.TimeToLive{AttributeName: aws.ToString(d.AttributeName), Enabled: true}
	}
	if arn := aws.ToString(d.TableArn); arn != "" {
		var next *string
		for {
			tags, err := r.client.ListTagsOfResource(ctx, &dynamodb.ListTagsOfResourceInput{ResourceArn: aws.String(arn), NextToken: next})
			if err != nil {
				r.warn("table %s: ListTagsOfResource failed (%v); tags are not imported", name, err)
				break
			}
			for _, tg := range tags.Tags {
				def.Tags = append(def.Tags, schema.Tag{Key: aws.ToString(tg.Key), Value: aws.ToString(tg.Value)})
			}
			if tags.NextToken == nil {
				break
			}
			next = tags.NextToken
		}
	}
	if cb, err := r.client.DescribeContinuousBackups(ctx, &dynamodb.DescribeContinuousBackupsInput{TableName: aws.String(name)}); err != nil {
		r.warn("table %s: DescribeContinuousBackups failed (%v); point-in-time recovery is not imported", name, err)
	} else if d := cb.ContinuousBackupsDescription; d != nil && d.PointInTimeRecoveryDescription != nil &&
		d.PointInTimeRecoveryDescription.PointInTimeRecoveryStatus == types.PointInTimeRecoveryStatusEnabled {
		p := &schema.PointInTimeRecoverySpecification{PointInTimeRecoveryEnabled: true}
		if n := d.PointInTimeRecoveryDescription.RecoveryPeriodInDays; n != nil && *n != 35 {
			v := int64(*n)
			p.RecoveryPeriodInDays = &v
		}
		def.PointInTimeRecoverySpecification = p
	}
	return t, nil
}

// scan reads up to n items with a parallel Scan: each segment reads pages
// until the segments together hold n items or it is exhausted, so a
// segment with few items leaves its share to the others. The items come
// back in segment order.
func (r *reader) scan(ctx context.Context, name string, n int) ([]attr.Item, error) {
	segs := min(segments, n)
	results := make([][]attr.Item, segs)
	errs := make([]error, segs)
	var mu sync.Mutex
	total := 0
	var wg sync.WaitGroup
	for s := range segs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var start map[string]types.AttributeValue
			for {
				mu.Lock()
				left := n - total
				mu.Unlock()
				if left <= 0 {
					return
				}
				out, err := r.client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(name), Segment: aws.Int32(int32(s)),
					TotalSegments: aws.Int32(int32(segs)), Limit: aws.Int32(int32(min(left, 1000))), ExclusiveStartKey: start})
				if err != nil {
					errs[s] = fmt.Errorf("Scan %s segment %d: %w", name, s, err)
					return
				}
				for _, it := range out.Items {
					item, err := apply.ItemFromSDK(it)
					if err != nil {
						errs[s] = fmt.Errorf("Scan %s: %w", name, err)
						return
					}
					results[s] = append(results[s], item)
				}
				mu.Lock()
				total += len(out.Items)
				mu.Unlock()
				if out.LastEvaluatedKey == nil {
					return
				}
				start = out.LastEvaluatedKey
			}
		}()
	}
	wg.Wait()
	var all []attr.Item
	for s := range segs {
		if errs[s] != nil {
			return nil, errs[s]
		}
		all = append(all, results[s]...)
	}
	if len(all) > n {
		all = all[:n]
	}
	return all, nil
}

// trimWords is used by names: it keeps letters and digits.
func trimWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	})
}
