import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.list_tables(ExclusiveStartTableName="Orders", Limit=10)
print(response)
