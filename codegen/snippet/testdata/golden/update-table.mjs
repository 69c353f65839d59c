import { DynamoDBClient, UpdateTableCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({
  region: "us-east-1",
  endpoint: "http://localhost:8080",
});
const output = await client.send(new UpdateTableCommand({
  TableName: "Orders",
  AttributeDefinitions: [
    { AttributeName: "status", AttributeType: "S" },
    { AttributeName: "placedAt", AttributeType: "N" },
  ],
  BillingMode: "PAY_PER_REQUEST",
  GlobalSecondaryIndexUpdates: [
    {
      Create: {
        IndexName: "ByStatus",
        KeySchema: [
          { AttributeName: "status", KeyType: "HASH" },
          { AttributeName: "placedAt", KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
        OnDemandThroughput: {
          MaxReadRequestUnits: 1000,
          MaxWriteRequestUnits: 500,
        },
      },
    },
    { Delete: { IndexName: "GSI1" } },
  ],
  StreamSpecification: { StreamEnabled: false },
  DeletionProtectionEnabled: false,
}));
console.log(output);
