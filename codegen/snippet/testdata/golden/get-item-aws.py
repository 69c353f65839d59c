import boto3

client = boto3.client("dynamodb", region_name="eu-west-1")
response = client.get_item(
    TableName="Orders",
    Key={"PK": {"S": "CUSTOMER#42"}, "SK": {"S": "PROFILE"}},
)
print(response)
