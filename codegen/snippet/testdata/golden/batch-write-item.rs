use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, DeleteRequest, PutRequest, ReturnConsumedCapacity, ReturnItemCollectionMetrics, WriteRequest};
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
        .batch_write_item()
        .request_items("Readings", vec![
            WriteRequest::builder()
                .put_request(PutRequest::builder()
                    .item("SensorId", AttributeValue::S("sensor-7#3".to_string()))
                    .item("At", AttributeValue::N("1718000000".to_string()))
                    .item("Celsius", AttributeValue::N("21.4".to_string()))
                    .item("Raw", AttributeValue::B(Blob::new("\u{1}\u{2}\u{3}\u{4}")))
                    .build()?)
                .build(),
            WriteRequest::builder()
                .put_request(PutRequest::builder()
                    .item("SensorId", AttributeValue::S("sensor-7#1".to_string()))
                    .item("At", AttributeValue::N("1718000060".to_string()))
                    .item("Celsius", AttributeValue::N("21.6".to_string()))
                    .build()?)
                .build(),
            WriteRequest::builder()
                .delete_request(DeleteRequest::builder()
                    .key("SensorId", AttributeValue::S("sensor-7#2".to_string()))
                    .key("At", AttributeValue::N("1717000000".to_string()))
                    .build()?)
                .build(),
        ])
        .request_items("SensorIndex", vec![
            WriteRequest::builder()
                .put_request(PutRequest::builder()
                    .item("SensorId", AttributeValue::S("sensor-7".to_string()))
                    .item("Shards", AttributeValue::N("4".to_string()))
                    .build()?)
                .build(),
        ])
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .return_item_collection_metrics(ReturnItemCollectionMetrics::Size)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
