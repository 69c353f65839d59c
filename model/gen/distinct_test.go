package gen

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// TestDistinctRefs: ref(User.userId,distinct) gives each Room's
// Memberships different users, as long as there are users enough (a
// room with more members than users repeats only what it must), on
// random sizes; the run is the same for the same seed; a plain ref
// repeats users within a room, which is what distinct is for.
func TestDistinctRefs(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewPCG(seed, 5))
		lo := 1 + r.IntN(10)
		hi := lo + r.IntN(60)
		ents := func(gen string) []Entity {
			return []Entity{
				{Name: "User", Attributes: []Attribute{{Name: "userId", Generator: "seq(5,USER)"}}},
				{Name: "Room", Attributes: []Attribute{{Name: "roomId", Generator: "seq(5,ROOM)"}}},
				{Name: "Membership", Attributes: []Attribute{
					{Name: "roomId", Generator: fmt.Sprintf("ref(Room.roomId,%d,%d)", lo, hi)},
					{Name: "userId", Generator: gen}}},
			}
		}
		size := 500 + r.IntN(3000)
		run := func(gen string) (repeats, users int, members []string) {
			p, err := NewPlan(ents(gen), Env{Start: start})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[string]bool{}
			var room attr.Value
			inRoom := map[string]bool{}
			if err := p.Run(int64(seed), size, func(e int, lent attr.Fields) error {
				it := lent.Item() // lent by the source
				switch e {
				case 0:
					seen[string(it["userId"].(attr.String))] = true
				case 2:
					if it["roomId"] != room {
						room, inRoom = it["roomId"], map[string]bool{}
					}
					u := string(it["userId"].(attr.String))
					if inRoom[u] && len(inRoom) < len(seen) {
						repeats++ // a repeat while a user of the room's time was free
					}
					inRoom[u] = true
					members = append(members, fmt.Sprint(it["roomId"], u))
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			return repeats, len(seen), members
		}
		if n, users, _ := run("ref(User.userId,distinct)"); n != 0 {
			t.Errorf("seed %d (%d-%d members, %d users so far): %d members repeat a user of their room", seed, lo, hi, users, n)
		}
		_, _, a := run("ref(User.userId,distinct)")
		_, _, b := run("ref(User.userId,distinct)")
		if !reflect.DeepEqual(a, b) {
			t.Errorf("seed %d: two runs differ", seed)
		}
	}
	// Without distinct, users repeat in a room (the test would see it).
	if n, _, _ := func() (int, int, []string) {
		p, err := NewPlan([]Entity{
			{Name: "User", Attributes: []Attribute{{Name: "userId", Generator: "seq(5,USER)"}}},
			{Name: "Room", Attributes: []Attribute{{Name: "roomId", Generator: "seq(5,ROOM)"}}},
			{Name: "Membership", Attributes: []Attribute{
				{Name: "roomId", Generator: "ref(Room.roomId,40,60)"},
				{Name: "userId", Generator: "ref(User.userId)"}}},
		}, Env{Start: start})
		if err != nil {
			t.Fatal(err)
		}
		repeats := 0
		var room attr.Value
		inRoom := map[attr.Value]bool{}
		_ = p.Run(1, 3000, func(e int, lent attr.Fields) error {
			it := lent.Item() // lent by the source
			if e == 2 {
				if it["roomId"] != room {
					room, inRoom = it["roomId"], map[attr.Value]bool{}
				}
				if inRoom[it["userId"]] {
					repeats++
				}
				inRoom[it["userId"]] = true
			}
			return nil
		})
		return repeats, 0, nil
	}(); n == 0 {
		t.Error("a plain ref never repeated a user in a room: the distinct test proves nothing")
	}
	if _, err := NewPlan([]Entity{{Name: "User", Attributes: []Attribute{{Name: "userId", Generator: "seq(5,USER)"}}},
		{Name: "M", Attributes: []Attribute{{Name: "userId", Generator: "ref(User.userId,unique)"}}}}, Env{Start: start}); err == nil {
		t.Error("ref(User.userId,unique) compiled")
	}
}
