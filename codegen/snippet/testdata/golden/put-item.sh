aws dynamodb put-item \
  --table-name 'Orders' \
  --item '{"PK":{"S":"CUSTOMER#42"},"SK":{"S":"PROFILE"},"name":{"S":"Siobhán O'\''Brien"},"bio":{"S":"Line one\nLine \"two\"\twith a tab, a backslash \\ and 🚀 and $HOME"},"age":{"N":"37"},"avatar":{"B":"iVBORw0KGgoAAAANSUhEUg=="},"note":{"B":"aGVsbG8gd29ybGQ="},"emails":{"SS":["siobhan@example.com","s.obrien@example.org"]},"luckyNumbers":{"NS":["7","13","42.5"]},"keys":{"BS":["AAEC","/////w=="]},"addresses":{"L":[{"M":{"city":{"S":"Dublin"},"zip":{"S":"D02 X285"},"primary":{"BOOL":true}}},{"M":{"city":{"S":"Cork"},"zip":{"NULL":true},"primary":{"BOOL":false}}}]},"preferences":{"M":{"theme":{"S":"dark"},"notifications":{"L":[{"S":"email"},{"N":"3"},{"BOOL":true}]}}},"deletedAt":{"NULL":true},"vip":{"BOOL":true}}' \
  --condition-expression 'attribute_not_exists(PK)' \
  --return-values 'ALL_OLD' \
  --return-values-on-condition-check-failure 'ALL_OLD' \
  --return-consumed-capacity 'TOTAL' \
  --return-item-collection-metrics 'SIZE' \
  --endpoint-url 'http://localhost:8080' \
  --region 'us-east-1'
