import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        BatchGetItemResponse response = client.batchGetItem(BatchGetItemRequest.builder()
            .requestItems(Map.of(
                "Orders", KeysAndAttributes.builder()
                    .keys(List.of(
                        Map.of(
                            "PK", AttributeValue.builder().s("CUSTOMER#42").build(),
                            "SK", AttributeValue.builder().s("PROFILE").build()
                        ),
                        Map.of(
                            "PK", AttributeValue.builder().s("CUSTOMER#43").build(),
                            "SK", AttributeValue.builder().s("PROFILE").build()
                        )
                    ))
                    .projectionExpression("PK, #name, email")
                    .expressionAttributeNames(Map.of("#name", "name"))
                    .consistentRead(true)
                    .build(),
                "Products", KeysAndAttributes.builder()
                    .keys(List.of(
                        Map.of("ProductId", AttributeValue.builder().n("1001").build()),
                        Map.of("ProductId", AttributeValue.builder().n("1002").build())
                    ))
                    .attributesToGet(List.of("ProductId", "Title", "Price"))
                    .build()
            ))
            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
            .build());
        System.out.println(response);
    }
}
