package app

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model"
	"github.com/dynamodb-workbench/workbench/model/itemcsv"
)

// csvFor makes a CSV of n rows for the table's keys, with the rows in bad
// (1-based) missing their partition key.
func csvFor(t *model.Table, n int, bad map[int]bool) string {
	var b strings.Builder
	hk, sk := t.HashKey(), t.RangeKey()
	typ := func(name string) string {
		for _, d := range t.AttributeDefinitions {
			if d.AttributeName == name {
				return string(d.AttributeType)
			}
		}
		return ""
	}
	val := func(name string, i int) string {
		switch typ(name) {
		case "N":
			return fmt.Sprint(i)
		case "B":
			return "AQ=="
		}
		return fmt.Sprintf("csv#%05d", i)
	}
	b.WriteString(hk + ":" + typ(hk))
	if sk != "" {
		b.WriteString("," + sk + ":" + typ(sk))
	}
	b.WriteString(",note,qty\n")
	for i := 1; i <= n; i++ {
		h := val(hk, i)
		if bad[i] {
			h = ""
		}
		b.WriteString(h)
		if sk != "" {
			b.WriteString("," + val(sk, i))
		}
		fmt.Fprintf(&b, ",imported %d,%d\n", i, i%7)
	}
	return b.String()
}

func tableLen(st *State, table string) int {
	if ts := st.Snapshot.Table(table); ts != nil {
		return ts.Len()
	}
	return -1
}

// TestCSVImporterPreviewCancelImport: the preview names the bad rows and
// columns, Cancel writes nothing, Import writes every good row through
// BatchWriteItem, and Export CSV gives back what was imported.
func TestCSVImporterPreviewCancelImport(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("composite-sort-key"); err != nil {
		t.Fatal(err)
	}
	tbl := s.State().Model.Tables[0]
	c := &csvImporter{Panel: Panel{Store: s, State: s.State()}, Table: tbl.TableName}
	e := goapp.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	before := tableLen(s.State(), tbl.TableName)

	res, err := c.read(tbl.TableName, csvFor(&tbl, 60, map[int]bool{7: true, 30: true}))
	if err != nil {
		t.Fatal(err)
	}
	c.file, c.table, c.res = "items.csv", tbl.TableName, res
	html := goapp.HTMLString(c.Render())
	for _, want := range []string{
		`id="` + IDCSVPreview + `"`, `data-items="58"`, `data-bad-rows="2"`,
		`data-row="7"`, `data-line="8"`, `data-column="` + tbl.HashKey() + `"`,
		"Row 30 (line 31), column " + tbl.HashKey() + ": One or more parameter values were invalid: Missing the key " + tbl.HashKey() + " in the item",
		"2 rows with errors will be skipped", "Import 58 items", `id="` + IDCSVCancel + `"`,
		"N ×58", // qty inferred as numbers, in the good rows
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the preview lacks %q", want)
		}
	}
	if strings.Count(html, "<tr") != 1+len(res.Columns)+1+csvPreviewRows {
		t.Errorf("the preview has %d table rows", strings.Count(html, "<tr"))
	}

	// Cancel: the preview goes, nothing is written.
	c.res = nil
	if n := tableLen(s.State(), tbl.TableName); n != before {
		t.Fatalf("cancel: the table has %d items, had %d", n, before)
	}

	// Import.
	var reports []int
	n, err := s.ImportItems(tbl.TableName, res.Items, func(done int) { reports = append(reports, done) })
	if err != nil || n != 58 {
		t.Fatalf("ImportItems: %d, %v", n, err)
	}
	st := s.State()
	if got := tableLen(st, tbl.TableName); got != before+58 {
		t.Errorf("the table has %d items, want %d", got, before+58)
	}
	if len(reports) == 0 || reports[len(reports)-1] != 58 {
		t.Errorf("progress reports %v", reports)
	}
	if !strings.Contains(st.Message, "Imported 58 items into "+tbl.TableName) {
		t.Errorf("status %q", st.Message)
	}

	// What was imported reads back from the table as it was written.
	ts := st.Snapshot.Table(tbl.TableName)
	var got []attr.Item
	ts.Items(func(it attr.Item) bool {
		if _, ok := it["note"]; ok {
			got = append(got, it)
		}
		return true
	})
	var b bytes.Buffer
	if err := itemcsv.Write(&b, got, keyNamesOf(st.Model, tbl.TableName)...); err != nil {
		t.Fatal(err)
	}
	back, err := itemcsv.Read(&b, itemcsv.Options{Table: &tbl.TableDefinition})
	if err != nil || len(back.Errors) > 0 || len(back.Items) != 58 {
		t.Fatalf("export read back: %v %v %d", err, back.Errors, len(back.Items))
	}
}

// TestImportItemsStopsOnARefusal: a batch DynamoDB refuses stops the
// import with its error; the batches before it stay written.
func TestImportItemsStopsOnARefusal(t *testing.T) {
	s, _ := newTestStore(t)
	if err := s.OpenPattern("composite-sort-key"); err != nil {
		t.Fatal(err)
	}
	tbl := s.State().Model.Tables[0]
	before := tableLen(s.State(), tbl.TableName)
	res, err := itemcsv.Read(strings.NewReader(csvFor(&tbl, 30, nil)), itemcsv.Options{Table: &tbl.TableDefinition})
	if err != nil || len(res.Items) != 30 {
		t.Fatal(err, res.Errors)
	}
	items := append([]attr.Item(nil), res.Items...)
	items[27] = attr.Item{"nokey": attr.String("x")} // in the second batch
	n, err := s.ImportItems(tbl.TableName, items, nil)
	if err == nil || n != 25 || !strings.Contains(err.Error(), "ValidationException") {
		t.Fatalf("ImportItems: %d, %v", n, err)
	}
	if got := tableLen(s.State(), tbl.TableName); got != before+25 {
		t.Errorf("%d items, want %d", got, before+25)
	}
	if !strings.Contains(s.State().Error, "the import stopped after 25 of 30 items") {
		t.Errorf("error line %q", s.State().Error)
	}
}

func TestCSVFileName(t *testing.T) {
	if got := csvFileName("Orders v2/é"); got != "Orders-v2--.csv" {
		t.Errorf("csvFileName: %q", got)
	}
}
