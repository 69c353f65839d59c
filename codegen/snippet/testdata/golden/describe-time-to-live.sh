aws dynamodb describe-time-to-live \
  --table-name 'Sessions' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
