import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.delete_table(TableName="Orders")
print(response)
