use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, KeysAndAttributes, ReturnConsumedCapacity};
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
        .batch_get_item()
        .request_items("Orders", KeysAndAttributes::builder()
            .keys(HashMap::from([
                ("PK".to_string(), AttributeValue::S("CUSTOMER#42".to_string())),
                ("SK".to_string(), AttributeValue::S("PROFILE".to_string())),
            ]))
            .keys(HashMap::from([
                ("PK".to_string(), AttributeValue::S("CUSTOMER#43".to_string())),
                ("SK".to_string(), AttributeValue::S("PROFILE".to_string())),
            ]))
            .projection_expression("PK, #name, email")
            .expression_attribute_names("#name", "name")
            .consistent_read(true)
            .build()?)
        .request_items("Products", KeysAndAttributes::builder()
            .keys(HashMap::from([
                ("ProductId".to_string(), AttributeValue::N("1001".to_string())),
            ]))
            .keys(HashMap::from([
                ("ProductId".to_string(), AttributeValue::N("1002".to_string())),
            ]))
            .attributes_to_get("ProductId")
            .attributes_to_get("Title")
            .attributes_to_get("Price")
            .build()?)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
