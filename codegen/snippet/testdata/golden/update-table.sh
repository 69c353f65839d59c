aws dynamodb update-table \
  --table-name 'Orders' \
  --attribute-definitions '[{"AttributeName":"status","AttributeType":"S"},{"AttributeName":"placedAt","AttributeType":"N"}]' \
  --billing-mode 'PAY_PER_REQUEST' \
  --global-secondary-index-updates '[{"Create":{"IndexName":"ByStatus","KeySchema":[{"AttributeName":"status","KeyType":"HASH"},{"AttributeName":"placedAt","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"},"OnDemandThroughput":{"MaxReadRequestUnits":1000,"MaxWriteRequestUnits":500}}},{"Delete":{"IndexName":"GSI1"}}]' \
  --stream-specification '{"StreamEnabled":false}' \
  --no-deletion-protection-enabled \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
