use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeAction, AttributeValue, AttributeValueUpdate, ComparisonOperator, ConditionalOperator, ExpectedAttributeValue, ReturnValue};
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
        .update_item()
        .table_name("Thread")
        .key("ForumName", AttributeValue::S("Amazon DynamoDB".to_string()))
        .key("Subject", AttributeValue::S("How do I update multiple items?".to_string()))
        .attribute_updates("LastPostedBy", AttributeValueUpdate::builder()
            .action(AttributeAction::Put)
            .value(AttributeValue::S("alice@example.com".to_string()))
            .build())
        .attribute_updates("Replies", AttributeValueUpdate::builder()
            .action(AttributeAction::Add)
            .value(AttributeValue::N("1".to_string()))
            .build())
        .attribute_updates("Tags", AttributeValueUpdate::builder()
            .action(AttributeAction::Delete)
            .value(AttributeValue::Ss(vec!["stale".to_string()]))
            .build())
        .attribute_updates("Draft", AttributeValueUpdate::builder()
            .action(AttributeAction::Delete)
            .build())
        .expected("LastPostedBy", ExpectedAttributeValue::builder()
            .value(AttributeValue::S("bob@example.com".to_string()))
            .exists(true)
            .build())
        .expected("Locked", ExpectedAttributeValue::builder().exists(false).build())
        .expected("Replies", ExpectedAttributeValue::builder()
            .comparison_operator(ComparisonOperator::Lt)
            .attribute_value_list(AttributeValue::N("1000".to_string()))
            .build())
        .conditional_operator(ConditionalOperator::And)
        .return_values(ReturnValue::UpdatedNew)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
