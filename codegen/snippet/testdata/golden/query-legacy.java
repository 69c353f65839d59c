import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        QueryResponse response = client.query(QueryRequest.builder()
            .tableName("Thread")
            .keyConditions(Map.of(
                "ForumName", Condition.builder()
                    .comparisonOperator(ComparisonOperator.EQ)
                    .attributeValueList(List.of(
                        AttributeValue.builder().s("Amazon DynamoDB").build()
                    ))
                    .build(),
                "LastPostDateTime", Condition.builder()
                    .comparisonOperator(ComparisonOperator.BETWEEN)
                    .attributeValueList(List.of(
                        AttributeValue.builder().s("2024-01-01").build(),
                        AttributeValue.builder().s("2024-12-31").build()
                    ))
                    .build()
            ))
            .queryFilter(Map.of(
                "Replies", Condition.builder()
                    .comparisonOperator(ComparisonOperator.GT)
                    .attributeValueList(List.of(AttributeValue.builder().n("0").build()))
                    .build(),
                "Tags", Condition.builder()
                    .comparisonOperator(ComparisonOperator.CONTAINS)
                    .attributeValueList(List.of(AttributeValue.builder().s("index").build()))
                    .build()
            ))
            .conditionalOperator(ConditionalOperator.OR)
            .attributesToGet(List.of("Subject", "LastPostDateTime", "Replies"))
            .select(Select.SPECIFIC_ATTRIBUTES)
            .consistentRead(true)
            .build());
        System.out.println(response);
    }
}
