aws dynamodb batch-write-item \
  --request-items '{"Readings":[{"PutRequest":{"Item":{"SensorId":{"S":"sensor-7#3"},"At":{"N":"1718000000"},"Celsius":{"N":"21.4"},"Raw":{"B":"AQIDBA=="}}}},{"PutRequest":{"Item":{"SensorId":{"S":"sensor-7#1"},"At":{"N":"1718000060"},"Celsius":{"N":"21.6"}}}},{"DeleteRequest":{"Key":{"SensorId":{"S":"sensor-7#2"},"At":{"N":"1717000000"}}}}],"SensorIndex":[{"PutRequest":{"Item":{"SensorId":{"S":"sensor-7"},"Shards":{"N":"4"}}}}]}' \
  --return-consumed-capacity 'TOTAL' \
  --return-item-collection-metrics 'SIZE' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
