aws dynamodb query \
  --table-name 'T' \
  --key-condition-expression 'PK = :pk' \
  --expression-attribute-values '{":pk":{"S":"USER#1"}}' \
  --no-paginate
