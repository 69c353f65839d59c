use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ConditionCheck, Delete, Put, ReturnConsumedCapacity, ReturnItemCollectionMetrics, ReturnValuesOnConditionCheckFailure, TransactWriteItem, Update};
use aws_sdk_dynamodb::{Client, Error};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let config = aws_config::defaults(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .endpoint_url("http://localhost:8080")
        .load()
        .await;
    let client = Client::new(&config);
    let output = client
        .transact_write_items()
        .transact_items(TransactWriteItem::builder()
            .condition_check(ConditionCheck::builder()
                .table_name("Customers")
                .key("CustomerId", AttributeValue::S("CUSTOMER#42".to_string()))
                .condition_expression("attribute_exists(CustomerId) AND #s = :active")
                .expression_attribute_names("#s", "status")
                .expression_attribute_values(":active", AttributeValue::S("ACTIVE".to_string()))
                .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
                .build()?)
            .build())
        .transact_items(TransactWriteItem::builder()
            .put(Put::builder()
                .table_name("Orders")
                .item("PK", AttributeValue::S("ORDER#982".to_string()))
                .item("SK", AttributeValue::S("ORDER#982".to_string()))
                .item("customer", AttributeValue::S("CUSTOMER#42".to_string()))
                .item("total", AttributeValue::N("99.90".to_string()))
                .condition_expression("attribute_not_exists(PK)")
                .build()?)
            .build())
        .transact_items(TransactWriteItem::builder()
            .update(Update::builder()
                .table_name("Inventory")
                .key("Sku", AttributeValue::S("SKU-123".to_string()))
                .update_expression("SET stock = stock - :q")
                .condition_expression("stock >= :q")
                .expression_attribute_values(":q", AttributeValue::N("2".to_string()))
                .build()?)
            .build())
        .transact_items(TransactWriteItem::builder()
            .delete(Delete::builder()
                .table_name("Carts")
                .key("CustomerId", AttributeValue::S("CUSTOMER#42".to_string()))
                .build()?)
            .build())
        .client_request_token("order-982-checkout")
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .return_item_collection_metrics(ReturnItemCollectionMetrics::Size)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
