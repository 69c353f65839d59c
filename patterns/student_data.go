package patterns

import (
	"strconv"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// studentData is the worked design of seed 002, both versions side by
// side: entity sort keys (profile, grades, address) with a grades item that
// bloats, and the fix with composite sort keys (grades#MATH, ...).
var studentData = &Pattern{
	Name:    "student-data",
	Title:   "Student data: naive entity sort keys vs composite sort keys",
	Sources: []string{"002"},
	Narrative: model.Narrative{
		Summary: "Two tables hold the same students. In student-data-naive, each student (studentId) has three " +
			"items whose sort key (entityId) names the entity: profile, grades, address; the grades item holds " +
			"every course as attributes ({course}Grade, {course}Instructor, {course}Credits). In student-data, " +
			"the grades are split by subject under composite sort keys: grades#MATH, grades#ENG, ...",
		Solves: "The naive design answers every access pattern with one GetItem, but the grades item grows with " +
			"every course: 35-40 courses with three attributes each make 105-120 attributes (about 2.4 KB here), " +
			"every read of one subject returns and pays for all of them (reads round up to 4 KB, so the read " +
			"units follow once a few more attributes per course are added), and every update of one grade " +
			"rewrites them all (3 WCU instead of 1). With composite sort keys, " +
			"one subject's grades are a small item (GetItem grades#MATH), all grades are still one Query " +
			"(begins_with grades), and more levels can follow (grades#MATH#2045).",
		TradeOffs: "More items per student, and the full transcript is a Query instead of a GetItem. A " +
			"FilterExpression on the bloated item would not help: filters run after the read, and the whole " +
			"item is still paid for.",
		RuleOfThumb: "When one entity item keeps growing, break it up along the way it is read, with a composite " +
			"sort key whose prefixes are the questions you ask.",
	},
	DefaultSize: 500,
	build:       buildStudentData,
	generate:    generateStudentData,
}

func buildStudentData() *model.Model {
	courses := "each course as {course}Grade (N), {course}Instructor (S), {course}Credits (N), course such as math2045"
	profileAttrs := []model.Attribute{{Name: "firstName", Type: "S", Required: true}, {Name: "lastName", Type: "S", Required: true}}
	addressAttrs := []model.Attribute{{Name: "state", Type: "S", Required: true}, {Name: "city", Type: "S", Required: true}}
	return &model.Model{
		Description: "student-data-naive: entityId = profile | grades | address. " +
			"student-data: entityId = profile | address | grades#{subject}.",
		Tables: []model.Table{
			keyTable("student-data-naive", "studentId", schema.TypeS, "entityId", schema.TypeS),
			keyTable("student-data", "studentId", schema.TypeS, "entityId", schema.TypeS),
		},
		Entities: []model.Entity{
			{Name: "NaiveProfile", Table: "student-data-naive", Keys: map[string]string{"studentId": "{studentId}", "entityId": "profile"}, Attributes: profileAttrs},
			{Name: "NaiveGrades", Table: "student-data-naive", Keys: map[string]string{"studentId": "{studentId}", "entityId": "grades"},
				Description: "Every grade of the student in one item: " + courses + "."},
			{Name: "NaiveAddress", Table: "student-data-naive", Keys: map[string]string{"studentId": "{studentId}", "entityId": "address"}, Attributes: addressAttrs},
			{Name: "Profile", Table: "student-data", Keys: map[string]string{"studentId": "{studentId}", "entityId": "profile"}, Attributes: profileAttrs},
			{Name: "SubjectGrades", Table: "student-data", Keys: map[string]string{"studentId": "{studentId}", "entityId": "grades#{subject}"},
				Description: "One subject's grades: " + courses + "."},
			{Name: "Address", Table: "student-data", Keys: map[string]string{"studentId": "{studentId}", "entityId": "address"}, Attributes: addressAttrs},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Math grades (naive)", Entity: "NaiveGrades", Operation: "GetItem", Rate: 50,
				Description: "'Give me john's math grades': the grades item, every course included.",
				Parameters:  []model.Parameter{param("studentId", "john", "the student")},
				Request: request(`{"TableName":"student-data-naive","Key":{"studentId":{"S":"{studentId}"},"entityId":{"S":"grades"}},
					"ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"}`)},
			{Name: "Math grades (composite)", Entity: "SubjectGrades", Operation: "GetItem", Rate: 50,
				Description: "The same question: only the math item.",
				Parameters:  []model.Parameter{param("studentId", "john", "the student"), param("subject", "MATH", "the subject")},
				Request: request(`{"TableName":"student-data","Key":{"studentId":{"S":"{studentId}"},"entityId":{"S":"grades#{subject}"}},
					"ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"}`)},
			{Name: "Record a grade (naive)", Entity: "NaiveGrades", Operation: "UpdateItem", Rate: 5,
				Description: "Changing one grade rewrites the whole grades item: write units for all its bytes.",
				Parameters: []model.Parameter{param("studentId", "john", "the student"), param("course", "math2045", "the course"),
					param("grade", "97.10", "the new grade")},
				Request: request(`{"TableName":"student-data-naive","Key":{"studentId":{"S":"{studentId}"},"entityId":{"S":"grades"}},
					"UpdateExpression":"SET #g = :g","ExpressionAttributeNames":{"#g":"{course}Grade"},
					"ExpressionAttributeValues":{":g":{"N":"{grade}"}},"ReturnConsumedCapacity":"TOTAL"}`)},
			{Name: "Record a grade (composite)", Entity: "SubjectGrades", Operation: "UpdateItem", Rate: 5,
				Description: "The same change rewrites only the subject's item.",
				Parameters: []model.Parameter{param("studentId", "john", "the student"), param("subject", "MATH", "the subject"),
					param("course", "math2045", "the course"), param("grade", "97.10", "the new grade")},
				Request: request(`{"TableName":"student-data","Key":{"studentId":{"S":"{studentId}"},"entityId":{"S":"grades#{subject}"}},
					"UpdateExpression":"SET #g = :g","ExpressionAttributeNames":{"#g":"{course}Grade"},
					"ExpressionAttributeValues":{":g":{"N":"{grade}"}},"ReturnConsumedCapacity":"TOTAL"}`)},
			{Name: "All grades (composite)", Entity: "SubjectGrades", Operation: "Query", Rate: 10,
				Parameters: []model.Parameter{param("studentId", "john", "the student")},
				Request: request(`{"TableName":"student-data","KeyConditionExpression":"studentId = :s AND begins_with(entityId, :g)",
					"ExpressionAttributeValues":{":s":{"S":"{studentId}"},":g":{"S":"grades"}}}`)},
			{Name: "Profile", Entity: "Profile", Operation: "GetItem", Rate: 100,
				Parameters: []model.Parameter{param("studentId", "john", "the student")},
				Request:    request(`{"TableName":"student-data","Key":{"studentId":{"S":"{studentId}"},"entityId":{"S":"profile"}}}`)},
			{Name: "Profile and address (naive)", Operation: "Query", Rate: 20,
				Description: "Everything about a student in the naive table, grades included.",
				Parameters:  []model.Parameter{param("studentId", "john", "the student")},
				Request: request(`{"TableName":"student-data-naive","KeyConditionExpression":"studentId = :s",
					"ExpressionAttributeValues":{":s":{"S":"{studentId}"}}}`)},
		},
	}
}

// subjects and their course counts for the story student (36 courses).
var subjects = []struct {
	name, lower string // lower: a course's name is it and a number
	courses     int
}{{"ART", "art", 6}, {"ENG", "eng", 7}, {"HIST", "hist", 7}, {"MATH", "math", 8}, {"SCI", "sci", 8}}

var (
	instructors = []string{"Dr. Jane Doe", "Prof. Alan Smithee", "Dr. Maria Garcia", "Prof. Wei Zhang", "Dr. Oluwaseun Adeyemi", "Prof. Ingrid Larsen"}
	firstNames  = []string{"ava", "liam", "mei", "noor", "omar", "priya", "quinn", "rosa", "sven", "tariq"}
	lastNames   = []string{"smith", "garcia", "chen", "okafor", "nielsen", "kowalski", "haddad", "silva"}
	cities      = [][2]string{{"CA", "fresno"}, {"CA", "oakland"}, {"TX", "austin"}, {"NY", "albany"}, {"WA", "tacoma"}}
)

// course is one course of a student: grade in hundredths.
type course struct {
	subject, name, instructor string
	grade, credits            int64
	number                    int // the number in name
	// the attributes' names and values, made once for the two items that
	// hold them (made by addCourse)
	names  [3]string
	values [3]attr.Value
}

// addCourse adds c's grade, instructor and credits to it.
func addCourse(it *attr.Fields, c *course) {
	if c.values[0] == nil {
		c.names = [3]string{c.name + "Grade", c.name + "Instructor", c.name + "Credits"}
		c.values = [3]attr.Value{dec(c.grade), str(c.instructor), num(c.credits)}
	}
	for i, n := range c.names {
		it.Set(n, c.values[i])
	}
}

// student writes one student in both layouts: three naive items, then the
// composite ones.
func student(g *gen, id string, first, last attr.Value, city [2]attr.Value, courses []course) {
	put := func(entity string, it *attr.Fields) { g.put(entity, g.params("studentId", id), it) }
	names := func(it *attr.Fields) *attr.Fields {
		it.Set("firstName", first)
		it.Set("lastName", last)
		return it
	}
	address := func(it *attr.Fields) *attr.Fields {
		it.Set("state", city[0])
		it.Set("city", city[1])
		return it
	}
	put("NaiveProfile", names(g.next()))
	grades := g.next()
	for i := range courses {
		addCourse(grades, &courses[i])
	}
	put("NaiveGrades", grades)
	put("NaiveAddress", address(g.next()))
	put("Profile", names(g.next()))
	put("Address", address(g.next()))
	for _, s := range subjects {
		it := g.next()
		for i := range courses {
			if courses[i].subject == s.name {
				addCourse(it, &courses[i])
			}
		}
		if len(*it) > 0 {
			p := g.params("studentId", id)
			p.Set("subject", s.name)
			g.put("SubjectGrades", p, it)
		}
	}
}

// coursesOf draws a student's courses: n per subject from counts, into
// out (reused).
func coursesOf(g *gen, out []course, counts func(subject int) int) []course {
	out = out[:0]
	for i, s := range subjects {
		first := len(out)
		for j := 0; j < counts(i); j++ {
			num := 1000 + g.r.IntN(4000)
			for taken(out[first:], num) {
				num = 1000 + g.r.IntN(4000)
			}
			out = append(out, course{subject: s.name, name: s.lower + strconv.Itoa(num), number: num,
				instructor: model.Pick(g.r, instructors), grade: int64(5000 + g.r.IntN(5001)), credits: int64(2 + g.r.IntN(4))})
		}
	}
	return out
}

// taken reports whether one of a subject's courses has number num.
func taken(cs []course, num int) bool {
	for _, c := range cs {
		if c.number == num {
			return true
		}
	}
	return false
}

func generateStudentData(g *gen) {
	// Story: john smith from fresno, CA, with 36 courses (the seed's
	// math2045 among them).
	john := coursesOf(g, nil, func(i int) int { return subjects[i].courses })
	for i := range john {
		if john[i].subject == "MATH" {
			john[i].name, john[i].grade, john[i].instructor = "math2045", 9652, "Dr. Jane Doe"
			break
		}
	}
	student(g, "john", str("john"), str("smith"), [2]attr.Value{str("CA"), str("fresno")}, john)
	var courses []course
	for i := 1; ; i++ {
		courses = coursesOf(g, courses, func(int) int { return g.r.IntN(9) })
		first, last, city := model.Pick(g.r, firstNames), model.Pick(g.r, lastNames), model.Pick(g.r, cities)
		student(g, padded("s", i, 6), g.str(first), g.str(last), [2]attr.Value{g.str(city[0]), g.str(city[1])}, courses)
	}
}
