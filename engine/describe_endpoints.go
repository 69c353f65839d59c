package engine

// endpointCacheMinutes is how long a client may cache the answer: DynamoDB
// answers 1440 (a day).
const endpointCacheMinutes = 1440

// DescribeEndpoints implements DynamoDB's DescribeEndpoints (endpoint
// discovery). The engine cannot know the address it is reached at, so it
// answers the regional address DynamoDB answers; SDKs given an endpoint URL
// (as every client of an emulator is) do not run discovery, and the server
// can set its own address with WithEndpointAddress.
func (d *Database) DescribeEndpoints(*DescribeEndpointsInput) (*DescribeEndpointsOutput, error) {
	addr := d.endpoint
	if addr == "" {
		addr = "dynamodb." + d.region + ".amazonaws.com"
	}
	return &DescribeEndpointsOutput{Endpoints: []Endpoint{{Address: addr, CachePeriodInMinutes: endpointCacheMinutes}}}, nil
}

// WithEndpointAddress sets the address DescribeEndpoints answers.
func WithEndpointAddress(addr string) Option { return func(d *Database) { d.endpoint = addr } }
