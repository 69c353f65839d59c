import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        BatchWriteItemResponse response = client.batchWriteItem(BatchWriteItemRequest.builder()
            .requestItems(Map.of(
                "Readings", List.of(
                    WriteRequest.builder()
                        .putRequest(PutRequest.builder()
                            .item(Map.of(
                                "SensorId", AttributeValue.builder().s("sensor-7#3").build(),
                                "At", AttributeValue.builder().n("1718000000").build(),
                                "Celsius", AttributeValue.builder().n("21.4").build(),
                                "Raw", AttributeValue.builder()
                                    .b(SdkBytes.fromUtf8String("\001\002\003\004"))
                                    .build()
                            ))
                            .build())
                        .build(),
                    WriteRequest.builder()
                        .putRequest(PutRequest.builder()
                            .item(Map.of(
                                "SensorId", AttributeValue.builder().s("sensor-7#1").build(),
                                "At", AttributeValue.builder().n("1718000060").build(),
                                "Celsius", AttributeValue.builder().n("21.6").build()
                            ))
                            .build())
                        .build(),
                    WriteRequest.builder()
                        .deleteRequest(DeleteRequest.builder()
                            .key(Map.of(
                                "SensorId", AttributeValue.builder().s("sensor-7#2").build(),
                                "At", AttributeValue.builder().n("1717000000").build()
                            ))
                            .build())
                        .build()
                ),
                "SensorIndex", List.of(
                    WriteRequest.builder()
                        .putRequest(PutRequest.builder()
                            .item(Map.of(
                                "SensorId", AttributeValue.builder().s("sensor-7").build(),
                                "Shards", AttributeValue.builder().n("4").build()
                            ))
                            .build())
                        .build()
                )
            ))
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
            .build());
        System.out.println(response);
    }
}
