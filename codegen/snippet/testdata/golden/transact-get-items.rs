use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, Get, ReturnConsumedCapacity, TransactGetItem};
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
        .transact_get_items()
        .transact_items(TransactGetItem::builder()
            .get(Get::builder()
                .table_name("Accounts")
                .key("AccountId", AttributeValue::S("acct-1".to_string()))
                .projection_expression("balance, #o")
                .expression_attribute_names("#o", "owner")
                .build()?)
            .build()?)
        .transact_items(TransactGetItem::builder()
            .get(Get::builder()
                .table_name("Accounts")
                .key("AccountId", AttributeValue::S("acct-2".to_string()))
                .build()?)
            .build()?)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
