use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnConsumedCapacity, ReturnItemCollectionMetrics, ReturnValue, ReturnValuesOnConditionCheckFailure};
use aws_sdk_dynamodb::{Client, Error};
use std::collections::HashMap;

#[tokio::main]
async fn main() -> Result<(), Error> {
    let config = aws_config::defaults(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .endpoint_url("http://localhost:8080")
        .load()
        .await;
    let client = Client::new(&config);
    let output = client
        .update_item()
        .table_name("Orders")
        .key("PK", AttributeValue::S("ORDER#981".to_string()))
        .key("SK", AttributeValue::S("ORDER#981".to_string()))
        .update_expression("SET #status = :shipped, shippedAt = :now, history = list_append(if_not_exists(history, :empty), :event) ADD version :one REMOVE pendingReason")
        .condition_expression("#status = :paid AND version = :expected")
        .expression_attribute_names("#status", "status")
        .expression_attribute_values(":shipped", AttributeValue::S("SHIPPED".to_string()))
        .expression_attribute_values(":paid", AttributeValue::S("PAID".to_string()))
        .expression_attribute_values(":now", AttributeValue::N("1718000000".to_string()))
        .expression_attribute_values(":empty", AttributeValue::L(vec![]))
        .expression_attribute_values(":event", AttributeValue::L(
            vec![
                AttributeValue::M(
                    HashMap::from([
                        ("at".to_string(), AttributeValue::N("1718000000".to_string())),
                        ("what".to_string(), AttributeValue::S("shipped".to_string())),
                    ])
                ),
            ]
        ))
        .expression_attribute_values(":one", AttributeValue::N("1".to_string()))
        .expression_attribute_values(":expected", AttributeValue::N("6".to_string()))
        .return_values(ReturnValue::AllNew)
        .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::None)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .return_item_collection_metrics(ReturnItemCollectionMetrics::Size)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
