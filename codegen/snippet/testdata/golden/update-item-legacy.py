import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.update_item(
    TableName="Thread",
    Key={
        "ForumName": {"S": "Amazon DynamoDB"},
        "Subject": {"S": "How do I update multiple items?"},
    },
    AttributeUpdates={
        "LastPostedBy": {"Action": "PUT", "Value": {"S": "alice@example.com"}},
        "Replies": {"Action": "ADD", "Value": {"N": "1"}},
        "Tags": {"Action": "DELETE", "Value": {"SS": ["stale"]}},
        "Draft": {"Action": "DELETE"},
    },
    Expected={
        "LastPostedBy": {"Value": {"S": "bob@example.com"}, "Exists": True},
        "Locked": {"Exists": False},
        "Replies": {"ComparisonOperator": "LT", "AttributeValueList": [{"N": "1000"}]},
    },
    ConditionalOperator="AND",
    ReturnValues="UPDATED_NEW",
)
print(response)
