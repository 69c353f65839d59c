use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::AttributeValue;
use aws_sdk_dynamodb::{Client, Error};

#[tokio::main]
async fn main() -> Result<(), Error> {
    let config = aws_config::defaults(BehaviorVersion::latest())
        .region(Region::new("eu-west-1"))
        .load()
        .await;
    let client = Client::new(&config);
    let output = client
        .get_item()
        .table_name("Orders")
        .key("PK", AttributeValue::S("CUSTOMER#42".to_string()))
        .key("SK", AttributeValue::S("PROFILE".to_string()))
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
