aws dynamodb get-item \
  --table-name 'Orders' \
  --key '{"PK":{"S":"CUSTOMER#42"},"SK":{"S":"PROFILE"}}' \
  --region 'eu-west-1'
