import { DynamoDBClient, GetItemCommand } from "@aws-sdk/client-dynamodb";

const client = new DynamoDBClient({ region: "eu-west-1" });
const output = await client.send(new GetItemCommand({
  TableName: "Orders",
  Key: { PK: { S: "CUSTOMER#42" }, SK: { S: "PROFILE" } },
}));
console.log(output);
