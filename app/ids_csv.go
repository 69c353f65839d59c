package app

// Element ids of CSV import and export (csv_import.go). Like the others
// they are a public interface: browser tests and README's UI map use them.
const (
	IDCSVImport   = "wb-csv-import"   // Import CSV…: the label of the file picker, on the item collections view
	IDCSVFile     = "wb-csv-file"     // the CSV file to import (input type=file)
	IDCSVExport   = "wb-csv-export"   // Export CSV: download the table's items as CSV
	IDCSVPreview  = "wb-csv-preview"  // the import's preview (data-rows, data-items, data-bad-rows, data-table)
	IDCSVColumns  = "wb-csv-columns"  // the preview's columns with their declared or inferred types
	IDCSVSample   = "wb-csv-sample"   // the first items as they will be written
	IDCSVErrors   = "wb-csv-errors"   // the rows with errors; each li has data-row, data-line, data-column
	IDCSVConfirm  = "wb-csv-confirm"  // Import: write the good rows (BatchWriteItem, 25 a request)
	IDCSVCancel   = "wb-csv-cancel"   // Cancel: close the preview, writing nothing
	IDCSVProgress = "wb-csv-progress" // the import's progress bar (data-done, data-total, data-running)
	IDCSVDownload = "wb-csv-download" // the link of the last CSV download (a Blob URL)
	IDResultCSV   = "wb-result-csv"   // Export CSV of the last request's items (Query tab)
)
