aws dynamodb execute-transaction \
  --transact-statements '[{"Statement":"DELETE FROM Orders WHERE PK = ? AND SK = ?","Parameters":[{"S":"CUSTOMER#42"},{"S":"ORDER#1"}]},{"Statement":"EXISTS(SELECT * FROM Orders WHERE PK = '\''CUSTOMER#42'\'' AND SK = '\''PROFILE'\'' AND Active = true)"}]' \
  --client-request-token 'tx-0001' \
  --return-consumed-capacity 'TOTAL' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
