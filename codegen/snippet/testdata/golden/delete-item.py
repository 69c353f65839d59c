import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.delete_item(
    TableName="Sessions",
    Key={"SessionId": {"S": "b7c1e0f2-9a4d-4f5e-8c21-3d6a7e9f0b12"}},
    ConditionExpression="attribute_exists(SessionId) AND expiresAt < :now",
    ExpressionAttributeValues={":now": {"N": "1718000000"}},
    ReturnValues="ALL_OLD",
)
print(response)
