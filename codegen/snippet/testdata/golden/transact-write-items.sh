aws dynamodb transact-write-items \
  --transact-items '[{"ConditionCheck":{"TableName":"Customers","Key":{"CustomerId":{"S":"CUSTOMER#42"}},"ConditionExpression":"attribute_exists(CustomerId) AND #s = :active","ExpressionAttributeNames":{"#s":"status"},"ExpressionAttributeValues":{":active":{"S":"ACTIVE"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}},{"Put":{"TableName":"Orders","Item":{"PK":{"S":"ORDER#982"},"SK":{"S":"ORDER#982"},"customer":{"S":"CUSTOMER#42"},"total":{"N":"99.90"}},"ConditionExpression":"attribute_not_exists(PK)"}},{"Update":{"TableName":"Inventory","Key":{"Sku":{"S":"SKU-123"}},"UpdateExpression":"SET stock = stock - :q","ConditionExpression":"stock >= :q","ExpressionAttributeValues":{":q":{"N":"2"}}}},{"Delete":{"TableName":"Carts","Key":{"CustomerId":{"S":"CUSTOMER#42"}}}}]' \
  --client-request-token 'order-982-checkout' \
  --return-consumed-capacity 'INDEXES' \
  --return-item-collection-metrics 'SIZE' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
