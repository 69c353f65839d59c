package patterns

import (
	"errors"
	"fmt"
	"time"

	"github.com/dynamodb-workbench/workbench/engine"
	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/engine/schema"
	"github.com/dynamodb-workbench/workbench/model"
)

// ttlArchive is the archiving TTL of seed 000: expired messages flow from
// the table's stream to an archive table, and only the deletions the TTL
// process made are taken.
var ttlArchive = &Pattern{
	Name:    "ttl-archive",
	Title:   "TTL archive: expired items flow through the stream to an archive",
	Sources: []string{"000"},
	Narrative: model.Narrative{
		Summary: "Messages expire after seven days (TTL on ExpiresAt). The Messages table has a stream with " +
			"NEW_AND_OLD_IMAGES; a consumer (a Lambda function in AWS) reads it, keeps only the REMOVE records " +
			"whose userIdentity is the DynamoDB service (principal dynamodb.amazonaws.com, the TTL process), " +
			"and writes their old images to MessagesArchive, an infrequent-access table standing in for cold storage.",
		Solves: "Keeping history longer than the hot table does, for compliance or analysis, without paying for " +
			"it in the hot table: TTL deletes for free and the stream hands each expired item over. Deletes made " +
			"by users carry no userIdentity, so they are not archived (in AWS, a Lambda event filter such as " +
			`{"userIdentity":{"type":["Service"],"principalId":["dynamodb.amazonaws.com"]}} does this).`,
		TradeOffs: "The archive lags the expiry by the TTL delay (up to days) plus the consumer's polling; stream " +
			"records are kept 24 hours, so the consumer must keep up. The stream costs read requests, and the " +
			"archive table still bills storage (S3 Glacier would be cheaper, and queryable with Athena).",
		RuleOfThumb: "Archive on the TTL deletion, not on a schedule: filter the stream on the service principal, " +
			"and let users' own deletes go.",
	},
	DefaultSize: 500,
	build:       buildTTLArchive,
	generate:    generateTTLArchive,
}

func buildTTLArchive() *model.Model {
	messages := ttl(keyTable("Messages", "PK", schema.TypeS, "SK", schema.TypeS), "ExpiresAt")
	messages.StreamSpecification = &schema.StreamSpecification{StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES"}
	archive := keyTable("MessagesArchive", "PK", schema.TypeS, "SK", schema.TypeS)
	archive.TableClass = "STANDARD_INFREQUENT_ACCESS"
	return &model.Model{
		Description: "Messages (TTL on ExpiresAt, stream NEW_AND_OLD_IMAGES) -> consumer taking the TTL process's " +
			"REMOVE records -> MessagesArchive (same keys, plus ArchivedAt).",
		Tables: []model.Table{messages, archive},
		Entities: []model.Entity{
			{Name: "Message", Table: "Messages",
				Keys: map[string]string{"PK": "USER#{recipient}", "SK": "MSG#{sentAt}#{messageId}"},
				Attributes: []model.Attribute{
					{Name: "From", Type: "S", Required: true},
					{Name: "Body", Type: "S", Required: true},
					{Name: "ExpiresAt", Type: "N", Required: true, Description: "TTL: epoch seconds, sent + 7 days"},
				}},
			{Name: "ArchivedMessage", Table: "MessagesArchive",
				Description: "An expired message as the stream's old image gave it, with the time of its deletion.",
				Keys:        map[string]string{"PK": "USER#{recipient}", "SK": "MSG#{sentAt}#{messageId}"},
				Attributes: []model.Attribute{
					{Name: "From", Type: "S", Required: true},
					{Name: "Body", Type: "S", Required: true},
					{Name: "ExpiresAt", Type: "N", Required: true},
					{Name: "ArchivedAt", Type: "S", Required: true, Description: "when the TTL process deleted it"},
				}},
		},
		AccessPatterns: []model.AccessPattern{
			{Name: "Live messages", Entity: "Message", Operation: "Query", Rate: 300,
				Parameters: []model.Parameter{param("recipient", "lea", "the user")},
				Request: request(`{"TableName":"Messages","KeyConditionExpression":"PK = :u","ScanIndexForward":false,
					"ExpressionAttributeValues":{":u":{"S":"USER#{recipient}"}}}`)},
			{Name: "Archived messages", Entity: "ArchivedMessage", Operation: "Query", Rate: 0.1,
				Description: "Rare reads of the history, for compliance.",
				Parameters:  []model.Parameter{param("recipient", "lea", "the user")},
				Request: request(`{"TableName":"MessagesArchive","KeyConditionExpression":"PK = :u",
					"ExpressionAttributeValues":{":u":{"S":"USER#{recipient}"}}}`)},
			{Name: "User deletes a message", Entity: "Message", Operation: "DeleteItem", Rate: 5,
				Description: "A user's delete reaches the stream without the service identity: not archived.",
				Parameters: []model.Parameter{param("recipient", "lea", "the user"),
					param("sentAt", "2026-02-27T12:00:00Z", "when it was sent"), param("messageId", "m-103", "the message")},
				Request: request(`{"TableName":"Messages","Key":{"PK":{"S":"USER#{recipient}"},"SK":{"S":"MSG#{sentAt}#{messageId}"}}}`)},
		},
		Settings: model.Settings{TTLDeletionDelay: model.Duration(time.Hour), ClockSpeed: 3600},
	}
}

func generateTTLArchive(g *gen) {
	h := func(n float64) time.Time { return g.start.Add(-time.Duration(n * float64(time.Hour))) }
	// Story: lea's two oldest messages expire 2 and 5 hours after the
	// start; the third she deletes herself; the fourth is recent.
	ephemeral(g, "Message", "lea", str("sam"), "m-101", h(7*24-2), str("Your code is 4711."))
	ephemeral(g, "Message", "lea", str("kim"), "m-102", h(7*24-5), str("Invoice for February attached."))
	ephemeral(g, "Message", "lea", str("sam"), "m-103", h(2*24), str("Delete this after reading."))
	ephemeral(g, "Message", "lea", str("kim"), "m-104", h(3), str("See you at nine."))
	ephemeral(g, "Message", "sam", str("lea"), "m-105", h(12), str("Thanks!"))
	// Filler: live messages of the last seven days and, every 50th, one
	// the TTL process deleted before the start and the consumer archived,
	// so the archive holds history from the first load (a running system's
	// archive is never empty).
	for i := 0; ; i++ {
		if i%50 == 0 {
			sent := g.start.Add(-messageTTL - time.Duration(2*3600+g.r.IntN(21*24*3600))*time.Second)
			archived := sent.Add(messageTTL + time.Hour)
			p := g.params("recipient", padded("u", g.r.IntN(5000), 5))
			p.Set("sentAt", iso(sent))
			p.Set("messageId", padded("a-", i, 7))
			it := g.next()
			it.Set("From", g.str(padded("u", g.r.IntN(5000), 5)))
			it.Set("Body", model.Pick(g.r, chatLineValues))
			it.Set("ExpiresAt", epoch(sent.Add(messageTTL)))
			it.Set("ArchivedAt", g.str(iso(archived)))
			g.put("ArchivedMessage", p, it)
			continue
		}
		sent := g.start.Add(-time.Duration(1+g.r.IntN(7*24*3600-1)) * time.Second)
		ephemeral(g, "Message", padded("u", g.r.IntN(5000), 5), g.str(padded("u", g.r.IntN(5000), 5)),
			padded("f-", i, 7), sent, model.Pick(g.r, chatLineValues))
	}
}

// TTLArchiver stands in for the archive pattern's Lambda function: it reads
// a table's stream with the Streams API (DescribeStream, GetShardIterator,
// GetRecords) and writes the old image of every REMOVE record made by the
// TTL process (userIdentity Service / dynamodb.amazonaws.com) to the
// archive table, adding ArchivedAt. Records of users' writes and deletes
// are skipped. Call Poll at least once per 24 hours of the database's
// clock: stream records are kept 24 hours.
type TTLArchiver struct {
	db      *engine.Database
	archive string
	arn     string
	shard   string
	last    string // sequence number of the last record read
}

// ServicePrincipal is the userIdentity of the TTL process's deletions in a
// stream record.
const ServicePrincipal = "dynamodb.amazonaws.com"

// NewTTLArchiver subscribes to the stream of table source.
func NewTTLArchiver(db *engine.Database, source, archive string) (*TTLArchiver, error) {
	streams, err := db.ListStreams(&engine.ListStreamsInput{TableName: &source})
	if err != nil {
		return nil, err
	}
	if len(streams.Streams) == 0 {
		return nil, fmt.Errorf("table %s has no stream", source)
	}
	arn := streams.Streams[len(streams.Streams)-1].StreamArn
	desc, err := db.DescribeStream(&engine.DescribeStreamInput{StreamArn: &arn})
	if err != nil {
		return nil, err
	}
	if len(desc.StreamDescription.Shards) == 0 {
		return nil, errors.New("the stream has no shard")
	}
	return &TTLArchiver{db: db, archive: archive, arn: arn, shard: desc.StreamDescription.Shards[0].ShardId}, nil
}

// Poll reads every record written since the last poll and archives the TTL
// deletions among them. It returns how many records it archived and how
// many it skipped.
func (a *TTLArchiver) Poll() (archived, skipped int, err error) {
	in := &engine.GetShardIteratorInput{StreamArn: &a.arn, ShardId: &a.shard}
	typ := "TRIM_HORIZON"
	if a.last != "" {
		typ = "AFTER_SEQUENCE_NUMBER"
		in.SequenceNumber = &a.last
	}
	in.ShardIteratorType = &typ
	it, err := a.db.GetShardIterator(in)
	if err != nil {
		return 0, 0, err
	}
	iter := it.ShardIterator
	for iter != "" {
		out, err := a.db.GetRecords(&engine.GetRecordsInput{ShardIterator: &iter})
		if err != nil {
			return archived, skipped, err
		}
		if len(out.Records) == 0 {
			break
		}
		for _, r := range out.Records {
			a.last = r.Dynamodb.SequenceNumber
			id := r.UserIdentity
			if r.EventName != "REMOVE" || id == nil || id.Type != "Service" || id.PrincipalId != ServicePrincipal || r.Dynamodb.OldImage == nil {
				skipped++
				continue
			}
			item := r.Dynamodb.OldImage.Clone()
			at := time.Unix(0, int64(r.Dynamodb.ApproximateCreationDateTime*1e9)).UTC()
			item["ArchivedAt"] = attr.String(iso(at))
			if _, err := a.db.PutItem(&engine.PutItemInput{TableName: &a.archive, Item: item}); err != nil {
				return archived, skipped, err
			}
			archived++
		}
		iter = out.NextShardIterator
	}
	return archived, skipped, nil
}
