import java.net.URI;
import java.util.List;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        BatchExecuteStatementResponse response = client.batchExecuteStatement(BatchExecuteStatementRequest.builder()
            .statements(List.of(
                BatchStatementRequest.builder()
                    .statement("UPDATE Orders SET Status = 'shipped' WHERE PK = ? AND SK = ?")
                    .parameters(List.of(
                        AttributeValue.builder().s("CUSTOMER#42").build(),
                        AttributeValue.builder().s("ORDER#1").build()
                    ))
                    .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                    .build(),
                BatchStatementRequest.builder()
                    .statement("INSERT INTO Orders VALUE {'PK': ?, 'SK': 'ORDER#2', 'Blob': ?}")
                    .parameters(List.of(
                        AttributeValue.builder().s("CUSTOMER#42").build(),
                        AttributeValue.builder().b(SdkBytes.fromUtf8String("hello")).build()
                    ))
                    .build()
            ))
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .build());
        System.out.println(response);
    }
}
