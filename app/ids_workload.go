package app

import "strconv"

// Element ids of the workload editor (in the Design and Load panels) and
// of the "what is missing" notices of the analysis panels. Like the others
// they are a public interface: browser tests and README's UI map use them.
//
// An access pattern's controls are numbered by its position in the running
// design: IDWorkloadPattern + i + a suffix ("wb-workload-ap-0-rate"); a
// parameter's by its name: ... + IDWorkloadParam + name (id-safe) + a
// suffix ("wb-workload-ap-0-param-userId-kind").
const (
	IDWorkload         = "wb-workload"          // the workload editor
	IDWorkloadDuration = "wb-workload-duration" // how long a simulation runs (seconds)
	IDWorkloadDefaults = "wb-workload-defaults" // give every access pattern a typical rate and uniform keys
	IDWorkloadPattern  = "wb-workload-ap-"      // + access pattern index: its row
	IDWorkloadRate     = "-rate"                // calls per second of the access pattern
	IDWorkloadParam    = "-param-"              // + parameter (id-safe): one parameter's key distribution
	IDWorkloadKind     = "-kind"                // the distribution: example, uniform, hot, sequential, zipf
	IDWorkloadCard     = "-card"                // how many distinct values
	IDWorkloadHot      = "-hot"                 // the hot value's share of requests (hot)
	IDWorkloadSkew     = "-skew"                // the Zipf skew (zipf)
	IDWorkloadFormat   = "-format"              // how a value is made from {n}

	IDMissing    = "wb-missing"     // an analysis panel's notice of what it needs (data-missing names it)
	IDMissingFix = "wb-missing-fix" // the notice's button that adds what is missing
)

// workloadPatternID is the id of access pattern i's workload row, or of
// one of its controls.
func workloadPatternID(i int, suffix string) string {
	return IDWorkloadPattern + strconv.Itoa(i) + suffix
}

// workloadParamID is the id of a control of parameter name of access
// pattern i.
func workloadParamID(i int, name, suffix string) string {
	return workloadPatternID(i, IDWorkloadParam+idSafe(name)+suffix)
}
