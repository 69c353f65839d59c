import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.query(
    TableName="Thread",
    KeyConditions={
        "ForumName": {
            "ComparisonOperator": "EQ",
            "AttributeValueList": [{"S": "Amazon DynamoDB"}],
        },
        "LastPostDateTime": {
            "ComparisonOperator": "BETWEEN",
            "AttributeValueList": [{"S": "2024-01-01"}, {"S": "2024-12-31"}],
        },
    },
    QueryFilter={
        "Replies": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "0"}]},
        "Tags": {
            "ComparisonOperator": "CONTAINS",
            "AttributeValueList": [{"S": "index"}],
        },
    },
    ConditionalOperator="OR",
    AttributesToGet=["Subject", "LastPostDateTime", "Replies"],
    Select="SPECIFIC_ATTRIBUTES",
    ConsistentRead=True,
)
print(response)
