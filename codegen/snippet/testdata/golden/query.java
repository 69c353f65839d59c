import java.net.URI;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        QueryResponse response = client.query(QueryRequest.builder()
            .tableName("Orders")
            .indexName("GSI1")
            .keyConditionExpression("GSI1PK = :pk AND begins_with(GSI1SK, :prefix)")
            .filterExpression("#status <> :cancelled AND total >= :min")
            .projectionExpression("PK, SK, #status, total, placedAt")
            .expressionAttributeNames(Map.of("#status", "status"))
            .expressionAttributeValues(Map.of(
                ":pk", AttributeValue.builder().s("CUSTOMER#42").build(),
                ":prefix", AttributeValue.builder().s("ORDER#2024-").build(),
                ":cancelled", AttributeValue.builder().s("CANCELLED").build(),
                ":min", AttributeValue.builder().n("25.50").build()
            ))
            .scanIndexForward(false)
            .limit(20)
            .exclusiveStartKey(Map.of(
                "PK", AttributeValue.builder().s("ORDER#981").build(),
                "SK", AttributeValue.builder().s("ORDER#981").build(),
                "GSI1PK", AttributeValue.builder().s("CUSTOMER#42").build(),
                "GSI1SK", AttributeValue.builder().s("ORDER#2024-03-02").build()
            ))
            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
            .build());
        System.out.println(response);
    }
}
