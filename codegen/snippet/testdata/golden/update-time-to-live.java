import java.net.URI;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        UpdateTimeToLiveResponse response = client.updateTimeToLive(UpdateTimeToLiveRequest.builder()
            .tableName("Sessions")
            .timeToLiveSpecification(TimeToLiveSpecification.builder()
                .enabled(true)
                .attributeName("expiresAt")
                .build())
            .build());
        System.out.println(response);
    }
}
