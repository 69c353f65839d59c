import java.net.URI;
import java.util.List;

import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.ExecuteStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        ExecuteStatementResponse response = client.executeStatement(ExecuteStatementRequest.builder()
            .statement("SELECT PK, \"name\", Tags FROM \"Orders\" WHERE PK = ? AND begins_with(SK, 'ORDER#') AND Total > ?")
            .parameters(List.of(
                AttributeValue.builder().s("CUSTOMER#42").build(),
                AttributeValue.builder().n("10.5").build()
            ))
            .consistentRead(true)
            .limit(25)
            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
            .build());
        System.out.println(response);
    }
}
