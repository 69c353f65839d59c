package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/itemcsv"
	"github.com/dynamodb-workbench/workbench/patterns"
)

// csvRows is the size of the browser journey's CSV, and csvBad its bad
// rows (1-based data rows) with the column each one blames.
const csvRows = 10_000

var csvBad = map[int]string{
	17:   "PK",  // no partition key
	5000: "qty", // "many" in a typed N column
	9999: "PK",  // the same key as row 1
}

// journeyCSV is a CSV of csvRows items for the composite-sort-key
// pattern's ShoppingCart table (PK, SK strings), with csvBad's rows bad.
func journeyCSV() string {
	var b strings.Builder
	b.WriteString("PK,SK,note,qty:N,tags:SS\n")
	for i := 1; i <= csvRows; i++ {
		pk, sk, qty := fmt.Sprintf("CSV#%04d", i%500), fmt.Sprintf("ITEM#%05d", i), fmt.Sprint(i%9)
		switch i {
		case 17:
			pk = ""
		case 5000:
			qty = "many"
		case 9999:
			pk, sk = "CSV#0001", "ITEM#00001"
		}
		fmt.Fprintf(&b, "%s,%s,\"row %d, imported\",%s,\"[\"\"t%d\"\"]\"\n", pk, sk, i, qty, i%3)
	}
	return b.String()
}

// TestBrowserCSVImportExport is issue 19's CSV journey: a 10,000-row CSV
// with three bad rows is previewed with each bad row's row and column;
// Cancel writes nothing; Import writes the 9,997 good rows; Export CSV
// downloads the table, and the imported items read back from it equal
// what the file said.
func TestBrowserCSVImportExport(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=composite-sort-key&items=50")
	b.waitLoaded(50, time.Minute)
	b.click(app.IDTab + app.TabData)
	b.waitFor("the collections show 50 items", fmt.Sprintf(`document.getElementById(%q)?.dataset.items === "50"`, app.IDCollections), 30*time.Second)

	dir := t.TempDir()
	file := filepath.Join(dir, "cart.csv")
	csv := journeyCSV()
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	choose := func() {
		b.run("choosing cart.csv", chromedp.SetUploadFiles("#"+app.IDCSVFile, []string{file}, chromedp.ByQuery, chromedp.NodeReady))
		b.waitFor("the preview", fmt.Sprintf(`document.getElementById(%q)?.dataset.items === "%d"`, app.IDCSVPreview, csvRows-len(csvBad)), time.Minute)
	}
	choose()
	var preview struct {
		Rows, Bad string
		Errors    []struct{ Row, Column, Text string }
	}
	b.eval("reading the preview", fmt.Sprintf(`(() => { const p = document.getElementById(%q);
		return {Rows: p.dataset.rows, Bad: p.dataset.badRows,
			Errors: [...document.querySelectorAll("#%s li")].map(li => ({Row: li.dataset.row, Column: li.dataset.column, Text: li.textContent}))}; })()`,
		app.IDCSVPreview, app.IDCSVErrors), &preview)
	if preview.Rows != fmt.Sprint(csvRows) || preview.Bad != "3" || len(preview.Errors) != 3 {
		t.Fatalf("preview: %+v", preview)
	}
	for _, e := range preview.Errors {
		var row int
		fmt.Sscan(e.Row, &row)
		if col, ok := csvBad[row]; !ok || e.Column != col || !strings.Contains(e.Text, fmt.Sprintf("Row %d (line %d), column %s: ", row, row+1, col)) {
			t.Errorf("error %+v: want one of %v", e, csvBad)
		}
	}
	var sampleRows int
	b.eval("counting the sample", fmt.Sprintf(`document.querySelectorAll("#%s tbody tr").length`, app.IDCSVSample), &sampleRows)
	if sampleRows != 10 {
		t.Errorf("the preview shows %d items, want 10", sampleRows)
	}
	b.screenshot("csv-preview")

	// Cancel writes nothing.
	b.click(app.IDCSVCancel)
	b.waitFor("the preview closes", fmt.Sprintf(`!document.getElementById(%q)`, app.IDCSVPreview), 10*time.Second)
	var items string
	b.eval("counting items", fmt.Sprintf(`document.getElementById(%q).dataset.items`, app.IDCollections), &items)
	if items != "50" {
		t.Fatalf("after Cancel the table has %s items, want 50", items)
	}

	// Import writes the good rows.
	choose()
	b.click(app.IDCSVConfirm)
	want := fmt.Sprintf("Imported %d items into ShoppingCart", csvRows-len(csvBad))
	b.waitFor("the import ends", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes(%q)`, app.IDStatus, want), 3*time.Minute)
	b.waitFor("the collections count the items", fmt.Sprintf(`document.getElementById(%q)?.dataset.items === "%d"`, app.IDCollections, 50+csvRows-len(csvBad)), time.Minute)

	// Export CSV downloads the table.
	downloads := filepath.Join(dir, "downloads")
	b.run("allowing downloads", cdpbrowser.SetDownloadBehavior(cdpbrowser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(downloads))
	b.click(app.IDCSVExport)
	exported := waitForFile(t, filepath.Join(downloads, "ShoppingCart.csv"))
	res, err := itemcsv.Read(strings.NewReader(exported), itemcsv.Options{})
	if err != nil || len(res.Errors) > 0 {
		t.Fatalf("the export does not read back: %v %v", err, res.Errors)
	}
	if res.Rows != 50+csvRows-len(csvBad) {
		t.Errorf("the export has %d rows, want %d", res.Rows, 50+csvRows-len(csvBad))
	}
	if !strings.HasPrefix(exported, "PK:S,SK:S,") {
		t.Errorf("the export's header: %.80q", exported)
	}
	p, _ := patterns.Get("composite-sort-key")
	def := p.Model().Table("ShoppingCart").TableDefinition
	in, err := itemcsv.Read(strings.NewReader(csv), itemcsv.Options{Table: &def})
	if err != nil {
		t.Fatal(err)
	}
	wantItems := map[string]attr.Item{}
	for _, it := range in.Items {
		wantItems[keyString(it)] = it
	}
	matched := 0
	for _, it := range res.Items {
		w, ok := wantItems[keyString(it)]
		if !ok {
			continue
		}
		matched++
		if !w.Equal(it) {
			a, _ := w.MarshalJSON()
			g, _ := it.MarshalJSON()
			t.Errorf("item %s: exported %s, imported %s", keyString(it), g, a)
		}
	}
	if matched != len(wantItems) {
		t.Errorf("%d of the %d imported items are in the export", matched, len(wantItems))
	}

	// A query's result exports too: the first access pattern, one click.
	var ap string
	b.eval("finding an access pattern", `document.querySelector('[id^="wb-ap-"]').id`, &ap)
	b.click(ap)
	b.waitFor("the result shows", fmt.Sprintf(`!!document.getElementById(%q)`, app.IDResultCSV), 30*time.Second)
	var count string
	b.eval("reading Count", fmt.Sprintf(`document.getElementById(%q).dataset.count`, app.IDResultCount), &count)
	var op string
	b.eval("reading the operation", fmt.Sprintf(`document.getElementById(%q).dataset.operation`, app.IDResult), &op)
	b.click(app.IDResultCSV)
	got := waitForFile(t, filepath.Join(downloads, "ShoppingCart-"+strings.ToLower(op)+".csv"))
	qres, err := itemcsv.Read(strings.NewReader(got), itemcsv.Options{Table: &def})
	if err != nil || len(qres.Errors) > 0 || fmt.Sprint(len(qres.Items)) != count || count == "0" {
		t.Errorf("the result's CSV: %v %v, %d items; Count %s", err, qres.Errors, len(qres.Items), count)
	}
}

func keyString(it attr.Item) string {
	return fmt.Sprint(it["PK"], "|", it["SK"])
}

// waitForFile waits for a finished download and returns its content.
func waitForFile(t *testing.T, path string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 {
			if _, err := os.Stat(path + ".crdownload"); os.IsNotExist(err) {
				return string(b)
			}
		}
		select {
		case <-ctx.Done():
			entries, _ := os.ReadDir(filepath.Dir(path))
			t.Fatalf("no download at %s (the folder holds %v)", path, entries)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// TestBrowserDamagedShareLink: a share link with one character changed
// says it is damaged instead of opening a design.
func TestBrowserDamagedShareLink(t *testing.T) {
	b := startBrowser(t)
	b.open("/?pattern=sparse-index&items=20")
	b.waitLoaded(20, time.Minute)
	b.click(app.IDShare)
	b.waitFor("the link is made", fmt.Sprintf(`(document.getElementById(%q)?.value || "").includes("#m=2.")`, app.IDShareLink), 10*time.Second)
	var link string
	b.eval("reading the link", fmt.Sprintf(`document.getElementById(%q).value`, app.IDShareLink), &link)
	// Change one character in the middle of the payload.
	i := strings.Index(link, "#m=2.") + 20 + (len(link)-strings.Index(link, "#m="))/2
	c := byte('A')
	if link[i] == 'A' {
		c = 'B'
	}
	damaged := link[:i] + string(c) + link[i+1:]
	b.open("/")
	b.open(strings.TrimPrefix(damaged, b.url))
	b.waitFor("the damage is reported", fmt.Sprintf(`(document.getElementById(%q)?.textContent || "").includes("the share link is damaged")`, app.IDError), 15*time.Second)
	if msg := b.textOf(app.IDError); !strings.Contains(msg, "checksum does not match") || !strings.Contains(msg, "Nothing was opened") {
		t.Errorf("error line: %q", msg)
	}
	b.screenshot("damaged-link")
}
