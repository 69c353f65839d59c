import java.net.URI;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        GetItemResponse response = client.getItem(GetItemRequest.builder()
            .tableName("Orders")
            .key(Map.of(
                "PK", AttributeValue.builder().s("CUSTOMER#42").build(),
                "SK", AttributeValue.builder().s("PROFILE").build()
            ))
            .projectionExpression("#name, email, addresses[0], #prefs.theme")
            .expressionAttributeNames(Map.of("#name", "name", "#prefs", "preferences"))
            .consistentRead(true)
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .build());
        System.out.println(response);
    }
}
