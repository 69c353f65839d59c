import boto3

client = boto3.client(
    "dynamodb",
    region_name="us-east-1",
    endpoint_url="http://localhost:8080",
)
response = client.batch_write_item(
    RequestItems={
        "Readings": [
            {
                "PutRequest": {
                    "Item": {
                        "SensorId": {"S": "sensor-7#3"},
                        "At": {"N": "1718000000"},
                        "Celsius": {"N": "21.4"},
                        "Raw": {"B": b"\x01\x02\x03\x04"},
                    },
                },
            },
            {
                "PutRequest": {
                    "Item": {
                        "SensorId": {"S": "sensor-7#1"},
                        "At": {"N": "1718000060"},
                        "Celsius": {"N": "21.6"},
                    },
                },
            },
            {
                "DeleteRequest": {
                    "Key": {"SensorId": {"S": "sensor-7#2"}, "At": {"N": "1717000000"}},
                },
            },
        ],
        "SensorIndex": [
            {
                "PutRequest": {
                    "Item": {"SensorId": {"S": "sensor-7"}, "Shards": {"N": "4"}},
                },
            },
        ],
    },
    ReturnConsumedCapacity="TOTAL",
    ReturnItemCollectionMetrics="SIZE",
)
print(response)
