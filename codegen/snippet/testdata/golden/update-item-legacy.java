import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeAction;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.ConditionalOperator;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        UpdateItemResponse response = client.updateItem(UpdateItemRequest.builder()
            .tableName("Thread")
            .key(Map.of(
                "ForumName", AttributeValue.builder().s("Amazon DynamoDB").build(),
                "Subject", AttributeValue.builder().s("How do I update multiple items?").build()
            ))
            .attributeUpdates(Map.of(
                "LastPostedBy", AttributeValueUpdate.builder()
                    .action(AttributeAction.PUT)
                    .value(AttributeValue.builder().s("alice@example.com").build())
                    .build(),
                "Replies", AttributeValueUpdate.builder()
                    .action(AttributeAction.ADD)
                    .value(AttributeValue.builder().n("1").build())
                    .build(),
                "Tags", AttributeValueUpdate.builder()
                    .action(AttributeAction.DELETE)
                    .value(AttributeValue.builder().ss(List.of("stale")).build())
                    .build(),
                "Draft", AttributeValueUpdate.builder().action(AttributeAction.DELETE).build()
            ))
            .expected(Map.of(
                "LastPostedBy", ExpectedAttributeValue.builder()
                    .value(AttributeValue.builder().s("bob@example.com").build())
                    .exists(true)
                    .build(),
                "Locked", ExpectedAttributeValue.builder().exists(false).build(),
                "Replies", ExpectedAttributeValue.builder()
                    .comparisonOperator(ComparisonOperator.LT)
                    .attributeValueList(List.of(AttributeValue.builder().n("1000").build()))
                    .build()
            ))
            .conditionalOperator(ConditionalOperator.AND)
            .returnValues(ReturnValue.UPDATED_NEW)
            .build());
        System.out.println(response);
    }
}
