aws dynamodb list-tables \
  --exclusive-start-table-name 'Orders' \
  --limit '10' \
  --no-paginate \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
