aws dynamodb get-item \
  --table-name 'Orders' \
  --key '{"PK":{"S":"CUSTOMER#42"},"SK":{"S":"PROFILE"}}' \
  --projection-expression '#name, email, addresses[0], #prefs.theme' \
  --expression-attribute-names '{"#name":"name","#prefs":"preferences"}' \
  --consistent-read \
  --return-consumed-capacity 'TOTAL' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
