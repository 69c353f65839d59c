aws dynamodb batch-get-item \
  --request-items '{"Orders":{"Keys":[{"PK":{"S":"CUSTOMER#42"},"SK":{"S":"PROFILE"}},{"PK":{"S":"CUSTOMER#43"},"SK":{"S":"PROFILE"}}],"ProjectionExpression":"PK, #name, email","ExpressionAttributeNames":{"#name":"name"},"ConsistentRead":true},"Products":{"Keys":[{"ProductId":{"N":"1001"}},{"ProductId":{"N":"1002"}}],"AttributesToGet":["ProductId","Title","Price"]}}' \
  --return-consumed-capacity 'INDEXES' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
