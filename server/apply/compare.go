package apply

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/partiql"
	"github.com/dynamodb-workbench/workbench/model"
)

// outcome is what an access pattern's requests returned, on one side.
type outcome struct {
	counts Counts
	items  []attr.Item
	// lastKeys holds each request's LastEvaluatedKey (Query, Scan).
	lastKeys []attr.Item
}

// readOnly are the operations that change nothing, which may be run again.
var readOnly = []string{"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}

// unordered are the operations whose items come in no order DynamoDB
// promises: a Scan follows the partitions' hash order, a BatchGetItem
// answers in any order, and a PartiQL SELECT may be either a Query or a
// Scan (its decomposed reads' order is not documented either).
var unordered = []string{"Scan", "BatchGetItem", "ExecuteStatement"}

type runner struct {
	client *dynamodb.Client
	db     *engine.Database
	opts   Options
	// ttlAttrs are the time-to-live attributes of the model's tables.
	ttlAttrs []string
}

// compare runs one access pattern on both sides and compares.
func (r *runner) compare(ctx context.Context, ap *model.AccessPattern) PatternReport {
	pr := PatternReport{Name: ap.Name, Operation: ap.Operation}
	write := !slices.Contains(readOnly, ap.Operation) && !statementReads(ap)
	switch {
	case ap.Operation == "DeleteTable":
		pr.Skipped, pr.Match = "DeleteTable would delete the table just applied", true
		return pr
	case write && r.opts.SkipWrites:
		pr.Skipped, pr.Match = "a write (reads only)", true
		return pr
	}
	params := ap.Examples()
	local := runLocal(r.db, ap, params)
	pr.Local = local.counts
	retries := max(r.opts.ReadRetries, 0)
	if write {
		retries = 0 // a write runs once on each side, so both see the same data
	}
	for attempt := 0; ; attempt++ {
		remote := r.runRemote(ctx, ap, params)
		pr.Remote, pr.Attempts = remote.counts, attempt+1
		pr.Diff = diff(ap.Operation, local, remote)
		pr.Match = pr.Diff == ""
		if !pr.Match {
			if n, ok := explainExpired(ap.Operation, local, remote, r.ttlAttrs, r.opts.Now()); ok {
				pr.Match = true
				pr.Note = fmt.Sprintf("%d item(s) the engine returns are missing at the endpoint because their time to live "+
					"has passed by the endpoint's clock (the engine's clock stands at the model's startTime); "+
					"the rest matches:\n%s", n, pr.Diff)
				pr.Diff = ""
			}
		}
		if pr.Match || attempt >= retries || ctx.Err() != nil {
			return pr
		}
		t := time.NewTimer(r.opts.ReadRetryDelay)
		select {
		case <-ctx.Done():
			t.Stop()
			return pr
		case <-t.C:
		}
	}
}

func runLocal(db *engine.Database, ap *model.AccessPattern, p model.Params) outcome {
	var o outcome
	res, err := ap.Run(db, p)
	if res != nil {
		for _, out := range res.Outputs {
			o.counts.Requests++
			if q, ok := out.(*engine.QueryOutput); ok {
				o.counts.Count += q.Count
				o.counts.ScannedCount += q.ScannedCount
				o.lastKeys = append(o.lastKeys, q.LastEvaluatedKey)
			}
		}
		o.items = res.Items
	}
	if err != nil {
		o.counts.Requests++ // the failing one
		o.counts.Error = localError(err)
	}
	o.counts.Items = len(o.items)
	return o
}

// runRemote sends the access pattern's requests through the SDK.
func (r *runner) runRemote(ctx context.Context, ap *model.AccessPattern, p model.Params) outcome {
	var o outcome
	for _, q := range ap.Runs(p) {
		o.counts.Requests++
		body, err := ap.Bind(q)
		if err == nil {
			err = r.call(ctx, ap.Operation, body, &o)
		}
		if err != nil {
			o.counts.Error = remoteError(err)
			break
		}
	}
	o.counts.Items = len(o.items)
	return o
}

// call runs one request and adds what it returned to o.
func (r *runner) call(ctx context.Context, op string, body []byte, o *outcome) error {
	c := r.client
	var items []map[string]types.AttributeValue
	switch op {
	case "GetItem":
		out, err := send(ctx, body, c.GetItem)
		if err != nil {
			return err
		}
		if out.Item != nil {
			items = append(items, out.Item)
		}
	case "Query":
		out, err := send(ctx, body, c.Query)
		if err != nil {
			return err
		}
		items = out.Items
		o.counts.Count += int64(out.Count)
		o.counts.ScannedCount += int64(out.ScannedCount)
		if err := o.addLastKey(out.LastEvaluatedKey); err != nil {
			return err
		}
	case "Scan":
		out, err := send(ctx, body, c.Scan)
		if err != nil {
			return err
		}
		items = out.Items
		o.counts.Count += int64(out.Count)
		o.counts.ScannedCount += int64(out.ScannedCount)
		if err := o.addLastKey(out.LastEvaluatedKey); err != nil {
			return err
		}
	case "BatchGetItem":
		out, err := send(ctx, body, c.BatchGetItem)
		if err != nil {
			return err
		}
		names := make([]string, 0, len(out.Responses))
		for n := range out.Responses {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			items = append(items, out.Responses[n]...)
		}
	case "TransactGetItems":
		out, err := send(ctx, body, c.TransactGetItems)
		if err != nil {
			return err
		}
		for _, resp := range out.Responses {
			if resp.Item != nil {
				items = append(items, resp.Item)
			}
		}
	case "PutItem":
		out, err := send(ctx, body, c.PutItem)
		if err != nil {
			return err
		}
		if out.Attributes != nil {
			items = append(items, out.Attributes)
		}
	case "UpdateItem":
		out, err := send(ctx, body, c.UpdateItem)
		if err != nil {
			return err
		}
		if out.Attributes != nil {
			items = append(items, out.Attributes)
		}
	case "DeleteItem":
		out, err := send(ctx, body, c.DeleteItem)
		if err != nil {
			return err
		}
		if out.Attributes != nil {
			items = append(items, out.Attributes)
		}
	case "BatchWriteItem":
		if _, err := send(ctx, body, c.BatchWriteItem); err != nil {
			return err
		}
	case "TransactWriteItems":
		if _, err := send(ctx, body, c.TransactWriteItems); err != nil {
			return err
		}
	case "ExecuteStatement":
		out, err := send(ctx, body, c.ExecuteStatement)
		if err != nil {
			return err
		}
		items = out.Items
	default:
		return fmt.Errorf("operation %s is not run by apply", op)
	}
	for _, it := range items {
		ai, err := itemFromSDK(it)
		if err != nil {
			return fmt.Errorf("reading the answer: %w", err)
		}
		o.items = append(o.items, ai)
	}
	return nil
}

func (o *outcome) addLastKey(k map[string]types.AttributeValue) error {
	it, err := itemFromSDK(k)
	if err != nil {
		return err
	}
	o.lastKeys = append(o.lastKeys, it)
	return nil
}

// send decodes body into the operation's SDK input and calls it.
func send[In, Out any](ctx context.Context, body []byte, call func(context.Context, *In, ...func(*dynamodb.Options)) (*Out, error)) (*Out, error) {
	in := new(In)
	if err := decodeInput(body, in); err != nil {
		return nil, fmt.Errorf("the request does not fit the SDK's input: %w", err)
	}
	return call(ctx, in)
}

// remoteError returns the DynamoDB error code of an SDK error, or its text.
func remoteError(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorCode()
	}
	return err.Error()
}

// maxDiffLines bounds a Diff.
const maxDiffLines = 8

// diff describes how remote differs from local ("" when it does not).
func diff(op string, local, remote outcome) string {
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, fmt.Sprintf(format, args...))
	}
	l, r := local.counts, remote.counts
	if l.Error != r.Error {
		switch {
		case l.Error == "":
			add("the endpoint failed: %s", r.Error)
		case r.Error == "":
			add("the engine failed (%s), the endpoint did not", l.Error)
		default:
			add("error: endpoint %s, engine %s", r.Error, l.Error)
		}
	}
	if l.Count != r.Count {
		add("Count: endpoint %d, engine %d", r.Count, l.Count)
	}
	if l.ScannedCount != r.ScannedCount {
		add("ScannedCount: endpoint %d, engine %d", r.ScannedCount, l.ScannedCount)
	}
	if slices.Contains(unordered, op) {
		lines = append(lines, multisetDiff(local.items, remote.items)...)
	} else {
		lines = append(lines, orderedDiff(local.items, remote.items)...)
	}
	if len(local.lastKeys) == len(remote.lastKeys) && !slices.Contains(unordered, op) {
		for i := range local.lastKeys {
			if !local.lastKeys[i].Equal(remote.lastKeys[i]) {
				add("request %d LastEvaluatedKey: endpoint %s, engine %s", i+1, orNone(remote.lastKeys[i]), orNone(local.lastKeys[i]))
			}
		}
	}
	if len(lines) > maxDiffLines {
		lines = append(lines[:maxDiffLines], fmt.Sprintf("(%d more differences)", len(lines)-maxDiffLines))
	}
	return strings.Join(lines, "\n")
}

func orNone(it attr.Item) string {
	if it == nil {
		return "none"
	}
	return itemJSON(it)
}

// orderedDiff compares items position by position.
func orderedDiff(local, remote []attr.Item) []string {
	var lines []string
	if len(local) != len(remote) {
		lines = append(lines, fmt.Sprintf("items: endpoint %d, engine %d", len(remote), len(local)))
	}
	for i := 0; i < max(len(local), len(remote)); i++ {
		switch {
		case i >= len(local):
			lines = append(lines, fmt.Sprintf("item %d only at the endpoint: %s", i+1, itemJSON(remote[i])))
		case i >= len(remote):
			lines = append(lines, fmt.Sprintf("item %d only in the engine: %s", i+1, itemJSON(local[i])))
		case !local[i].Equal(remote[i]):
			lines = append(lines, fmt.Sprintf("item %d: endpoint %s, engine %s", i+1, itemJSON(remote[i]), itemJSON(local[i])))
		}
	}
	return lines
}

// multisetDiff compares items regardless of order.
func multisetDiff(local, remote []attr.Item) []string {
	count := map[string]int{}
	for _, it := range local {
		count[itemJSON(it)]++
	}
	for _, it := range remote {
		count[itemJSON(it)]--
	}
	var onlyRemote, onlyLocal []string
	for k, n := range count {
		for ; n > 0; n-- {
			onlyLocal = append(onlyLocal, k)
		}
		for ; n < 0; n++ {
			onlyRemote = append(onlyRemote, k)
		}
	}
	slices.Sort(onlyRemote)
	slices.Sort(onlyLocal)
	var lines []string
	if len(local) != len(remote) {
		lines = append(lines, fmt.Sprintf("items: endpoint %d, engine %d", len(remote), len(local)))
	}
	for _, k := range onlyRemote {
		lines = append(lines, "only at the endpoint: "+k)
	}
	for _, k := range onlyLocal {
		lines = append(lines, "only in the engine: "+k)
	}
	return lines
}

// fiveYears: DynamoDB's TTL process ignores expiry times further back.
const fiveYears = 5 * 365 * 24 * time.Hour

// expiredAt reports whether the item's time to live (any of attrs holding
// epoch seconds) has passed at now, as DynamoDB's TTL process judges it.
func expiredAt(it attr.Item, attrs []string, now time.Time) bool {
	for _, a := range attrs {
		n, ok := it[a].(attr.Number)
		if !ok {
			continue
		}
		sec, ok := n.Int64()
		if ok && sec <= now.Unix() && sec > now.Add(-fiveYears).Unix() {
			return true
		}
	}
	return false
}

// explainExpired reports whether the only differences between the two
// sides are items the engine returns whose time to live has passed by the
// endpoint's clock (now), so that the endpoint has deleted, or will soon
// delete, them: a model's dataset is dated at its startTime, while the
// endpoint runs on today's date. It returns how many items that explains.
func explainExpired(op string, local, remote outcome, attrs []string, now time.Time) (int, bool) {
	if len(attrs) == 0 || local.counts.Error != remote.counts.Error {
		return 0, false
	}
	left := map[string]int{}
	for _, it := range remote.items {
		left[itemJSON(it)]++
	}
	var kept []attr.Item
	removed := 0
	for _, it := range local.items {
		k := itemJSON(it)
		switch {
		case left[k] > 0:
			left[k]--
			kept = append(kept, it)
		case expiredAt(it, attrs, now):
			removed++
		default:
			return 0, false
		}
	}
	for _, n := range left {
		if n != 0 {
			return 0, false // the endpoint has items the engine lacks
		}
	}
	if removed == 0 {
		return 0, false
	}
	if !slices.Contains(unordered, op) && len(orderedDiff(kept, remote.items)) > 0 {
		return 0, false
	}
	l, r := local.counts, remote.counts
	if r.Count > l.Count || r.Count < l.Count-int64(removed) || r.ScannedCount > l.ScannedCount {
		return 0, false
	}
	return removed, true
}

// statementReads reports whether an access pattern is a PartiQL SELECT,
// which changes nothing and may be run again.
func statementReads(ap *model.AccessPattern) bool {
	if ap.Operation != "ExecuteStatement" {
		return false
	}
	var req struct{ Statement string }
	if json.Unmarshal(ap.Request, &req) != nil {
		return false
	}
	_, _, read, err := partiql.Target(req.Statement)
	return err == nil && read
}
