use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnValue};
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
        .delete_item()
        .table_name("Sessions")
        .key("SessionId", AttributeValue::S("b7c1e0f2-9a4d-4f5e-8c21-3d6a7e9f0b12".to_string()))
        .condition_expression("attribute_exists(SessionId) AND expiresAt < :now")
        .expression_attribute_values(":now", AttributeValue::N("1718000000".to_string()))
        .return_values(ReturnValue::AllOld)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
