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
        .execute_statement()
        .statement("SELECT PK, \"name\", Tags FROM \"Orders\" WHERE PK = ? AND begins_with(SK, 'ORDER#') AND Total > ?")
        .parameters(AttributeValue::S("CUSTOMER#42".to_string()))
        .parameters(AttributeValue::N("10.5".to_string()))
        .consistent_read(true)
        .limit(25)
        .return_consumed_capacity(ReturnConsumedCapacity::Indexes)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
