import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.execute_transaction(
    TransactStatements=[
        {
            "Statement": "DELETE FROM Orders WHERE PK = ? AND SK = ?",
            "Parameters": [{"S": "CUSTOMER#42"}, {"S": "ORDER#1"}],
        },
        {
            "Statement": "EXISTS(SELECT * FROM Orders WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND Active = true)",
        },
    ],
    ClientRequestToken="tx-0001",
    ReturnConsumedCapacity="TOTAL",
)
print(response)
