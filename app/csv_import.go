package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/itemcsv"
	"github.com/dynamodb-workbench/workbench/visualizer"
)

// CSV in and out of the item collections view, and out of a request's
// result. The file is read with model/itemcsv, the same code as the
// server's POST /api/import?format=csv; the preview shows what will be
// written and every bad row; Import writes the good rows through the
// store's request path (BatchWriteItem through the wire protocol code, as
// every request of the page), Cancel writes nothing.

// csvPreviewRows is how many items the preview shows.
const csvPreviewRows = 10

// csvErrorsShown bounds the errors the preview lists.
const csvErrorsShown = 100

// csvImporter is the CSV controls of a table: Import CSV… and Export CSV,
// and the import's preview and progress.
type csvImporter struct {
	goapp.Compo
	Panel
	Table string

	file    string // the file being previewed or imported
	table   string // the table the preview was read for
	res     *itemcsv.Result
	err     string
	reading bool
	running bool
	done    int
	total   int
}

// Render draws the controls, and the preview while there is one.
func (c *csvImporter) Render() goapp.UI {
	busy := c.reading || c.running
	return goapp.Div().Class("wb-csv").Body(
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Label().ID(IDCSVImport).For(IDCSVFile).Class("wb-btn"+map[bool]string{true: " disabled", false: ""}[busy]).
				Title("Import items from a CSV file into this table: a header row of attribute names (name or name:TYPE), one item per row").
				Text("Import CSV…"),
			goapp.Input().ID(IDCSVFile).Type("file").Accept(".csv,text/csv").Class("wb-visually-hidden").
				Style("position", "absolute").Style("width", "1px").Style("height", "1px").Style("opacity", "0").
				Disabled(busy).Title(greyed(busy, "Import items from a CSV file", "an import is running; it is on offer again when it ends")).
				OnChange(c.onFile, goapp.EventScope(c.Table)),
			goapp.Button().ID(IDCSVExport).Class("wb-btn").Text("Export CSV").
				Title("Download the table's items as CSV (typed header: imports back as it is)").
				OnClick(func(ctx goapp.Context, e goapp.Event) { c.export(ctx, c.Table) }, goapp.EventScope(c.Table)),
			goapp.If(c.reading, func() goapp.UI {
				return goapp.Span().Class("wb-muted").Text("Reading " + c.file + "…")
			}),
		),
		goapp.If(c.err != "", func() goapp.UI {
			return goapp.P().Class("wb-error").Attr("role", "alert").Text(c.err)
		}),
		goapp.If(c.res != nil, func() goapp.UI { return c.renderPreview() }),
	)
}

// onFile reads the chosen file and makes the preview.
func (c *csvImporter) onFile(ctx goapp.Context, e goapp.Event) {
	target := e.Get("target")
	files := target.Get("files")
	if files.Length() == 0 {
		return
	}
	f := files.Index(0)
	name, table := f.Get("name").String(), c.Table
	// The same file chosen again must fire change again.
	target.Set("value", "")
	c.file, c.table, c.res, c.err, c.reading = name, table, nil, "", true
	f.Call("text").Then(func(v goapp.Value) {
		text := v.String()
		ctx.Async(func() {
			res, err := c.read(table, text)
			ctx.Dispatch(func(ctx goapp.Context) {
				c.reading = false
				if err != nil {
					c.err = fmt.Sprintf("%s cannot be imported: %v", name, err)
					return
				}
				c.res = res
			})
		})
	})
}

// read reads a CSV for table of the running design.
func (c *csvImporter) read(table, text string) (*itemcsv.Result, error) {
	t := c.State.Model.Table(table)
	if t == nil {
		return nil, fmt.Errorf("there is no table %q", table)
	}
	return itemcsv.Read(strings.NewReader(text), itemcsv.Options{Table: &t.TableDefinition, MaxRows: MaxCSVRows})
}

// MaxCSVRows bounds a CSV import in the page: the most a dataset load
// holds too.
const MaxCSVRows = 1_000_000

// renderPreview draws what Import would write.
func (c *csvImporter) renderPreview() goapp.UI {
	res := c.res
	bad := res.BadRows()
	if res.MoreErrors > 0 {
		bad = -1 // not all known; said below
	}
	sample := res.Items
	if len(sample) > csvPreviewRows {
		sample = sample[:csvPreviewRows]
	}
	errs := res.Errors
	if len(errs) > csvErrorsShown {
		errs = errs[:csvErrorsShown]
	}
	summary := fmt.Sprintf("%s: %s, %s to write into %s", c.file, plural(res.Rows, "row"), plural(len(res.Items), "item"), c.table)
	switch {
	case bad > 0:
		summary += fmt.Sprintf("; %s with errors will be skipped", plural(bad, "row"))
	case bad < 0:
		summary += fmt.Sprintf("; %d errors and %d more: the rows with errors will be skipped", len(res.Errors), res.MoreErrors)
	}
	summary += ". An item whose key is in the table already replaces it (PutItem)."
	pct := 0
	if c.total > 0 {
		pct = c.done * 100 / c.total
	}
	return goapp.Section().ID(IDCSVPreview).Class("wb-csv-preview").
		Attr("data-rows", res.Rows).Attr("data-items", len(res.Items)).
		Attr("data-bad-rows", res.BadRows()).Attr("data-table", c.table).Body(
		goapp.H3().Text("Import CSV"),
		goapp.P().Text(summary),
		goapp.Table().ID(IDCSVColumns).Class("wb-table").Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Column"), goapp.Th().Text("Type"), goapp.Th().Text("Values read as"),
			)),
			goapp.TBody().Body(goapp.Range(res.Columns).Slice(func(i int) goapp.UI {
				col := res.Columns[i]
				typ := col.Type
				if typ == "" {
					typ = "inferred"
				}
				return goapp.Tr().Attr("data-column", col.Name).Body(
					goapp.Td().Class("wb-mono").Text(col.Name),
					goapp.Td().Text(typ),
					goapp.Td().Class("wb-mono").Text(seenText(col.Seen)),
				)
			})),
		),
		goapp.H4().Text(fmt.Sprintf("The first %s as they will be written", plural(len(sample), "item"))),
		goapp.Table().ID(IDCSVSample).Class("wb-table").Attr("data-rows", len(sample)).Body(
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Text("Row"),
				goapp.Range(res.Columns).Slice(func(i int) goapp.UI { return goapp.Th().Class("wb-mono").Text(res.Columns[i].Name) }),
			)),
			goapp.TBody().Body(goapp.Range(sample).Slice(func(i int) goapp.UI {
				it := sample[i]
				return goapp.Tr().Body(
					goapp.Td().Class("wb-num").Text(strconv.Itoa(res.RowOf[i])),
					goapp.Range(res.Columns).Slice(func(j int) goapp.UI {
						v, ok := it[res.Columns[j].Name]
						if !ok {
							return goapp.Td().Class("wb-query-absent")
						}
						return goapp.Td().Class("wb-mono").Title(v.Type().String()).
							Text(v.Type().String() + " " + visualizer.FormatValue(v))
					}),
				)
			})),
		),
		goapp.If(len(errs) > 0, func() goapp.UI {
			return goapp.Div().Body(
				goapp.H4().Text("Rows with errors (skipped)"),
				goapp.Ul().ID(IDCSVErrors).Class("wb-error").Attr("data-count", len(res.Errors)+res.MoreErrors).Body(
					goapp.Range(errs).Slice(func(i int) goapp.UI {
						e := errs[i]
						return goapp.Li().Attr("data-row", e.Row).Attr("data-line", e.Line).Attr("data-column", e.Column).
							Text(errorText(e))
					}),
				),
				goapp.If(len(res.Errors)+res.MoreErrors > len(errs), func() goapp.UI {
					return goapp.P().Class("wb-muted").Text(fmt.Sprintf("…and %d more errors.", len(res.Errors)+res.MoreErrors-len(errs)))
				}),
			)
		}),
		goapp.Div().Class("wb-row-buttons").Body(
			goapp.Button().ID(IDCSVConfirm).Class("wb-btn wb-btn-primary").
				Disabled(c.running || len(res.Items) == 0).
				Title(greyed(c.running || len(res.Items) == 0, "Write the previewed items into the table",
					map[bool]string{true: "the import is running", false: "the file holds no item to import: fix the rows the preview names, or choose another file"}[c.running])).
				Text("Import "+plural(len(res.Items), "item")).
				OnClick(c.onImport),
			goapp.Button().ID(IDCSVCancel).Class("wb-btn").Disabled(c.running).Text("Cancel").
				Title(greyed(c.running, "Close the preview; nothing is written", "the import is writing; wait for it to end")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { c.res, c.err = nil, "" }),
			goapp.Progress().ID(IDCSVProgress).Class("wb-progress").
				Attr("max", c.total).Attr("value", c.done).
				Attr("aria-label", fmt.Sprintf("%d of %d items written", c.done, c.total)).
				Attr("data-done", c.done).Attr("data-total", c.total).
				Attr("data-running", strconv.FormatBool(c.running)),
			goapp.If(c.running, func() goapp.UI {
				return goapp.Span().Class("wb-muted").Text(fmt.Sprintf("%d%% · %d of %d", pct, c.done, c.total))
			}),
		),
	)
}

// errorText is a row error as the preview lists it.
func errorText(e itemcsv.RowError) string {
	s := fmt.Sprintf("Row %d (line %d)", e.Row, e.Line)
	if e.Column != "" {
		s += ", column " + e.Column
	}
	return s + ": " + e.Message
}

// seenText lists the types a column's values were read as.
func seenText(seen map[string]int) string {
	var parts []string
	for _, t := range []string{"S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"} {
		if n := seen[t]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s ×%d", t, n))
		}
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, ", ")
}

// onImport writes the preview's items, in the background, with progress.
func (c *csvImporter) onImport(ctx goapp.Context, e goapp.Event) {
	if c.res == nil || c.running {
		return
	}
	items, table, s := c.res.Items, c.table, c.Store
	c.running, c.done, c.total = true, 0, len(items)
	ctx.Async(func() {
		n, err := s.ImportItems(table, items, func(done int) {
			ctx.Dispatch(func(ctx goapp.Context) {
				c.done = done
				publish(ctx, s)
			})
		})
		ctx.Dispatch(func(ctx goapp.Context) {
			c.running, c.done = false, n
			if err == nil {
				c.res = nil
			} else {
				c.err = err.Error()
			}
			publish(ctx, s)
		})
	})
}

// export downloads the table's items as CSV.
func (c *csvImporter) export(ctx goapp.Context, table string) {
	st := c.State
	ts := st.Snapshot.Table(table)
	if ts == nil {
		c.err = fmt.Sprintf("there is no table %q", table)
		return
	}
	items := make([]attr.Item, 0, ts.Len())
	ts.Items(func(it attr.Item) bool {
		items = append(items, it)
		return true
	})
	var b bytes.Buffer
	if err := itemcsv.Write(&b, items, keyNamesOf(st.Model, table)...); err != nil {
		c.err = err.Error()
		return
	}
	c.err = ""
	downloadText(csvFileName(table), b.String())
	c.act(ctx, func() { c.Store.Note(fmt.Sprintf("Exported %s of %s as CSV", plural(len(items), "item"), table)) })
}

// keyNamesOf is the table's key attribute names, partition key first.
func keyNamesOf(m *model.Model, table string) []string {
	t := m.Table(table)
	if t == nil {
		return nil
	}
	keys := []string{t.HashKey()}
	if sk := t.RangeKey(); sk != "" {
		keys = append(keys, sk)
	}
	return keys
}

// resultCSVButton is Export CSV for a request's items: a query's result
// goes to a spreadsheet as the table would.
func resultCSVButton(m *model.Model, r *Result) goapp.UI {
	if r == nil || len(r.Items) == 0 {
		return goapp.Text("")
	}
	var req struct {
		TableName string `json:"TableName"`
	}
	_ = json.Unmarshal(r.Request, &req)
	return goapp.Button().ID(IDResultCSV).Class("wb-btn wb-btn-small").Text("Export CSV").
		Title("Download the items of this result as CSV").
		OnClick(func(ctx goapp.Context, e goapp.Event) {
			var b bytes.Buffer
			if err := itemcsv.Write(&b, r.Items, keyNamesOf(m, req.TableName)...); err != nil {
				return
			}
			name := req.TableName
			if name == "" {
				name = "result"
			}
			downloadText(csvFileName(name+"-"+strings.ToLower(r.Operation)), b.String())
		}, goapp.EventScope(r))
}

// csvFileName is a download name for a table's CSV.
func csvFileName(table string) string {
	n := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			return r
		}
		return '-'
	}, table)
	return n + ".csv"
}

// lastDownload is the Blob URL of the last CSV download, revoked when the
// next one is made (revoking at once could cancel the download).
var lastDownload string

// downloadText downloads text as a file through a Blob URL, by clicking a
// link (IDCSVDownload) that stays in the page until the next download.
func downloadText(name, text string) {
	if !goapp.IsClient {
		return
	}
	win := goapp.Window()
	doc := win.Get("document")
	blob := win.Get("Blob").New([]any{text}, map[string]any{"type": "text/csv;charset=utf-8"})
	u := win.Get("URL").Call("createObjectURL", blob).String()
	if lastDownload != "" {
		win.Get("URL").Call("revokeObjectURL", lastDownload)
	}
	lastDownload = u
	a := doc.Call("getElementById", IDCSVDownload)
	if !a.Truthy() {
		a = doc.Call("createElement", "a")
		a.Set("id", IDCSVDownload)
		a.Get("style").Set("display", "none")
		doc.Get("body").Call("appendChild", a)
	}
	a.Set("href", u)
	a.Set("download", name)
	a.Call("click")
}

// ---- the store's side ----

// importBatch is BatchWriteItem's limit of put requests per call.
const importBatch = 25

// importRetries bounds the retries of unprocessed items (a provisioned
// table's throttling), as the SDKs retry them.
const importRetries = 8

// ImportItems writes items into a table of the running design with
// BatchWriteItem, 25 a request, through the wire protocol code like every
// request of the page. progress is called every few hundred items with the
// count written. It returns how many were written; on a refused request it
// stops there, with DynamoDB's error.
func (s *Store) ImportItems(table string, items []attr.Item, progress func(done int)) (int, error) {
	s.mu.Lock()
	// Many writes would each leave a highlight; like a dataset load, a
	// large import shows none.
	quiet := len(items) > 500
	if quiet {
		s.live.quiet = true
	}
	started := s.wall()
	s.mu.Unlock()

	done := 0
	finish := func(err error) (int, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if quiet {
			s.live.quiet = false
		}
		if err != nil {
			s.err, s.message = fmt.Sprintf("the import stopped after %d of %d items: %v", done, len(items), err), ""
		} else {
			s.message, s.err = fmt.Sprintf("Imported %s into %s in %s", plural(done, "item"), table, s.wall().Sub(started).Round(time.Millisecond)), ""
		}
		s.publishLocked()
		return done, err
	}
	for start := 0; start < len(items); start += importBatch {
		batch := items[start:min(start+importBatch, len(items))]
		if err := s.writeBatch(table, batch); err != nil {
			return finish(err)
		}
		done += len(batch)
		if progress != nil && (done%500 < importBatch || done == len(items)) {
			s.mu.Lock()
			s.publishLocked()
			s.mu.Unlock()
			progress(done)
			// Let the browser paint the progress.
			time.Sleep(time.Millisecond)
		}
	}
	return finish(nil)
}

// writeBatch writes one batch, retrying unprocessed items.
func (s *Store) writeBatch(table string, batch []attr.Item) error {
	type put struct {
		PutRequest struct {
			Item attr.Item `json:"Item"`
		} `json:"PutRequest"`
	}
	reqs := make([]put, len(batch))
	for i, it := range batch {
		reqs[i].PutRequest.Item = it
	}
	for try := 0; ; try++ {
		body, err := json.Marshal(map[string]any{"RequestItems": map[string][]put{table: reqs}})
		if err != nil {
			return err
		}
		s.mu.Lock()
		r := s.dispatchLocked("BatchWriteItem", body)
		s.mu.Unlock()
		if r.Status != 200 {
			return fmt.Errorf("%s: %s", r.ErrorType, r.ErrorMessage)
		}
		var out struct {
			UnprocessedItems map[string][]put `json:"UnprocessedItems"`
		}
		if err := json.Unmarshal(r.Response, &out); err != nil {
			return err
		}
		reqs = out.UnprocessedItems[table]
		if len(reqs) == 0 {
			return nil
		}
		if try == importRetries {
			return errors.New("the table kept throttling the writes (UnprocessedItems after retries): raise its write capacity")
		}
		time.Sleep(time.Duration(10<<try) * time.Millisecond)
	}
}
