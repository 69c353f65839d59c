import java.net.URI;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        ScanResponse response = client.scan(ScanRequest.builder()
            .tableName("Orders")
            .indexName("ByStatus")
            .filterExpression("attribute_exists(sparseFlag) AND size(items) > :n")
            .expressionAttributeValues(Map.of(":n", AttributeValue.builder().n("3").build()))
            .select(Select.COUNT)
            .segment(1)
            .totalSegments(4)
            .consistentRead(false)
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .build());
        System.out.println(response);
    }
}
