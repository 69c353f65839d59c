package wire

import (
	"reflect"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine"
)

// TestEveryOperationIsRegistered finds every engine method shaped like an
// API operation, Name(*NameInput) (*NameOutput, error), and checks that the
// wire registry dispatches it under the DynamoDB or the Streams prefix, so
// that an operation the engine gains is not forgotten on the wire.
func TestEveryOperationIsRegistered(t *testing.T) {
	errType := reflect.TypeFor[error]()
	dbType := reflect.TypeFor[*engine.Database]()
	found := 0
	for i := range dbType.NumMethod() {
		m := dbType.Method(i)
		ft := m.Type
		if ft.NumIn() != 2 || ft.NumOut() != 2 || ft.Out(1) != errType {
			continue
		}
		in, out := ft.In(1), ft.Out(0)
		if in.Kind() != reflect.Pointer || out.Kind() != reflect.Pointer ||
			in.Elem().Name() != m.Name+"Input" || out.Elem().Name() != m.Name+"Output" {
			continue
		}
		found++
		_, api := operations[TargetPrefix+m.Name]
		_, streams := operations[StreamsTargetPrefix+m.Name]
		if api == streams {
			t.Errorf("engine operation %s: registered under the DynamoDB prefix %v, the Streams prefix %v; want exactly one", m.Name, api, streams)
		}
	}
	for _, name := range []string{"ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"} {
		if _, ok := operations[TargetPrefix+name]; !ok {
			t.Errorf("PartiQL operation %s is not registered", name)
		}
	}
	if found < 19 {
		t.Errorf("found only %d engine operations: is the method shape test broken?", found)
	}
}
