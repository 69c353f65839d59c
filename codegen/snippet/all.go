package snippet

import "encoding/json"

// Job is a request to write in every language, as POST /api/snippet reads
// it: the page sends one per result (its wasm does not carry the writers).
type Job struct {
	Operation string          `json:"operation"`
	Input     json.RawMessage `json:"input"`
	Endpoint  string          `json:"endpoint,omitempty"`
	Region    string          `json:"region,omitempty"`
	// FanOut, when set, writes a loop over the fan-out parameter: Input
	// holds FanOut.Marker() where the parameter goes (RenderFanOut).
	FanOut *FanOut `json:"fanOut,omitempty"`
}

// RenderAll writes j in every language of Languages; a language that
// cannot write it holds its error's text, as a UI shows it.
func RenderAll(j Job) map[Language]string {
	r := Request{Operation: j.Operation, Input: j.Input, Endpoint: j.Endpoint, Region: j.Region}
	out := make(map[Language]string, len(Languages()))
	for _, l := range Languages() {
		var text string
		var err error
		if j.FanOut != nil {
			text, err = RenderFanOut(r, *j.FanOut, l)
		} else {
			text, err = Render(r, l)
		}
		if err != nil {
			text = err.Error()
		}
		out[l] = text
	}
	return out
}
