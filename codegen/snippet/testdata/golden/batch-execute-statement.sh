aws dynamodb batch-execute-statement \
  --statements '[{"Statement":"UPDATE Orders SET Status = '\''shipped'\'' WHERE PK = ? AND SK = ?","Parameters":[{"S":"CUSTOMER#42"},{"S":"ORDER#1"}],"ReturnValuesOnConditionCheckFailure":"ALL_OLD"},{"Statement":"INSERT INTO Orders VALUE {'\''PK'\'': ?, '\''SK'\'': '\''ORDER#2'\'', '\''Blob'\'': ?}","Parameters":[{"S":"CUSTOMER#42"},{"B":"aGVsbG8="}]}]' \
  --return-consumed-capacity 'TOTAL' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
