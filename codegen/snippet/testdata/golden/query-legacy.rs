use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ComparisonOperator, Condition, ConditionalOperator, Select};
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
        .table_name("Thread")
        .key_conditions("ForumName", Condition::builder()
            .comparison_operator(ComparisonOperator::Eq)
            .attribute_value_list(AttributeValue::S("Amazon DynamoDB".to_string()))
            .build()?)
        .key_conditions("LastPostDateTime", Condition::builder()
            .comparison_operator(ComparisonOperator::Between)
            .attribute_value_list(AttributeValue::S("2024-01-01".to_string()))
            .attribute_value_list(AttributeValue::S("2024-12-31".to_string()))
            .build()?)
        .query_filter("Replies", Condition::builder()
            .comparison_operator(ComparisonOperator::Gt)
            .attribute_value_list(AttributeValue::N("0".to_string()))
            .build()?)
        .query_filter("Tags", Condition::builder()
            .comparison_operator(ComparisonOperator::Contains)
            .attribute_value_list(AttributeValue::S("index".to_string()))
            .build()?)
        .conditional_operator(ConditionalOperator::Or)
        .attributes_to_get("Subject")
        .attributes_to_get("LastPostDateTime")
        .attributes_to_get("Replies")
        .select(Select::SpecificAttributes)
        .consistent_read(true)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
