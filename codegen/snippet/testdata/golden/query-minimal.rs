use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::AttributeValue;
use aws_sdk_dynamodb::{Client, Error};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let config = aws_config::defaults(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .load()
        .await;
    let client = Client::new(&config);
    let output = client
        .query()
        .table_name("T")
        .key_condition_expression("PK = :pk")
        .expression_attribute_values(":pk", AttributeValue::S("USER#1".to_string()))
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
