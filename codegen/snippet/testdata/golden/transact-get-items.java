import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        TransactGetItemsResponse response = client.transactGetItems(TransactGetItemsRequest.builder()
            .transactItems(List.of(
                TransactGetItem.builder()
                    .get(Get.builder()
                        .tableName("Accounts")
                        .key(Map.of("AccountId", AttributeValue.builder().s("acct-1").build()))
                        .projectionExpression("balance, #o")
                        .expressionAttributeNames(Map.of("#o", "owner"))
                        .build())
                    .build(),
                TransactGetItem.builder()
                    .get(Get.builder()
                        .tableName("Accounts")
                        .key(Map.of("AccountId", AttributeValue.builder().s("acct-2").build()))
                        .build())
                    .build()
            ))
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .build());
        System.out.println(response);
    }
}
