package wire

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// TestTruncatedJSON: a body cut short is a SerializationException that
// says the input ended, with no decoder artefact (a NUL) in the message.
func TestTruncatedJSON(t *testing.T) {
	db := engine.New()
	for _, body := range []string{`{"TableName": "Photos", `, `{"TableName": "Pho`, `{`} {
		status, resp := Dispatch(db, TargetPrefix+"Scan", []byte(body))
		if status != 400 || !strings.Contains(string(resp), "SerializationException") {
			t.Errorf("%q: %d %s", body, status, resp)
		}
		if strings.Contains(string(resp), `\u0000`) || strings.Contains(string(resp), "\\x00") || !strings.Contains(string(resp), "unexpected end of JSON input") {
			t.Errorf("%q: %s", body, resp)
		}
	}
}
