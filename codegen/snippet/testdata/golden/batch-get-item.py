import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.batch_get_item(
    RequestItems={
        "Orders": {
            "Keys": [
                {"PK": {"S": "CUSTOMER#42"}, "SK": {"S": "PROFILE"}},
                {"PK": {"S": "CUSTOMER#43"}, "SK": {"S": "PROFILE"}},
            ],
            "ProjectionExpression": "PK, #name, email",
            "ExpressionAttributeNames": {"#name": "name"},
            "ConsistentRead": True,
        },
        "Products": {
            "Keys": [{"ProductId": {"N": "1001"}}, {"ProductId": {"N": "1002"}}],
            "AttributesToGet": ["ProductId", "Title", "Price"],
        },
    },
    ReturnConsumedCapacity="INDEXES",
)
print(response)
