import java.net.URI;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        DescribeTableResponse response = client.describeTable(DescribeTableRequest.builder()
            .tableName("Orders")
            .build());
        System.out.println(response);
    }
}
