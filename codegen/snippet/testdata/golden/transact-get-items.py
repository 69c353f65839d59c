import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.transact_get_items(
    TransactItems=[
        {
            "Get": {
                "TableName": "Accounts",
                "Key": {"AccountId": {"S": "acct-1"}},
                "ProjectionExpression": "balance, #o",
                "ExpressionAttributeNames": {"#o": "owner"},
            },
        },
        {"Get": {"TableName": "Accounts", "Key": {"AccountId": {"S": "acct-2"}}}},
    ],
    ReturnConsumedCapacity="TOTAL",
)
print(response)
