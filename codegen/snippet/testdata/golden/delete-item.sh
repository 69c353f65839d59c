aws dynamodb delete-item \
  --table-name 'Sessions' \
  --key '{"SessionId":{"S":"b7c1e0f2-9a4d-4f5e-8c21-3d6a7e9f0b12"}}' \
  --condition-expression 'attribute_exists(SessionId) AND expiresAt < :now' \
  --expression-attribute-values '{":now":{"N":"1718000000"}}' \
  --return-values 'ALL_OLD' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
