import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.Update;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        TransactWriteItemsResponse response = client.transactWriteItems(TransactWriteItemsRequest.builder()
            .transactItems(List.of(
                TransactWriteItem.builder()
                    .conditionCheck(ConditionCheck.builder()
                        .tableName("Customers")
                        .key(Map.of(
                            "CustomerId", AttributeValue.builder().s("CUSTOMER#42").build()
                        ))
                        .conditionExpression("attribute_exists(CustomerId) AND #s = :active")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(
                            ":active", AttributeValue.builder().s("ACTIVE").build()
                        ))
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .build())
                    .build(),
                TransactWriteItem.builder()
                    .put(Put.builder()
                        .tableName("Orders")
                        .item(Map.of(
                            "PK", AttributeValue.builder().s("ORDER#982").build(),
                            "SK", AttributeValue.builder().s("ORDER#982").build(),
                            "customer", AttributeValue.builder().s("CUSTOMER#42").build(),
                            "total", AttributeValue.builder().n("99.90").build()
                        ))
                        .conditionExpression("attribute_not_exists(PK)")
                        .build())
                    .build(),
                TransactWriteItem.builder()
                    .update(Update.builder()
                        .tableName("Inventory")
                        .key(Map.of("Sku", AttributeValue.builder().s("SKU-123").build()))
                        .updateExpression("SET stock = stock - :q")
                        .conditionExpression("stock >= :q")
                        .expressionAttributeValues(Map.of(
                            ":q", AttributeValue.builder().n("2").build()
                        ))
                        .build())
                    .build(),
                TransactWriteItem.builder()
                    .delete(Delete.builder()
                        .tableName("Carts")
                        .key(Map.of(
                            "CustomerId", AttributeValue.builder().s("CUSTOMER#42").build()
                        ))
                        .build())
                    .build()
            ))
            .clientRequestToken("order-982-checkout")
            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
            .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
            .build());
        System.out.println(response);
    }
}
