aws dynamodb transact-get-items \
  --transact-items '[{"Get":{"TableName":"Accounts","Key":{"AccountId":{"S":"acct-1"}},"ProjectionExpression":"balance, #o","ExpressionAttributeNames":{"#o":"owner"}}},{"Get":{"TableName":"Accounts","Key":{"AccountId":{"S":"acct-2"}}}}]' \
  --return-consumed-capacity 'TOTAL' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
