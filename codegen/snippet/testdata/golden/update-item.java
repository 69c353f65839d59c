import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        UpdateItemResponse response = client.updateItem(UpdateItemRequest.builder()
            .tableName("Orders")
            .key(Map.of(
                "PK", AttributeValue.builder().s("ORDER#981").build(),
                "SK", AttributeValue.builder().s("ORDER#981").build()
            ))
            .updateExpression("SET #status = :shipped, shippedAt = :now, history = list_append(if_not_exists(history, :empty), :event) ADD version :one REMOVE pendingReason")
            .conditionExpression("#status = :paid AND version = :expected")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(Map.of(
                ":shipped", AttributeValue.builder().s("SHIPPED").build(),
                ":paid", AttributeValue.builder().s("PAID").build(),
                ":now", AttributeValue.builder().n("1718000000").build(),
                ":empty", AttributeValue.builder().l(List.of()).build(),
                ":event", AttributeValue.builder()
                    .l(List.of(
                        AttributeValue.builder()
                            .m(Map.of(
                                "at", AttributeValue.builder().n("1718000000").build(),
                                "what", AttributeValue.builder().s("shipped").build()
                            ))
                            .build()
                    ))
                    .build(),
                ":one", AttributeValue.builder().n("1").build(),
                ":expected", AttributeValue.builder().n("6").build()
            ))
            .returnValues(ReturnValue.ALL_NEW)
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.NONE)
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
            .build());
        System.out.println(response);
    }
}
