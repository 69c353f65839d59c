aws dynamodb execute-statement \
  --statement 'SELECT PK, "name", Tags FROM "Orders" WHERE PK = ? AND begins_with(SK, '\''ORDER#'\'') AND Total > ?' \
  --parameters '[{"S":"CUSTOMER#42"},{"N":"10.5"}]' \
  --consistent-read \
  --limit '25' \
  --return-consumed-capacity 'INDEXES' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
