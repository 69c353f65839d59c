package app

// Element ids of the Grid tab and of the facets, beside ids.go's. Like
// those, they are a public interface for the browser tests and README's UI
// map. A column's suffix is its attribute name (id-safe), or gridEntityCol
// for the entity column.
const (
	IDGrid            = "wb-grid"              // the grid (data-rows: rows in the view, data-items: items in the table, data-from and data-to: the rows rendered)
	IDGridComputing   = "wb-grid-computing"    // the notice shown while a large table's grid is built (a job)
	IDGridFilter      = "wb-grid-filter"       // the text filter over every cell
	IDGridColFilter   = "wb-grid-f-"           // + column: that column's filter
	IDGridHeader      = "wb-grid-h-"           // + column: its header; a click sorts by it, a second click reverses (aria-sort)
	IDGridRow         = "wb-grid-r-"           // + visualizer.ItemKey of the item: its row; cells carry data-col and data-type
	IDGridAdd         = "wb-grid-add"          // add a row: opens the new row's key form
	IDGridAddColumn   = "wb-grid-add-col"      // a new attribute's name: adds its (empty) column, to fill cell by cell
	IDGridDuplicate   = "wb-grid-dup-"         // + ItemKey: duplicate the row under a new key
	IDGridDelete      = "wb-grid-del-"         // + ItemKey: delete the row (DeleteItem)
	IDGridFacets      = "wb-grid-facets"       // show the entities' names for the key attributes (a checkbox)
	IDGridEditor      = "wb-grid-editor"       // the cell editor (data-col, data-row)
	IDGridEditType    = "wb-grid-edit-type"    // the value's type: S, N, B, BOOL, NULL, or JSON for sets, lists and maps
	IDGridEditValue   = "wb-grid-edit-value"   // the value (a textarea for JSON)
	IDGridEditSave    = "wb-grid-edit-save"    // write the cell (UpdateItem; a key cell asks to move the item first)
	IDGridEditRemove  = "wb-grid-edit-remove"  // remove the attribute (UpdateItem REMOVE)
	IDGridEditCancel  = "wb-grid-edit-cancel"  // close the editor
	IDGridEditError   = "wb-grid-edit-error"   // why the value is not valid
	IDGridMoveConfirm = "wb-grid-move-confirm" // confirm a key change: delete and put under the new key in one transaction
	IDGridNew         = "wb-grid-new"          // the new row's form; its key fields are wb-grid-new-<key attribute>
	IDGridNewSave     = "wb-grid-new-save"     // put the new row (PutItem, the key must be free)
	IDGridError       = "wb-grid-error"        // the last write's error, in DynamoDB's words
	IDFacets          = "wb-facets"            // the collections view's facets toggle (a checkbox)
)

// gridEntityCol is the id suffix and data-col of the entity column.
const gridEntityCol = "-entity"
