import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.execute_statement(
    Statement="SELECT PK, \"name\", Tags FROM \"Orders\" WHERE PK = ? AND begins_with(SK, 'ORDER#') AND Total > ?",
    Parameters=[{"S": "CUSTOMER#42"}, {"N": "10.5"}],
    ConsistentRead=True,
    Limit=25,
    ReturnConsumedCapacity="INDEXES",
)
print(response)
