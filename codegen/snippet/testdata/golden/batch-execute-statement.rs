use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::primitives::Blob;
use aws_sdk_dynamodb::types::{AttributeValue, BatchStatementRequest, ReturnConsumedCapacity, ReturnValuesOnConditionCheckFailure};
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
        .batch_execute_statement()
        .statements(BatchStatementRequest::builder()
            .statement("UPDATE Orders SET Status = 'shipped' WHERE PK = ? AND SK = ?")
            .parameters(AttributeValue::S("CUSTOMER#42".to_string()))
            .parameters(AttributeValue::S("ORDER#1".to_string()))
            .return_values_on_condition_check_failure(ReturnValuesOnConditionCheckFailure::AllOld)
            .build()?)
        .statements(BatchStatementRequest::builder()
            .statement("INSERT INTO Orders VALUE {'PK': ?, 'SK': 'ORDER#2', 'Blob': ?}")
            .parameters(AttributeValue::S("CUSTOMER#42".to_string()))
            .parameters(AttributeValue::B(Blob::new("hello")))
            .build()?)
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
