import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder().region(Region.of("eu-west-1")).build();
        GetItemResponse response = client.getItem(GetItemRequest.builder()
            .tableName("Orders")
            .key(Map.of(
                "PK", AttributeValue.builder().s("CUSTOMER#42").build(),
                "SK", AttributeValue.builder().s("PROFILE").build()
            ))
            .build());
        System.out.println(response);
    }
}
