package gen

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
)

// Guess returns a generator for an attribute from its name and DynamoDB
// type alone ("" for a type guesses one too): what a blank design's
// attributes and key parameters start with. Ids get seq(5), so keys stay
// unique and readable.
func Guess(name, typ string) string {
	n := strings.ToLower(name)
	has := func(parts ...string) bool {
		for _, p := range parts {
			if strings.Contains(n, p) {
				return true
			}
		}
		return false
	}
	ends := func(parts ...string) bool {
		for _, p := range parts {
			if strings.HasSuffix(n, p) {
				return true
			}
		}
		return false
	}
	switch typ {
	case "N":
		switch {
		case n == "ttl" || has("expire", "expiry", "expiration", "ttl"):
			return "ttl(10%,-1d,+7d)"
		case has("price", "amount", "total", "cost", "balance"):
			return "price(1,500)"
		case ends("at", "time", "epoch", "timestamp") || has("date"):
			return "epoch(-365d,0)"
		case has("count", "qty", "quantity", "stock"):
			return "int(1,20)"
		case has("age"):
			return "int(18,90)"
		case has("rating", "score", "stars"):
			return "int(1,5)"
		case ends("id"):
			return "seq"
		}
		return "int(1,1000)"
	case "BOOL":
		return "bool"
	case "NULL":
		return "null"
	case "B":
		return "bytes(16,16)"
	case "SS":
		return "set(word,1,4)"
	case "NS":
		return "set(int(1,100),1,4)"
	case "BS":
		return "set(bytes(8,8),1,3)"
	case "L":
		return "list(word,1,4)"
	case "M":
		if has("address") {
			return "address"
		}
		return "map(name:word,value:int(1,100))"
	}
	// S, or no type given.
	switch {
	case has("email", "mail"):
		return "email"
	case has("phone", "mobile"):
		return "phone"
	case has("url", "website", "link"):
		return "url"
	case has("firstname", "givenname"):
		return "firstname"
	case has("lastname", "surname", "familyname"):
		return "lastname"
	case has("company", "organization", "organisation", "tenant"):
		return "company"
	case n == "name" || has("username", "fullname", "customername", "owner", "author"):
		return "name"
	case has("address"):
		return "address"
	case has("street"):
		return "street"
	case has("city"):
		return "city"
	case has("country"):
		return "country"
	case has("zip", "postcode", "postal"):
		return "postcode"
	case has("shard", "bucket", "partition"):
		return "int(0,9)"
	case has("status", "state"):
		return "enum(ACTIVE:6,PENDING:2,CLOSED:1)"
	case has("type", "kind", "category"):
		return "enum(A,B,C)"
	case has("price", "amount", "total", "cost"):
		return "price(1,500)"
	case has("date", "day"):
		return "date(-365d,0)"
	case ends("at", "time", "timestamp") || has("created", "updated"):
		return "timestamp(-365d,0)"
	case has("description", "comment", "body", "text", "message", "note"):
		return "sentence"
	case has("title", "subject", "label"):
		return "words(2,5)"
	case ends("id", "key", "number", "no", "code", "sku"):
		return "seq(5)"
	}
	return "word"
}

var (
	reUUID      = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)
	reEmail     = regexp.MustCompile(`^[^@\s]+@[^@\s]+\.[a-z]+$`)
	reURL       = regexp.MustCompile(`^https?://`)
	rePhone     = regexp.MustCompile(`^\+?[0-9][0-9 ().-]{6,}$`)
	reDigits    = regexp.MustCompile(`^[0-9]+$`)
	reULID      = regexp.MustCompile(`^[0-9A-HJKMNP-TV-Z]{26}$`)
	reLowerWord = regexp.MustCompile(`^[a-z]+$`)
)

// Infer returns a generator that makes values shaped like the sample
// values of an attribute of type typ: the same few values with their
// weights, numbers in their range and scale, times in their span, ids,
// emails and so on. It is how an imported model's sample items seed its
// schema. With no values it falls back to Guess("", typ).
func Infer(typ string, values []attr.Value) string {
	var strs []string
	var nums []float64
	maxScale := 0
	for _, v := range values {
		switch x := v.(type) {
		case attr.String:
			strs = append(strs, string(x))
		case attr.Number:
			s := x.String()
			f, err := strconv.ParseFloat(s, 64)
			if err == nil {
				nums = append(nums, f)
			}
			if i := strings.IndexByte(s, '.'); i >= 0 && !strings.ContainsAny(s, "eE") {
				maxScale = max(maxScale, len(s)-i-1)
			}
		}
	}
	switch typ {
	case "S":
		if len(strs) > 0 {
			return inferStrings(strs)
		}
	case "N":
		if len(nums) > 0 {
			return inferNumbers(nums, maxScale)
		}
	case "BOOL":
		t := 0
		for _, v := range values {
			if b, ok := v.(attr.Bool); ok && bool(b) {
				t++
			}
		}
		if len(values) > 0 {
			return "bool(" + strconv.FormatFloat(math.Round(float64(t)/float64(len(values))*100)/100, 'f', -1, 64) + ")"
		}
	}
	return Guess("", typ)
}

func inferStrings(strs []string) string {
	all := func(re *regexp.Regexp) bool {
		for _, s := range strs {
			if !re.MatchString(s) {
				return false
			}
		}
		return true
	}
	counts := map[string]int{}
	for _, s := range strs {
		counts[s]++
	}
	distinct := len(counts)
	// A few values that repeat: an enum with the observed weights.
	if distinct <= 12 && (distinct < len(strs) || len(strs) <= 3) && enumSafe(counts) {
		keys := make([]string, 0, len(counts))
		for k := range counts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s:%d", k, counts[k])
		}
		return "enum(" + strings.Join(parts, ",") + ")"
	}
	switch {
	case all(reUUID):
		return "uuid"
	case all(reULID):
		return "ulid"
	case all(reEmail):
		return "email"
	case all(reURL):
		return "url"
	case all(reDigits):
		w := len(strs[0])
		for _, s := range strs {
			if len(s) != w {
				w = 0
				break
			}
		}
		if w > 0 && w <= 20 {
			return fmt.Sprintf("seq(%d)", w)
		}
		return "seq"
	}
	if lo, hi, layout, ok := timeSpan(strs); ok {
		kind := "timestamp"
		if layout == time.DateOnly {
			kind = "date"
		}
		return fmt.Sprintf("%s(%s,%s)", kind, lo.Format(time.RFC3339), hi.Format(time.RFC3339))
	}
	if all(rePhone) {
		return "phone"
	}
	if all(reLowerWord) {
		return "word"
	}
	minLen, maxLen, spaces := math.MaxInt, 0, false // text of the samples' lengths
	for _, s := range strs {
		minLen, maxLen = min(minLen, len(s)), max(maxLen, len(s))
		spaces = spaces || strings.Contains(s, " ")
	}
	if !spaces && maxLen <= 20 {
		return "word"
	}
	return fmt.Sprintf("text(%d,%d)", max(1, minLen), max(1, maxLen))
}

// enumSafe reports whether the values can be written inside enum(...).
func enumSafe(counts map[string]int) bool {
	for k := range counts {
		if k == "" || strings.ContainsAny(k, ",():\"") || strings.TrimSpace(k) != k {
			return false
		}
	}
	return true
}

func timeSpan(strs []string) (lo, hi time.Time, layout string, ok bool) {
	for _, l := range []string{time.DateOnly, time.RFC3339, time.RFC3339Nano} {
		ok = true
		for i, s := range strs {
			t, err := time.Parse(l, s)
			if err != nil {
				ok = false
				break
			}
			if i == 0 || t.Before(lo) {
				lo = t
			}
			if i == 0 || t.After(hi) {
				hi = t
			}
		}
		if ok {
			return lo.UTC(), hi.UTC(), l, true
		}
	}
	return time.Time{}, time.Time{}, "", false
}

func inferNumbers(nums []float64, scale int) string {
	lo, hi := slices.Min(nums), slices.Max(nums)
	distinct := map[float64]int{}
	for _, f := range nums {
		distinct[f]++
	}
	if len(distinct) <= 6 && len(distinct) < len(nums) {
		keys := make([]float64, 0, len(distinct))
		for k := range distinct {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s:%d", strconv.FormatFloat(k, 'f', -1, 64), distinct[k])
		}
		return "enum(" + strings.Join(parts, ",") + ")"
	}
	// Epoch seconds between 2000 and 2100: a time (a TTL when in the future).
	if scale == 0 && lo > 946684800 && hi < 4102444800 {
		return fmt.Sprintf("epoch(%s,%s)", time.Unix(int64(lo), 0).UTC().Format(time.RFC3339), time.Unix(int64(hi), 0).UTC().Format(time.RFC3339))
	}
	if scale == 0 {
		return fmt.Sprintf("int(%d,%d)", int64(lo), int64(hi))
	}
	if scale == 2 && lo >= 0 {
		return fmt.Sprintf("price(%s,%s)", strconv.FormatFloat(lo, 'f', 2, 64), strconv.FormatFloat(hi, 'f', 2, 64))
	}
	return fmt.Sprintf("decimal(%s,%s,%d)", strconv.FormatFloat(lo, 'f', -1, 64), strconv.FormatFloat(hi, 'f', -1, 64), min(scale, 10))
}
