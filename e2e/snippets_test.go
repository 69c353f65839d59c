package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/dynamodb-workbench/workbench/app"
	"github.com/dynamodb-workbench/workbench/codegen/snippet"
)

// TestBrowserCopyJavaSnippet runs an access pattern in the query console,
// switches the request snippets to Java and copies it: what the page puts
// on the clipboard is the Java program shown, and the clipboard holds it.
func TestBrowserCopyJavaSnippet(t *testing.T) {
	b := startBrowser(t)
	b.run("granting the clipboard", cdpbrowser.GrantPermissions([]cdpbrowser.PermissionType{
		cdpbrowser.PermissionTypeClipboardReadWrite, cdpbrowser.PermissionTypeClipboardSanitizedWrite,
	}).WithOrigin(b.url))
	b.open("/?pattern=multi-tenancy&items=100")
	b.waitLoaded(100, time.Minute)
	b.click(app.IDTab + app.TabQuery)
	b.waitFor("the access patterns show", fmt.Sprintf(`!!document.querySelector('[id^=%q]')`, app.IDQueryPattern), 30*time.Second)
	var run string
	b.eval("finding the first access pattern", fmt.Sprintf(`document.querySelector('[id^=%q]').id`, app.IDQueryPattern), &run)
	b.click(run)
	b.waitFor("the result and its snippets show", fmt.Sprintf(`(() => { const r = document.getElementById(%q);
		return !!r && r.dataset.operation === "Query" && !!document.getElementById(%q); })()`,
		app.IDResult, app.IDSnippet+string(snippet.Java)), 30*time.Second)

	// The server wrote them (POST /api/snippet: the page's wasm carries
	// no writer).
	b.eval("showing the snippets", fmt.Sprintf(`(() => { document.getElementById(%q).scrollIntoView({block: "center"}); return true; })()`, app.IDSnippets), new(bool))
	shots(b, "query-snippets")
	java := app.IDSnippet + string(snippet.Java)
	for _, l := range []snippet.Language{snippet.Java, snippet.CSharp, snippet.Rust} {
		var tab string
		b.eval("reading the tab", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent || ""`, app.IDSnippetTab+string(l)), &tab)
		if tab != l.Title() {
			t.Errorf("tab %s reads %q, want %q", l, tab, l.Title())
		}
	}
	b.click(app.IDSnippetTab + string(snippet.Java))
	b.waitFor("the Java snippet shows", fmt.Sprintf(`(() => { const s = document.getElementById(%q);
		return !!s && s.offsetParent !== null; })()`, java), 10*time.Second)

	// Record what the page hands the clipboard, then let it through.
	var hooked bool
	b.eval("recording clipboard writes", `(() => { const c = navigator.clipboard; if (!c) return false;
		const write = c.writeText.bind(c); window.__copied = [];
		c.writeText = (text) => { window.__copied.push(text); return write(text); };
		return true; })()`, &hooked)
	if !hooked {
		t.Fatal("the page has no navigator.clipboard")
	}
	b.click(app.IDSnippetCopy + string(snippet.Java))
	b.waitFor("the copy button confirms", fmt.Sprintf(`(document.getElementById(%q) || {}).textContent === "Copied ✓"`,
		app.IDSnippetCopy+string(snippet.Java)), 10*time.Second)

	var shown string
	b.eval("reading the Java snippet", fmt.Sprintf(`document.getElementById(%q).textContent`, java), &shown)
	var copied []string
	b.eval("reading what was copied", `window.__copied`, &copied)
	if len(copied) != 1 || copied[0] != shown {
		t.Fatalf("copied %q, want the Java snippet shown:\n%s", copied, shown)
	}
	for _, want := range []string{"public class Main {", "QueryResponse response = client.query(QueryRequest.builder()",
		`.tableName("Photos")`, "AttributeValue.builder().s(", `.endpointOverride(URI.create("` + b.url + `"))`} {
		if !strings.Contains(shown, want) {
			t.Errorf("the Java snippet lacks %q:\n%s", want, shown)
		}
	}

	// The clipboard itself.
	var clip string
	err := chromedp.Run(b.ctx, chromedp.Evaluate(`navigator.clipboard.readText()`, &clip,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	if err != nil {
		t.Fatalf("reading the clipboard: %v", err)
	}
	if clip != shown {
		t.Errorf("the clipboard holds %q, want the Java snippet:\n%s", clip, shown)
	}
}
