package patterns

import (
	"fmt"
	"time"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// messageTTL is how long an ephemeral message lives.
const messageTTL = 7 * 24 * time.Hour

// ttlEphemeral is the short-lived messages of seed 000: the application
// sets ExpiresAt seven days ahead and DynamoDB's TTL process deletes the
// message, for free, some time after.
var ttlEphemeral = &Pattern{
	Name:    "ttl-ephemeral",
	Title:   "TTL: ephemeral messages that expire after 7 days",
	Sources: []string{"000"},
	Narrative: model.Narrative{
		Summary: "Users exchange short-lived messages. When the application writes a message it sets ExpiresAt, " +
			"a Number of epoch seconds, to seven days later; TTL is enabled on ExpiresAt, so DynamoDB deletes " +
			"expired messages in the background.",
		Solves: "Ageing data out of the table without paying for it: TTL deletions consume no write capacity, " +
			"cut the storage bill and shrink what later queries have to read.",
		TradeOffs: "Deletion is asynchronous: DynamoDB removes an expired item typically within a few days " +
			"(its guide says within 48 hours), and until then reads still return it; filter on the TTL " +
			"attribute (ExpiresAt > now) when expired items must not show, and do not rely on TTL for locks " +
			"or state that must be gone on time. The attribute must be a Number of epoch seconds; any other " +
			"type, or a time more than five years past, never expires. The workbench's deletion delay is set " +
			"in the settings (6 hours here) to watch the lag.",
		RuleOfThumb: "Give every item that loses its value with time a TTL attribute, and treat the expiry " +
			"as 'no earlier than', never as 'exactly at'.",
	},
	DefaultSize: 500,
	build:       buildTTLEphemeral,
	generate:    generateTTLEphemeral,
}

func buildTTLEphemeral() *model.Model {
	return &model.Model{
		Description: "EphemeralMessages: PK = USER#{recipient}; SK = MSG#{sentAt}#{messageId}; TTL on ExpiresAt (sentAt + 7 days).",
		Tables:      []model.Table{ttl(keyTable("EphemeralMessages", "PK", schema.TypeS, "SK", schema.TypeS), "ExpiresAt")},
		Entities: []model.Entity{
			{Name: "Message", Table: "EphemeralMessages",
				Keys: map[string]string{"PK": "USER#{recipient}", "SK": "MSG#{sentAt}#{messageId}"},
				Attributes: []model.Attribute{
					{Name: "From", Type: "S", Required: true},
					{Name: "Body", Type: "S", Required: true, Generator: "text(5,200)"},
					{Name: "ExpiresAt", Type: "N", Required: true, Description: "TTL: epoch seconds, sent + 7 days"},
				}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Inbox", Entity: "Message", Operation: "Query", Rate: 500,
				Description: "A user's messages, newest first; expired ones show until the TTL process deletes them.",
				Parameters:  []model.Parameter{param("recipient", "mia", "the user")},
				Request: request(`{"TableName":"EphemeralMessages","KeyConditionExpression":"PK = :u AND begins_with(SK, :msg)",
					"ScanIndexForward":false,"ExpressionAttributeValues":{":u":{"S":"USER#{recipient}"},":msg":{"S":"MSG#"}}}`)},
			{Name: "Inbox, unexpired", Entity: "Message", Operation: "Query", Rate: 500,
				Description: "The same, filtering out messages that expired but are not deleted yet.",
				Parameters: []model.Parameter{param("recipient", "mia", "the user"),
					param("now", fmt.Sprint(Start.Unix()), "the current time in epoch seconds")},
				Request: request(`{"TableName":"EphemeralMessages","KeyConditionExpression":"PK = :u AND begins_with(SK, :msg)",
					"FilterExpression":"ExpiresAt > :now","ScanIndexForward":false,
					"ExpressionAttributeValues":{":u":{"S":"USER#{recipient}"},":msg":{"S":"MSG#"},":now":{"N":"{now}"}}}`)},
			{Name: "Send message", Entity: "Message", Operation: "PutItem", Rate: 200,
				Description: "The application sets ExpiresAt to seven days after sending.",
				Parameters: []model.Parameter{
					param("recipient", "mia", "the user"), param("sentAt", iso(Start), "ISO-8601"),
					param("messageId", "m-new", "a unique id"), param("from", "noah", "the sender"),
					param("body", "See you tomorrow!", "the text"),
					param("expiresAt", fmt.Sprint(Start.Add(messageTTL).Unix()), "sentAt + 7 days, epoch seconds")},
				Request: request(`{"TableName":"EphemeralMessages","Item":{"PK":{"S":"USER#{recipient}"},"SK":{"S":"MSG#{sentAt}#{messageId}"},
					"From":{"S":"{from}"},"Body":{"S":"{body}"},"ExpiresAt":{"N":"{expiresAt}"}}}`)},
		},
		Workload: &model.Workload{Requests: []model.WorkloadRequest{
			{AccessPattern: "Send message", Rate: 200, Keys: []model.KeyDistribution{{Parameter: "recipient", Kind: model.DistUniform, Cardinality: 50000, Format: "u{n}"}}},
			{AccessPattern: "Inbox", Rate: 500, Keys: []model.KeyDistribution{{Parameter: "recipient", Kind: model.DistZipf, Cardinality: 50000, Skew: 1.1, Format: "u{n}"}}},
		}},
		Settings: model.Settings{TTLDeletionDelay: model.Duration(6 * time.Hour), ClockSpeed: 3600},
	}
}

// ephemeral writes a message sent at the given time; it expires seven days
// later.
func ephemeral(g *gen, entity, recipient string, from attr.Value, id string, sent time.Time, body attr.Value) {
	p := g.params("recipient", recipient)
	p.Set("sentAt", iso(sent))
	p.Set("messageId", id)
	it := g.next()
	it.Set("From", from)
	it.Set("Body", body)
	it.Set("ExpiresAt", epoch(sent.Add(messageTTL)))
	g.put(entity, p, it)
}

// chatLineValues are the filler's lines, boxed once.
var chatLineValues = strs(chatLines)

var chatLines = []string{
	"Running late, start without me.", "Lunch at noon?", "The build is green again.", "Can you send the slides?",
	"Happy birthday!", "Call me when you land.", "Tickets booked.", "Don't forget the milk.",
}

func generateTTLEphemeral(g *gen) {
	h := func(n float64) time.Time { return g.start.Add(-time.Duration(n * float64(time.Hour))) }
	// Story: mia's oldest message expires one hour after the start; noah's
	// messages are younger.
	ephemeral(g, "Message", "mia", str("noah"), "m-001", h(7*24-1), str("Welcome to the chat!"))
	ephemeral(g, "Message", "mia", str("lena"), "m-002", h(5*24), str("Photos from the trip attached."))
	ephemeral(g, "Message", "mia", str("noah"), "m-003", h(24), str("Dinner on Friday?"))
	ephemeral(g, "Message", "mia", str("omar"), "m-004", h(1), str("Meeting moved to 3pm."))
	ephemeral(g, "Message", "noah", str("mia"), "m-005", h(3*24), str("Sure, Friday works."))
	ephemeral(g, "Message", "noah", str("lena"), "m-006", h(2), str("Back home."))
	// Filler: messages sent over the last seven days (none expired yet).
	for i := 0; ; i++ {
		sent := g.start.Add(-time.Duration(1+g.r.IntN(7*24*3600-1)) * time.Second)
		ephemeral(g, "Message", padded("u", g.r.IntN(5000), 5), g.str(padded("u", g.r.IntN(5000), 5)),
			padded("f-", i, 7), sent, model.Pick(g.r, chatLineValues))
	}
}
