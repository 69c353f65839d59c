package app

import (
	"strconv"
	"strings"
)

// Element ids of the main controls and panels. They are a public interface:
// the browser tests find elements by them and README's UI map lists them for
// people who automate the workbench. Rename one only with both.
const (
	// IDRoot is the main area that holds the workbench's panels.
	IDRoot = "wb-root" // the main area that holds the panels
	// IDStatus is the status line: the outcome of the last action.
	IDStatus = "wb-status" // the status line: the outcome of the last action
	// IDError shows the last action's failure.
	IDError = "wb-error" // the last action's failure

	// Header toolbar.
	IDPatternSelect = "wb-pattern-select" // the pattern library (a select)
	IDNewBlank      = "wb-new"            // start a blank model
	IDOpenFile      = "wb-open-file"      // open a model file or import another tool's (input type=file)
	IDSaveFile      = "wb-save-file"      // download the model as JSON
	IDShare         = "wb-share"          // put the model in the URL (share link)
	IDShareLink     = "wb-share-link"     // the share link's text field
	IDUndo          = "wb-undo"           // undo the last design edit (Ctrl/⌘+Z)
	IDRedo          = "wb-redo"           // redo (Ctrl/⌘+Shift+Z, Ctrl+Y)
	IDTheme         = "wb-theme"          // light/dark toggle

	// Tabs and their panels: IDTab + name and IDPanel + name, for the
	// names in tabNames.
	IDTab   = "wb-tab-"   // + tab name (design, data, grid, indexes, query, time, partitions, load, fanout, cost, export): the tab button
	IDPanel = "wb-panel-" // + tab name: the tab's panel

	// Sidebar: the model outline and its access patterns.
	IDOutline       = "wb-outline"   // the sidebar: the model outline, entities and access patterns
	IDNarrative     = "wb-narrative" // the pattern's narrative (what it solves, trade-offs, rule of thumb)
	IDAccessPattern = "wb-ap-"       // + access pattern name (id-safe): its one-click Run button in the sidebar

	// Data.
	IDLoadSize         = "wb-load-size"         // how many items to load
	IDLoadButton       = "wb-load"              // load the design's dataset
	IDLoadProgress     = "wb-load-progress"     // the load progress bar (data-done, data-total, data-running, data-cancelled)
	IDLoadPace         = "wb-load-pace"         // the load's progress in words: done of total, items/s, time left
	IDLoadCancel       = "wb-load-cancel"       // stop the running dataset load, keeping the items loaded so far (in the footer, on every tab)
	IDTableSelect      = "wb-table-select"      // the table a panel shows
	IDCollections      = "wb-collections"       // the item collections view (data-items, data-collections)
	IDCollectionFilter = "wb-collection-filter" // show one partition key's collection
	IDCollection       = "wb-coll-"             // + visualizer.ItemKey of the collection's first row
	IDRow              = "wb-row-"              // + visualizer.ItemKey of the item
	IDItemEditor       = "wb-item-editor"       // the item editor (DynamoDB JSON)
	IDItemAsJSON       = "wb-item-json"         // edit the item as DynamoDB JSON
	IDItemAsForm       = "wb-item-form-tab"     // edit the item as a form
	IDItemForm         = "wb-item-form"         // the item form; its rows' fields are wb-item-form-N-name, -type, -value
	IDItemFormAdd      = "wb-item-form-add"     // add an attribute row to the form
	IDItemSave         = "wb-item-save"         // write the edited item (PutItem)
	IDItemNew          = "wb-item-new"          // start a new item from the key attributes
	IDItemDelete       = "wb-item-delete"       // delete the selected item (DeleteItem)
	IDPrevPage         = "wb-page-prev"         // previous page of collections
	IDNextPage         = "wb-page-next"         // next page of collections

	// Indexes.
	IDIndexSelect    = "wb-index-select"    // the index the Indexes panel shows
	IDIndexSummary   = "wb-index-summary"   // the index's keys, projection and membership (data-in, data-out)
	IDIndexMembers   = "wb-index-members"   // the index's own item collections
	IDIndexExcluded  = "wb-index-excluded"  // the table's items the index leaves out, with the reason for each
	IDIndexProjected = "wb-index-projected" // the attributes the index holds: its keys, the table's keys (always projected), INCLUDE's
	IDIndexHints     = "wb-index-hints"     // access patterns on the index whose filter or projection names what it does not project
	IDIndexComputing = "wb-index-computing" // the notice shown while a large table's items are read for the index (a job)

	// Query.
	IDQueryOperation = "wb-query-op"        // the request builder's operation
	IDQueryEditor    = "wb-query-editor"    // the request JSON (the AWS CLI's --cli-input-json)
	IDQueryRun       = "wb-query-run"       // run the request (Ctrl/⌘+Enter)
	IDQueryNext      = "wb-query-next"      // run the next page (ExclusiveStartKey = LastEvaluatedKey)
	IDResult         = "wb-result"          // the last request's outcome
	IDResultItems    = "wb-result-items"    // the items returned
	IDResultCount    = "wb-result-count"    // Count
	IDResultScanned  = "wb-result-scanned"  // ScannedCount
	IDResultCapacity = "wb-result-capacity" // consumed capacity, total and per table and index
	IDResultError    = "wb-result-error"    // the error's type and DynamoDB's message
	IDSnippet        = "wb-snippet-"        // + language (cli, javascript, python, go, java, csharp, rust, json): the request as code

	// Time.
	IDClock       = "wb-clock"        // the virtual clock bar
	IDClockNow    = "wb-clock-now"    // the clock's time (datetime attribute: RFC 3339)
	IDClockPlay   = "wb-clock-play"   // play or pause the clock
	IDClockSpeed  = "wb-clock-speed"  // the clock's speed
	IDClockJump   = "wb-clock-jump"   // + 1m, 1h or 1d: jump the clock forward
	IDTimeline    = "wb-timeline"     // the TTL timeline (SVG)
	IDTTLDeletes  = "wb-ttl-deletes"  // the TTL sweeper's deletions, with their lag after expiry
	IDTTLUpcoming = "wb-ttl-upcoming" // the next items to expire
	IDTTLCounts   = "wb-ttl-counts"   // the TTL counts (data-items, data-with-ttl, data-expired, data-deleted)
	IDTTLFill     = "wb-ttl-fill-"    // + table name (id-safe): after an Apply turned TTL on, fill the TTL attribute of the items that lack it by its generator (in the footer)

	// Export and apply.
	IDExportFormat   = "wb-export-format"   // the export format
	IDExportProfile  = "wb-export-profile"  // default or production (CloudFormation and CDK)
	IDExportPending  = "wb-export-pending"  // a format the server renders is on its way
	IDExportDownload = "wb-export-download" // download the export (a zip for a CDK app)
	IDExportPreview  = "wb-export-preview"  // the generated file(s)
	IDExportWarnings = "wb-export-warnings" // what the format cannot carry
	IDExportError    = "wb-export-error"    // why the design cannot be exported
	IDApplyEndpoint  = "wb-apply-endpoint"  // the DynamoDB endpoint to apply the design to
	IDApplyReplace   = "wb-apply-replace"   // replace tables that exist at the endpoint
	IDApplyRun       = "wb-apply-run"       // apply through the server (POST /api/apply)
	IDApplyReport    = "wb-apply-report"    // the apply report: tables, items, each access pattern compared

	// Design.
	IDDesignApply = "wb-design-apply" // apply the edited design to the engine
	IDProblems    = "wb-problems"     // the design's problems, each with its path and DynamoDB's message
)

// Tab names, in the order the tab bar shows them.
const (
	TabDesign  = "design"
	TabData    = "data"
	TabGrid    = "grid"
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

var tabNames = []string{TabDesign, TabData, TabGrid, TabIndexes, TabQuery, TabTime, TabPartitions, TabLoad, TabFanOut, TabCost, TabExport}

var tabTitles = map[string]string{
	TabDesign:     "Design",
	TabData:       "Item collections",
	TabGrid:       "Grid",
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

// Element ids of the start page.
const (
	IDStart           = "wb-start"           // the start page
	IDStartWizard     = "wb-start-wizard"    // new design from access patterns
	IDStartBlank      = "wb-start-blank"     // a blank design
	IDStartOpen       = "wb-start-open"      // open a file (a label for IDStartOpenFile)
	IDStartOpenFile   = "wb-start-open-file" // the file input: a model or a NoSQL Workbench data model
	IDStartRecent     = "wb-start-recent"    // the recent designs kept in the browser
	IDStartRecentItem = "wb-start-recent-"   // + design name (id-safe): open it
	IDStartGallery    = "wb-start-gallery"   // the pattern gallery
	IDStartPattern    = "wb-start-pattern-"  // + pattern name: open the pattern
	IDHome            = "wb-home"            // the title: back to the start page
)

// Element ids of the design-from-access-patterns form. An entity's controls
// are IDWizardEntityRow + i + a suffix ("wb-wizard-entity-0-attrs"), an
// access pattern's IDWizardPatternRow + i + a suffix ("wb-wizard-ap-1-by").
const (
	IDWizard           = "wb-wizard"            // the form
	IDWizardAsForm     = "wb-wizard-as-form"    // describe the design in the form
	IDWizardAsText     = "wb-wizard-as-text"    // describe it in plain lines
	IDWizardText       = "wb-wizard-text"       // the plain lines (advise.Parse's language)
	IDWizardEntities   = "wb-wizard-entities"   // the entities' rows
	IDWizardPatterns   = "wb-wizard-patterns"   // the access patterns' rows
	IDWizardAddEntity  = "wb-wizard-add-entity" // add an entity
	IDWizardAddPattern = "wb-wizard-add-ap"     // add an access pattern
	IDWizardPropose    = "wb-wizard-propose"    // propose a design
	IDWizardCancel     = "wb-wizard-cancel"     // back to the start page
	IDWizardError      = "wb-wizard-error"      // why no design could be proposed
	IDWizardProposal   = "wb-wizard-proposal"   // the proposed design
	IDWizardReasons    = "wb-wizard-reasons"    // why, one line per decision (data-target names the part)
	IDWizardAccept     = "wb-wizard-accept"     // use the proposed design
	IDWizardEntityRow  = "wb-wizard-entity-"    // + index: an entity's row
	IDWizardPatternRow = "wb-wizard-ap-"        // + index: an access pattern's row
	IDWizardName       = "wb-wizard-name"       // the design's name
	IDWizardRowName    = "-name"                // an entity's or a pattern's name
	IDWizardAttrs      = "-attrs"               // an entity's attributes, a comma list (name or name:TYPE)
	IDWizardParent     = "-parent"              // the entity an entity belongs to
	IDWizardAction     = "-action"              // what a pattern does: get, list, put, update, delete
	IDWizardEntity     = "-entity"              // the entity a pattern reads or writes
	IDWizardBy         = "-by"                  // the attribute a pattern finds items by
	IDWizardSort       = "-sort"                // the attribute it sorts or ranges on
	IDWizardRare       = "-rare"                // only some items have the attribute (a sparse index)
	IDWizardRate       = "-rate"                // its calls per second
	IDWizardID         = "-id"                  // an entity's id attribute (empty: the advisor's default, shown as the placeholder)
	IDWizardMore       = "-more"                // what a pattern's plain line says beyond the form's fields (also by, where, with, newest first, limit, set)
	IDWizardRemove     = "-remove"              // remove the row
)

// wizardEntityID is the id of entity row i or one of its controls.
func wizardEntityID(i int, suffix string) string {
	return IDWizardEntityRow + strconv.Itoa(i) + suffix
}

// wizardPatternID is the id of access pattern row i or one of its controls.
func wizardPatternID(i int, suffix string) string {
	return IDWizardPatternRow + strconv.Itoa(i) + suffix
}
