package engine

import (
	"strings"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestVerifyWriteCatchesCorruption corrupts an index behind the engine's
// back and checks that the after-write invariant check notices.
func TestVerifyWriteCatchesCorruption(t *testing.T) {
	db, _ := newTestDB(t)
	mustCreate(t, db, statusTable())
	item := attr.Item{"DeviceId": s("d1"), "Timestamp": s("t1"), "EscalatedTo": s("ops")}
	mustPut(t, db, "DeviceStatus", item)
	tb := db.tables["DeviceStatus"]
	w, err := db.prepareput(tb, item)
	if err != nil {
		t.Fatal(err)
	}
	db.verifyWrite(tb, w) // consistent: no panic

	ix := tb.indexes["Escalations"]
	k, _ := ix.treeKey(tb, item)
	ix.tree.Delete(pivot(k))
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "no entry") {
			t.Fatalf("a missing index entry went unnoticed: %v", r)
		}
	}()
	db.verifyWrite(tb, w)
}
