aws dynamodb delete-table \
  --table-name 'Orders' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
