aws dynamodb update-time-to-live \
  --table-name 'Sessions' \
  --time-to-live-specification '{"Enabled":true,"AttributeName":"expiresAt"}' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
