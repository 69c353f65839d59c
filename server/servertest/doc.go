// Package servertest holds what the tests of several packages share: the
// workbench's binary built and run as a separate process (Build, Start),
// a fresh engine's DynamoDB endpoint on loopback (WireEndpoint), and
// pattern models made small or edited for a test (SmallModel,
// PatternDocument, AddOrderIndex). Only _test.go files import it (the
// dependency rule checks).
package servertest
