import java.net.URI;
import java.util.List;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.DeleteGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        UpdateTableResponse response = client.updateTable(UpdateTableRequest.builder()
            .tableName("Orders")
            .attributeDefinitions(List.of(
                AttributeDefinition.builder()
                    .attributeName("status")
                    .attributeType(ScalarAttributeType.S)
                    .build(),
                AttributeDefinition.builder()
                    .attributeName("placedAt")
                    .attributeType(ScalarAttributeType.N)
                    .build()
            ))
            .billingMode(BillingMode.PAY_PER_REQUEST)
            .globalSecondaryIndexUpdates(List.of(
                GlobalSecondaryIndexUpdate.builder()
                    .create(CreateGlobalSecondaryIndexAction.builder()
                        .indexName("ByStatus")
                        .keySchema(List.of(
                            KeySchemaElement.builder()
                                .attributeName("status")
                                .keyType(KeyType.HASH)
                                .build(),
                            KeySchemaElement.builder()
                                .attributeName("placedAt")
                                .keyType(KeyType.RANGE)
                                .build()
                        ))
                        .projection(Projection.builder()
                            .projectionType(ProjectionType.ALL)
                            .build())
                        .onDemandThroughput(OnDemandThroughput.builder()
                            .maxReadRequestUnits(1000L)
                            .maxWriteRequestUnits(500L)
                            .build())
                        .build())
                    .build(),
                GlobalSecondaryIndexUpdate.builder()
                    .delete(DeleteGlobalSecondaryIndexAction.builder().indexName("GSI1").build())
                    .build()
            ))
            .streamSpecification(StreamSpecification.builder().streamEnabled(false).build())
            .deletionProtectionEnabled(false)
            .build());
        System.out.println(response);
    }
}
