import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.put_item(
    TableName="Orders",
    Item={
        "PK": {"S": "CUSTOMER#42"},
        "SK": {"S": "PROFILE"},
        "name": {"S": "Siobhán O'Brien"},
        "bio": {
            "S": "Line one\nLine \"two\"\twith a tab, a backslash \\ and 🚀 and $HOME",
        },
        "age": {"N": "37"},
        "avatar": {"B": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"},
        "note": {"B": b"hello world"},
        "emails": {"SS": ["siobhan@example.com", "s.obrien@example.org"]},
        "luckyNumbers": {"NS": ["7", "13", "42.5"]},
        "keys": {"BS": [b"\x00\x01\x02", b"\xff\xff\xff\xff"]},
        "addresses": {
            "L": [
                {
                    "M": {
                        "city": {"S": "Dublin"},
                        "zip": {"S": "D02 X285"},
                        "primary": {"BOOL": True},
                    },
                },
                {
                    "M": {
                        "city": {"S": "Cork"},
                        "zip": {"NULL": True},
                        "primary": {"BOOL": False},
                    },
                },
            ],
        },
        "preferences": {
            "M": {
                "theme": {"S": "dark"},
                "notifications": {"L": [{"S": "email"}, {"N": "3"}, {"BOOL": True}]},
            },
        },
        "deletedAt": {"NULL": True},
        "vip": {"BOOL": True},
    },
    ConditionExpression="attribute_not_exists(PK)",
    ReturnValues="ALL_OLD",
    ReturnValuesOnConditionCheckFailure="ALL_OLD",
    ReturnConsumedCapacity="TOTAL",
    ReturnItemCollectionMetrics="SIZE",
)
print(response)
