aws dynamodb update-item \
  --table-name 'Thread' \
  --key '{"ForumName":{"S":"Amazon DynamoDB"},"Subject":{"S":"How do I update multiple items?"}}' \
  --attribute-updates '{"LastPostedBy":{"Action":"PUT","Value":{"S":"alice@example.com"}},"Replies":{"Action":"ADD","Value":{"N":"1"}},"Tags":{"Action":"DELETE","Value":{"SS":["stale"]}},"Draft":{"Action":"DELETE"}}' \
  --expected '{"LastPostedBy":{"Value":{"S":"bob@example.com"},"Exists":true},"Locked":{"Exists":false},"Replies":{"ComparisonOperator":"LT","AttributeValueList":[{"N":"1000"}]}}' \
  --conditional-operator 'AND' \
  --return-values 'UPDATED_NEW' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
