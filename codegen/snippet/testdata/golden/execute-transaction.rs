use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeValue, ParameterizedStatement, ReturnConsumedCapacity};
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
        .execute_transaction()
        .transact_statements(ParameterizedStatement::builder()
            .statement("DELETE FROM Orders WHERE PK = ? AND SK = ?")
            .parameters(AttributeValue::S("CUSTOMER#42".to_string()))
            .parameters(AttributeValue::S("ORDER#1".to_string()))
            .build()?)
        .transact_statements(ParameterizedStatement::builder()
            .statement("EXISTS(SELECT * FROM Orders WHERE PK = 'CUSTOMER#42' AND SK = 'PROFILE' AND Active = true)")
            .build()?)
        .client_request_token("tx-0001")
        .return_consumed_capacity(ReturnConsumedCapacity::Total)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
