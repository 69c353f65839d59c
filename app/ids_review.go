package app

import "strconv"

// Element ids of the design review: the Design panel's section (of the
// draft) and the Load panel's (of the running design, on the items
// loaded).
const (
	IDReview         = "wb-review"          // the design review (data-state: idle, computing, ready)
	IDReviewRun      = "wb-review-run"      // review the design: load its data, run its patterns, list the findings
	IDReviewFindings = "wb-review-findings" // the findings, each with data-kind and data-element
	IDReviewFix      = "wb-review-fix-"     // + finding index: apply the finding's fix to the design (one click)

	IDLoadReview         = "wb-load-review"          // the Load panel's design review (data-state as IDReview's)
	IDLoadReviewRun      = "wb-load-review-run"      // review the running design on the items loaded
	IDLoadReviewFindings = "wb-load-review-findings" // its findings, each with data-kind and data-element
	IDLoadReviewFix      = "wb-load-review-fix-"     // + finding index: apply its fix to the design
)

// reviewIDs are one review section's element ids.
type reviewIDs struct{ root, run, findings, fix string }

var (
	designReviewIDs = reviewIDs{IDReview, IDReviewRun, IDReviewFindings, IDReviewFix}
	loadReviewIDs   = reviewIDs{IDLoadReview, IDLoadReviewRun, IDLoadReviewFindings, IDLoadReviewFix}
)

// reviewFixID is the id of the Design review's finding i's fix button.
func reviewFixID(i int) string { return IDReviewFix + strconv.Itoa(i) }
