package apply

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// A model keeps tables and requests in DynamoDB's own JSON, and the SDK's
// input structs name their fields after the same members. decodeInput fills
// an SDK input from that JSON by reflection, attribute values going through
// the engine's DynamoDB JSON codec, so every operation and every member
// (legacy parameters included) maps without a hand-written converter.

var attributeValueType = reflect.TypeOf((*types.AttributeValue)(nil)).Elem()

// decodeInput decodes the DynamoDB JSON data into the SDK struct dst points
// to. A member dst has no field for is an error.
func decodeInput(data []byte, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return fmt.Errorf("decodeInput: %T is not a non-nil pointer", dst)
	}
	return decodeValue(json.RawMessage(data), v.Elem(), "")
}

func decodeValue(raw json.RawMessage, v reflect.Value, path string) error {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return nil
	}
	where := func(err error) error {
		if path == "" {
			return err
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	if v.Type() == attributeValueType {
		av, err := attr.UnmarshalValue(raw)
		if err != nil {
			return where(err)
		}
		v.Set(reflect.ValueOf(toSDK(av)))
		return nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		e := reflect.New(v.Type().Elem())
		if err := decodeValue(raw, e.Elem(), path); err != nil {
			return err
		}
		v.Set(e)
		return nil
	case reflect.Struct:
		var members map[string]json.RawMessage
		if err := json.Unmarshal(raw, &members); err != nil {
			return where(fmt.Errorf("expected an object for %s", v.Type()))
		}
		t := v.Type()
		for name, m := range members {
			f, ok := field(t, name)
			if !ok {
				return where(fmt.Errorf("%s has no member %q", t.Name(), name))
			}
			if err := decodeValue(m, v.FieldByIndex(f.Index), join(path, name)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return where(fmt.Errorf("unsupported map type %s", v.Type()))
		}
		var members map[string]json.RawMessage
		if err := json.Unmarshal(raw, &members); err != nil {
			return where(fmt.Errorf("expected an object"))
		}
		m := reflect.MakeMapWithSize(v.Type(), len(members))
		for k, mv := range members {
			e := reflect.New(v.Type().Elem()).Elem()
			if err := decodeValue(mv, e, join(path, k)); err != nil {
				return err
			}
			m.SetMapIndex(reflect.ValueOf(k).Convert(v.Type().Key()), e)
		}
		v.Set(m)
		return nil
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			var b []byte // base64, as encoding/json reads it
			if err := json.Unmarshal(raw, &b); err != nil {
				return where(err)
			}
			v.SetBytes(b)
			return nil
		}
		var elems []json.RawMessage
		if err := json.Unmarshal(raw, &elems); err != nil {
			return where(fmt.Errorf("expected an array"))
		}
		s := reflect.MakeSlice(v.Type(), len(elems), len(elems))
		for i, e := range elems {
			if err := decodeValue(e, s.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Float64:
		p := reflect.New(v.Type())
		if err := json.Unmarshal(raw, p.Interface()); err != nil {
			return where(err)
		}
		v.Set(p.Elem())
		return nil
	}
	return where(fmt.Errorf("unsupported type %s", v.Type()))
}

// field finds the exported field of t named name, exactly or, as
// encoding/json does, ignoring case.
func field(t reflect.Type, name string) (reflect.StructField, bool) {
	if f, ok := t.FieldByName(name); ok && f.IsExported() {
		return f, true
	}
	for i := 0; i < t.NumField(); i++ {
		if f := t.Field(i); f.IsExported() && strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// toSDK converts an engine attribute value to the SDK's.
func toSDK(v attr.Value) types.AttributeValue {
	switch x := v.(type) {
	case attr.String:
		return &types.AttributeValueMemberS{Value: string(x)}
	case attr.Number:
		return &types.AttributeValueMemberN{Value: x.String()}
	case attr.Binary:
		return &types.AttributeValueMemberB{Value: []byte(x)}
	case attr.Bool:
		return &types.AttributeValueMemberBOOL{Value: bool(x)}
	case attr.Null:
		return &types.AttributeValueMemberNULL{Value: true}
	case attr.StringSet:
		return &types.AttributeValueMemberSS{Value: append([]string(nil), x...)}
	case attr.NumberSet:
		s := make([]string, len(x))
		for i, n := range x {
			s[i] = n.String()
		}
		return &types.AttributeValueMemberNS{Value: s}
	case attr.BinarySet:
		return &types.AttributeValueMemberBS{Value: append([][]byte(nil), x...)}
	case attr.List:
		l := make([]types.AttributeValue, len(x))
		for i, e := range x {
			l[i] = toSDK(e)
		}
		return &types.AttributeValueMemberL{Value: l}
	case attr.Map:
		return &types.AttributeValueMemberM{Value: itemToSDK(attr.Item(x))}
	}
	return nil
}

// itemToSDK converts an engine item to the SDK's.
func itemToSDK(it attr.Item) map[string]types.AttributeValue {
	if it == nil {
		return nil
	}
	m := make(map[string]types.AttributeValue, len(it))
	for k, v := range it {
		m[k] = toSDK(v)
	}
	return m
}

// fromSDK converts an SDK attribute value to the engine's, in canonical
// form (sets sorted, numbers normalised) so that equal values print alike.
func fromSDK(v types.AttributeValue) (attr.Value, error) {
	switch x := v.(type) {
	case *types.AttributeValueMemberS:
		return attr.String(x.Value), nil
	case *types.AttributeValueMemberN:
		return attr.ParseNumber(x.Value)
	case *types.AttributeValueMemberB:
		return attr.Binary(x.Value), nil
	case *types.AttributeValueMemberBOOL:
		return attr.Bool(x.Value), nil
	case *types.AttributeValueMemberNULL:
		return attr.Null{}, nil
	case *types.AttributeValueMemberSS:
		return attr.NewStringSet(x.Value)
	case *types.AttributeValueMemberNS:
		ns := make([]attr.Number, len(x.Value))
		for i, s := range x.Value {
			n, err := attr.ParseNumber(s)
			if err != nil {
				return nil, err
			}
			ns[i] = n
		}
		return attr.NewNumberSet(ns)
	case *types.AttributeValueMemberBS:
		return attr.NewBinarySet(x.Value)
	case *types.AttributeValueMemberL:
		l := make(attr.List, len(x.Value))
		for i, e := range x.Value {
			ev, err := fromSDK(e)
			if err != nil {
				return nil, err
			}
			l[i] = ev
		}
		return l, nil
	case *types.AttributeValueMemberM:
		m, err := itemFromSDK(x.Value)
		return attr.Map(m), err
	}
	return nil, fmt.Errorf("unknown attribute value type %T", v)
}

// itemFromSDK converts an SDK item to the engine's.
func itemFromSDK(m map[string]types.AttributeValue) (attr.Item, error) {
	if m == nil {
		return nil, nil
	}
	it := make(attr.Item, len(m))
	for k, v := range m {
		av, err := fromSDK(v)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", k, err)
		}
		it[k] = av
	}
	return it, nil
}

// itemJSON prints an item as DynamoDB JSON, keys sorted.
func itemJSON(it attr.Item) string {
	return string(attr.AppendItem(nil, it))
}

// ItemFromSDK converts an SDK item to the engine's (for the endpoint
// import, which reads items the same way).
func ItemFromSDK(m map[string]types.AttributeValue) (attr.Item, error) { return itemFromSDK(m) }
