package snippet

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// attrTypes are the members of an AttributeValue, in DynamoDB's order.
var attrTypes = []string{"S", "N", "B", "SS", "NS", "BS", "M", "L", "NULL", "BOOL"}

// check verifies v against s, so that the renderers need not: every member
// known, every value of its JSON type, integers in range, attribute values
// with exactly one type, base64 decodable, no member twice. It drops null
// struct members (DynamoDB reads them as absent), normalises integers and
// stores decoded binary values in jvalue.bytes. path names v in errors.
func check(v *jvalue, s *shape, path string) error {
	switch s.Kind {
	case kString, kEnum:
		return want(v, jString, path)
	case kBool:
		return want(v, jBool, path)
	case kInt32, kInt64:
		if err := want(v, jNumber, path); err != nil {
			return err
		}
		bits := 32
		if s.Kind == kInt64 {
			bits = 64
		}
		n, err := strconv.ParseInt(v.str, 10, bits)
		if err != nil {
			return fmt.Errorf("%s: %s is not an integer of %d bits", name(path), v.str, bits)
		}
		v.str = strconv.FormatInt(n, 10) // "-0" is 0
		return nil
	case kList:
		if err := want(v, jArray, path); err != nil {
			return err
		}
		for i, e := range v.elems {
			if err := check(e, s.Elem, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		return nil
	case kMap:
		if err := want(v, jObject, path); err != nil {
			return err
		}
		if err := unique(v, path); err != nil {
			return err
		}
		for _, m := range v.members {
			if err := check(m.value, s.Elem, path+"["+strconv.Quote(m.name)+"]"); err != nil {
				return err
			}
		}
		return nil
	case kStruct:
		if err := want(v, jObject, path); err != nil {
			return err
		}
		if err := unique(v, path); err != nil {
			return err
		}
		kept := v.members[:0]
		for _, m := range v.members {
			ms := s.Member(m.name)
			if ms == nil {
				return unknownMember(s, m.name, path)
			}
			if m.value.kind == jNull {
				continue
			}
			if err := check(m.value, ms, join(path, m.name)); err != nil {
				return err
			}
			kept = append(kept, m)
		}
		v.members = kept
		return nil
	case kAttr:
		return checkAttr(v, path)
	}
	return fmt.Errorf("%s: unknown shape", name(path))
}

func checkAttr(v *jvalue, path string) error {
	if err := want(v, jObject, path); err != nil {
		return err
	}
	if len(v.members) != 1 {
		return fmt.Errorf("%s: an attribute value has exactly one of %s; this one has %d members",
			name(path), strings.Join(attrTypes, ", "), len(v.members))
	}
	typ, x := v.members[0].name, v.members[0].value
	path = join(path, typ)
	switch typ {
	case "S", "N":
		return want(x, jString, path)
	case "B":
		return checkBinary(x, path)
	case "NULL", "BOOL":
		return want(x, jBool, path)
	case "SS", "NS", "BS":
		if err := want(x, jArray, path); err != nil {
			return err
		}
		for i, e := range x.elems {
			p := path + "[" + strconv.Itoa(i) + "]"
			if typ == "BS" {
				if err := checkBinary(e, p); err != nil {
					return err
				}
			} else if err := want(e, jString, p); err != nil {
				return err
			}
		}
		return nil
	case "L":
		if err := want(x, jArray, path); err != nil {
			return err
		}
		for i, e := range x.elems {
			if err := checkAttr(e, path+"["+strconv.Itoa(i)+"]"); err != nil {
				return err
			}
		}
		return nil
	case "M":
		return check(x, tAttrMap, path)
	}
	return fmt.Errorf("%s: unknown attribute value type %q (want one of %s)", name(path), typ, strings.Join(attrTypes, ", "))
}

// checkBinary decodes a B value: standard base64 with padding, as DynamoDB
// and the engine read it.
func checkBinary(v *jvalue, path string) error {
	if err := want(v, jString, path); err != nil {
		return err
	}
	b, err := base64.StdEncoding.Strict().DecodeString(v.str)
	if err != nil {
		return fmt.Errorf("%s: binary values are base64: %v", name(path), err)
	}
	if b == nil {
		b = []byte{}
	}
	v.bytes = b
	return nil
}

func want(v *jvalue, k jkind, path string) error {
	if v.kind != k {
		return fmt.Errorf("%s: want %s, not %s", name(path), k, v.kind)
	}
	return nil
}

func unique(v *jvalue, path string) error {
	if len(v.members) < 2 {
		return nil
	}
	seen := make(map[string]bool, len(v.members))
	for _, m := range v.members {
		if seen[m.name] {
			return fmt.Errorf("%s: member %q appears twice", name(path), m.name)
		}
		seen[m.name] = true
	}
	return nil
}

func unknownMember(s *shape, member, path string) error {
	where := ""
	if path != "" {
		where = " in " + path
	}
	for _, f := range s.Fields {
		if strings.EqualFold(f.Name, member) {
			return fmt.Errorf("unknown member %q%s (member names are case-sensitive: did you mean %q?)", member, where, f.Name)
		}
	}
	return fmt.Errorf("unknown member %q%s", member, where)
}

func join(path, member string) string {
	if path == "" {
		return member
	}
	return path + "." + member
}

// name is path for an error message; "" is the request itself.
func name(path string) string {
	if path == "" {
		return "the request"
	}
	return path
}
