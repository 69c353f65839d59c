import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.scan(
    TableName="Orders",
    IndexName="ByStatus",
    FilterExpression="attribute_exists(sparseFlag) AND size(items) > :n",
    ExpressionAttributeValues={":n": {"N": "3"}},
    Select="COUNT",
    Segment=1,
    TotalSegments=4,
    ConsistentRead=False,
    ReturnConsumedCapacity="TOTAL",
)
print(response)
