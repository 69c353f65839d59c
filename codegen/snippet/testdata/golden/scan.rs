use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ReturnConsumedCapacity, Select};
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
        .scan()
        .table_name("Orders")
        .index_name("ByStatus")
        .filter_expression("attribute_exists(sparseFlag) AND size(items) > :n")
        .expression_attribute_values(":n", AttributeValue::N("3".to_string()))
        .select(Select::Count)
        .segment(1)
        .total_segments(4)
        .consistent_read(false)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
