import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.update_table(
    TableName="Orders",
    AttributeDefinitions=[
        {"AttributeName": "status", "AttributeType": "S"},
        {"AttributeName": "placedAt", "AttributeType": "N"},
    ],
    BillingMode="PAY_PER_REQUEST",
    GlobalSecondaryIndexUpdates=[
        {
            "Create": {
                "IndexName": "ByStatus",
                "KeySchema": [
                    {"AttributeName": "status", "KeyType": "HASH"},
                    {"AttributeName": "placedAt", "KeyType": "RANGE"},
                ],
                "Projection": {"ProjectionType": "ALL"},
                "OnDemandThroughput": {
                    "MaxReadRequestUnits": 1000,
                    "MaxWriteRequestUnits": 500,
                },
            },
        },
        {"Delete": {"IndexName": "GSI1"}},
    ],
    StreamSpecification={"StreamEnabled": False},
    DeletionProtectionEnabled=False,
)
print(response)
