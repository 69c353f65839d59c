import java.net.URI;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        DeleteItemResponse response = client.deleteItem(DeleteItemRequest.builder()
            .tableName("Sessions")
            .key(Map.of(
                "SessionId", AttributeValue.builder()
                    .s("b7c1e0f2-9a4d-4f5e-8c21-3d6a7e9f0b12")
                    .build()
            ))
            .conditionExpression("attribute_exists(SessionId) AND expiresAt < :now")
            .expressionAttributeValues(Map.of(
                ":now", AttributeValue.builder().n("1718000000").build()
            ))
            .returnValues(ReturnValue.ALL_OLD)
            .build());
        System.out.println(response);
    }
}
