package apply

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// Options tune Run. The zero value is usable.
type Options struct {
	// Replace deletes tables that already exist at the endpoint and creates
	// them again. Without it, an existing table stops Run before anything
	// changes.
	Replace bool
	// SkipWrites runs only the read access patterns (GetItem, Query, Scan,
	// BatchGetItem, TransactGetItems), leaving the loaded data as it is.
	SkipWrites bool
	// MaxItems refuses a dataset of more items (0: no limit). The server
	// sets it; the CLI does not.
	MaxItems int
	// Resolve finds a dataset's generator (nil: patterns.Generator).
	Resolve model.Resolver
	// ReadRetries is how many times a read that differs is run again at
	// the endpoint, ReadRetryDelay apart, before it counts as a mismatch:
	// DynamoDB's global secondary indexes are eventually consistent, so a
	// read right after the load may not see every item yet. Negative: none;
	// 0: DefaultReadRetries.
	ReadRetries    int
	ReadRetryDelay time.Duration // 0: one second
	// MaxWait bounds waiting for a table to become ACTIVE or to be deleted
	// (0: 10 minutes).
	MaxWait time.Duration
	// Endpoint is recorded in the report (the client already knows it).
	Endpoint string
	// Now is the endpoint's clock, for judging which items' time to live
	// has passed there (nil: time.Now).
	Now func() time.Time
}

// Errors Run wraps, for errors.Is.
var (
	// ErrInput: the model, or its dataset, cannot be applied (invalid,
	// over Options.MaxItems, an item the engine refuses). Nothing was sent.
	ErrInput = errors.New("the model cannot be applied")
	// ErrTableExists: a table of the model exists at the endpoint and
	// Options.Replace is off. Nothing was changed.
	ErrTableExists = errors.New("a table already exists at the endpoint")
)

// DefaultReadRetries is Options.ReadRetries' default.
const DefaultReadRetries = 3

// Report is what Run did and found.
type Report struct {
	Model    string `json:"model"`
	Endpoint string `json:"endpoint,omitempty"`
	// Tables are the tables created, in the model's order.
	Tables []TableReport `json:"tables"`
	// ItemsLoaded counts the dataset's items written at the endpoint.
	ItemsLoaded int `json:"itemsLoaded"`
	// Patterns has one entry per access pattern, in the model's order.
	Patterns []PatternReport `json:"patterns"`
	// Match says every access pattern that ran returned the same at the
	// endpoint as in the workbench's engine; Mismatches counts the others.
	Match      bool `json:"match"`
	Mismatches int  `json:"mismatches"`
	// Warnings name settings the endpoint could not take (an emulator
	// without point-in-time recovery).
	Warnings []string `json:"warnings,omitempty"`
}

// TableReport is one table created.
type TableReport struct {
	Name string `json:"name"`
	// Replaced says an existing table was deleted first (Options.Replace).
	Replaced bool `json:"replaced,omitempty"`
	// TTL is the time-to-live attribute turned on, if any.
	TTL string `json:"ttl,omitempty"`
	// PointInTimeRecovery says point-in-time recovery was turned on.
	PointInTimeRecovery bool `json:"pointInTimeRecovery,omitempty"`
	Items               int  `json:"items"`
}

// PatternReport compares one access pattern's results.
type PatternReport struct {
	Name      string `json:"name"`
	Operation string `json:"operation"`
	// Skipped says why the pattern was not run; Match is then true.
	Skipped string `json:"skipped,omitempty"`
	Match   bool   `json:"match"`
	// Note explains a difference that is not a mismatch: items whose time
	// to live passed by the endpoint's clock but not the engine's.
	Note string `json:"note,omitempty"`
	// Diff describes the differences, empty when they match.
	Diff   string `json:"diff,omitempty"`
	Remote Counts `json:"remote"`
	Local  Counts `json:"local"`
	// Attempts counts the runs at the endpoint (more than one when a read
	// was retried).
	Attempts int `json:"attempts,omitempty"`
}

// Counts sums what an access pattern's requests returned.
type Counts struct {
	Requests     int    `json:"requests"`
	Items        int    `json:"items"`
	Count        int64  `json:"count"`
	ScannedCount int64  `json:"scannedCount"`
	Error        string `json:"error,omitempty"`
}

// Run creates m's tables through client, turns on their time to live,
// loads m's dataset with BatchWriteItem, then runs every access pattern
// with its example parameters both there and in a fresh engine loaded the
// same way, and compares the results: the items (in order where DynamoDB
// defines one: a Query, a fan-out's requests, a transaction; as a multiset
// for Scan and BatchGetItem), Count and ScannedCount, and the error code
// when a request fails.
//
// Nothing changes at the endpoint when the model or its dataset is
// invalid, or when a table exists and Options.Replace is off. A DeleteTable
// access pattern is never run, since it would delete what Run just applied.
func Run(ctx context.Context, m *model.Model, client *dynamodb.Client, opts Options) (*Report, error) {
	if m == nil {
		return nil, fmt.Errorf("apply: %w: no model", ErrInput)
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("apply: %w: the model is not valid: %w", ErrInput, err)
	}
	if opts.Resolve == nil {
		opts.Resolve = patterns.Generator
	}
	if opts.ReadRetries == 0 {
		opts.ReadRetries = DefaultReadRetries
	}
	if opts.ReadRetryDelay == 0 {
		opts.ReadRetryDelay = time.Second
	}
	if opts.MaxWait == 0 {
		opts.MaxWait = 10 * time.Minute
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.MaxItems > 0 {
		if n := datasetSize(m); n > opts.MaxItems {
			return nil, fmt.Errorf("apply: %w: the dataset has %d items, over the %d allowed here", ErrInput, n, opts.MaxItems)
		}
	}

	// The local engine first: it checks the dataset item by item before
	// anything is sent to the endpoint.
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, opts.Resolve); err != nil {
		return nil, fmt.Errorf("apply: %w: the dataset does not load: %w", ErrInput, err)
	}
	src, err := m.DatasetSource(opts.Resolve)
	if err != nil {
		return nil, fmt.Errorf("apply: %w: %w", ErrInput, err)
	}

	rep := &Report{Model: m.Name, Endpoint: opts.Endpoint, Tables: []TableReport{}, Patterns: []PatternReport{}}
	existing, err := existingTables(ctx, client, m)
	if err != nil {
		return nil, err
	}
	if len(existing) > 0 && !opts.Replace {
		return nil, fmt.Errorf("apply: %w: %s already at the endpoint; nothing was changed (replace deletes and recreates %s)",
			ErrTableExists, plural(existing, "table", "exists", "tables", "exist"), them(existing))
	}
	for i := range m.Tables {
		t := &m.Tables[i]
		tr := TableReport{Name: t.TableName, Replaced: slices.Contains(existing, t.TableName)}
		if tr.Replaced {
			if err := deleteTable(ctx, client, t.TableName, opts.MaxWait); err != nil {
				return rep, err
			}
		}
		pitr, err := createTable(ctx, client, t, opts.MaxWait)
		if err != nil {
			return rep, err
		}
		if ttl := t.TimeToLiveSpecification; ttl != nil && ttl.Enabled {
			tr.TTL = ttl.AttributeName
		}
		tr.PointInTimeRecovery = pitr
		if continuousBackupsInput(t) != nil && !pitr {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf("table %s: the endpoint does not implement UpdateContinuousBackups (UnknownOperationException), so point-in-time recovery is not on there; on DynamoDB it would be", t.TableName))
		}
		rep.Tables = append(rep.Tables, tr)
	}

	byTable, err := load(ctx, client, m, src)
	for i := range rep.Tables {
		rep.Tables[i].Items = byTable[rep.Tables[i].Name]
		rep.ItemsLoaded += rep.Tables[i].Items
	}
	if err != nil {
		return rep, err
	}

	r := &runner{client: client, db: db, opts: opts}
	for _, t := range m.Tables {
		if ttl := t.TimeToLiveSpecification; ttl != nil && ttl.Enabled && !slices.Contains(r.ttlAttrs, ttl.AttributeName) {
			r.ttlAttrs = append(r.ttlAttrs, ttl.AttributeName)
		}
	}
	for i := range m.AccessPatterns {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		pr := r.compare(ctx, &m.AccessPatterns[i])
		if !pr.Match {
			rep.Mismatches++
		}
		rep.Patterns = append(rep.Patterns, pr)
	}
	rep.Match = rep.Mismatches == 0
	return rep, nil
}

// datasetSize is the number of items the model's dataset holds or
// generates.
func datasetSize(m *model.Model) int {
	ds := m.Dataset
	switch {
	case ds == nil:
		return 0
	case ds.Items != nil:
		n := 0
		for _, items := range ds.Items {
			n += len(items)
		}
		return n
	case ds.Generator != nil:
		return ds.Generator.Size
	}
	return 0
}

func plural(names []string, one, verbOne, many, verbMany string) string {
	if len(names) == 1 {
		return one + " " + names[0] + " " + verbOne
	}
	return many + " " + strings.Join(names, ", ") + " " + verbMany
}

func them(names []string) string {
	if len(names) == 1 {
		return "it"
	}
	return "them"
}

// existingTables returns the model's tables the endpoint already has.
func existingTables(ctx context.Context, client *dynamodb.Client, m *model.Model) ([]string, error) {
	var names []string
	for _, t := range m.Tables {
		_, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(t.TableName)})
		var notFound *types.ResourceNotFoundException
		switch {
		case errors.As(err, &notFound):
		case err != nil:
			return nil, fmt.Errorf("apply: DescribeTable %s: %w", t.TableName, err)
		default:
			names = append(names, t.TableName)
		}
	}
	return names, nil
}

func deleteTable(ctx context.Context, client *dynamodb.Client, name string, maxWait time.Duration) error {
	if _, err := client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)}); err != nil {
		return fmt.Errorf("apply: replacing table %s: DeleteTable: %w", name, err)
	}
	w := dynamodb.NewTableNotExistsWaiter(client, func(o *dynamodb.TableNotExistsWaiterOptions) {
		o.MinDelay, o.MaxDelay = time.Second, 20*time.Second
	})
	if err := w.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(name)}, maxWait); err != nil {
		return fmt.Errorf("apply: waiting for table %s to be deleted: %w", name, err)
	}
	return nil
}

// createTable creates a table as the model defines it (the definition has
// CreateTable's own member names, mapped member by member), waits until it
// is ACTIVE and turns on its time to live and point-in-time recovery;
// pitr reports that recovery was turned on. An emulator that does not
// implement UpdateContinuousBackups (dynoxide answers
// UnknownOperationException) leaves it off, which Run reports as a
// warning: the endpoint is still a faithful place to check the design's
// access patterns.
func createTable(ctx context.Context, client *dynamodb.Client, t *model.Table, maxWait time.Duration) (pitr bool, err error) {
	in := createTableInput(t)
	if _, err := client.CreateTable(ctx, in); err != nil {
		return false, fmt.Errorf("apply: CreateTable %s: %w", t.TableName, err)
	}
	if err := waitActive(ctx, client, t.TableName, maxWait); err != nil {
		return false, err
	}
	if ttl := t.TimeToLiveSpecification; ttl != nil && ttl.Enabled {
		_, err := client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
			TableName: aws.String(t.TableName),
			TimeToLiveSpecification: &types.TimeToLiveSpecification{
				AttributeName: aws.String(ttl.AttributeName),
				Enabled:       aws.Bool(true),
			},
		})
		if err != nil {
			return false, fmt.Errorf("apply: UpdateTimeToLive %s: %w", t.TableName, err)
		}
	}
	if in := continuousBackupsInput(t); in != nil {
		if _, err := client.UpdateContinuousBackups(ctx, in); err != nil {
			var ae smithy.APIError
			if errors.As(err, &ae) && ae.ErrorCode() == "UnknownOperationException" {
				return false, nil
			}
			return false, fmt.Errorf("apply: UpdateContinuousBackups %s: %w", t.TableName, err)
		}
		return true, nil
	}
	return false, nil
}

// WaitActive waits until the table is ACTIVE (at most 10 minutes, or
// until ctx ends), polling DescribeTable with the SDK's waiter.
func WaitActive(ctx context.Context, client *dynamodb.Client, table string) error {
	return waitActive(ctx, client, table, 10*time.Minute)
}

func waitActive(ctx context.Context, client *dynamodb.Client, table string, maxWait time.Duration) error {
	// The SDK's default first delay is 20 s; tables on emulators are
	// ACTIVE at once and on AWS within seconds.
	w := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay, o.MaxDelay = time.Second, 20*time.Second
	})
	if err := w.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(table)}, maxWait); err != nil {
		return fmt.Errorf("waiting for table %s to become ACTIVE: %w", table, err)
	}
	return nil
}

// load writes the dataset at the endpoint with BatchWriteItem, 25 items a
// batch in the source's order. A batch never holds two items with the same
// key (DynamoDB refuses that): a repeated key starts a new batch, so the
// later item wins as in the engine's load.
func load(ctx context.Context, client *dynamodb.Client, m *model.Model, src model.Source) (map[string]int, error) {
	keys := map[string][]string{}
	for _, t := range m.Tables {
		for _, k := range t.KeySchema {
			keys[t.TableName] = append(keys[t.TableName], k.AttributeName)
		}
	}
	byTable := map[string]int{}
	type pending struct {
		table string
		item  attr.Item
	}
	batch := make([]pending, 0, schema.MaxBatchWriteRequests)
	seen := map[string]bool{}
	n := 0 // items written before batch[0]
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		req := map[string][]types.WriteRequest{}
		for _, p := range batch {
			req[p.table] = append(req[p.table], types.WriteRequest{PutRequest: &types.PutRequest{Item: itemToSDK(p.item)}})
		}
		if err := writeBatch(ctx, client, req); err != nil {
			return fmt.Errorf("apply: loading dataset items %d to %d: %w", n, n+len(batch)-1, err)
		}
		for _, p := range batch {
			byTable[p.table]++
		}
		n += len(batch)
		batch = batch[:0]
		clear(seen)
		return nil
	}
	err := src(func(table string, lent attr.Fields) error {
		it := lent.Item() // the source lends its fields
		k := table + "\x00" + keyString(it, keys[table])
		if seen[k] {
			if err := flush(); err != nil {
				return err
			}
		}
		seen[k] = true
		batch = append(batch, pending{table, it})
		if len(batch) == cap(batch) {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	return byTable, err
}

func keyString(it attr.Item, names []string) string {
	var b []byte
	for _, n := range names {
		if v, ok := it[n]; ok {
			b = attr.AppendValue(b, v)
		}
		b = append(b, 0)
	}
	return string(b)
}

// writeBatch sends one BatchWriteItem and resubmits what comes back
// unprocessed (throttled) with exponential backoff.
func writeBatch(ctx context.Context, client *dynamodb.Client, req map[string][]types.WriteRequest) error {
	delay := 50 * time.Millisecond
	for attempt := 1; ; attempt++ {
		out, err := client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{RequestItems: req})
		if err != nil {
			return err
		}
		if len(out.UnprocessedItems) == 0 {
			return nil
		}
		if attempt == 15 {
			return fmt.Errorf("BatchWriteItem left items unprocessed after %d attempts", attempt)
		}
		req = out.UnprocessedItems
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		delay = min(2*delay, 5*time.Second)
	}
}

// localError returns the DynamoDB error code of an engine error, or its
// text.
func localError(err error) string {
	var e *engine.Error
	if errors.As(err, &e) {
		return string(e.Code)
	}
	return err.Error()
}
