use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnConsumedCapacity};
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
        .query()
        .table_name("Orders")
        .index_name("GSI1")
        .key_condition_expression("GSI1PK = :pk AND begins_with(GSI1SK, :prefix)")
        .filter_expression("#status <> :cancelled AND total >= :min")
        .projection_expression("PK, SK, #status, total, placedAt")
        .expression_attribute_names("#status", "status")
        .expression_attribute_values(":pk", AttributeValue::S("CUSTOMER#42".to_string()))
        .expression_attribute_values(":prefix", AttributeValue::S("ORDER#2024-".to_string()))
        .expression_attribute_values(":cancelled", AttributeValue::S("CANCELLED".to_string()))
        .expression_attribute_values(":min", AttributeValue::N("25.50".to_string()))
        .scan_index_forward(false)
        .limit(20)
        .exclusive_start_key("PK", AttributeValue::S("ORDER#981".to_string()))
        .exclusive_start_key("SK", AttributeValue::S("ORDER#981".to_string()))
        .exclusive_start_key("GSI1PK", AttributeValue::S("CUSTOMER#42".to_string()))
        .exclusive_start_key("GSI1SK", AttributeValue::S("ORDER#2024-03-02".to_string()))
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
