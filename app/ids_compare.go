package app

// Element ids of Compare with… (panel_compare.go): the control beside
// Share and the migration plan it shows. Like the others they are a public
// interface: browser tests and README's UI map use them.
const (
	IDCompare        = "wb-compare"         // Compare with…: opens the comparison of the draft with another version
	IDComparePanel   = "wb-compare-panel"   // the comparison: where from, the size, the plan
	IDCompareSource  = "wb-compare-source"  // compare with: the pattern, the applied design, a file or a share link (a select)
	IDCompareFile    = "wb-compare-file"    // the design file to compare with (input type=file)
	IDCompareLink    = "wb-compare-link"    // the share link to compare with (/#m=… or /s/ID)
	IDCompareSize    = "wb-compare-size"    // the data's size in production, GB (empty: measured on the dataset)
	IDCompareRun     = "wb-compare-run"     // compare: make the migration plan
	IDCompareClose   = "wb-compare-close"   // close the comparison
	IDCompareSummary = "wb-compare-summary" // the plan's summary: steps, deploys, total time and cost (data-replacement)
	IDCompareStep    = "wb-compare-step-"   // + step number from 1: a step with its badges, estimate and arithmetic (data-kind, data-online, data-replacement)
	IDCompareBroken  = "wb-compare-broken"  // the access patterns that break
)
