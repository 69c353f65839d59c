import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.query(
    TableName="Orders",
    IndexName="GSI1",
    KeyConditionExpression="GSI1PK = :pk AND begins_with(GSI1SK, :prefix)",
    FilterExpression="#status <> :cancelled AND total >= :min",
    ProjectionExpression="PK, SK, #status, total, placedAt",
    ExpressionAttributeNames={"#status": "status"},
    ExpressionAttributeValues={
        ":pk": {"S": "CUSTOMER#42"},
        ":prefix": {"S": "ORDER#2024-"},
        ":cancelled": {"S": "CANCELLED"},
        ":min": {"N": "25.50"},
    },
    ScanIndexForward=False,
    Limit=20,
    ExclusiveStartKey={
        "PK": {"S": "ORDER#981"},
        "SK": {"S": "ORDER#981"},
        "GSI1PK": {"S": "CUSTOMER#42"},
        "GSI1SK": {"S": "ORDER#2024-03-02"},
    },
    ReturnConsumedCapacity="INDEXES",
)
print(response)
