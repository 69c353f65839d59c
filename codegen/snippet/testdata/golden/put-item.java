import java.net.URI;
import java.util.List;
import java.util.Map;

import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnItemCollectionMetrics;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;

public class Main {
    public static void main(String[] args) {
        DynamoDbClient client = DynamoDbClient.builder()
            .region(Region.of("us-east-1"))
            .endpointOverride(URI.create("http://localhost:8080"))
            .build();
        PutItemResponse response = client.putItem(PutItemRequest.builder()
            .tableName("Orders")
            .item(Map.ofEntries(
                Map.entry("PK", AttributeValue.builder().s("CUSTOMER#42").build()),
                Map.entry("SK", AttributeValue.builder().s("PROFILE").build()),
                Map.entry("name", AttributeValue.builder().s("Siobh\u00e1n O'Brien").build()),
                Map.entry("bio", AttributeValue.builder()
                    .s("Line one\nLine \"two\"\twith a tab, a backslash \\ and \ud83d\ude80 and $HOME")
                    .build()),
                Map.entry("age", AttributeValue.builder().n("37").build()),
                Map.entry("avatar", AttributeValue.builder()
                    .b(SdkBytes.fromByteArray(new byte[] {(byte) 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52}))
                    .build()),
                Map.entry("note", AttributeValue.builder()
                    .b(SdkBytes.fromUtf8String("hello world"))
                    .build()),
                Map.entry("emails", AttributeValue.builder()
                    .ss(List.of("siobhan@example.com", "s.obrien@example.org"))
                    .build()),
                Map.entry("luckyNumbers", AttributeValue.builder()
                    .ns(List.of("7", "13", "42.5"))
                    .build()),
                Map.entry("keys", AttributeValue.builder()
                    .bs(List.of(
                        SdkBytes.fromUtf8String("\000\001\002"),
                        SdkBytes.fromByteArray(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff})
                    ))
                    .build()),
                Map.entry("addresses", AttributeValue.builder()
                    .l(List.of(
                        AttributeValue.builder()
                            .m(Map.of(
                                "city", AttributeValue.builder().s("Dublin").build(),
                                "zip", AttributeValue.builder().s("D02 X285").build(),
                                "primary", AttributeValue.builder().bool(true).build()
                            ))
                            .build(),
                        AttributeValue.builder()
                            .m(Map.of(
                                "city", AttributeValue.builder().s("Cork").build(),
                                "zip", AttributeValue.builder().nul(true).build(),
                                "primary", AttributeValue.builder().bool(false).build()
                            ))
                            .build()
                    ))
                    .build()),
                Map.entry("preferences", AttributeValue.builder()
                    .m(Map.of(
                        "theme", AttributeValue.builder().s("dark").build(),
                        "notifications", AttributeValue.builder()
                            .l(List.of(
                                AttributeValue.builder().s("email").build(),
                                AttributeValue.builder().n("3").build(),
                                AttributeValue.builder().bool(true).build()
                            ))
                            .build()
                    ))
                    .build()),
                Map.entry("deletedAt", AttributeValue.builder().nul(true).build()),
                Map.entry("vip", AttributeValue.builder().bool(true).build())
            ))
            .conditionExpression("attribute_not_exists(PK)")
            .returnValues(ReturnValue.ALL_OLD)
            .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
            .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
            .returnItemCollectionMetrics(ReturnItemCollectionMetrics.SIZE)
            .build());
        System.out.println(response);
    }
}
