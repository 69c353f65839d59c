import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.get_item(
    TableName="Orders",
    Key={"PK": {"S": "CUSTOMER#42"}, "SK": {"S": "PROFILE"}},
    ProjectionExpression="#name, email, addresses[0], #prefs.theme",
    ExpressionAttributeNames={"#name": "name", "#prefs": "preferences"},
    ConsistentRead=True,
    ReturnConsumedCapacity="TOTAL",
)
print(response)
