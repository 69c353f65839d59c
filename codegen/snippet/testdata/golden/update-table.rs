use aws_config::BehaviorVersion;
use aws_sdk_dynamodb::config::Region;
use aws_sdk_dynamodb::types::{AttributeDefinition, BillingMode, CreateGlobalSecondaryIndexAction, DeleteGlobalSecondaryIndexAction, GlobalSecondaryIndexUpdate, KeySchemaElement, KeyType, OnDemandThroughput, Projection, ProjectionType, ScalarAttributeType, StreamSpecification};
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
        .update_table()
        .table_name("Orders")
        .attribute_definitions(AttributeDefinition::builder()
            .attribute_name("status")
            .attribute_type(ScalarAttributeType::S)
            .build()?)
        .attribute_definitions(AttributeDefinition::builder()
            .attribute_name("placedAt")
            .attribute_type(ScalarAttributeType::N)
            .build()?)
        .billing_mode(BillingMode::PayPerRequest)
        .global_secondary_index_updates(GlobalSecondaryIndexUpdate::builder()
            .create(CreateGlobalSecondaryIndexAction::builder()
                .index_name("ByStatus")
                .key_schema(KeySchemaElement::builder()
                    .attribute_name("status")
                    .key_type(KeyType::Hash)
                    .build()?)
                .key_schema(KeySchemaElement::builder()
                    .attribute_name("placedAt")
                    .key_type(KeyType::Range)
                    .build()?)
                .projection(Projection::builder().projection_type(ProjectionType::All).build())
                .on_demand_throughput(OnDemandThroughput::builder()
                    .max_read_request_units(1000)
                    .max_write_request_units(500)
                    .build())
                .build()?)
            .build())
        .global_secondary_index_updates(GlobalSecondaryIndexUpdate::builder()
            .delete(DeleteGlobalSecondaryIndexAction::builder().index_name("GSI1").build()?)
            .build())
        .stream_specification(StreamSpecification::builder().stream_enabled(false).build()?)
        .deletion_protection_enabled(false)
        .send()
        .await?;
    println!("{output:#?}");
    Ok(())
}
