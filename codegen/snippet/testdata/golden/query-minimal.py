import boto3

client = boto3.client("dynamodb", region_name="us-east-1")
response = client.query(
    TableName="T",
    KeyConditionExpression="PK = :pk",
    ExpressionAttributeValues={":pk": {"S": "USER#1"}},
)
print(response)
