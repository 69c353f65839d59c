import java.net.URI;
import java.util.List;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteTransactionResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        ExecuteTransactionResponse response = client.executeTransaction(ExecuteTransactionRequest.builder()
            .transactStatements(List.of(
                ParameterizedStatement.builder()
                    .statement("DELETE FROM Orders WHERE PK = ? AND SK = ?")
                    .parameters(List.of(
                        AttributeValue.builder().s("CUSTOMER#42").build(),
                        AttributeValue.builder().s("ORDER#1").build()
                    ))
                    .build(),
                ParameterizedStatement.builder()
                    .statement("EXISTS(SELECT * FROM Orders WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND Active = true)")
                    .build()
            ))
            .clientRequestToken("tx-0001")
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .build());
        System.out.println(response);
    }
}
