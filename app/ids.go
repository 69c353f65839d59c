package app

import "strings"

// Element ids of the main controls and panels. They are a public interface:
// the browser tests find elements by them and README's UI map lists them for
// people who automate the workbench. Rename one only with both.
const (
	// IDRoot is the main area that holds the workbench's panels.
	IDRoot = "wb-root"
	// IDStatus is the status line: the outcome of the last action.
	IDStatus = "wb-status"
	// IDError shows the last action's failure.
	IDError = "wb-error"

	// Header toolbar.
	IDPatternSelect = "wb-pattern-select" // the pattern library (a select)
	IDNewBlank      = "wb-new"            // start a blank model
	IDOpenFile      = "wb-open-file"      // open a model file (input type=file)
	IDSaveFile      = "wb-save-file"      // download the model as JSON
	IDShare         = "wb-share"          // put the model in the URL (share link)
	IDShareLink     = "wb-share-link"     // the share link's text field
	IDUndo          = "wb-undo"
	IDRedo          = "wb-redo"
	IDTheme         = "wb-theme" // light/dark toggle

	// Tabs and their panels: IDTab + name and IDPanel + name, for the
	// names in tabNames.
	IDTab   = "wb-tab-"
	IDPanel = "wb-panel-"

	// Sidebar: the model outline and its access patterns.
	IDOutline       = "wb-outline"
	IDNarrative     = "wb-narrative"
	IDAccessPattern = "wb-ap-" // + access pattern name (sanitised): the run button

	// Data.
	IDLoadSize         = "wb-load-size"
	IDLoadButton       = "wb-load"
	IDLoadProgress     = "wb-load-progress"
	IDTableSelect      = "wb-table-select"
	IDCollections      = "wb-collections"
	IDCollectionFilter = "wb-collection-filter" // show one partition key's collection
	IDCollection       = "wb-coll-"             // + visualizer.ItemKey of the collection's first row
	IDRow              = "wb-row-"              // + visualizer.ItemKey of the item
	IDItemEditor       = "wb-item-editor"
	IDItemSave         = "wb-item-save"
	IDItemNew          = "wb-item-new"
	IDItemDelete       = "wb-item-delete"
	IDPrevPage         = "wb-page-prev"
	IDNextPage         = "wb-page-next"

	// Indexes.
	IDIndexSelect   = "wb-index-select"
	IDIndexSummary  = "wb-index-summary"
	IDIndexMembers  = "wb-index-members"
	IDIndexExcluded = "wb-index-excluded"

	// Query.
	IDQueryOperation = "wb-query-op"
	IDQueryEditor    = "wb-query-editor"
	IDQueryRun       = "wb-query-run"
	IDQueryNext      = "wb-query-next"
	IDResult         = "wb-result"
	IDResultItems    = "wb-result-items"
	IDResultCount    = "wb-result-count"
	IDResultScanned  = "wb-result-scanned"
	IDResultCapacity = "wb-result-capacity"
	IDResultError    = "wb-result-error"
	IDSnippet        = "wb-snippet-" // + language

	// Time.
	IDClock       = "wb-clock"
	IDClockNow    = "wb-clock-now"
	IDClockPlay   = "wb-clock-play"
	IDClockSpeed  = "wb-clock-speed"
	IDClockJump   = "wb-clock-jump" // + "1m", "1h", "1d"
	IDTimeline    = "wb-timeline"
	IDTTLDeletes  = "wb-ttl-deletes"
	IDTTLUpcoming = "wb-ttl-upcoming"

	// Export and apply.
	IDExportFormat   = "wb-export-format"
	IDExportDownload = "wb-export-download"
	IDExportPreview  = "wb-export-preview"
	IDExportWarnings = "wb-export-warnings"
	IDExportError    = "wb-export-error"
	IDApplyEndpoint  = "wb-apply-endpoint"
	IDApplyReplace   = "wb-apply-replace"
	IDApplyRun       = "wb-apply-run"
	IDApplyReport    = "wb-apply-report"

	// Design.
	IDDesignApply = "wb-design-apply"
	IDProblems    = "wb-problems"
)

// Tab names, in the order the tab bar shows them.
const (
	TabDesign  = "design"
	TabData    = "data"
	TabIndexes = "indexes"
	TabQuery   = "query"
	TabTime    = "time"
	// The views of partitions, load, fan-out and cost.
	TabPartitions = "partitions"
	TabLoad       = "load"
	TabFanOut     = "fanout"
	TabCost       = "cost"
	TabExport     = "export"
)

var tabNames = []string{TabDesign, TabData, TabIndexes, TabQuery, TabTime, TabPartitions, TabLoad, TabFanOut, TabCost, TabExport}

var tabTitles = map[string]string{
	TabDesign:     "Design",
	TabData:       "Item collections",
	TabIndexes:    "Indexes",
	TabQuery:      "Query",
	TabTime:       "Time & TTL",
	TabPartitions: "Partitions",
	TabLoad:       "Load",
	TabFanOut:     "Fan-out",
	TabCost:       "Cost",
	TabExport:     "Export",
}

// idSafe turns a name into something an id can carry.
func idSafe(name string) string {
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
