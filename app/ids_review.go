package app

import "strconv"

// Element ids of the design review (the Design panel's section).
const (
	IDReview         = "wb-review"          // the design review (data-state: idle, computing, ready)
	IDReviewRun      = "wb-review-run"      // review the design: load its data, run its patterns, list the findings
	IDReviewFindings = "wb-review-findings" // the findings, each with data-kind and data-element
	IDReviewFix      = "wb-review-fix-"     // + finding index: apply the finding's fix to the design (one click)
)

// reviewFixID is the id of finding i's fix button.
func reviewFixID(i int) string { return IDReviewFix + strconv.Itoa(i) }
