// Command loadtest drives a running workbench's DynamoDB endpoint with a
// mixed read and write workload from many clients, and checks that no
// acknowledged write was lost and that the server's memory stays flat.
//
//	loadtest [-url http://127.0.0.1:8080] [-clients 64] [-duration 1m] [-pid PID]
//
// Each client owns a range of items it updates with conditional writes
// (version = expected, then version + 1), and all clients increment a few
// shared counters with optimistic retries (the contention path: a
// ConditionalCheckFailedException is a lost race, retried). At the end every
// item's version must equal the writes its owner saw acknowledged, and every
// counter the increments acknowledged. With -pid, the server's resident
// memory is sampled every 5 s and must stay within -max-growth of what it
// was after 10 s. It exits 1 when a check fails.
//
// It only talks to the URL given, which should be on this machine, and
// only to its DynamoDB endpoint: it shares nothing, so the share quotas
// (-share-client-quota, per client address, which all its clients share)
// never refuse it. A load test of POST /api/share from one address would
// have to start the server with -share-client-quota as large as
// -share-quota, as behind a proxy.
package main
