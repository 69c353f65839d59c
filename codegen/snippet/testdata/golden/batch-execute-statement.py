import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.batch_execute_statement(
    Statements=[
        {
            "Statement": "UPDATE Orders SET Status = 'shipped' WHERE PK = ? AND SK = ?",
            "Parameters": [{"S": "CUSTOMER#42"}, {"S": "ORDER#1"}],
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD",
        },
        {
            "Statement": "INSERT INTO Orders VALUE {'PK': ?, 'SK': 'ORDER#2', 'Blob': ?}",
            "Parameters": [{"S": "CUSTOMER#42"}, {"B": b"hello"}],
        },
    ],
    ReturnConsumedCapacity="TOTAL",
)
print(response)
