package wire

import (
	"reflect"
	"strings"
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
		_, api := lookupAll(TargetPrefix + m.Name)
		_, streams := lookupAll(StreamsTargetPrefix + m.Name)
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

// TestRegistriesApart checks that the three registries do not overlap: a
// control-plane target also in the tables and items registry would answer
// differently through Dispatch and DispatchCore.
func TestRegistriesApart(t *testing.T) {
	for target := range adminOperations() {
		if !strings.HasPrefix(target, TargetPrefix) {
			t.Errorf("control-plane operation %s is not under %s", target, TargetPrefix)
		}
		if _, dup := operations[target]; dup {
			t.Errorf("%s is registered twice", target)
		}
	}
	for name := range streamsOperations() {
		if _, dup := operations[TargetPrefix+name]; dup {
			t.Errorf("streams operation %s is also under %s", name, TargetPrefix)
		}
	}
}

// TestDispatchCore checks that the page's entry point runs the tables and
// items operations as Dispatch does, and knows no other: the control-plane
// and Streams operations are Dispatch's only.
func TestDispatchCore(t *testing.T) {
	db := engine.New()
	create := []byte(`{"TableName":"Tab","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],` +
		`"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}`)
	if status, body := DispatchCore(db, TargetPrefix+"CreateTable", create); status != 200 {
		t.Fatalf("DispatchCore CreateTable: %d %s", status, body)
	}
	if status, body := DispatchCore(db, TargetPrefix+"PutItem", []byte(`{"TableName":"Tab","Item":{"pk":{"S":"a"}}}`)); status != 200 {
		t.Fatalf("DispatchCore PutItem: %d %s", status, body)
	}
	status, body := DispatchCore(db, TargetPrefix+"GetItem", []byte(`{"TableName":"Tab","Key":{"pk":{"S":"a"}}}`))
	if status != 200 || !strings.Contains(string(body), `"pk":{"S":"a"}`) {
		t.Fatalf("DispatchCore GetItem: %d %s", status, body)
	}
	for _, target := range []string{TargetPrefix + "ListBackups", TargetPrefix + "DescribeLimits", StreamsTargetPrefix + "ListStreams"} {
		if status, body := DispatchCore(db, target, []byte(`{}`)); status != 400 || string(body) != string(unknownOperationBody) {
			t.Errorf("DispatchCore %s: %d %s, want 400 UnknownOperationException", target, status, body)
		}
		if status, body := Dispatch(db, target, []byte(`{}`)); status != 200 {
			t.Errorf("Dispatch %s: %d %s, want 200", target, status, body)
		}
	}
}
