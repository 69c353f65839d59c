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
        .get_item()
        .table_name("Orders")
        .key("PK", AttributeValue::S("CUSTOMER#42".to_string()))
        .key("SK", AttributeValue::S("PROFILE".to_string()))
        .projection_expression("#name, email, addresses[0], #prefs.theme")
        .expression_attribute_names("#name", "name")
        .expression_attribute_names("#prefs", "preferences")
        .consistent_read(true)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
